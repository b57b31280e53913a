"""The gateway's edge: error envelope for framework errors, credentials, plan gate, rate limit,
health probes and the OpenAPI document."""

from __future__ import annotations

import json
import socket
import uuid
from collections.abc import Callable, Iterator
from urllib.parse import urlsplit

import httpx
import pytest

APPS = "/v0/api/v1/apps"


def envelope(resp: httpx.Response, status: int, code: str) -> dict:
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"].startswith("application/json")
    body = resp.json()
    assert body["success"] is False and body["error"]["code"] == code, body
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    return body["error"]


@pytest.fixture
def org_key(create_org) -> Callable[[str], dict[str, str]]:
    """org_key(plan) -> {"organization_id", "api_key"} of a new organization (`slidectl org create`)."""

    def make(plan: str = "pro") -> dict[str, str]:
        return create_org(f"Edge {uuid.uuid4().hex[:6]}", plan)

    return make


@pytest.fixture
def anon(gateway_url) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=gateway_url, timeout=30) as client:
        yield client


def keyed(anon: httpx.Client, key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def test_unknown_route_is_a_404_envelope(anon):
    envelope(anon.get("/v0/api/v1/nothing-here"), 404, "NOT_FOUND")
    envelope(anon.post("/definitely/not/a/route", json={}), 404, "NOT_FOUND")


def test_a_trailing_slash_is_an_unknown_route_not_a_redirect(anon, org_key):
    key = org_key()["api_key"]
    envelope(anon.get(f"{APPS}/", headers=keyed(anon, key)), 404, "NOT_FOUND")


def test_a_body_that_is_not_utf8_names_the_body(anon, org_key):
    key = org_key()["api_key"]
    headers = {**keyed(anon, key), "Content-Type": "application/json"}
    error = envelope(
        anon.post(APPS, content=b'{"name": "\xff\xfe"}', headers=headers), 400, "VALIDATION_ERROR"
    )
    assert [f["field"] for f in error["details"]["fields"]] == ["body"]


def test_wrong_method_is_a_405_envelope(anon):
    envelope(anon.patch(APPS, json={}), 405, "METHOD_NOT_ALLOWED")
    envelope(anon.post(f"{APPS}/app_x", json={}), 405, "METHOD_NOT_ALLOWED")


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer sk_live_" + "x" * 40},
        {"Authorization": "Bearer garbage"},
        {"Authorization": "Bearer"},
        {"Authorization": "Basic dXNlcjpwYXNz"},
        {"Authorization": "sk_live_nobearer"},
    ],
)
def test_missing_or_bad_credentials_are_401_with_www_authenticate(anon, headers):
    for resp in (anon.get(APPS, headers=headers), anon.post(APPS, json={"name": "x"}, headers=headers)):
        envelope(resp, 401, "UNAUTHORIZED")
        assert resp.headers["www-authenticate"].lower().startswith("bearer")


def test_revoked_key_is_401_on_the_next_call(anon, org_key, operator, revoke_key):
    org = org_key("pro")
    key = operator("key", "create", org["organization_id"])  # a key whose id is known
    assert anon.get(APPS, headers=keyed(anon, key["api_key"])).status_code == 200
    revoke_key(key["api_key_id"])
    envelope(anon.get(APPS, headers=keyed(anon, key["api_key"])), 401, "UNAUTHORIZED")
    assert anon.get(APPS, headers=keyed(anon, org["api_key"])).status_code == 200  # only that key


@pytest.mark.parametrize("plan", ["free", "starter"])
def test_keys_of_plans_without_api_access_are_403(anon, org_key, plan):
    envelope(anon.get(APPS, headers=keyed(anon, org_key(plan)["api_key"])), 403, "PLAN_LACKS_API")


def test_rate_limit_429_with_headers(anon, org_key, set_rate_limit):
    org = org_key("pro")
    set_rate_limit(org["organization_id"], 5)
    headers = keyed(anon, org["api_key"])
    responses = [anon.get(APPS, headers=headers) for _ in range(6)]
    assert [r.status_code for r in responses] == [200] * 5 + [429]
    for i, resp in enumerate(responses):
        assert resp.headers["ratelimit-policy"] == '"minute";q=5;w=60'
        assert resp.headers["ratelimit"].startswith(f'"minute";r={max(0, 4 - i)};t=')
    err = envelope(responses[-1], 429, "RATE_LIMITED")
    assert int(responses[-1].headers["retry-after"]) >= 1 and err["message"]
    # Writes count against the same budget.
    envelope(anon.post(APPS, json={"name": "Too Many"}, headers=headers), 429, "RATE_LIMITED")


def test_rate_limit_is_per_organization(anon, org_key, set_rate_limit):
    limited, other = org_key("pro"), org_key("pro")
    set_rate_limit(limited["organization_id"], 1)
    assert anon.get(APPS, headers=keyed(anon, limited["api_key"])).status_code == 200
    assert anon.get(APPS, headers=keyed(anon, limited["api_key"])).status_code == 429
    assert anon.get(APPS, headers=keyed(anon, other["api_key"])).status_code == 200


