"""Outgoing POSTs of delivery attempts (webhooks and chat), over aiohttp.

aiohttp keeps one pool per (address, port, TLS settings, TLS host name), so an endpoint's
connections stay alive between attempts and a pool lookup costs the same however many endpoints
there are. When private networks are not allowed, the request goes to the address `netguard.check`
just approved (DNS rebinding), while TLS verifies, and the Host header names, the URL's real host;
since the host name is part of the pool key, a connection verified for one host is never reused
for another on the same address."""

from __future__ import annotations

import asyncio
import ssl
from pathlib import Path

import aiohttp
from kit import netguard
from yarl import URL

from delivery.settings import Settings

USER_AGENT = "SlidesService-Webhooks/1.0"
MAX_ANSWER_BYTES = 64 * 1024
# Shorter than common servers' idle timeouts (Node's is 5 s), so a kept connection is rarely
# closed by the receiver just as a POST reuses it; also bounds the idle sockets kept open.
KEEPALIVE_SECONDS = 4.0


def ssl_context(ca_bundle: Path | None) -> ssl.SSLContext:
    """System CAs, plus the configured extra CA (local test CA) when there is one."""
    ctx = ssl.create_default_context()
    if ca_bundle is not None:
        ctx.load_verify_locations(cafile=str(ca_bundle))
    return ctx


class Poster:
    """One aiohttp session per TLS trust configuration, rebuilt when the CA bundle file changes
    (requests under way finish on the old one)."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self._key: tuple[str, float] | None = None
        self._session: aiohttp.ClientSession | None = None
        self._retired: set[aiohttp.ClientSession] = set()
        self._retired_closing: set[asyncio.Future] = set()

    def _trust_key(self) -> tuple[str, float]:
        path = self.settings.ca_bundle_path()
        if path is None:
            return ("", 0.0)
        try:
            return (str(path), path.stat().st_mtime)
        except OSError:
            return ("", 0.0)

    def session(self) -> aiohttp.ClientSession:
        key = self._trust_key()
        if self._session is None or key != self._key:
            old = self._session
            self._session = self._build(Path(key[0]) if key[0] else None)
            self._key = key
            if old is not None:
                self._retired.add(old)
                grace = self.settings.webhook_timeout_seconds + 5
                asyncio.get_running_loop().call_later(grace, self._close_retired, old)
        return self._session

    def _close_retired(self, session: aiohttp.ClientSession) -> None:
        if session in self._retired:
            self._retired.discard(session)
            task = asyncio.ensure_future(session.close())
            self._retired_closing.add(task)
            task.add_done_callback(self._retired_closing.discard)

    def _build(self, ca_bundle: Path | None) -> aiohttp.ClientSession:
        connector = aiohttp.TCPConnector(
            ssl=ssl_context(ca_bundle),
            limit=max(1, self.settings.webhook_concurrency),
            limit_per_host=0,
            keepalive_timeout=KEEPALIVE_SECONDS,
        )
        return aiohttp.ClientSession(
            connector=connector,
            timeout=aiohttp.ClientTimeout(total=self.settings.webhook_timeout_seconds),
            headers={"User-Agent": USER_AGENT},
            skip_auto_headers=("Accept-Encoding",),
            auto_decompress=False,
            cookie_jar=aiohttp.DummyCookieJar(),  # one receiver's cookies never reach another
        )

    async def post(self, destination: str, headers: dict[str, str], body: bytes) -> int:
        """POSTs `body` to `destination` after the URL rule; returns the answer's status code.
        The whole attempt, name resolution included, has the webhook timeout.
        Raises netguard.UrlRefused, TimeoutError, aiohttp.ClientError or OSError."""
        allow_private = self.settings.webhook_allow_private_networks
        async with asyncio.timeout(self.settings.webhook_timeout_seconds):
            target = await netguard.check(destination, allow_private)
            return await self.send(target, headers, body, pin=not allow_private)

    async def send(self, target: netguard.Target, headers: dict[str, str], body: bytes, pin: bool) -> int:
        url, server_hostname = target.url, None
        if pin:
            url = netguard.pinned_url(target)
            host = f"[{target.host}]" if ":" in target.host else _ascii_host(target.host)
            headers = {**headers, "Host": host if target.port == 443 else f"{host}:{target.port}"}
            server_hostname = target.host
        async with self.session().post(
            URL(url),
            data=body,
            headers=headers,
            allow_redirects=False,
            server_hostname=server_hostname,
        ) as resp:
            # Read a bounded answer: a complete one lets the connection go back to the pool.
            read = 0
            async for chunk in resp.content.iter_any():
                read += len(chunk)
                if read > MAX_ANSWER_BYTES:
                    resp.close()
                    break
            return resp.status

    async def close(self) -> None:
        sessions = [*self._retired, *([self._session] if self._session is not None else [])]
        self._retired.clear()
        for session in sessions:
            await session.close()


def _ascii_host(host: str) -> str:
    """The host name as it goes in a Host header (IDNA for international names)."""
    try:
        return host.encode("idna").decode("ascii")
    except UnicodeError:
        return host
