"""Issue 17, written as the attacks, against the running stack (two gateway replicas sharing
one Redis, real billing, renderer, object store): polyglot uploads and content-type overrides,
cross-site cookie requests, limits split across replicas or dodged with X-Forwarded-For,
concurrent wrong passwords, a stranger's lockout attempt, sign-up floods, control and bidi
characters in every text field, and error texts that leak internals."""

from __future__ import annotations

import io
import json
import os
import re
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from PIL import Image

PASSWORD = "correct horse battery staple"  # noqa: S105 - test credential
HTML = b"<html><body><script>alert(document.cookie)</script></body></html>"


def png(size=(64, 96)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, (200, 40, 40)).save(buf, "PNG")
    return buf.getvalue()


def email() -> str:
    return f"sec-{uuid.uuid4().hex[:12]}@example.com"


def error_code(resp: httpx.Response) -> str:
    return resp.json()["error"]["code"]


# --- 1. uploads that cannot carry pages ----------------------------------------------------------


def test_polyglot_upload_is_reencoded_and_never_served_as_html(api, stack_env):
    jpeg = io.BytesIO()
    exif = Image.Exif()
    exif[0x010E] = "secret GPS-ish description"  # ImageDescription
    Image.new("RGB", (64, 96), (10, 200, 10)).save(jpeg, "JPEG", exif=exif.tobytes())
    for data, ext, ctype in (
        (png() + HTML, "png", "image/png"),
        (jpeg.getvalue() + HTML, "jpg", "image/jpeg"),
    ):
        r = api.post("/v0/api/v1/uploads/screenshots", files={"file": ("x.html", data, "text/html")})
        assert r.status_code == 201, r.text
        url = r.json()["body"]["url"]
        assert url.endswith(f".{ext}")
        # The override an anonymous S3 read would honour is ignored by the upload URL.
        got = httpx.get(url, params={"response-content-type": "text/html"}, timeout=10)
        assert got.status_code == 200, got.text
        assert got.headers["content-type"] == ctype
        assert got.headers["x-content-type-options"] == "nosniff"
        assert got.headers["content-disposition"].startswith("inline; filename=")
        assert b"<script" not in got.content and b"<html" not in got.content
        with Image.open(io.BytesIO(got.content)) as img:
            assert img.getexif().get(0x010E) is None  # metadata stripped
        # The object itself is not readable anonymously from the store (where overrides work).
        name = url.split("/v0/public/uploads/", 1)[1]
        direct = httpx.get(
            f"{stack_env['S3_PUBLIC_URL']}/uploads/{name}",
            params={"response-content-type": "text/html"},
            timeout=10,
        )
        assert direct.status_code != 200 or b"<script" not in direct.content
        assert "text/html" not in direct.headers.get("content-type", "")


# --- 2. cookie requests that cannot be forged ---------------------------------------------------


@pytest.fixture
def cookie_session(client_from):
    client = client_from()
    r = client.post(
        "/v0/auth/signup", json={"email": email(), "password": PASSWORD, "organization_name": "Cookie Org"}
    )
    assert r.status_code == 201, r.text
    assert client.cookies.get("session")
    client.token = r.json()["body"]["session_token"]  # type: ignore[attr-defined]
    return client


