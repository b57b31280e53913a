"""The one rule for every outgoing fetch (webhook endpoints, chat integrations, TikTok media,
screenshots hosted elsewhere): the SSRF guard every service uses.

Only https:// (or the schemes a caller names) with a host and no credentials. Unless private networks are allowed (local
runs), every address the host resolves to must be public: loopback, private, link-local
(cloud metadata included), shared, reserved, unspecified and multicast ranges are refused,
for IPv4, IPv6 and IPv4 embedded in IPv6. The check runs at registration and again right
before each delivery, whose connection then goes to the checked address (DNS rebinding).
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import SplitResult, urlsplit, urlunsplit

from kit.errors import ServiceError, validation_error

MAX_URL_LENGTH = 2048
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

# IANA's special-purpose ranges that are not globally reachable, named here so the rule does not
# depend on the Python version's is_global/is_private tables (3.11.7 calls 192.0.0.8, 192.88.99.1,
# fec0::1 and 3fff::1 global). Checked in addition to those tables.
_EXTRA_BLOCKED = [
    ipaddress.ip_network(net)
    for net in (
        "0.0.0.0/8",  # "this network"
        "10.0.0.0/8",
        "100.64.0.0/10",  # carrier-grade NAT
        "127.0.0.0/8",
        "169.254.0.0/16",  # link-local, 169.254.169.254 metadata
        "172.16.0.0/12",
        "192.0.0.0/24",  # IETF protocol assignments
        "192.0.2.0/24",  # documentation
        "192.88.99.0/24",  # 6to4 relay anycast (deprecated)
        "192.168.0.0/16",
        "198.18.0.0/15",  # benchmarking
        "198.51.100.0/24",
        "203.0.113.0/24",
        "224.0.0.0/4",  # multicast
        "240.0.0.0/4",  # reserved, broadcast
        "::/128",
        "::1/128",
        "::ffff:0:0/96",  # IPv4-mapped (the embedded address is checked too)
        "64:ff9b:1::/48",  # local-use NAT64
        "100::/64",  # discard
        "2001::/23",  # IETF protocol assignments
        "2001:db8::/32",  # documentation
        "3fff::/20",  # documentation
        "5f00::/16",  # segment routing
        "fc00::/7",  # unique local
        "fd00:ec2::/32",  # AWS IPv6 metadata
        "fe80::/10",  # link-local
        "fec0::/10",  # site-local (deprecated)
        "ff00::/8",  # multicast
    )
]


class UrlRefused(ServiceError):
    def __init__(self, message: str, field: str = "url"):
        err = validation_error([(field, message)], message)
        super().__init__(err.code, err.message, err.details)


@dataclass(frozen=True)
class Target:
    url: str
    host: str
    port: int
    addresses: tuple[str, ...]


def parse(url: str, field: str = "url", schemes: tuple[str, ...] = ("https",)) -> SplitResult:
    """Static part of the rule; returns the split URL or raises VALIDATION_ERROR."""
    if not isinstance(url, str) or not url.strip():
        raise UrlRefused("A URL is required.", field)
    url = url.strip()
    if len(url) > MAX_URL_LENGTH:
        raise UrlRefused(f"The URL is longer than {MAX_URL_LENGTH} characters.", field)
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise UrlRefused("The URL is malformed.", field) from None
    if parts.scheme.lower() not in schemes:
        allowed = " or ".join(f"{scheme}://" for scheme in schemes)
        raise UrlRefused(f"Only {allowed} URLs are accepted.", field)
    if not parts.hostname:
        raise UrlRefused("The URL has no host.", field)
    if parts.username is not None or parts.password is not None:
        raise UrlRefused("Credentials in the URL are not accepted.", field)
    if port == 0:
        raise UrlRefused("The URL's port is invalid.", field)
    if any(c.isspace() for c in url):
        raise UrlRefused("The URL contains whitespace.", field)
    return parts


def is_forbidden(ip: IPAddress) -> bool:
    candidates: list[IPAddress] = [ip]
    if isinstance(ip, ipaddress.IPv6Address):
        for embedded in (ip.ipv4_mapped, ip.sixtofour, ip.teredo[1] if ip.teredo else None):
            if embedded is not None:
                candidates.append(embedded)
        if ip in ipaddress.ip_network("::/96") and int(ip) > 1:  # IPv4-compatible (deprecated)
            candidates.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
    for addr in candidates:
        if not addr.is_global or addr.is_multicast or addr.is_unspecified or addr.is_loopback:
            return True
        if addr.is_private or addr.is_link_local or addr.is_reserved:
            return True
        if any(addr in net for net in _EXTRA_BLOCKED if net.version == addr.version):
            return True
    return False


async def resolve(host: str, port: int, field: str = "url") -> list[str]:
    try:
        return [str(ipaddress.ip_address(host))]
    except ValueError:
        pass
    loop = asyncio.get_running_loop()
    try:
        infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        # The resolver's own words (errno texts, resolver names) stay out of the answer.
        raise UrlRefused(
            f"The host {host!r} could not be found; check the host name in the URL.", field
        ) from None
    seen: list[str] = []
    for info in infos:
        addr = str(info[4][0]).split("%", 1)[0]
        if addr not in seen:
            seen.append(addr)
    return seen


async def check(
    url: str, allow_private: bool, field: str = "url", schemes: tuple[str, ...] = ("https",)
) -> Target:
    """The whole rule: static checks, then resolution and the address ranges. Connect to the
    returned Target's addresses (pinned_url), never to a second resolution of the name."""
    parts = parse(url, field, schemes)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme.lower() == "https" else 80)
    addresses = await resolve(host, port, field)
    if not addresses:
        raise UrlRefused(f"The host {host!r} could not be found; check the host name in the URL.", field)
    if not allow_private:
        for addr in addresses:
            if is_forbidden(ipaddress.ip_address(addr)):
                raise UrlRefused(
                    "The URL's host resolves to a private, loopback, link-local or otherwise "
                    "non-public address.",
                    field,
                )
    return Target(url=url.strip(), host=host, port=port, addresses=tuple(addresses))


