"""Tenant isolation: organization B calling every id-taking route of /openapi.json (and every
id-taking MCP tool) with organization A's ids gets 404 (never 200, 403 or 500), and A's
resources are unchanged afterwards.

Routes are enumerated from /openapi.json, so a new route is covered (or, when it takes no id
and is not in NO_ID_ROUTES, makes the test fail until it is classified)."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.system.resources import ok, seed

# Operations without a path id: nothing of another organization can be named in them.
NO_ID_ROUTES = {
    "POST /v0/auth/signup",
    "POST /v0/auth/login",
    "POST /v0/auth/logout",
    "GET /v0/api/v1/api-keys",
    "POST /v0/api/v1/api-keys",
    "GET /v0/api/v1/apps",
    "POST /v0/api/v1/apps",
    "GET /v0/api/v1/niches",
    "GET /v0/api/v1/slideshows",  # its app_id filter is checked below
    "POST /v0/api/v1/uploads/screenshots",
    "GET /v0/api/v1/hooks",
    "POST /v0/api/v1/hooks/refresh-now",
    "GET /v0/api/webhooks",
    "POST /v0/api/webhooks",
    "GET /v0/api/v1/integrations/chat",
    "POST /v0/api/v1/integrations/chat",
    "GET /v0/public/oembed",
    "POST /v0/public/billing/payment-webhook",
    "GET /v0/api/v1/usage",
    "GET /v0/api/v1/organization",
    "POST /v0/api/v1/billing/checkout",  # the caller's own organization (and Stripe customer)
    "POST /v0/api/v1/billing/portal",
    "POST /v0/mcp",  # its tools are checked below
    # TikTok's OAuth redirect: its signed state names the organization, and a state presented with
    # another organization's session is refused (tests/contract/test_tiktok_oauth.py).
    "GET /v0/public/oauth/tiktok/callback",
}
# Public capability URLs: the share token (or an upload's unguessable name, the URL the upload
# returned) itself is the credential, for anyone who has it.
TOKEN_ROUTES = {
    "GET /v0/public/uploads/{organization_id}/{name}",
    "GET /share/{token}",
    "POST /share/{token}",
    "GET /embed/{token}",
    "POST /v0/public/share/{token}/zip",
}
# Bodies valid enough that validation cannot answer before the ownership check does.
BODIES: dict[str, Any] = {
    "PUT /v0/api/v1/apps/{id}": {"name": "Hijacked by B", "status": "ARCHIVED"},
    "POST /v0/api/v1/apps/{id}/slideshows": {"template_key": "problem_solution"},
    "POST /v0/api/v1/apps/{id}/social-accounts": {"platform": "tiktok", "access_token": "b-token"},
    "POST /v0/api/v1/slideshows/{id}/publish": {"platform": "tiktok", "mode": "draft"},
    "POST /v0/api/slideshows/{id}/share": {"rotate": True, "password": "hijacked"},
    "PATCH /v0/api/webhooks/{id}": {"enabled": False, "description": "hijacked by B"},
    "PATCH /v0/api/v1/hooks/{id}": {"status": "REJECTED"},
}
ID_FOR = (
    ("/apps/{id}", "app_id"),
    ("/slideshows/{id}", "slideshow_id"),
    ("/webhooks/{id}", "webhook_id"),
    ("/chat/{id}", "chat_id"),
    ("/hooks/{id}", "hook_id"),
)


def path_with(path: str, ids: dict[str, str]) -> str:
    values = {
        "key_id": ids["key_id"],
        "account_id": ids["account_id"],
        "token": ids["share_token"],
        "delivery_id": ids["delivery_id"],
    }
    for marker, name in ID_FOR:
        if marker in path:
            values["id"] = ids[name]
    missing = set(re.findall(r"\{(\w+)\}", path)) - set(values)
    assert not missing, f"{path}: no id of organization A for {missing}; teach test_cross_org about it"
    return re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], path)


def snapshot(a: httpx.Client, ids: dict[str, str]) -> dict[str, Any]:
    """Everything of A that B might have changed."""
    resp = a.post(f"/v0/api/slideshows/{ids['slideshow_id']}/share", json={})  # the existing link
    share = ok(resp, 200 if resp.status_code == 200 else 201)["body"]
    return {
        "app": ok(a.get(f"/v0/api/v1/apps/{ids['app_id']}"), 200)["body"],
        "slideshow": ok(a.get(f"/v0/api/v1/slideshows/{ids['slideshow_id']}"), 200)["body"],
        "slideshows": ok(a.get("/v0/api/v1/slideshows"), 200)["total"],
        "webhooks": ok(a.get("/v0/api/webhooks"), 200)["data"],
        "deliveries": ok(a.get(f"/v0/api/webhooks/{ids['webhook_id']}/deliveries"), 200)["total"],
        "chats": ok(a.get("/v0/api/v1/integrations/chat"), 200)["data"],
        "chat_deliveries": ok(a.get(f"/v0/api/v1/integrations/chat/{ids['chat_id']}/deliveries"), 200)[
            "total"
        ],
        "hooks": sorted((h["_id"], h["status"]) for h in ok(a.get("/v0/api/v1/hooks"), 200)["data"]),
        "accounts": ok(a.get(f"/v0/api/v1/apps/{ids['app_id']}/social-accounts"), 200)["data"],
        "keys": sorted(k["_id"] for k in ok(a.get("/v0/api/v1/api-keys"), 200)["data"]),
        "share": (share["token"], share["password_protected"]),
    }


@pytest.fixture(scope="module")
def orgs(org_client) -> tuple[httpx.Client, httpx.Client, dict[str, str]]:
    a, b = org_client(), org_client()
    return a, b, seed(a, ready=True)


def operations(gateway_url: str) -> list[tuple[str, str]]:
    doc = httpx.get(f"{gateway_url}/openapi.json", timeout=30).json()
    return [(method.upper(), path) for path, item in doc["paths"].items() for method in item]


def test_every_route_is_classified(gateway_url):
    for method, path in operations(gateway_url):
        route = f"{method} {path}"
        assert "{" in path or route in NO_ID_ROUTES, f"{route}: takes no id; add it to NO_ID_ROUTES"
        assert "{" not in path or route not in NO_ID_ROUTES, route


def test_other_organizations_ids_answer_404_and_change_nothing(gateway_url, orgs):
    a, b, ids = orgs
    before = snapshot(a, ids)
    id_routes = [(m, p) for m, p in operations(gateway_url) if "{" in p and f"{m} {p}" not in TOKEN_ROUTES]
    assert len(id_routes) >= 17, id_routes
    # DELETEs last, so that a leak in one of them cannot hide a leak in another route.
    for method, path in sorted(id_routes, key=lambda r: r[0] == "DELETE"):
        route = f"{method} {path}"
        kwargs = {"json": BODIES[route]} if route in BODIES else {}
        resp = b.request(method, path_with(path, ids), **kwargs)
        assert resp.status_code == 404, f"{route} with A's ids -> {resp.status_code} {resp.text[:400]}"
        body = resp.json()
        assert body["success"] is False and body["error"]["code"].endswith("NOT_FOUND"), f"{route}: {body}"
    assert snapshot(a, ids) == before


def test_mixed_ids_of_both_organizations_answer_404(orgs):
    a, b, ids = orgs
    b_app = ok(b.post("/v0/api/v1/apps", json={"name": "B App", "niche": "fitness"}), 201)["body"]["_id"]
    resp = b.delete(f"/v0/api/v1/apps/{b_app}/social-accounts/{ids['account_id']}")
    assert resp.status_code == 404, resp.text
    assert (
        ok(a.get(f"/v0/api/v1/apps/{ids['app_id']}/social-accounts"), 200)["data"][0]["_id"]
        == ids["account_id"]
    )


def test_id_filters_do_not_reach_into_other_organizations(orgs):
    a, b, ids = orgs
    listed = b.get("/v0/api/v1/slideshows", params={"app_id": ids["app_id"]})
    assert listed.status_code in (200, 404), listed.text
    if listed.status_code == 200:
        assert listed.json()["data"] == [] and listed.json()["total"] == 0
    for path in (
        "/v0/api/v1/apps",
        "/v0/api/v1/slideshows",
        "/v0/api/webhooks",
        "/v0/api/v1/integrations/chat",
    ):
        assert ids["app_id"] not in b.get(path).text and ids["slideshow_id"] not in b.get(path).text, path


MCP_HEADERS = {"Accept": "application/json, text/event-stream"}
MCP_DEFAULTS: dict[str, Any] = {"template_key": "problem_solution", "platform": "tiktok", "mode": "draft"}


def mcp(client: httpx.Client, method: str, params: dict[str, Any]) -> dict[str, Any]:
    resp = client.post(
        "/v0/mcp", json={"jsonrpc": "2.0", "id": 1, "method": method, "params": params}, headers=MCP_HEADERS
    )
    assert resp.status_code == 200, resp.text
    return resp.json()["result"]


def test_mcp_tools_with_other_organizations_ids_answer_not_found(orgs):
    a, b, ids = orgs
    by_name = {"app_id": ids["app_id"], "slideshow_id": ids["slideshow_id"]}
    tools = mcp(b, "tools/list", {})["tools"]
    checked = 0
    for tool in tools:
        props = tool["inputSchema"].get("properties", {})
        id_args = {k: v for k, v in by_name.items() if k in props}
        if not id_args:
            continue
        args = {
            **{k: MCP_DEFAULTS[k] for k in tool["inputSchema"].get("required", []) if k in MCP_DEFAULTS},
            **id_args,
        }
        result = mcp(b, "tools/call", {"name": tool["name"], "arguments": args})
        if result.get("isError"):
            code = result["structuredContent"]["error"]["code"]
            assert code.endswith("NOT_FOUND"), f"{tool['name']}({args}) -> {code}"
        else:  # only a list filtered by the foreign id may succeed, and then it is empty
            assert tool["name"].startswith("list_"), f"{tool['name']}({args}) -> {result}"
            assert ids["slideshow_id"] not in str(result), f"{tool['name']}({args}) -> {result}"
        checked += 1
    assert checked >= 5, [t["name"] for t in tools]
    assert ok(a.get(f"/v0/api/v1/slideshows/{ids['slideshow_id']}"), 200)["body"]["status"] == "READY"