def test_cross_site_cookie_posts_are_forbidden(cookie_session, gateway_url):
    c = cookie_session
    evil = {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}
    # What a form or fetch on another site can send without a preflight: no JSON, no header.
    for path in (
        "/v0/api/v1/api-keys",
        "/v0/api/webhooks/wh_x/rotate-secret",
        "/v0/api/v1/hooks/refresh-now",
        "/v0/api/slideshows/ss_x/share",
        "/v0/auth/logout",
    ):
        r = c.post(path, headers=evil)
        assert r.status_code == 403 and error_code(r) == "FORBIDDEN", (path, r.text)
        r = c.post(path, content=b"name=x", headers={**evil, "Content-Type": "text/plain"})
        assert r.status_code == 403 and error_code(r) == "FORBIDDEN", (path, r.text)
    # A JSON body from another origin is refused too, as is one with no origin information.
    r = c.post("/v0/api/v1/api-keys", json={"name": "x"}, headers=evil)
    assert r.status_code == 403 and error_code(r) == "FORBIDDEN"
    r = c.post("/v0/api/v1/api-keys", json={"name": "x"})
    assert r.status_code == 403 and error_code(r) == "FORBIDDEN"
    # Same-site but another origin (the object store's port): refused.
    r = c.post("/v0/api/v1/apps", json={"name": "My App"}, headers={"Origin": "http://127.0.0.1:1"})
    assert r.status_code == 403
    # The session survived the forged logout.
    assert c.get("/v0/api/v1/usage").status_code == 200
    # This site's own pages: JSON + Origin, or the CSRF header + Sec-Fetch-Site.
    own = {"Origin": gateway_url}
    r = c.post("/v0/api/v1/apps", json={"name": "My App"}, headers=own)
    assert r.status_code == 201, r.text
    r = c.post("/v0/auth/logout", headers={"Sec-Fetch-Site": "same-origin", "X-CSRF-Token": "1"})
    assert r.status_code == 200, r.text


def test_bearer_requests_need_no_origin(api):
    r = api.post("/v0/api/v1/api-keys", json={"name": "no origin"})
    assert r.status_code == 201, r.text
    assert api.post("/v0/api/v1/hooks/refresh-now").status_code != 403


# --- 3. one limit for all replicas; 4. client addresses from trusted proxies only ---------------


def test_two_replicas_count_one_organization_limit(new_org, set_rate_limit, stack_env, gateway_url):
    second = stack_env.get("GATEWAY_2_URL")
    if not second:
        pytest.skip("needs STACK_GATEWAY_REPLICAS=2 (make test runs two)")
    org = new_org("pro")
    set_rate_limit(org["organization_id"], 10)
    headers = {"Authorization": f"Bearer {org['api_key']}"}
    statuses = []
    with httpx.Client(headers=headers, timeout=30) as c:
        for i in range(14):
            base = gateway_url if i % 2 == 0 else second
            statuses.append(c.get(f"{base}/v0/api/v1/usage").status_code)
    assert statuses.count(200) == 10, statuses
    assert statuses[10:] == [429] * 4


def test_two_replicas_count_one_per_address_limit(client_from, stack_env):
    second = stack_env.get("GATEWAY_2_URL")
    if not second:
        pytest.skip("needs STACK_GATEWAY_REPLICAS=2 (make test runs two)")
    one = client_from()
    two = client_from(address=one.address, base_url=second)
    params = {"url": "https://nowhere.example/share/x"}
    first = one.get("/v0/public/oembed", params=params)
    left = int(re.search(r"r=(\d+)", first.headers["RateLimit"]).group(1))
    after = two.get("/v0/public/oembed", params=params)
    assert int(re.search(r"r=(\d+)", after.headers["RateLimit"]).group(1)) == left - 1


def test_rotated_x_forwarded_for_does_not_open_new_buckets(client_from):
    """From 127.0.0.1, the peer uvicorn used to trust by default: a new X-Forwarded-For on every
    request must not give a new per-address bucket each time."""
    c = client_from(address="127.0.0.1")
    for _attempt in range(3):  # a fixed window may reset between two requests: try again then
        remaining = []
        for _ in range(4):
            r = c.get(
                "/v0/public/oembed",
                params={"url": "https://nowhere.example/share/x"},
                headers={"X-Forwarded-For": f"203.0.113.{uuid.uuid4().int % 250 + 1}"},
            )
            remaining.append(int(re.search(r"r=(\d+)", r.headers["RateLimit"]).group(1)))
        if all(b <= a for a, b in zip(remaining, remaining[1:], strict=False)):
            break
    assert remaining == [remaining[0] - i for i in range(4)], remaining


# --- 5. Secure cookies whenever the public address is https -------------------------------------


def test_session_cookie_is_secure_when_the_public_base_url_is_https(stack_env):
    """TLS ends at the ingress, so the gateway sees plain http: the cookie must still be Secure."""
    from fastapi.testclient import TestClient
    from gateway.app import create_app
    from gateway.settings import GatewaySettings

    app = create_app(GatewaySettings(public_base_url="https://slides.example"))
    with TestClient(app, base_url="http://gateway.internal") as client:
        r = client.post(
            "/v0/auth/signup", json={"email": email(), "password": PASSWORD, "organization_name": "TLS Org"}
        )
        assert r.status_code == 201, r.text
        cookie = r.headers["set-cookie"]
        assert "Secure" in cookie and "HttpOnly" in cookie and "samesite=lax" in cookie.lower()


