"""Input limits of every route of /openapi.json (public and authenticated): oversized bodies
answer 413 PAYLOAD_TOO_LARGE, malformed JSON, a wrong content type and bad query values answer
400, always in the error envelope. The limit table is docs/limits.md."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

OVERSIZED = b"{" + b'"a": "' + b"x" * (12 * 1024 * 1024) + b'"}'  # 12 MB, over the 11 MB cap
CLIENT_IP = "127.0.18.79"  # this module's own per-address bucket (a loopback source address)
HUGE_INT = "99999999999999999999999"
# Known bugs, each reproduced by its own test below, are skipped in the sweeping loops (none now).
KNOWN_BUGS: set[tuple[str, str, str]] = set()


@pytest.fixture(scope="module")
def doc(gateway_url) -> dict[str, Any]:
    return httpx.get(f"{gateway_url}/openapi.json", timeout=30).json()


@pytest.fixture(scope="module")
def client(gateway_url, org_client) -> Iterator[httpx.Client]:
    key = org_client().org["api_key"]
    headers = {
        "Authorization": f"Bearer {key}",
        "Accept": "application/json, text/event-stream",
    }
    transport = httpx.HTTPTransport(local_address=CLIENT_IP)
    with httpx.Client(base_url=gateway_url, headers=headers, timeout=30, transport=transport) as c:
        yield c


def operations(doc: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(m.upper(), p, op) for p, item in doc["paths"].items() for m, op in item.items()]


def concrete(path: str) -> str:
    """Any value for the path's parameters: the checks under test come before any lookup."""
    return re.sub(r"\{\w+\}", "x" * 32, path)


def json_operations(doc: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (m, p, op)
        for m, p, op in operations(doc)
        if "application/json" in op.get("requestBody", {}).get("content", {})
    ]


def assert_envelope(resp: httpx.Response, where: str, *codes: str) -> None:
    body = resp.json()
    if where.endswith(" /v0/mcp") and "jsonrpc" in body:  # MCP speaks JSON-RPC
        assert isinstance(body["error"]["code"], int), f"{where}: {body}"
        return
    assert body["success"] is False, f"{where}: {body}"
    assert body["error"]["code"] in codes, f"{where}: {body}"
    assert body["error"]["message"], f"{where}: {body}"


def test_oversized_bodies_are_refused_on_every_route(doc, client):
    ops = operations(doc)
    assert len(ops) >= 40
    for method, path, _ in ops:
        where = f"{method} {path}"
        resp = client.request(
            method, concrete(path), content=OVERSIZED, headers={"Content-Type": "application/json"}
        )
        assert resp.status_code == 413, f"{where} -> {resp.status_code} {resp.text[:300]}"
        assert_envelope(resp, where, "PAYLOAD_TOO_LARGE")


def test_oversized_chunked_bodies_are_refused(client):
    def chunks() -> Iterator[bytes]:
        for _ in range(12):
            yield b"x" * (1024 * 1024)

    resp = client.post(
        "/v0/public/billing/payment-webhook",
        content=chunks(),
        headers={"Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00"},
    )
    assert resp.status_code == 413, f"{resp.status_code} {resp.text[:300]}"


def test_malformed_json_is_400_on_every_json_route(doc, client):
    ops = json_operations(doc)
    assert len(ops) >= 15
    for method, path, _ in ops:
        where = f"{method} {path}"
        for junk in (b'{"name": ', b"\xff\xfe{}", b"[1, 2", b"null null"):
            resp = client.request(
                method, concrete(path), content=junk, headers={"Content-Type": "application/json"}
            )
            assert resp.status_code == 400, f"{where} {junk!r} -> {resp.status_code} {resp.text[:300]}"
            assert_envelope(resp, where, "VALIDATION_ERROR", "INVALID_SIGNATURE")


