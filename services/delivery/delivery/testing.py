"""Test support (used by the contract tests and benchmarks, never by the service): a local
CA shared with the running delivery service, HTTPS receivers that record what they get, a
fake of TikTok's Content Posting API, and a way to put events on Kafka as other services do.

The CA lives in `.stack/<offset>/webhook-ca.pem` (+ `webhook-ca-key.pem`): the delivery
service of that stack trusts it (see settings.ca_bundle_path), so receivers with certificates
from it pass TLS verification there.
"""

from __future__ import annotations

import json
import os
import ssl
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import trustme

from delivery import domain


def local_ca(state_dir: Path) -> trustme.CA:
    """The stack's test CA, created once and reused (the service picks up the file)."""
    cert_path, key_path = state_dir / "webhook-ca.pem", state_dir / "webhook-ca-key.pem"
    if cert_path.exists() and key_path.exists():
        return trustme.CA.from_pem(cert_path.read_bytes(), key_path.read_bytes())
    state_dir.mkdir(parents=True, exist_ok=True)
    ca = trustme.CA()
    for path, data in ((key_path, ca.private_key_pem.bytes()), (cert_path, ca.cert_pem.bytes())):
        fd, tmp = tempfile.mkstemp(dir=state_dir)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    return ca


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    signature_valid: bool | None = None
    received_at: float = field(default_factory=time.time)

    def json(self) -> Any:
        return json.loads(self.body)


Responder = Callable[[Recorded], tuple[int, dict[str, Any] | None]]


class _TLSServer(ThreadingHTTPServer):
    """HTTPS with the TLS handshake in each connection's own thread (a slow client never holds up
    the accept loop) and a listen backlog for many connections opening at once."""

    daemon_threads = True
    request_queue_size = 512

    def __init__(self, address: tuple[str, int], handler: Any, ctx: ssl.SSLContext):
        self.tls = ctx
        super().__init__(address, handler)

    def get_request(self) -> tuple[Any, Any]:
        sock, addr = self.socket.accept()
        return self.tls.wrap_socket(sock, server_side=True, do_handshake_on_connect=False), addr

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(
            sys.exc_info()[1], ssl.SSLError | ConnectionError
        ):  # refused handshakes are expected
            super().handle_error(request, client_address)