# --- 6. throttles that count atomically and lock out only the guesser ------------------------------


def _wrong_login(address: str, gateway_url: str, account: str) -> int:
    with httpx.Client(
        base_url=gateway_url, transport=httpx.HTTPTransport(local_address=address), timeout=60
    ) as c:
        return c.post("/v0/auth/login", json={"email": account, "password": "wrong password!"}).status_code


def test_concurrent_wrong_passwords_never_exceed_the_limit(new_org, client_from, gateway_url):
    org = new_org("free")
    address = client_from().address
    with ThreadPoolExecutor(max_workers=16) as pool:
        codes = list(pool.map(lambda _: _wrong_login(address, gateway_url, org["email"]), range(24)))
    assert set(codes) <= {401, 429}, codes
    assert 1 <= codes.count(401) <= 10, codes  # login_max_failures_per_email: never more, however concurrent


def test_a_stranger_cannot_lock_the_owner_out(new_org, client_from):
    org = new_org("free")
    stranger = client_from()
    codes = [
        stranger.post("/v0/auth/login", json={"email": org["email"], "password": f"guess {i}"}).status_code
        for i in range(12)
    ]
    assert codes[:5] == [401] * 5 and 429 in codes, codes
    last = stranger.post("/v0/auth/login", json={"email": org["email"], "password": org["password"]})
    assert last.status_code == 429 and int(last.headers["Retry-After"]) >= 1  # the guesser is held back
    owner = client_from()
    r = owner.post("/v0/auth/login", json={"email": org["email"], "password": org["password"]})
    assert r.status_code == 200, r.text


def test_sign_up_is_limited_per_address(client_from):
    c = client_from()
    codes = []
    for _ in range(12):
        r = c.post(
            "/v0/auth/signup", json={"email": email(), "password": PASSWORD, "organization_name": "Flood"}
        )
        codes.append(r.status_code)
        if r.status_code == 429:
            assert error_code(r) == "RATE_LIMITED" and int(r.headers["Retry-After"]) >= 1
            break
    assert codes[:10] == [201] * 10 and codes[-1] == 429, codes
    assert (
        client_from()
        .post("/v0/auth/signup", json={"email": email(), "password": PASSWORD, "organization_name": "Other"})
        .status_code
        == 201
    )


# --- 7. input hygiene in every text field ---------------------------------------------------------

BAD_VALUES = {"nul": "a\x00b", "rlo": "abc\u202egnp.exe", "soh": "x\x01y", "isolate": "a\u2066b"}