def test_health_probes(anon):
    assert anon.get("/healthz").json() == {"status": "ok"}
    ready = anon.get("/readyz")
    assert ready.status_code == 200 and ready.json()["status"] == "ready"
    assert ready.json()["services"]["catalog"] is True
    assert ready.json()["limiter"] in ("redis", "memory")


def test_openapi_documents_who_may_call_and_the_auth_and_limit_headers(anon):
    doc = anon.get("/openapi.json").json()
    schemes = doc["components"]["securitySchemes"]
    assert schemes["bearer"] == {**schemes["bearer"], "type": "http", "scheme": "bearer"}
    assert schemes["sessionCookie"]["in"] == "cookie" and schemes["sessionCookie"]["name"] == "session"
    ops = {(m.upper(), p): op for p, item in doc["paths"].items() for m, op in item.items()}
    secured = {key for key, op in ops.items() if op.get("security")}
    public = {
        ("POST", "/v0/auth/signup"),
        ("POST", "/v0/auth/login"),
        ("GET", "/share/{token}"),
        ("POST", "/share/{token}"),
        ("GET", "/embed/{token}"),
        ("GET", "/v0/public/oembed"),
        ("POST", "/v0/public/share/{token}/zip"),
        ("POST", "/v0/public/billing/payment-webhook"),
        ("GET", "/v0/public/uploads/{organization_id}/{name}"),
        ("GET", "/v0/public/oauth/tiktok/callback"),
    }
    assert secured == set(ops) - public and ("POST", "/v0/mcp") in secured
    listing = ops[("GET", APPS)]["responses"]
    assert {"RateLimit-Policy", "RateLimit"} <= set(listing["200"]["headers"])
    assert {"RateLimit-Policy", "RateLimit", "Retry-After"} <= set(listing["429"]["headers"])
    assert set(listing["401"]["headers"]) == {"WWW-Authenticate"}
    assert {"RateLimit-Policy", "RateLimit", "Retry-After", "WWW-Authenticate"} <= set(
        doc["components"]["headers"]
    )


def test_openapi_lists_every_apps_route_with_its_errors(anon):
    doc = anon.get("/openapi.json").json()
    paths = doc["paths"]
    assert {"get", "post"} <= set(paths[APPS])
    assert {"get", "put", "delete"} <= set(paths[APPS + "/{id}"])
    assert {"400", "401", "402", "409", "429"} <= set(paths[APPS]["post"]["responses"])
    assert "201" in paths[APPS]["post"]["responses"]
    assert {"404", "401"} <= set(paths[APPS + "/{id}"]["get"]["responses"])
    assert {"400", "404", "409"} <= set(paths[APPS + "/{id}"]["put"]["responses"])
    params = {p["name"] for p in paths[APPS]["get"]["parameters"]}
    assert {"page", "limit", "status"} <= params
    create = doc["components"]["schemas"]["AppCreate"]
    assert create["required"] == ["name"] and create["additionalProperties"] is False
    for field in (
        "niche",
        "language",
        "screenshots",
        "photos",
        "value_props",
        "design",
        "tagline",
        "image_source",
        "slug",
    ):
        assert field in create["properties"], field


def _variant(prop: dict, kind: str) -> dict:
    return next(v for v in prop.get("anyOf", [prop]) if v.get("type") == kind)


def test_openapi_documents_photos_and_every_image_source(anon):
    schemas = anon.get("/openapi.json").json()["components"]["schemas"]
    for name in ("AppCreate", "AppUpdate"):
        photos = schemas[name]["properties"]["photos"]
        assert _variant(photos, "array")["maxItems"] == 24, name
        assert "uploads/screenshots" in photos["description"] and "24" in photos["description"]
        image_source = schemas[name]["properties"]["image_source"]
        assert _variant(image_source, "string")["enum"] == ["brand", "screenshots", "photos", "stock", "ai"]
    out = schemas["AppOut"]["properties"]
    assert (
        _variant(out["photos"], "array")["items"]["type"] == "string"
        and "photos" in schemas["AppOut"]["required"]
    )
    assert set(_variant(out["image_source"], "string")["enum"]) == {
        "brand",
        "screenshots",
        "photos",
        "stock",
        "ai",
    }


def test_request_id_is_echoed(anon):
    assert (
        anon.get("/healthz", headers={"X-Request-Id": "trace-me-123"}).headers["x-request-id"]
        == "trace-me-123"
    )


@pytest.mark.parametrize(
    "raw",
    [
        b"GET /v0/api/v1/apps/\xc3\xa9 HTTP/1.1\r\nHost: x\r\n\r\n",  # raw non-ASCII in the target
        b"GET /v0/api/v1/apps?page=\xd9\xa3 HTTP/1.1\r\nHost: x\r\n\r\n",
        b"POST /v0/api/v1/apps HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
    ],
)
def test_requests_too_malformed_to_reach_the_app_get_the_envelope(gateway_url: str, raw: bytes) -> None:
    target = urlsplit(gateway_url)
    with socket.create_connection((target.hostname, target.port), timeout=10) as conn:
        conn.sendall(raw)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400"), answer
    assert b"content-type: application/json" in head.lower()
    error = json.loads(body)["error"]
    assert error["code"] == "VALIDATION_ERROR" and error["message"]