@dataclass
class Receiver:
    """An HTTPS server on 127.0.0.1 recording every request. `script[path]` is a list of
    statuses answered in turn (then 200); `secrets[path]` makes it check X-Service-Signature
    in constant time and answer 401 on a mismatch; `responder` overrides everything."""

    ca: trustme.CA
    port: int = 0
    responder: Responder | None = None
    requests: list[Recorded] = field(default_factory=list)
    script: dict[str, list[int]] = field(default_factory=dict)
    secrets: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def _handle(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                rec = Recorded(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                status, payload = receiver._answer(rec)
                data = json.dumps(payload).encode() if payload is not None else b""
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                if 300 <= status < 400:
                    self.send_header("Location", "https://127.0.0.1:1/elsewhere")
                self.end_headers()
                self.wfile.write(data)

            do_POST = _handle  # noqa: N815 - http.server naming
            do_GET = _handle  # noqa: N815
            do_PUT = _handle  # noqa: N815

        ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.ca.issue_cert("127.0.0.1", "localhost").configure_cert(ctx)
        self.server = _TLSServer(("127.0.0.1", self.port), Handler, ctx)
        self.port = self.server.server_address[1]
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()

    def _answer(self, rec: Recorded) -> tuple[int, dict[str, Any] | None]:
        with self._lock:
            path = rec.path.split("?", 1)[0]
            secret = self.secrets.get(path)
            if secret is not None:
                rec.signature_valid = domain.verify_signature(
                    secret, rec.body, rec.headers.get("x-service-signature", "")
                )
            self.requests.append(rec)
            if self.responder is not None:
                return self.responder(rec)
            if rec.signature_valid is False:
                return 401, {"error": "bad signature"}
            queue = self.script.get(path)
            if queue:
                return queue.pop(0), {"ok": False}
            return 200, {"ok": True}

    def url(self, path: str = "/hook") -> str:
        return f"https://127.0.0.1:{self.port}{path}"

    def received(self, path: str | None = None) -> list[Recorded]:
        with self._lock:
            return [r for r in self.requests if path is None or r.path.split("?", 1)[0] == path]

    def wait_for(
        self, predicate: Callable[[list[Recorded]], bool], timeout: float = 20, path: str | None = None
    ) -> list[Recorded]:
        deadline = time.monotonic() + timeout
        while True:
            got = self.received(path)
            if predicate(got):
                return got
            if time.monotonic() > deadline:
                raise AssertionError(f"receiver condition not met within {timeout}s; got {len(got)} requests")
            time.sleep(0.05)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class FakeTikTok:
    """TikTok's Content Posting API photo flow, as documented: content/init then status/fetch."""

    def __init__(self, ca: trustme.CA, port: int, token: str):
        self.token = token
        self.publishes: dict[str, dict[str, Any]] = {}
        # Status fetches answered PROCESSING_DOWNLOAD before the final status (TikTok pulls the
        # photos asynchronously); 0 = final at once.
        self.processing_polls = 0
        self._polls: dict[str, int] = {}
        self.receiver = Receiver(ca, port=port, responder=self._respond)

    def _respond(self, rec: Recorded) -> tuple[int, dict[str, Any] | None]:
        if rec.headers.get("authorization") != f"Bearer {self.token}":
            return 401, {
                "data": {},
                "error": {
                    "code": "access_token_invalid",
                    "message": "The access token is invalid.",
                    "log_id": "x",
                },
            }
        body = rec.json()
        if rec.path == "/v2/post/publish/content/init/":
            publish_id = f"p_pub_url~v2.{len(self.publishes) + 1}"
            self.publishes[publish_id] = body
            return 200, {
                "data": {"publish_id": publish_id},
                "error": {"code": "ok", "message": "", "log_id": "x"},
            }
        if rec.path == "/v2/post/publish/status/fetch/":
            init = self.publishes.get(body.get("publish_id", ""))
            if init is None:
                return 400, {"data": {}, "error": {"code": "invalid_params", "message": "unknown publish_id"}}
            polls = self._polls[body["publish_id"]] = self._polls.get(body["publish_id"], 0) + 1
            if polls <= self.processing_polls:
                status = "PROCESSING_DOWNLOAD"
            else:
                status = "SEND_TO_USER_INBOX" if init["post_mode"] == "MEDIA_UPLOAD" else "PUBLISH_COMPLETE"
            return 200, {"data": {"status": status}, "error": {"code": "ok", "message": "", "log_id": "x"}}
        return 404, {"error": {"code": "not_found", "message": rec.path}}

    @property
    def requests(self) -> list[Recorded]:
        return self.receiver.received()

    def close(self) -> None:
        self.receiver.close()


async def publish_events(
    bootstrap: str, topic: str, events: list[tuple[str, Any, str]], event_ids: list[str] | None = None
) -> list[str]:
    """Put (key, protobuf message, organization id) events on a topic in the services' envelope
    format, as their outbox relays do; returns the event ids (given ones reproduce a redelivery)."""
    from aiokafka import AIOKafkaProducer
    from kit.outbox import envelope

    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, max_batch_size=16, acks="all", linger_ms=0)
    await producer.start()
    try:
        ids = []
        futures = []
        for i, (key, message, org) in enumerate(events):
            env = envelope(message, org, event_ids[i] if event_ids else "")
            ids.append(env.event_id)
            futures.append(await producer.send(topic, value=env.SerializeToString(), key=key.encode()))
        for f in futures:
            await f
        return ids
    finally:
        await producer.stop()


def slideshow_event(org: str, app_id: str = "", failed: bool = False, slideshow_id: str = "") -> Any:
    """A SlideshowCompleted (or SlideshowFailed) message as the renderer publishes it."""
    from kit import ids
    from slides.renderer.v1 import renderer_pb2

    roles = ["HOOK", "PROBLEM", "POINT", "PROOF", "SOLUTION", "CTA"]
    show = renderer_pb2.Slideshow(
        id=slideshow_id or ids.new_id("ss"),
        organization_id=org,
        app_id=app_id or ids.new_id("app"),
        app_name="Focus <Timer> & Co",
        hook_id=ids.new_id("hk"),
        hook_text_snapshot="Stop scrolling: 3 habits that fixed my mornings",
        status="FAILED" if failed else "READY",
        language="en",
        template_set="default",
        template_key="problem_solution",
        design="classic",
    )
    if failed:
        show.error.code = "RENDER_FAILED"
        show.error.message = "The image source did not answer."
    else:
        for i, role in enumerate(roles):
            show.slides.add(
                order=i,
                template=role,
                layout_type="full_bleed",
                title=f"Title {i}",
                subtitle="" if i % 2 else f"Subtitle {i}",
                label=role.lower(),
                image_url=f"https://cdn.example.com/public/ss/{i:02d}.png",
                duration=3.0,
            )
    cls = renderer_pb2.SlideshowFailed if failed else renderer_pb2.SlideshowCompleted
    return cls(slideshow=show)