def pinned_url(target: Target) -> str:
    """The target URL with its host replaced by the checked address (SNI and Host stay)."""
    parts = urlsplit(target.url)
    addr = target.addresses[0]
    host = f"[{addr}]" if ":" in addr else addr
    netloc = f"{host}:{target.port}"
    return urlunsplit((parts.scheme, netloc, parts.path or "/", parts.query, ""))


class FetchError(Exception):
    """A fetch that did not give a body: `reason` is a sentence fit for an API answer."""

    def __init__(self, reason: str, status_code: int = 0):
        super().__init__(reason)
        self.reason = reason
        self.status_code = status_code


async def fetch(
    url: str,
    allow_private: bool,
    *,
    max_bytes: int,
    timeout: float,
    field: str = "url",
    schemes: tuple[str, ...] = ("http", "https"),
) -> bytes:
    """GET under the rule: the URL is checked, and unless private networks are allowed the
    connection goes to the address that was checked (Host and TLS name stay the URL's host),
    so a resolver that answers differently the second time (DNS rebinding) gains nothing.
    No redirects; at most max_bytes. Raises UrlRefused or FetchError."""
    target = await check(url, allow_private, field, schemes)
    return await get(target, pin=not allow_private, max_bytes=max_bytes, timeout=timeout)


async def get(target: Target, *, pin: bool, max_bytes: int, timeout: float) -> bytes:
    """GET a checked target. pin: connect to target.addresses[0] (the checked address) and never
    resolve the name again; Host and the TLS name (SNI, certificate check) stay the URL's host.
    No redirects; at most max_bytes. Raises FetchError."""
    import httpx

    request_url, headers, extensions = target.url, {}, {}
    if pin:
        request_url = pinned_url(target)
        try:
            host = target.host.encode("idna").decode("ascii")
        except UnicodeError:
            host = target.host
        host = f"[{host}]" if ":" in host else host
        default_port = 443 if request_url.startswith("https:") else 80
        headers["Host"] = host if target.port == default_port else f"{host}:{target.port}"
        if request_url.startswith("https:"):
            extensions["sni_hostname"] = target.host  # TLS verifies the real host name
    try:
        async with httpx.AsyncClient(timeout=timeout, follow_redirects=False) as client:
            request = client.build_request("GET", request_url, headers=headers, extensions=extensions)
            resp = await client.send(request, stream=True)
            try:
                if resp.status_code != 200:
                    raise FetchError(f"answered HTTP {resp.status_code}", resp.status_code)
                data = bytearray()
                async for chunk in resp.aiter_bytes():
                    data += chunk
                    if len(data) > max_bytes:
                        raise FetchError(f"is larger than {max_bytes} bytes")
            finally:
                await resp.aclose()
    except httpx.TimeoutException:
        raise FetchError(f"did not answer within {timeout:g} s") from None
    except (httpx.HTTPError, OSError):
        raise FetchError("could not be reached") from None
    return bytes(data)