def test_wrong_content_type_is_refused_on_every_json_route(doc, client):
    for method, path, _ in json_operations(doc):
        where = f"{method} {path}"
        for ctype in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
            resp = client.request(
                method, concrete(path), content=b"name=Abc&niche=fitness", headers={"Content-Type": ctype}
            )
            assert resp.status_code in (400, 415), f"{where} {ctype} -> {resp.status_code} {resp.text[:300]}"
            assert_envelope(resp, where, "VALIDATION_ERROR", "INVALID_SIGNATURE", "UNSUPPORTED_MEDIA_TYPE")


def bad_values(schema: dict[str, Any]) -> list[str]:
    """Query values that break the parameter's documented schema."""
    options = [schema, *schema.get("anyOf", [])]
    out: list[str] = []
    for s in options:
        if s.get("type") == "integer":
            out += ["abc", "1.5", HUGE_INT]
            if "minimum" in s:
                out.append(str(int(s["minimum"]) - 1))
            if "maximum" in s:
                out.append(str(int(s["maximum"]) + 1))
        if "enum" in s:
            out.append("NOT-ONE-OF-THEM")
        if "maxLength" in s:
            out.append("x" * (int(s["maxLength"]) + 1))
    return out


def test_bad_query_values_are_400(doc, client):
    checked = 0
    for method, path, op in operations(doc):
        for param in op.get("parameters", []):
            if param["in"] != "query":
                continue
            for value in bad_values(param.get("schema", {})):
                if (f"{method} {path}", param["name"], value) in KNOWN_BUGS:
                    continue
                where = f"{method} {path}?{param['name']}={value[:30]}"
                resp = client.request(method, concrete(path), params={param["name"]: value})
                assert resp.status_code == 400, f"{where} -> {resp.status_code} {resp.text[:300]}"
                assert_envelope(resp, where, "VALIDATION_ERROR")
                checked += 1
    assert checked >= 20


def test_huge_page_of_the_slideshow_list_is_400(client):
    resp = client.get("/v0/api/v1/slideshows", params={"page": HUGE_INT})
    assert resp.status_code == 400, f"{resp.status_code} {resp.text[:300]}"


def test_public_routes_answer_malformed_input_with_400(client):
    cases = [
        ("GET", "/v0/public/oembed", {}),
        ("GET", "/v0/public/oembed", {"url": ""}),
        ("GET", "/v0/public/oembed", {"url": "https://x/share/abc", "maxwidth": "wide"}),
        ("GET", "/v0/public/oembed", {"url": "https://x/share/abc", "maxheight": "0"}),
        ("GET", "/v0/public/oembed", {"url": "u" * 3000}),
    ]
    for method, path, params in cases:
        resp = client.request(method, path, params=params)
        assert resp.status_code == 400, f"{method} {path} {params} -> {resp.status_code} {resp.text[:300]}"
        assert_envelope(resp, path, "VALIDATION_ERROR")
    resp = client.post("/v0/public/share/x/zip", json={"password": "p" * 300})
    assert resp.status_code == 400, resp.text
    resp = client.post("/v0/public/share/x/zip", json={"unexpected": True})
    assert resp.status_code == 400, resp.text


def test_public_per_ip_limit_answers_429_in_the_envelope(gateway_url):
    transport = httpx.HTTPTransport(local_address="127.0.18.80")  # a bucket no other test uses
    with httpx.Client(base_url=gateway_url, timeout=30, transport=transport) as c:
        first = c.get("/v0/public/oembed", params={"url": "https://nowhere.example/share/x"})
        quota = int(re.search(r"q=(\d+)", first.headers["RateLimit-Policy"]).group(1))
        assert quota <= 1000, "the public per-IP limit is too high to test here"
        for _ in range(quota):
            resp = c.get("/v0/public/oembed", params={"url": "https://nowhere.example/share/x"})
            if resp.status_code == 429:
                break
    assert resp.status_code == 429, resp.text
    assert int(resp.headers["Retry-After"]) >= 1
    assert_envelope(resp, "GET /v0/public/oembed", "RATE_LIMITED")
