"""The renderer's fetch of screenshots hosted elsewhere goes through the platform's one SSRF
guard (kit.netguard): a rebinding resolver (public address for the check, loopback for the
connection) gains nothing, and carrier-grade NAT and the other special ranges are refused.
A real HTTP server on loopback stands for the internal service the attacker wants to reach. The
pictures fetched are checked once per content (below)."""

from __future__ import annotations

import asyncio
import io
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from PIL import Image
from renderer import domain, screenshots
from renderer.events import RenderFailure, fetch_external
from renderer.settings import Settings


def _png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (1, 2, 3)).save(buf, "PNG")
    return buf.getvalue()


@pytest.fixture
def internal_server():
    hits: list[str] = []
    good = _png()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - http.server's name
            hits.append(self.path)
            body = good[:40] if "bad" in self.path else good  # a truncated PNG under /bad...
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1], hits
    server.shutdown()
    server.server_close()


@pytest.fixture
def resolver(monkeypatch):
    """Installs a resolver on the running loop that answers from a list, one answer per call
    (the last answer repeats): what an attacker's DNS server with TTL 0 does."""

    def install(*answers: str):
        loop = asyncio.get_running_loop()
        calls: list[str] = []

        async def getaddrinfo(host, port, *args, **kwargs):
            addr = answers[min(len(calls), len(answers) - 1)]
            calls.append(addr)
            family = socket.AF_INET6 if ":" in addr else socket.AF_INET
            return [(family, socket.SOCK_STREAM, 6, "", (addr, port))]

        monkeypatch.setattr(loop, "getaddrinfo", getaddrinfo)
        return calls

    return install


async def test_rebinding_resolver_does_not_reach_the_internal_server(internal_server, resolver):
    port, hits = internal_server
    calls = resolver("93.184.216.34", "127.0.0.1")  # public for the check, loopback afterwards
    settings = Settings(screenshot_allow_private_hosts=False, screenshot_fetch_timeout_seconds=1.5)
    with pytest.raises(RenderFailure) as failed:
        await fetch_external(f"http://rebind.attacker.example:{port}/admin.png", settings)
    assert hits == []  # the connection went to the checked public address, never to loopback
    assert calls == ["93.184.216.34"]  # resolved once
    assert failed.value.code == "SCREENSHOT_UNAVAILABLE"


@pytest.mark.parametrize(
    "address", ["100.64.0.7", "169.254.169.254", "127.0.0.1", "::ffff:10.0.0.1", "fd00::1"]
)
async def test_special_ranges_are_refused(internal_server, resolver, address):
    port, hits = internal_server
    resolver(address)
    settings = Settings(screenshot_allow_private_hosts=False, screenshot_fetch_timeout_seconds=1.5)
    with pytest.raises(RenderFailure) as failed:
        await fetch_external(f"http://cgnat.attacker.example:{port}/x.png", settings)
    assert failed.value.code == "SCREENSHOT_UNAVAILABLE"
    assert hits == []


async def test_allowed_private_hosts_fetch_normally(internal_server):
    port, hits = internal_server
    settings = Settings(screenshot_allow_private_hosts=True)
    data = await fetch_external(f"http://127.0.0.1:{port}/ok.png", settings)
    assert data.startswith(b"\x89PNG") and hits == ["/ok.png"]


async def test_a_picture_is_checked_once_and_a_bad_one_every_time(internal_server, monkeypatch):
    """An app's pictures are checked (decoded whole) once per content, not with every deck (its
    screenshots come again with each of its decks: the check was a third of a screenshots deck's
    CPU); a picture that fails the check is never remembered as good."""
    port, _ = internal_server
    checks: list[int] = []
    check = domain.check_image

    def counted(data: bytes, max_pixels: int) -> domain.CheckedImage:
        checks.append(len(data))
        return check(data, max_pixels)

    monkeypatch.setattr(domain, "check_image", counted)
    shots = screenshots.Screenshots(None, Settings(screenshot_allow_private_hosts=True))  # type: ignore[arg-type]
    first = await shots.images([f"http://127.0.0.1:{port}/a.png"], "screenshots")
    again = await shots.images([f"http://127.0.0.1:{port}/a.png"], "screenshots")
    assert first == again and len(checks) == 1  # the second deck's copy was not decoded again
    for _ in range(2):
        with pytest.raises(RenderFailure) as failed:
            await shots.fetch(f"http://127.0.0.1:{port}/bad.png")
        assert failed.value.code == "SCREENSHOT_INVALID"
    assert len(checks) == 3
