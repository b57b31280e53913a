"""An app's pictures are checked (decoded whole) once per content, not with every deck: its screenshots
come again with each of its decks, and the check was a third of a screenshots deck's CPU. A picture
that fails the check is never remembered as good. A real HTTP server on loopback serves them."""

from __future__ import annotations

import io
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from PIL import Image
from renderer import domain, screenshots
from renderer.settings import Settings


def _png(color: tuple[int, int, int]) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (16, 16), color).save(buf, "PNG")
    return buf.getvalue()


@pytest.fixture
def server():
    files = {"/a.png": _png((1, 2, 3)), "/b.png": _png((9, 8, 7)), "/bad.png": _png((5, 5, 5))[:40]}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - http.server's name
            body = files[self.path]
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


async def test_a_picture_is_checked_once_and_a_bad_one_every_time(server, monkeypatch):
    checks: list[int] = []
    check = domain.check_image

    def counted(data: bytes, max_pixels: int) -> domain.CheckedImage:
        checks.append(len(data))
        return check(data, max_pixels)

    monkeypatch.setattr(domain, "check_image", counted)
    shots = screenshots.Screenshots(None, Settings(screenshot_allow_private_hosts=True))  # type: ignore[arg-type]
    urls = [f"{server}/a.png", f"{server}/b.png"]
    first = await shots.images(urls, "screenshots")
    again = await shots.images(urls, "screenshots")
    assert first == again and len(checks) == 2  # the second deck's copies were not decoded again
    for _ in range(2):
        with pytest.raises(domain.RenderFailure) as failed:
            await shots.fetch(f"{server}/bad.png")
        assert failed.value.code == "SCREENSHOT_INVALID"
    assert len(checks) == 4
