"""Delivery's test support (the contract tests, benchmarks and load scripts): a local
CA shared with the running delivery service, HTTPS receivers that record what they get, a
fake of TikTok's Login Kit and Content Posting API, and a way to put events on Kafka as other
services do.

The CA lives in `.stack/<offset>/webhook-ca.pem` (+ `webhook-ca-key.pem`): the delivery
service of that stack trusts it (scripts/stack.py sets WEBHOOK_CA_BUNDLE to it), so receivers
with certificates from it pass TLS verification there.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
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
from urllib.parse import parse_qsl, urlencode

import trustme


def verify_signature(secret: str, body: bytes, header: str) -> bool:
    """X-Service-Signature as the spec defines it: `sha256=<hex>`, HMAC-SHA256 of the raw body
    with the endpoint's secret (written here from the spec, not taken from delivery's code)."""
    expected = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, header)


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


# (status, JSON body or None) or (status, JSON body or None, extra headers).
Responder = Callable[[Recorded], tuple[Any, ...]]


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
                status, payload, *more = receiver._answer(rec)
                extra: dict[str, str] = more[0] if more else {}
                data = json.dumps(payload).encode() if payload is not None else b""
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                if 300 <= status < 400 and "Location" not in extra:
                    self.send_header("Location", "https://127.0.0.1:1/elsewhere")
                for name, value in extra.items():
                    self.send_header(name, value)
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

    def _answer(self, rec: Recorded) -> tuple[Any, ...]:
        with self._lock:
            path = rec.path.split("?", 1)[0]
            secret = self.secrets.get(path)
            if secret is not None:
                rec.signature_valid = verify_signature(
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


OK = {"code": "ok", "message": "", "log_id": "fake-log"}
PRIVACY_LEVELS = ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"]


@dataclass
class FakeUser:
    open_id: str
    display_name: str = "Fit Co"
    avatar_url: str = "https://p16-sign.tiktokcdn.com/avatar.jpeg"
    privacy_level_options: list[str] = field(default_factory=lambda: list(PRIVACY_LEVELS))


@dataclass
class _Token:
    user: FakeUser
    expires_at: float
    revoked: bool = False


class FakeTikTok:
    """A local stand-in of TikTok's APIs, following their documented v2 shapes:

    Login Kit: GET /v2/auth/authorize/ (the page a browser is sent to: it checks the query and
    answers 302 to redirect_uri with code, scopes and state, or with error=access_denied when
    `deny` is set), POST /v2/oauth/token/ (authorization_code with the PKCE verifier, or
    refresh_token), POST /v2/oauth/revoke/ and GET /v2/user/info/.
    Content Posting API: creator_info/query, content/init (photos) and status/fetch.

    `token` is an access token valid from the start (one given by hand). `down` answers 503
    with no body to everything; `access_ttl` is the life of the access tokens it issues.
    """

    def __init__(
        self,
        ca: trustme.CA,
        port: int,
        token: str,
        client_key: str = "",
        client_secret: str = "",
    ):
        self.token = token
        self.client_key = client_key or os.environ.get("TIKTOK_CLIENT_KEY", "")
        self.client_secret = client_secret or os.environ.get("TIKTOK_CLIENT_SECRET", "")
        self.publishes: dict[str, dict[str, Any]] = {}
        # Status fetches answered PROCESSING_DOWNLOAD before the final status (TikTok pulls the
        # photos asynchronously); 0 = final at once.
        self.processing_polls = 0
        # The final status of direct posts: PUBLISH_COMPLETE, or FAILED with this fail_reason.
        self.fail_reason = ""
        self.down = False
        self.deny = False
        self.access_ttl = 86400
        self.refresh_ttl = 31536000
        # The user the next authorization signs in as.
        self.next_user = FakeUser(open_id="open-" + secrets.token_hex(6))
        self._polls: dict[str, int] = {}
        self._lock = threading.Lock()
        self._access: dict[str, _Token] = {token: _Token(FakeUser("open-123"), time.time() + 10**9)}
        self._refresh: dict[str, _Token] = {}
        self._codes: dict[str, dict[str, Any]] = {}
        self.receiver = Receiver(ca, port=port, responder=self._respond)

    # --- test controls -------------------------------------------------------------------

    def revoke_refresh_tokens(self, open_id: str) -> None:
        """The user removed the app in TikTok: its refresh (and access) tokens stop working."""
        with self._lock:
            for table in (self._access, self._refresh):
                for t in table.values():
                    if t.user.open_id == open_id:
                        t.revoked = True

    def expire_access_tokens(self, open_id: str) -> None:
        with self._lock:
            for t in self._access.values():
                if t.user.open_id == open_id:
                    t.expires_at = 0

    def access_valid(self, token: str) -> bool:
        with self._lock:
            t = self._access.get(token)
            return t is not None and not t.revoked and t.expires_at > time.time()

    def issued(self, open_id: str) -> list[str]:
        """The access tokens issued to a user, oldest first."""
        with self._lock:
            return [k for k, t in self._access.items() if t.user.open_id == open_id]

    # --- HTTP ----------------------------------------------------------------------------

    def _respond(self, rec: Recorded) -> tuple[Any, ...]:
        if self.down:
            return 503, None
        path, _, query = rec.path.partition("?")
        with self._lock:
            if path == "/v2/auth/authorize/" and rec.method == "GET":
                return self._authorize(dict(parse_qsl(query)))
            if path == "/v2/oauth/token/" and rec.method == "POST":
                return self._token(dict(parse_qsl(rec.body.decode())))
            if path == "/v2/oauth/revoke/" and rec.method == "POST":
                return self._revoke(dict(parse_qsl(rec.body.decode())))
            user = self._bearer(rec)
            if user is None:
                return 401, {
                    "data": {},
                    "error": {
                        "code": "access_token_invalid",
                        "message": "The access token is invalid or not found in the request.",
                        "log_id": "fake-log",
                    },
                }
            if path == "/v2/user/info/" and rec.method == "GET":
                fields = dict(parse_qsl(query)).get("fields", "").split(",")
                info = {
                    "open_id": user.open_id,
                    "union_id": "u-" + user.open_id,
                    "avatar_url": user.avatar_url,
                    "display_name": user.display_name,
                }
                return 200, {"data": {"user": {k: v for k, v in info.items() if k in fields}}, "error": OK}
            if rec.method != "POST":
                return 404, {"error": {"code": "not_found", "message": rec.path}}
            body = rec.json() if rec.body else {}
            if path == "/v2/post/publish/creator_info/query/":
                return 200, {
                    "data": {
                        "creator_avatar_url": user.avatar_url,
                        "creator_username": user.open_id,
                        "creator_nickname": user.display_name,
                        "privacy_level_options": list(user.privacy_level_options),
                        "comment_disabled": False,
                        "duet_disabled": False,
                        "stitch_disabled": True,
                        "max_video_post_duration_sec": 300,
                    },
                    "error": OK,
                }
            if path == "/v2/post/publish/content/init/":
                level = body.get("post_info", {}).get("privacy_level")
                if body.get("post_mode") == "DIRECT_POST" and level not in user.privacy_level_options:
                    return 400, {
                        "data": {},
                        "error": {
                            "code": "privacy_level_option_mismatch",
                            "message": "privacy_level is not one of the creator's options",
                            "log_id": "fake-log",
                        },
                    }
                publish_id = f"p_pub_url~v2.{len(self.publishes) + 1}"
                self.publishes[publish_id] = body
                return 200, {"data": {"publish_id": publish_id}, "error": OK}
            if path == "/v2/post/publish/status/fetch/":
                return self._status(body)
        return 404, {"error": {"code": "not_found", "message": rec.path}}

    def _bearer(self, rec: Recorded) -> FakeUser | None:
        scheme, _, token = rec.headers.get("authorization", "").partition(" ")
        t = self._access.get(token) if scheme == "Bearer" else None
        if t is None or t.revoked or t.expires_at <= time.time():
            return None
        return t.user

    def _authorize(self, q: dict[str, str]) -> tuple[Any, ...]:
        problems = []
        if q.get("client_key") != self.client_key:
            problems.append("client_key")
        if q.get("response_type") != "code":
            problems.append("response_type")
        if not q.get("redirect_uri", "").startswith(("https://", "http://")):
            problems.append("redirect_uri")
        if q.get("code_challenge_method") != "S256" or not q.get("code_challenge"):
            problems.append("code_challenge")
        if not q.get("scope"):
            problems.append("scope")
        if problems:
            return 400, {"error": "invalid_request", "error_description": ", ".join(problems), "log_id": "x"}
        back = {"state": q.get("state", "")}
        if self.deny:
            back.update(error="access_denied", error_description="The user denied the request.")
        else:
            code = secrets.token_urlsafe(24)
            self._codes[code] = {**q, "user": self.next_user, "used": False}
            back.update(code=code, scopes=q["scope"])
        sep = "&" if "?" in q["redirect_uri"] else "?"
        return 302, None, {"Location": q["redirect_uri"] + sep + urlencode(back)}

    def _oauth_error(self, error: str, description: str) -> tuple[Any, ...]:
        # TikTok answers OAuth errors in the body: {"error", "error_description", "log_id"}.
        return 200, {"error": error, "error_description": description, "log_id": "fake-log"}

    def _client_ok(self, form: dict[str, str]) -> bool:
        return form.get("client_key") == self.client_key and form.get("client_secret") == self.client_secret

    def _issue(self, user: FakeUser, refresh: str = "") -> dict[str, Any]:
        access = "act." + secrets.token_urlsafe(24)
        now = time.time()
        self._access[access] = _Token(user, now + self.access_ttl)
        if not refresh:
            refresh = "rft." + secrets.token_urlsafe(24)
            self._refresh[refresh] = _Token(user, now + self.refresh_ttl)
        return {
            "open_id": user.open_id,
            "scope": "user.info.basic,video.publish,video.upload",
            "access_token": access,
            "expires_in": self.access_ttl,
            "refresh_token": refresh,
            "refresh_expires_in": max(0, int(self._refresh[refresh].expires_at - now)),
            "token_type": "Bearer",
        }

    def _token(self, form: dict[str, str]) -> tuple[Any, ...]:
        if not self._client_ok(form):
            return self._oauth_error("invalid_client", "Client key or secret is incorrect.")
        if form.get("grant_type") == "authorization_code":
            grant = self._codes.get(form.get("code", ""))
            if grant is None or grant["used"]:
                return self._oauth_error("invalid_grant", "Authorization code is expired.")
            grant["used"] = True
            if form.get("redirect_uri") != grant["redirect_uri"]:
                return self._oauth_error("invalid_grant", "Redirect URI does not match.")
            verifier = form.get("code_verifier", "")
            expected = (
                base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
            )
            if not verifier or expected != grant["code_challenge"]:
                return self._oauth_error("invalid_request", "Code verifier or code challenge is invalid.")
            return 200, self._issue(grant["user"])
        if form.get("grant_type") == "refresh_token":
            refresh = form.get("refresh_token", "")
            t = self._refresh.get(refresh)
            if t is None or t.revoked or t.expires_at <= time.time():
                return self._oauth_error("invalid_grant", "Refresh token is invalid or expired.")
            return 200, self._issue(t.user, refresh)
        return self._oauth_error("unsupported_grant_type", "grant_type")

    def _revoke(self, form: dict[str, str]) -> tuple[Any, ...]:
        if not self._client_ok(form):
            return self._oauth_error("invalid_client", "Client key or secret is incorrect.")
        t = self._access.get(form.get("token", ""))
        if t is None:
            return self._oauth_error("invalid_request", "Token is invalid.")
        for table in (self._access, self._refresh):
            for other in table.values():
                if other.user.open_id == t.user.open_id:
                    other.revoked = True
        return 200, None  # an empty body

    def _status(self, body: dict[str, Any]) -> tuple[Any, ...]:
        init = self.publishes.get(body.get("publish_id", ""))
        if init is None:
            return 400, {"data": {}, "error": {"code": "invalid_params", "message": "unknown publish_id"}}
        polls = self._polls[body["publish_id"]] = self._polls.get(body["publish_id"], 0) + 1
        data: dict[str, Any] = {}
        if polls <= self.processing_polls:
            data["status"] = "PROCESSING_DOWNLOAD"
        elif init["post_mode"] == "MEDIA_UPLOAD":
            data["status"] = "SEND_TO_USER_INBOX"
        elif self.fail_reason:
            data.update(status="FAILED", fail_reason=self.fail_reason)
        else:
            data.update(
                status="PUBLISH_COMPLETE", publicaly_available_post_id=[7_300_000_000_000_000_000 + polls]
            )
        return 200, {"data": data, "error": OK}

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
