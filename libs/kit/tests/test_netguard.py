"""The platform's one SSRF guard (kit.netguard), against real HTTP servers on loopback: every
special range is refused (and nothing reaches the server), a pinned fetch connects to the checked
address without resolving the name again, and redirects and oversized answers are not followed."""

from __future__ import annotations

import ipaddress
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from kit import netguard
from kit.errors import ServiceError

# One address inside each range the guard refuses (IPv4, IPv6, IPv4 inside IPv6).
REFUSED = [
    "0.0.0.0",  # unspecified / "this network"
    "0.1.2.3",
    "10.0.0.1",  # private
    "100.64.0.0",  # carrier-grade NAT, first and last address
    "100.100.100.200",  # (Alibaba's metadata address)
    "100.127.255.255",
    "127.0.0.1",  # loopback
    "127.255.255.254",
    "169.254.169.254",  # link-local: cloud metadata
    "172.16.0.1",
    "172.31.255.255",
    "192.0.0.8",  # IETF protocol assignments (Python 3.11.7 calls it global)
    "192.0.0.10",
    "192.88.99.1",  # 6to4 relay anycast
    "192.0.2.1",  # documentation
    "192.168.0.1",
    "198.18.0.1",  # benchmarking
    "198.51.100.1",
    "203.0.113.1",
    "224.0.0.1",  # multicast
    "240.0.0.1",  # reserved
    "255.255.255.255",  # broadcast
    "::",
    "::1",
    "fe80::1",  # link-local
    "fc00::1",  # unique local
    "fd00::1",
    "fd00:ec2::254",  # AWS IPv6 metadata
    "ff02::1",  # multicast
    "2001:db8::1",  # documentation
    "3fff::1",
    "fec0::1",  # site-local
    "100::1",  # discard
    "64:ff9b:1::a00:1",  # local-use NAT64
    "::ffff:127.0.0.1",  # IPv4-mapped
    "::ffff:169.254.169.254",
    "::ffff:100.64.0.1",
    "::127.0.0.1",  # IPv4-compatible (deprecated)
    "2002:7f00:1::",  # 6to4 wrapping 127.0.0.1
    "2002:a9fe:a9fe::",  # 6to4 wrapping 169.254.169.254
]
PUBLIC = [
    "8.8.8.8",
    "93.184.215.14",
    "100.63.255.255",
    "100.128.0.0",
    "2606:4700::1111",
    "2001:4860:4860::8888",
]


@pytest.mark.parametrize("address", REFUSED)
def test_special_ranges_are_forbidden(address):
    assert netguard.is_forbidden(ipaddress.ip_address(address))


@pytest.mark.parametrize("address", PUBLIC)
def test_public_addresses_are_allowed(address):
    assert not netguard.is_forbidden(ipaddress.ip_address(address))


@dataclass
class Server:
    port: int
    hits: list[tuple[str, str]] = field(default_factory=list)  # (path, Host header)


@pytest.fixture
def server() -> Iterator[Server]:
    """A real HTTP server on 127.0.0.1: /ok answers 200, /big 64 KiB, /redirect a 302 to /ok."""
    state = Server(port=0)

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - http.server's name
            state.hits.append((self.path, self.headers.get("Host", "")))
            if self.path == "/redirect":
                self.send_response(302)
                self.send_header("Location", f"http://127.0.0.1:{state.port}/ok")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            body = b"x" * 65536 if self.path == "/big" else b"inside"
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state.port = httpd.server_address[1]
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield state
    httpd.shutdown()
    httpd.server_close()


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "[::ffff:127.0.0.1]", "127.1", "2130706433"])
async def test_fetch_refuses_a_loopback_server_and_never_connects(server, host):
    with pytest.raises(ServiceError) as refused:
        await netguard.fetch(f"http://{host}:{server.port}/ok", False, max_bytes=1024, timeout=2)
    assert refused.value.code == "VALIDATION_ERROR"
    assert server.hits == []


@pytest.mark.parametrize("address", REFUSED)
async def test_check_refuses_every_special_range_as_a_url(address):
    host = f"[{address}]" if ":" in address else address
    with pytest.raises(netguard.UrlRefused):
        await netguard.check(f"https://{host}/hook", allow_private=False)


async def test_fetch_with_private_networks_allowed_reaches_the_server(server):
    data = await netguard.fetch(f"http://127.0.0.1:{server.port}/ok", True, max_bytes=1024, timeout=2)
    assert data == b"inside"
    assert server.hits == [("/ok", f"127.0.0.1:{server.port}")]


async def test_pinned_get_connects_to_the_checked_address_without_resolving_again(server):
    """The name (.invalid never resolves) is not looked up again: the connection goes to the
    checked address, and the server still sees the URL's own host name."""
    target = netguard.Target(
        url=f"http://rebind.invalid:{server.port}/ok",
        host="rebind.invalid",
        port=server.port,
        addresses=("127.0.0.1",),
    )
    assert await netguard.get(target, pin=True, max_bytes=1024, timeout=2) == b"inside"
    assert server.hits == [("/ok", f"rebind.invalid:{server.port}")]
    # Unpinned, the client would resolve the name itself, and there is nothing to find.
    with pytest.raises(netguard.FetchError):
        await netguard.get(target, pin=False, max_bytes=1024, timeout=2)
    assert len(server.hits) == 1


async def test_pinned_url_keeps_path_query_and_port():
    target = await netguard.check("https://93.184.215.14:8443/a/b?c=d", allow_private=False)
    assert netguard.pinned_url(target) == "https://93.184.215.14:8443/a/b?c=d"
    v6 = await netguard.check("https://[2606:4700::1111]/x", allow_private=False)
    assert netguard.pinned_url(v6) == "https://[2606:4700::1111]:443/x"


async def test_redirects_are_not_followed(server):
    with pytest.raises(netguard.FetchError) as failed:
        await netguard.fetch(f"http://127.0.0.1:{server.port}/redirect", True, max_bytes=1024, timeout=2)
    assert failed.value.status_code == 302
    assert [path for path, _ in server.hits] == ["/redirect"]


async def test_answers_are_read_only_up_to_the_bound(server):
    with pytest.raises(netguard.FetchError) as failed:
        await netguard.fetch(f"http://127.0.0.1:{server.port}/big", True, max_bytes=1000, timeout=2)
    assert "larger than 1000 bytes" in failed.value.reason


@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.com/x",
        "https://user:pw@example.com/x",
        "https:///x",
        "https://example.com:0/x",
        "https://exa mple.com/x",
        "https://example.com/" + "a" * 2100,
    ],
)
async def test_static_rules(url):
    with pytest.raises(netguard.UrlRefused):
        await netguard.check(url, allow_private=True)
