"""The remote MCP server at POST /v0/mcp, driven by the official `mcp` client over real HTTP
against the running stack: tools and their schemas, each tool, and the error cases shared
with REST (bad / revoked key, PLAN_LACKS_API, unknown ids, quota, the shared rate limit)."""

from __future__ import annotations

import asyncio
import json
import os
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import httpx2
import jsonschema
import pytest
import stripe
from gateway.routes.mcp import transport_security
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.server.transport_security import TransportSecurityMiddleware
from mcp_types import CallToolResult, Tool
from starlette.requests import Request

TOOLS = {
    "list_apps",
    "get_app",
    "list_formats",
    "list_design_templates",
    "generate_slideshow",
    "get_slideshow",
    "list_slideshows",
    "generate_hooks",
    "get_usage",
    "publish_slideshow",
}
READ_ONLY = {
    "generate_hooks",
    "list_apps",
    "get_app",
    "list_formats",
    "list_design_templates",
    "get_slideshow",
    "list_slideshows",
    "get_usage",
}
MISSING_ID_SUFFIX = "0000000000000000000"
TIKTOK_TOKEN = "act.example-user-token"  # noqa: S105 - the token delivery's fake TikTok accepts
STATE = Path(__file__).resolve().parents[2] / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0")


@pytest.fixture(scope="session")
def mcp_url(gateway_url: str) -> str:
    return f"{gateway_url}/v0/mcp"


@asynccontextmanager
async def connect(
    url: str, key: str, statuses: list[int] | None = None, mode: str = "auto"
) -> AsyncIterator[Client]:
    """An official MCP client sending `Authorization: Bearer <key>`; HTTP statuses go to `statuses`."""
    seen = statuses if statuses is not None else []

    async def record(response: httpx2.Response) -> None:
        seen.append(response.status_code)

    async with httpx2.AsyncClient(
        headers={"Authorization": f"Bearer {key}"}, timeout=30, event_hooks={"response": [record]}
    ) as http:
        async with Client(streamable_http_client(url, http_client=http), mode=mode) as client:  # type: ignore[arg-type]
            yield client