def _resolve(doc: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _variants(doc: dict[str, Any], schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The schema and, for `X | None`, its non-null alternatives (resolved)."""
    schema = _resolve(doc, schema)
    alternatives = [_resolve(doc, s) for s in schema.get("anyOf", []) if s.get("type") != "null"]
    return [schema, *alternatives]


def _is_text(doc: dict[str, Any], schema: dict[str, Any]) -> bool:
    return any(s.get("type") == "string" for s in _variants(doc, schema))


def _shape(doc: dict[str, Any], schema: dict[str, Any]) -> str | None:
    """ "text", "list" (of text), "map" (an object of free keys) or None."""
    for s in _variants(doc, schema):
        if s.get("type") == "string":
            return "text"
        if s.get("type") == "array" and _is_text(doc, s.get("items", {})):
            return "list"
        if s.get("type") == "object" and not s.get("properties"):
            return "map"
    return None


def _placed(shape: str, name: str, value: str) -> tuple[Any, str]:
    """The bad value placed in a field of that shape, and the field the answer must name."""
    if shape == "list":
        return ["https://example.com/ok.png", value], f"{name}[1]"
    if shape == "map":
        return {"problem": value}, f"{name}.problem"
    return value, name


def body_fields(doc: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """(method, path, field, shape) of every text, text-list and free-object field of a JSON body."""
    out = []
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if path.startswith(("/v0/mcp", "/v0/public/billing")):
                continue
            content = (op.get("requestBody") or {}).get("content", {})
            schema = content.get("application/json", {}).get("schema")
            if not schema:
                continue
            for variant in _variants(doc, schema):
                for name, prop in variant.get("properties", {}).items():
                    shape = _shape(doc, prop)
                    if shape:
                        out.append((method.upper(), path, name, shape))
    return out


def parameters(doc: dict[str, Any], where: str) -> list[tuple[str, str, str]]:
    """(method, path, name) of every path or query parameter."""
    out = []
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if path.startswith(("/v0/mcp", "/v0/public/billing")):
                continue
            out.extend(
                (method.upper(), path, p["name"]) for p in op.get("parameters", []) if p["in"] == where
            )
    return out


def _fields(r: httpx.Response) -> set[str]:
    return {f["field"] for f in r.json()["error"]["details"]["fields"]}


def test_control_and_bidi_characters_are_refused_in_every_rest_text_field(api, gateway_url):
    doc = httpx.get(f"{gateway_url}/openapi.json", timeout=30).json()
    fields = body_fields(doc)
    names = {f for _, _, f, _ in fields}
    # The fields of the findings are among those checked, arrays and nested objects included.
    assert {"name", "description", "url", "display_name", "open_id", "organization_name", "email"} <= names
    assert {"screenshots", "photos", "pain_points", "value_props", "differentiators", "events"} <= names
    assert {"template_key", "variable_overrides"} <= names  # the generate body (an optional object)
    for method, path, field, shape in fields:
        url = re.sub(r"\{[^}]+\}", "x_1", path)
        for label, value in BAD_VALUES.items():
            placed, named = _placed(shape, field, value)
            r = api.request(method, url, json={field: placed})
            assert r.status_code == 400, (method, path, field, label, r.text)
            err = r.json()["error"]
            assert err["code"] == "VALIDATION_ERROR"
            assert named in {f["field"] for f in err["details"]["fields"]}, (path, err)
    # Query strings too; a multi-line text may carry newlines, a name may not.
    r = api.get("/v0/api/v1/hooks", params={"q": "a\x00b"})
    assert r.status_code == 400 and r.json()["error"]["details"]["fields"][0]["field"] == "q"
    r = api.post("/v0/api/v1/api-keys", json={"name": "two\nlines"})
    assert r.status_code == 400
    ok = api.post("/v0/api/v1/apps", json={"name": "Good App", "description": "line one\nline two\tok"})
    assert ok.status_code == 201, ok.text
    # URLs and event names in lists are single-line values too.
    for field, item in (("screenshots", "https://example.com/a\nb.png"), ("photos", "https://x.example/\t")):
        r = api.put(f"/v0/api/v1/apps/{ok.json()['body']['_id']}", json={field: [item]})
        assert r.status_code == 400 and _fields(r) == {f"{field}[0]"}, r.text
    r = api.post("/v0/api/webhooks", json={"url": "https://example.com/h", "events": ["quota.exceeded\n"]})
    assert r.status_code == 400 and _fields(r) == {"events[0]"}, r.text


def test_control_and_bidi_characters_are_refused_in_every_query_parameter(api, gateway_url):
    doc = httpx.get(f"{gateway_url}/openapi.json", timeout=30).json()
    params = parameters(doc, "query")
    assert {"q", "app_id", "status", "url", "niche", "page"} <= {n for _, _, n in params}
    for method, path, name in params:
        url = re.sub(r"\{[^}]+\}", "x_1", path)
        for label, value in BAD_VALUES.items():
            r = api.request(method, url, params={name: value})
            assert r.status_code == 400, (method, path, name, label, r.text)
            assert error_code(r) == "VALIDATION_ERROR" and name in _fields(r), (path, r.text)


def test_control_and_bidi_characters_in_every_path_parameter_get_the_routes_not_found(api, gateway_url):
    """`/v0/api/v1/api-keys/key_%00` and the like. A path parameter is an id, and one carrying a
    refused character cannot exist: the route's documented 404 (spec and API.md: unknown ids are
    404 with the route's code), answered at the edge before any service looks it up (the
    share pages: their plain 404 page); a parameter that is no id: 400 naming it. Never a 500,
    never the id echoed."""
    doc = httpx.get(f"{gateway_url}/openapi.json", timeout=30).json()
    params = parameters(doc, "path")
    names = {n for _, _, n in params}
    assert {"key_id", "account_id", "delivery_id", "id", "token", "organization_id", "name"} <= names
    for method, path, name in params:
        for label, value in {**BAD_VALUES, "tab": "a\tb", "newline": "key_\n"}.items():
            url = path.replace("{" + name + "}", quote(value, safe=""))
            url = re.sub(r"\{[^}]+\}", "x_1", url)
            r = api.request(method, url)
            where = (method, path, name, label, r.status_code, r.text[:300])
            assert r.status_code in (400, 404), where
            assert value not in r.text and json.dumps(value)[1:-1] not in r.text, where
            if r.headers["content-type"].startswith("text/html"):
                assert r.status_code == 404 and path.startswith(("/share/", "/embed/")), where
            elif r.status_code == 404:
                assert error_code(r).endswith("NOT_FOUND"), where
            else:
                assert error_code(r) == "VALIDATION_ERROR" and _fields(r) == {name}, where
    # The attacks of the audit, spelled out, on real resources of the caller.
    key = api.post("/v0/api/v1/api-keys", json={"name": "victim"}).json()["body"]
    hook = api.post("/v0/api/webhooks", json={"url": "https://127.0.0.1:9/hook"})
    assert hook.status_code == 201, hook.text
    app_id = api.post("/v0/api/v1/apps", json={"name": "Path App"}).json()["body"]["_id"]
    wh = hook.json()["body"]["_id"]
    for method, url, code in (
        ("DELETE", "/v0/api/v1/api-keys/key_%00", "KEY_NOT_FOUND"),
        ("DELETE", f"/v0/api/v1/api-keys/{key['_id']}%E2%80%AE", "KEY_NOT_FOUND"),
        ("DELETE", f"/v0/api/v1/api-keys/%E2%80%AE{key['_id']}", "KEY_NOT_FOUND"),
        ("GET", "/v0/api/webhooks/wh_%00/deliveries", "WEBHOOK_NOT_FOUND"),
        ("PATCH", f"/v0/api/webhooks/{wh}%00", "WEBHOOK_NOT_FOUND"),
        ("POST", f"/v0/api/webhooks/{wh}/deliveries/dl_%E2%81%A6x/retry", "NOT_FOUND"),
        ("DELETE", f"/v0/api/v1/apps/{app_id}/social-accounts/sa_%01", "SOCIAL_ACCOUNT_NOT_FOUND"),
        ("GET", f"/v0/api/v1/apps/{app_id}%E2%80%AE", "APP_NOT_FOUND"),
        ("PATCH", "/v0/api/v1/hooks/hk_%00", "HOOK_NOT_FOUND"),
        ("DELETE", "/v0/api/v1/integrations/chat/chat_%E2%80%AD", "INTEGRATION_NOT_FOUND"),
        ("POST", "/v0/public/share/tok%00en/zip", "SHARE_NOT_FOUND"),
        ("GET", f"/v0/public/uploads/{api.org['organization_id']}/%E2%80%AEgnp.png", "NOT_FOUND"),
    ):
        r = api.request(method, url, json={} if method in ("PATCH", "POST") else None)
        assert r.status_code == 404 and error_code(r) == code, (url, r.text[:300])
    for url in ("/share/%E2%80%AEtoken", "/embed/tok%00en", "/share/" + "A" * 32 + "%0A"):
        r = api.get(url)
        assert r.status_code == 404 and r.headers["content-type"].startswith("text/html"), (url, r.text[:300])
    # Nothing happened to the real ones.
    assert key["_id"] in [k["_id"] for k in api.get("/v0/api/v1/api-keys").json()["data"]]
    with httpx.Client(base_url=gateway_url, headers={"Authorization": f"Bearer {key['key']}"}) as c:
        assert c.get("/v0/api/v1/usage").status_code == 200
    assert api.get(f"/v0/api/webhooks/{wh}/deliveries").status_code == 200


def test_nul_never_gives_500_in_the_findings_fields(client_from, api):
    c = client_from()
    for body in (
        {"email": "a\x00@example.com", "password": "x"},
        {"email": email(), "password": PASSWORD, "organization_name": "Org\x00"},
    ):
        path = "/v0/auth/login" if "organization_name" not in body else "/v0/auth/signup"
        r = c.post(path, json=body)
        assert r.status_code == 400 and error_code(r) == "VALIDATION_ERROR", r.text
    r = api.post("/v0/api/webhooks", json={"url": "https://example.com/h", "description": "d\x00"})
    assert r.status_code == 400 and r.json()["error"]["details"]["fields"][0]["field"] == "description"
    r = api.post("/v0/api/v1/integrations/chat", json={"kind": "slack", "url": "https://hooks.example/\x00"})
    assert r.status_code == 400 and r.json()["error"]["details"]["fields"][0]["field"] == "url"


MCP_HEADERS = {"Accept": "application/json, text/event-stream"}


def _mcp(api, payload: dict[str, Any] | bytes) -> httpx.Response:
    if isinstance(payload, bytes):
        return api.post(
            "/v0/mcp", content=payload, headers={**MCP_HEADERS, "Content-Type": "application/json"}
        )
    return api.post("/v0/mcp", json=payload, headers=MCP_HEADERS)


def test_control_and_bidi_characters_are_refused_in_every_mcp_text_argument(api):
    tools = _mcp(api, {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).json()["result"]["tools"]
    checked, shapes = 0, set()
    for tool in tools:
        doc = {"components": {"schemas": tool["inputSchema"].get("$defs", {})}}
        for name, prop in tool["inputSchema"].get("properties", {}).items():
            prop = {
                k: (v.replace("#/$defs/", "#/components/schemas/") if k == "$ref" else v)
                for k, v in prop.items()
            }
            shape = _shape(doc, prop)
            if not shape:
                continue
            shapes.add(shape)
            for value in BAD_VALUES.values():
                placed, named = _placed(shape, name, value)
                call = {"name": tool["name"], "arguments": {name: placed}}
                r = _mcp(api, {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": call})
                result = r.json()["result"]
                assert result["isError"] is True
                error = result["structuredContent"]["error"]
                assert error["code"] == "VALIDATION_ERROR", (tool["name"], name, error)
                assert named in {f["field"] for f in error["details"]["fields"]}, (tool["name"], error)
                checked += 1
    assert checked >= 10 and "map" in shapes  # generate_slideshow's variable_overrides
    # Arguments that are not in the schema are checked as deep as they go (lists, objects).
    for arguments, named in (
        ({"app_id": "app_1", "extra": ["ok", {"deep": ["a\u202eb"]}]}, "extra[1].deep[0]"),
        ({"app_id": "app_1", "variable_overrides": {"k\x00": "v"}}, "variable_overrides"),
    ):
        call = {"name": "get_app", "arguments": arguments}
        result = _mcp(api, {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": call}).json()[
            "result"
        ]
        error = result["structuredContent"]["error"]
        assert error["code"] == "VALIDATION_ERROR" and named in {
            f["field"] for f in error["details"]["fields"]
        }


# --- 9. error texts say what to fix, never internals ----------------------------------------------

INTERNALS = re.compile(
    r"pydantic|errors\.pydantic\.dev|validation errors? for|Error\b:|gaierror|Errno|Name or service|"
    r"UnidentifiedImageError|OSError|ValueError|Traceback|JSONRPCRequest|type=",
)


def test_error_texts_do_not_leak_internals(api):
    answers = [
        api.post("/v0/api/webhooks", json={"url": "https://no-such-host.invalid/hook"}),
        api.post(
            "/v0/api/v1/uploads/screenshots", files={"file": ("a.png", b"\x89PNG\r\n\x1a\nnope", "image/png")}
        ),
        _mcp(api, b"{bad json"),
        _mcp(api, b"[1, 2]"),
        _mcp(api, {"jsonrpc": "2.0", "id": 1}),
        _mcp(api, {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": 5}),
        _mcp(
            api,
            {
                "jsonrpc": "2.0",
                "id": 3,
                "method": "tools/call",
                "params": {"name": "get_app", "arguments": {"app_id": 5}},
            },
        ),
    ]
    for r in answers:
        assert r.status_code < 500, r.text
        assert not INTERNALS.search(r.text), r.text
    assert answers[0].status_code == 400 and "check the host name" in answers[0].text
    assert "PNG, JPEG or WebP" in answers[1].text
    assert answers[2].json()["error"]["code"] == -32700


# --- 10. the audit of issue 17: every body, path, form field, file name and header -------------

PAD = "x" * (2 * 1024 * 1024 + 512 * 1024)  # past the 2 MB the edge used to check


def _padded(body: dict[str, Any]) -> bytes:
    return json.dumps({**body, "pad": PAD}).encode()


def test_padded_json_bodies_are_checked_whole(client_from, api):
    c = client_from()
    r = c.post(
        "/v0/auth/login",
        content=_padded({"email": "a\x00b@example.com", "password": "wrong password!"}),
        headers={"Content-Type": "application/json"},
    )
    assert r.status_code == 400 and error_code(r) == "VALIDATION_ERROR", r.text[:300]
    assert _fields(r) == {"email"}
    r = api.post(
        "/v0/api/v1/api-keys",
        content=_padded({"name": "key \u202eyek"}),
        headers={"Content-Type": "application/json; charset=utf-8"},
    )
    assert r.status_code == 400 and _fields(r) == {"name"}, r.text[:300]
    # The padding sits at the end too, behind the bad field, and in a nested list.
    body = json.dumps({"pad": PAD, "name": "Padded", "pain_points": ["ok", "bad\x01"]}).encode()
    r = api.post("/v0/api/v1/apps", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and _fields(r) == {"pain_points[1]"}, r.text[:300]
    names = [k["name"] for k in api.get("/v0/api/v1/api-keys").json()["data"]]
    assert not any("\u202e" in n for n in names)


def test_share_password_form_field_is_checked(api, client_from):
    app = api.post("/v0/api/v1/apps", json={"name": "Form App", "niche": "fitness", "language": "en"})
    assert app.status_code == 201, app.text
    ss = api.post(
        f"/v0/api/v1/apps/{app.json()['body']['_id']}/slideshows", json={"template_key": "problem_solution"}
    )
    assert ss.status_code == 202, ss.text
    link = api.post(
        f"/v0/api/slideshows/{ss.json()['body']['slideshow_id']}/share", json={"password": PASSWORD}
    )
    assert link.status_code in (200, 201), link.text
    token = link.json()["body"]["token"]
    c = client_from()
    for value in ("a\x00b", "pass\u202eword", "two\nlines"):
        r = c.post(f"/share/{token}", data={"password": value})
        assert r.status_code == 400 and error_code(r) == "VALIDATION_ERROR", r.text[:300]
        assert _fields(r) == {"password"}
    r = c.post(f"/share/{token}", data={"pass\x00word": "x"})
    assert r.status_code == 400 and error_code(r) == "VALIDATION_ERROR", r.text[:300]
    # None of those counted as a wrong guess.
    assert c.post(f"/share/{token}", data={"password": PASSWORD}).status_code == 303


def _multipart(filename: bytes, data: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = (
        f"--{boundary}\r\n".encode()
        + b'Content-Disposition: form-data; name="file"; filename="'
        + filename
        + b'"\r\nContent-Type: image/png\r\n\r\n'
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return body, f"multipart/form-data; boundary={boundary}"


def test_upload_file_names_are_checked(api):
    image = png()
    r = api.post("/v0/api/v1/uploads/screenshots", files={"file": ("abc\u202egnp.png", image, "image/png")})
    assert r.status_code == 400 and error_code(r) == "VALIDATION_ERROR", r.text
    assert _fields(r) == {"filename"}
    for raw in (b"a\x00b.png", b"a\x01b.png", "x\u2066y.png".encode()):
        body, ctype = _multipart(raw, image)
        r = api.post("/v0/api/v1/uploads/screenshots", content=body, headers={"Content-Type": ctype})
        assert r.status_code == 400 and _fields(r) == {"filename"}, (raw, r.text)
    ok = api.post("/v0/api/v1/uploads/screenshots", files={"file": ("shot 1.png", image, "image/png")})
    assert ok.status_code == 201, ok.text


def test_idempotency_key_header_is_checked(api):
    app = api.post("/v0/api/v1/apps", json={"name": "Key App", "niche": "fitness", "language": "en"})
    assert app.status_code == 201, app.text
    url = f"/v0/api/v1/apps/{app.json()['body']['_id']}/slideshows"
    for value in ("key\u202e1".encode(), "a\u2066b".encode(), b"tab\there"):
        r = api.post(url, json={"template_key": "problem_solution"}, headers={"Idempotency-Key": value})
        assert r.status_code == 400 and error_code(r) == "VALIDATION_ERROR", (value, r.text)
        assert _fields(r) == {"Idempotency-Key"}
    assert api.get("/v0/api/v1/slideshows", params={"app_id": app.json()["body"]["_id"]}).json()["total"] == 0


# --- 11. the share-password throttle counts atomically --------------------------------------------


def _guess(address: str, gateway_url: str, token: str, i: int) -> int:
    with httpx.Client(
        base_url=gateway_url, transport=httpx.HTTPTransport(local_address=address), timeout=120
    ) as c:
        return c.post(f"/share/{token}", data={"password": f"wrong guess {i}"}).status_code


def test_concurrent_wrong_share_passwords_never_exceed_the_limit(api, client_from, gateway_url):
    app = api.post("/v0/api/v1/apps", json={"name": "Throttle App", "niche": "fitness", "language": "en"})
    assert app.status_code == 201, app.text
    ss = api.post(
        f"/v0/api/v1/apps/{app.json()['body']['_id']}/slideshows", json={"template_key": "problem_solution"}
    )
    assert ss.status_code == 202, ss.text
    link = api.post(
        f"/v0/api/slideshows/{ss.json()['body']['slideshow_id']}/share", json={"password": PASSWORD}
    )
    assert link.status_code in (200, 201), link.text
    token = link.json()["body"]["token"]
    address = client_from().address
    with ThreadPoolExecutor(max_workers=16) as pool:
        codes = list(pool.map(lambda i: _guess(address, gateway_url, token, i), range(16)))
    assert set(codes) <= {401, 429}, codes
    assert 1 <= codes.count(401) <= 5, codes  # password_max_failures: at most 5 guesses evaluated
    # The public ZIP shares the throttle: the right password is held back too.
    r = client_from(address=address).post(f"/v0/public/share/{token}/zip", json={"password": PASSWORD})
    assert r.status_code == 429 and error_code(r) == "RATE_LIMITED", r.text


# --- 12. upstream failures say what failed and what to do, without class names ------------------

CLASS_NAME = re.compile(r"\b[A-Z][a-z]+(?:[A-Z][a-z]+)*(?:Error|Exception)\b")


def test_stripe_errors_without_a_type_do_not_name_classes(api, stack_env):
    from testkit.billing import FakeStripe

    port = 12111 + int(os.environ.get("STACK_PORT_OFFSET", "0"))
    base = os.environ.get("STRIPE_API_BASE") or stack_env.get("STRIPE_API_BASE", "")
    if base != f"http://127.0.0.1:{port}":
        pytest.skip(f"the stack's STRIPE_API_BASE does not point at a local stand-in (127.0.0.1:{port})")
    fake = FakeStripe(port=port, secret_key=os.environ.get("STRIPE_SECRET_KEY", ""))
    try:
        for status in (401, 400, 500, 429, 403):
            # An error body without `type` (proxies and outages answer like that).
            fake.fail("GET", "/v1/prices", status, type_="", message="internal stripe detail")
            r = api.post("/v0/api/v1/billing/checkout", json={"plan": "business"})
            assert r.status_code == 502 and error_code(r) == "UPSTREAM_ERROR", r.text
            assert not CLASS_NAME.search(r.text), r.text
            assert "internal stripe detail" not in r.text
            message = r.json()["error"]["message"]
            assert "looking up the plan's price" in message, message
            assert "try again" in message.lower() or "contact support" in message, message
    finally:
        fake.close()