class Session:
    """One connected client plus the declared tools, to check every answer against its schema."""

    def __init__(self, client: Client, tools: dict[str, Tool]):
        self.client = client
        self.tools = tools

    async def ok(self, name: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
        result = await self.client.call_tool(name, args or {})
        assert not result.is_error, f"{name} failed: {result.content}"
        jsonschema.validate(result.structured_content, self.tools[name].output_schema)
        return result.structured_content

    async def error(self, name: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
        result: CallToolResult = await self.client.call_tool(name, args or {})
        assert result.is_error, f"{name} should have failed: {result.structured_content}"
        error = result.structured_content["error"]
        assert error["code"] in result.content[0].text  # type: ignore[union-attr]
        return error


@asynccontextmanager
async def session(url: str, key: str) -> AsyncIterator[Session]:
    async with connect(url, key) as client:
        listed = await client.list_tools()
        yield Session(client, {t.name: t for t in listed.tools})


def rest(gateway_url: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=gateway_url, headers={"Authorization": f"Bearer {key}"}, timeout=30)


def raw_post(url: str, key: str | None, host: str | None = None) -> httpx.Response:
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    if key is not None:
        headers["Authorization"] = f"Bearer {key}"
    if host:
        headers["Host"] = host
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    return httpx.post(url, json=body, headers={**headers, "MCP-Protocol-Version": "2025-11-25"}, timeout=30)


def first_niche(gateway_url: str, key: str) -> dict[str, Any]:
    with rest(gateway_url, key) as c:
        resp = c.get("/v0/api/v1/niches")
    assert resp.status_code == 200, resp.text
    niches = [n for n in resp.json()["data"] if n["templates"]]
    assert niches, "the renderer offers no niche with templates"
    return niches[0]


def create_app(gateway_url: str, key: str, niche: str) -> str:
    app = {
        "name": f"Focus Timer {uuid.uuid4().hex[:6]}",
        "niche": niche,
        "tagline": "Deep work in 25 minutes",
        "description": "A pomodoro timer that blocks distracting apps.",
        "target_audience": "Students and remote workers",
        "value_props": ["Blocks distractions", "Tracks streaks"],
        "pain_points": ["Doomscrolling", "Missed deadlines"],
        "differentiators": ["Works offline"],
        "ios_url": "https://apps.apple.com/app/id123",
        "brand_primary_color": "#112233",
        "photos": ["https://cdn.example.com/focus-1.jpg", "https://cdn.example.com/focus-2.jpg"],
    }
    with rest(gateway_url, key) as c:
        resp = c.post("/v0/api/v1/apps", json=app)
    assert resp.status_code == 201, resp.text
    return resp.json()["body"]["_id"]


async def wait_completed(s: Session, slideshow_id: str) -> dict[str, Any]:
    """Generate-then-poll: get_slideshow until the status leaves PENDING (bounded)."""
    for _ in range(240):
        deck = await s.ok("get_slideshow", {"slideshow_id": slideshow_id})
        if deck["status"] != "PENDING":
            assert deck["status"] == "COMPLETED", deck
            return deck
        await asyncio.sleep(0.5)
    raise AssertionError(f"{slideshow_id} still PENDING after 2 minutes")


def lift_rate_limit(set_rate_limit, org: dict[str, str]) -> None:
    """Polling costs requests; lift this organization's per-minute limit."""
    set_rate_limit(org["organization_id"], 1000)


@pytest.fixture(scope="module")
def niche(gateway_url, new_org) -> dict[str, Any]:
    return first_niche(gateway_url, new_org("pro")["api_key"])


def org_with_app(gateway_url: str, new_org, niche: dict[str, Any]) -> dict[str, str]:
    org = new_org("pro")
    return {**org, "app_id": create_app(gateway_url, org["api_key"], niche["key"])}


@pytest.fixture(scope="module")
def pro_a(gateway_url, new_org, niche) -> dict[str, str]:
    """A Pro organization with one app, shared by the tests that only read (no generation)."""
    return org_with_app(gateway_url, new_org, niche)


@pytest.fixture(scope="module")
def pro_b(gateway_url, new_org, niche) -> dict[str, str]:
    return org_with_app(gateway_url, new_org, niche)


async def test_lists_ten_tools_with_schemas_and_truthful_annotations(mcp_url, pro_a):
    org = pro_a
    async with connect(mcp_url, org["api_key"]) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) == TOOLS
    for name, tool in tools.items():
        assert tool.description and len(tool.description) > 40, name
        assert tool.input_schema["type"] == "object", name
        assert tool.output_schema and tool.output_schema["type"] == "object", name
        hints = tool.annotations
        assert hints is not None, name
        assert hints.read_only_hint is (name in READ_ONLY), name
        assert hints.destructive_hint is (name == "publish_slideshow"), name
        assert hints.idempotent_hint is (name in READ_ONLY or name == "publish_slideshow"), name
    gen = tools["generate_slideshow"].input_schema
    assert set(gen["required"]) == {"app_id", "template_key"}
    assert {"variable_overrides", "design", "idempotency_key"} <= set(gen["properties"])
    status_filter = str(tools["list_slideshows"].input_schema["properties"]["status"])
    assert all(word in status_filter for word in ("PENDING", "COMPLETED", "FAILED"))
    assert "READY" not in status_filter and "QUEUED" not in status_filter
    publish = tools["publish_slideshow"].input_schema["properties"]
    assert "tiktok" in str(publish["platform"]) and "direct" in str(publish["mode"])
    # Publishing cannot be undone: the caller chooses draft or direct, never a default.
    assert set(tools["publish_slideshow"].input_schema["required"]) == {"slideshow_id", "mode"}
    assert "PENDING" in str(tools["get_slideshow"].output_schema)


async def test_handshake_era_clients_work_too(mcp_url, pro_a):
    """Clients of the 2025 protocol versions (initialize handshake) reach the same tools."""
    org = pro_a
    statuses: list[int] = []
    async with connect(mcp_url, org["api_key"], statuses, mode="legacy") as client:
        assert {t.name for t in (await client.list_tools()).tools} == TOOLS
        usage = await client.call_tool("get_usage", {})
        assert not usage.is_error and usage.structured_content["plan"] == "pro"
    assert statuses and all(s in (200, 202) for s in statuses)


async def test_catalog_tools_and_usage(mcp_url, pro_a):
    async with session(mcp_url, pro_a["api_key"]) as s:
        designs = await s.ok("list_design_templates")
        assert {"classic", "inspo", "editorial-split", "brand-studio"} <= {
            d["key"] for d in designs["designs"]
        }
        formats = await s.ok("list_formats")
        assert formats["formats"] and all(f["key"] and len(f["slide_roles"]) == 6 for f in formats["formats"])
        usage = await s.ok("get_usage")
        assert usage["plan"] == "pro"
        assert usage["limits"]["slideshows_per_month"] == 500 and usage["limits"]["publishing"] is True
        assert usage["slideshows_generated"] == 0
        assert usage["period_start"] and usage["period_end"] and usage["period_start"] < usage["period_end"]


async def test_app_tools_and_unknown_ids(mcp_url, niche, pro_a, pro_b):
    app_id = pro_a["app_id"]
    async with session(mcp_url, pro_a["api_key"]) as s:
        listed = await s.ok("list_apps")
        assert [a["id"] for a in listed["apps"]] == [app_id] and listed["total"] == 1
        assert (
            listed["apps"][0]["niche"] == niche["key"]
            and listed["apps"][0]["tagline"] == "Deep work in 25 minutes"
        )
        app = await s.ok("get_app", {"app_id": app_id})
        assert (
            app["offer"].startswith("A pomodoro timer") and app["audience"] == "Students and remote workers"
        )
        assert app["pain_points"] == ["Doomscrolling", "Missed deadlines"]
        assert app["links"]["ios_url"] == "https://apps.apple.com/app/id123"
        assert app["colors"]["primary"].lower() == "#112233"
        assert app["image_source"] == "brand" and app["screenshots"] == []
        assert app["photos"] == ["https://cdn.example.com/focus-1.jpg", "https://cdn.example.com/focus-2.jpg"]
        only = await s.ok("list_formats", {"niche": niche["key"]})
        assert {f["key"] for f in only["formats"]} == {t["key"] for t in niche["templates"]}

        assert (await s.error("get_app", {"app_id": "app_" + MISSING_ID_SUFFIX}))["code"] == "APP_NOT_FOUND"
        assert (await s.error("get_slideshow", {"slideshow_id": "ss_" + MISSING_ID_SUFFIX}))["code"] == (
            "SLIDESHOW_NOT_FOUND"
        )
        bad = await s.error("list_slideshows", {"status": "READY"})
        assert bad["code"] == "VALIDATION_ERROR" and bad["details"]["fields"][0]["field"] == "status"
    async with session(mcp_url, pro_b["api_key"]) as s:
        assert (await s.error("get_app", {"app_id": app_id}))["code"] == "APP_NOT_FOUND"


async def test_generate_then_poll_list_and_publish(mcp_url, gateway_url, niche, new_org, set_rate_limit):
    org = new_org("pro")
    lift_rate_limit(set_rate_limit, org)
    app_id = create_app(gateway_url, org["api_key"], niche["key"])
    template_key = niche["templates"][0]["key"]
    async with session(mcp_url, org["api_key"]) as s:
        # The same code as REST for a missing or empty template_key, and no quota used.
        for missing in ({"app_id": app_id}, {"app_id": app_id, "template_key": ""}):
            assert (await s.error("generate_slideshow", missing))["code"] == "TEMPLATE_KEY_REQUIRED"
        started = await s.ok("generate_slideshow", {"app_id": app_id, "template_key": template_key})
        assert started["status"] == "PENDING" and started["slideshow_id"].startswith("ss_")
        no_mode = await s.error("publish_slideshow", {"slideshow_id": started["slideshow_id"]})
        assert no_mode["code"] == "VALIDATION_ERROR", no_mode
        early = await s.error("publish_slideshow", {"slideshow_id": started["slideshow_id"], "mode": "draft"})
        if early["code"] == "SLIDESHOW_NOT_READY":  # unless the deck was drawn already
            assert early["details"]["status"] == "PENDING"  # MCP's word, not QUEUED/RENDERING
        assert (await s.ok("get_usage"))["slideshows_generated"] == 1

        # A retry with the same idempotency key returns the first answer and consumes nothing.
        keyed = {"app_id": app_id, "template_key": template_key, "idempotency_key": uuid.uuid4().hex}
        first = await s.ok("generate_slideshow", keyed)
        assert await s.ok("generate_slideshow", keyed) == first and first["status"] == "PENDING"
        assert (await s.ok("get_usage"))["slideshows_generated"] == 2
        reused = await s.error("generate_slideshow", {**keyed, "design": "inspo"})
        assert reused["code"] == "IDEMPOTENCY_KEY_REUSED"

        deck = await wait_completed(s, started["slideshow_id"])
        assert deck["app_id"] == app_id and len(deck["image_urls"]) == 6
        assert deck["caption"] and 1 <= len(deck["hashtags"]) <= 5 and deck["cta"] and deck["error"] is None
        async with httpx.AsyncClient(timeout=30) as anon:
            image = await anon.get(deck["image_urls"][0])
        assert image.status_code == 200 and image.content[:8] == b"\x89PNG\r\n\x1a\n"

        listed = await s.ok("list_slideshows", {"app_id": app_id})
        assert {x["slideshow_id"] for x in listed["slideshows"]} == {
            started["slideshow_id"],
            first["slideshow_id"],
        }
        done = await s.ok("list_slideshows", {"app_id": app_id, "status": "COMPLETED"})
        assert started["slideshow_id"] in [x["slideshow_id"] for x in done["slideshows"]]
        assert all(x["status"] == "COMPLETED" for x in done["slideshows"])
        assert (await s.ok("list_slideshows", {"status": "FAILED"}))["slideshows"] == []

        publish = await s.error(
            "publish_slideshow", {"slideshow_id": started["slideshow_id"], "mode": "draft"}
        )
        assert publish["code"] == "NO_CONNECTED_ACCOUNT"


@pytest.fixture
def fake_tiktok(stack_env) -> Iterator[Any]:
    """delivery's local HTTPS fake of TikTok's Content Posting API, when the stack's delivery
    service points TIKTOK_API_BASE at it (https://127.0.0.1:<18443 + offset>)."""
    base = os.environ.get("TIKTOK_API_BASE", "")
    if not base.startswith("https://127.0.0.1:"):
        pytest.skip(
            "the stack's TIKTOK_API_BASE does not point at a local fake (https://127.0.0.1:<18443+offset>)"
        )
    from testkit.delivery import FakeTikTok, local_ca

    fake = FakeTikTok(local_ca(STATE), port=urlsplit(base).port or 443, token=TIKTOK_TOKEN)
    yield fake
    fake.close()


async def test_publish_completed_slideshow_once(
    mcp_url, gateway_url, niche, new_org, set_rate_limit, fake_tiktok
):
    org = new_org("pro")
    lift_rate_limit(set_rate_limit, org)
    app_id = create_app(gateway_url, org["api_key"], niche["key"])
    with rest(gateway_url, org["api_key"]) as c:
        account = c.post(
            f"/v0/api/v1/apps/{app_id}/social-accounts",
            json={
                "platform": "tiktok",
                "access_token": TIKTOK_TOKEN,
                "open_id": "open-1",
                "display_name": "Focus",
            },
        )
    assert account.status_code == 201, account.text
    async with session(mcp_url, org["api_key"]) as s:
        started = await s.ok(
            "generate_slideshow", {"app_id": app_id, "template_key": niche["templates"][0]["key"]}
        )
        await wait_completed(s, started["slideshow_id"])
        first = await s.ok("publish_slideshow", {"slideshow_id": started["slideshow_id"], "mode": "draft"})
        assert first["platform"] == "tiktok" and first["mode"] == "draft" and first["publish_id"]
        assert first["status"] == "SEND_TO_USER_INBOX" and first["already_published"] is False
        again = await s.ok(
            "publish_slideshow",
            {"slideshow_id": started["slideshow_id"], "mode": "direct", "privacy_level": "SELF_ONLY"},
        )
        assert again["publish_id"] == first["publish_id"] and again["already_published"] is True
    inits = [r for r in fake_tiktok.requests if r.path == "/v2/post/publish/content/init/"]
    assert len(inits) == 1


async def test_generate_hooks(mcp_url, pro_a):
    app_id = pro_a["app_id"]
    async with session(mcp_url, pro_a["api_key"]) as s:
        hooks = await s.ok("generate_hooks", {"app_id": app_id, "count": 3})
        assert (
            hooks["app_id"] == app_id and len(hooks["hooks"]) == 3 and all(h["text"] for h in hooks["hooks"])
        )
        assert (await s.error("generate_hooks", {"app_id": "app_" + MISSING_ID_SUFFIX}))[
            "code"
        ] == "APP_NOT_FOUND"


async def test_quota_exceeded(mcp_url, gateway_url, niche, new_org, use_quota):
    org = new_org("pro")
    app_id = create_app(gateway_url, org["api_key"], niche["key"])
    with rest(gateway_url, org["api_key"]) as c:
        usage = c.get("/v0/api/v1/usage")
    assert usage.status_code == 200, usage.text
    # No customer way to spend a Pro month (500 renders) quickly: the operator charges it.
    limit = usage.json()["body"]["limits"]["slideshows_per_month"]
    assert use_quota(org["organization_id"], "slideshows_per_month", limit)["used"] == limit
    async with session(mcp_url, org["api_key"]) as s:
        error = await s.error(
            "generate_slideshow", {"app_id": app_id, "template_key": niche["templates"][0]["key"]}
        )
        assert error["code"] == "QUOTA_EXCEEDED"
        usage_now = await s.ok("get_usage")
        assert usage_now["slideshows_remaining"] == 0


async def test_bad_key_is_401_with_envelope(mcp_url):
    resp = raw_post(mcp_url, None)
    assert resp.status_code == 401 and resp.headers["www-authenticate"] == "Bearer"
    assert resp.json()["success"] is False and resp.json()["error"]["code"] == "UNAUTHORIZED"
    resp = raw_post(mcp_url, "sk_live_" + "x" * 40)
    assert resp.status_code == 401 and resp.json()["error"]["code"] == "UNAUTHORIZED"
    statuses: list[int] = []
    with pytest.raises(Exception):  # noqa: B017 - the client surfaces a refused connection as an error
        async with connect(mcp_url, "sk_live_" + "y" * 40, statuses):
            pass
    assert statuses and set(statuses) == {401}


async def test_revoked_key_is_refused_on_the_next_call(mcp_url, new_org, revoke_key):
    org = new_org("pro")
    statuses: list[int] = []
    async with connect(mcp_url, org["api_key"], statuses) as client:
        assert not (await client.call_tool("list_apps", {})).is_error
        revoke_key(org["api_key_id"])
        with pytest.raises(Exception):  # noqa: B017 - a refused HTTP request is a client-side error
            await client.call_tool("list_apps", {})
    assert statuses[-1] == 401 and set(statuses[:-1]) == {200}
    assert raw_post(mcp_url, org["api_key"]).status_code == 401


async def test_starter_key_is_plan_lacks_api(mcp_url, new_org):
    org = new_org("starter")
    resp = raw_post(mcp_url, org["api_key"])
    assert resp.status_code == 403 and resp.json()["error"]["code"] == "PLAN_LACKS_API"
    statuses: list[int] = []
    with pytest.raises(Exception):  # noqa: B017
        async with connect(mcp_url, org["api_key"], statuses):
            pass
    assert set(statuses) == {403}


def stripe_event(type_: str, org_id: str, sub_id: str, status: str, created: int) -> dict[str, Any]:
    now = int(time.time())
    item = {
        "id": "si_1",
        "current_period_start": now - 60,
        "current_period_end": now + 86400,
        "price": {"lookup_key": "pro"},
    }
    subscription = {
        "id": sub_id,
        "object": "subscription",
        "customer": f"cus_{uuid.uuid4().hex[:14]}",
        "status": status,
        "metadata": {"organization_id": org_id},
        "items": {"object": "list", "data": [item]},
    }
    return {
        "id": f"evt_{uuid.uuid4().hex}",
        "object": "event",
        "type": type_,
        "created": created,
        "data": {"object": subscription},
    }


async def test_suspended_organization_is_403(mcp_url, gateway_url, stack_env, new_org):
    org = new_org("pro")
    secret = (
        os.environ.get("STRIPE_WEBHOOK_SECRET")
        or stack_env.get("STRIPE_WEBHOOK_SECRET")
        or "whsec_test_local"
    )
    sub_id, now = f"sub_{uuid.uuid4().hex[:12]}", int(time.time())
    for type_, status, created in (
        ("customer.subscription.created", "active", now),
        ("customer.subscription.deleted", "canceled", now + 5),
    ):
        payload = json.dumps(stripe_event(type_, org["organization_id"], sub_id, status, created))
        signature = stripe.WebhookSignature.generate_signature_header(payload, secret)
        resp = httpx.post(
            f"{gateway_url}/v0/public/billing/payment-webhook",
            content=payload,
            headers={"Content-Type": "application/json", "Stripe-Signature": signature},
            timeout=30,
        )
        assert resp.status_code == 200, resp.text
    refused = raw_post(mcp_url, org["api_key"])
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "ORGANIZATION_SUSPENDED"
    statuses: list[int] = []
    with pytest.raises(Exception):  # noqa: B017
        async with connect(mcp_url, org["api_key"], statuses):
            pass
    assert set(statuses) == {403}


async def test_rate_limit_is_shared_with_rest(mcp_url, gateway_url, new_org, set_rate_limit):
    org = new_org("pro")
    set_rate_limit(org["organization_id"], 5)
    with rest(gateway_url, org["api_key"]) as c:
        assert c.get("/v0/api/v1/apps").status_code == 200  # 1
        statuses: list[int] = []
        async with connect(mcp_url, org["api_key"], statuses) as client:  # 2 (one discovery request)
            assert len((await client.list_tools()).tools) == len(TOOLS)  # 3 (call_tool needs the schemas)
            assert not (await client.call_tool("list_apps", {})).is_error  # 4
            assert c.get("/v0/api/v1/apps").status_code == 200  # 5
            with pytest.raises(Exception):  # noqa: B017 - the 6th request is refused over HTTP
                await client.call_tool("list_apps", {})
        assert statuses == [200, 200, 200, 429]
        refused = c.get("/v0/api/v1/apps")
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
    resp = raw_post(mcp_url, org["api_key"])
    assert resp.status_code == 429 and resp.json()["error"]["code"] == "RATE_LIMITED"
    assert int(resp.headers["retry-after"]) >= 1 and "ratelimit" in resp.headers


async def test_concurrent_callers_each_see_their_own_organization(mcp_url, pro_a, pro_b):
    orgs = [pro_a, pro_b]

    async def seen_by(org: dict[str, str]) -> set[str]:
        async with session(mcp_url, org["api_key"]) as s:
            pages = await asyncio.gather(*(s.ok("list_apps") for _ in range(5)))
        return {app["id"] for page in pages for app in page["apps"]}

    assert await asyncio.gather(*(seen_by(org) for org in orgs)) == [{pro_a["app_id"]}, {pro_b["app_id"]}]


async def test_trailing_slash_foreign_host_and_http_errors(mcp_url, gateway_url, pro_b):
    org = pro_b
    slash = raw_post(mcp_url + "/", org["api_key"])
    assert slash.status_code == 200 and len(slash.json()["result"]["tools"]) == len(TOOLS)
    assert slash.headers["ratelimit-policy"] == '"minute";q=120;w=60' and "ratelimit" in slash.headers
    foreign = raw_post(mcp_url, org["api_key"], host="mcp.slides.example.com")
    assert foreign.status_code == 200 and foreign.json()["result"]["tools"]
    with rest(gateway_url, org["api_key"]) as c:
        assert c.get("/v0/mcp").status_code == 405
        plain = c.post("/v0/mcp", content=b"{}", headers={"Content-Type": "text/plain"})
    assert plain.status_code == 415 and plain.json()["error"]["code"] == "UNSUPPORTED_MEDIA_TYPE"


async def test_transport_host_allow_list():
    listed = TransportSecurityMiddleware(transport_security("mcp.slides.example.com"))
    anyone = TransportSecurityMiddleware(transport_security("*"))
    for middleware, host, allowed in [
        (listed, "mcp.slides.example.com", True),
        (listed, "127.0.0.1:8080", True),
        (listed, "evil.example.net", False),
        (anyone, "evil.example.net", True),
    ]:
        scope = {
            "type": "http",
            "method": "POST",
            "headers": [(b"host", host.encode()), (b"content-type", b"application/json")],
        }
        refused = await middleware.validate_request(Request(scope), is_post=True)
        assert (refused is None) is allowed, host
        if refused is not None:
            assert refused.status_code == 421
