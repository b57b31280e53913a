"""The console's rules that need no stack: CSRF tokens, redirects, CSP, static assets, and its
absence from the OpenAPI document (the browser flows are in tests/contract/test_console_browser.py)."""

import pytest
from fastapi.testclient import TestClient
from gateway.app import create_app
from gateway.auth import Caller
from gateway.console import pages, web
from gateway.models import (
    AppList,
    ChatList,
    DeliveryList,
    OrganizationOut,
    RefreshNowOut,
    SlideshowList,
    UsageOut,
    WebhookList,
)
from gateway.operations import apps as apps_ops
from gateway.operations import billing as billing_ops
from gateway.operations import delivery as delivery_ops
from gateway.operations import hooks as hooks_ops
from gateway.operations import slideshows as slideshow_ops
from gateway.settings import GatewaySettings
from kit.errors import ServiceError


def test_csrf_token_is_bound_to_the_session():
    token = "session-token-0123456789"
    assert web.session_csrf(token) == web.session_csrf(token)
    assert web.session_csrf(token) != web.session_csrf(token + "x")
    assert token not in web.session_csrf(token)


def test_next_only_leads_inside_the_console():
    assert web.safe_next("/console/keys") == "/console/keys"
    for bad in ("https://evil.example/", "//evil.example", "/console\\@evil", "/v0/api/v1/apps", ""):
        assert web.safe_next(bad) == "/console"


def test_content_security_policy_allows_no_inline_code():
    csp = web.content_security_policy({"http://store.example"})
    assert "script-src 'self';" in csp and "style-src 'self';" in csp
    assert "unsafe" not in csp
    assert "img-src 'self' data: http://store.example" in csp
    assert "frame-ancestors 'none'" in csp and "form-action 'self'" in csp


def test_field_errors_name_the_fields():
    err = ServiceError("VALIDATION_ERROR", "bad", {"fields": [{"field": "url", "message": "must be https"}]})
    assert web.field_errors(err) == {"url": "must be https"}
    assert web.field_errors(ServiceError("NOT_FOUND", "x")) == {}


def test_console_is_not_in_the_openapi_document():
    paths = create_app().openapi()["paths"]
    assert not [p for p in paths if p.startswith("/console")]


def test_pages_need_a_session_and_assets_are_cached():
    app = create_app()
    app.state.settings = GatewaySettings()
    client = TestClient(app)  # no lifespan: nothing here reaches a service
    resp = client.get("/console/keys?x=1", follow_redirects=False)
    assert resp.status_code == 303
    assert resp.headers["location"] == "/console/login?next=%2Fconsole%2Fkeys%3Fx%3D1"
    css = client.get(web.static_url("console.css"))
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")
    assert "immutable" in css.headers["cache-control"]
    again = client.get("/console/static/console.css", headers={"If-None-Match": css.headers["etag"]})
    assert again.status_code == 304
    assert client.get("/console/static/web.py").status_code == 404  # only the listed assets
    escaped = client.get("/console/static/..%2Fweb.py", follow_redirects=False)
    assert escaped.status_code == 303 and "import" not in escaped.text


# --- pages, with the operations faked (no stack) ----------------------------------------------

ORG_ID = "org_0123456789abcdef"
USAGE = {
    "plan": "free",
    "status": "ACTIVE",
    "limits": {
        "apps": 1,
        "slideshows_per_month": 10,
        "hook_refreshes_per_month": 0,
        "api_keys": False,
        "publishing": False,
        "requests_per_minute": 60,
    },
    "usage": {"apps": {"limit": 1, "used": 0}, "slideshows_per_month": {"limit": 10, "used": 0}},
    "period_start": "2026-11-01T00:00:00Z",
    "period_end": "2026-12-01T00:00:00Z",
}
ORG = {
    "_id": ORG_ID,
    "name": "Acme",
    "plan": "free",
    "status": "ACTIVE",
    "stripe_customer_id": None,
    "limits": USAGE["limits"],
    "rate_limit_override": None,
    "subscription": None,
    "createdAt": None,
}


@pytest.fixture
def console(monkeypatch):
    """A signed-in console client on `plan`, with the billing operations answering from USAGE/ORG."""

    def make(plan: str = "free", stripe: bool = False) -> TestClient:
        caller = Caller(ORG_ID, plan, "ACTIVE", "session", "usr_1", 60, plan in ("pro", "business"))

        async def signed_in(request, billing_access=False, limited=False):
            return web.Page(caller=caller, token="t" * 40, csrf=web.session_csrf("t" * 40), plan=plan)

        async def get_usage(b, c):
            return UsageOut.model_validate({**USAGE, "plan": plan})

        async def get_organization(b, c):
            return OrganizationOut.model_validate({**ORG, "plan": plan})

        async def portal(b, c, return_url=""):
            if not stripe:
                raise ServiceError(
                    "UNAVAILABLE", "Self-serve billing is not available: Stripe is not configured"
                )
            raise ServiceError("CONFLICT", "This organization has no Stripe customer yet")

        async def checkout(b, c, plan, success_url="", cancel_url=""):
            return await portal(b, c)

        async def no_apps(*args, **kwargs):
            return AppList(data=[], page=1, limit=50, total=0)

        async def no_decks(*args, **kwargs):
            return SlideshowList(data=[], page=1, limit=25, total=0)

        monkeypatch.setattr(web, "signed_in", signed_in)
        monkeypatch.setattr(billing_ops, "get_usage", get_usage)
        monkeypatch.setattr(billing_ops, "get_organization", get_organization)
        monkeypatch.setattr(billing_ops, "create_portal", portal)
        monkeypatch.setattr(billing_ops, "create_checkout", checkout)
        monkeypatch.setattr(apps_ops, "list_apps", no_apps)
        monkeypatch.setattr(slideshow_ops, "list_slideshows", no_decks)
        monkeypatch.setattr(pages, "_payments_state", {"configured": None, "at": 0.0})
        app = create_app()
        app.state.settings = GatewaySettings()
        app.state.backends = None
        client = TestClient(app)
        client.cookies.set("session", "t" * 40)
        return client

    return make


def test_without_stripe_the_plan_page_says_how_an_operator_changes_the_plan(console):
    client = console(stripe=False)
    html = client.get("/console/usage").text
    assert "Online payment isn't set up on this installation" in html
    assert f"slidectl org set-plan {ORG_ID} pro" in html
    assert f'<code id="org-id">{ORG_ID}</code>' in html and 'data-copy="org-id"' in html
    assert "Upgrade to" not in html  # no button that cannot work


def test_with_stripe_the_plan_page_offers_upgrades_and_the_org_id(console):
    html = console(stripe=True).get("/console/usage").text
    assert "Upgrade to Pro" in html and "set-plan" not in html
    assert ORG_ID in html


def test_checkout_without_stripe_leads_back_to_the_plan_page_not_an_error(console):
    client = console(stripe=False)
    csrf = web.session_csrf("t" * 40)
    resp = client.post(
        "/console/billing/checkout", data={"plan": "pro", "csrf_token": csrf}, follow_redirects=False
    )
    assert resp.status_code == 303 and resp.headers["location"].startswith("/console/usage?billing=off")
    page = client.get(resp.headers["location"])
    assert page.status_code == 200 and "slidectl org set-plan" in page.text


def test_overview_says_pro_is_needed_only_below_pro(console):
    assert "need the Pro plan" in console("free").get("/console").text
    assert "need the Pro plan" not in console("pro").get("/console").text


def test_hook_refresh_redirects_back_to_the_hooks_page(console, monkeypatch):
    async def refresh(b, c, app_id=""):
        return RefreshNowOut.model_validate({"data": {"jobs_started": 2, "apps": []}})

    monkeypatch.setattr(hooks_ops, "refresh_now", refresh)
    client = console("starter")
    csrf = web.session_csrf("t" * 40)
    resp = client.post("/console/hooks/refresh", data={"csrf_token": csrf}, follow_redirects=False)
    assert resp.status_code == 303 and resp.headers["location"].startswith("/console/hooks?")
    assert pages._hooks_message_for("hooks-refreshing", "2").startswith("Refresh started for 2 app(s)")


def test_signup_errors_name_the_field_and_the_hint_is_not_repeated():
    app = create_app()
    app.state.settings = GatewaySettings()
    client = TestClient(app)
    token = "c" * 43
    client.cookies.set(web.CSRF_COOKIE, token)
    resp = client.post(
        "/console/signup",
        data={"csrf_token": token, "email": "a@example.com", "password": "short", "organization_name": ""},
    )
    assert resp.status_code == 400
    assert "Company or team name is required." in resp.text
    assert "Password must be at least 8 characters." in resp.text
    assert "At least 8 characters." not in resp.text


def test_pages_link_a_favicon_that_is_served():
    app = create_app()
    app.state.settings = GatewaySettings()
    client = TestClient(app)
    html = client.get("/console/login").text
    assert f'<link rel="icon" href="{web.static_url("favicon.svg")}"' in html
    icon = client.get(web.static_url("favicon.svg"))
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")


def test_new_app_form_stars_only_what_is_required_and_empty_colors_look_unset(console, monkeypatch):
    async def catalog(request):
        return []

    monkeypatch.setattr(pages, "_niches", catalog)
    monkeypatch.setattr(pages, "_designs", catalog)
    html = console().get("/console/apps/new").text
    assert "Only the name and niche are required" in html
    assert html.count('class="req"') == 2  # name and niche; the language defaults to English
    assert html.count('type="color"') == 3 and html.count('class="unset"') == 2  # primary: a default


def test_image_sources_without_a_provider_are_disabled_and_errors_use_the_menu_labels(console, monkeypatch):
    async def catalog(request):
        return []

    monkeypatch.setattr(pages, "_niches", catalog)
    monkeypatch.setattr(pages, "_designs", catalog)
    html = console().get("/console/apps/new").text
    assert '<option value="stock" disabled>Stock photos (not set up on this installation)' in html
    assert '<option value="ai" disabled>' in html and '<option value="brand" selected>' in html
    said = pages._source_labels(
        "The image source 'stock' needs a provider that is not configured on this installation; "
        "use brand, screenshots or photos."
    )
    assert "'stock'" not in said and "“Stock photos”" in said and "“Your app's screenshots”" in said


def test_a_failed_delivery_that_will_be_retried_says_so(console, monkeypatch):
    endpoint = {
        "_id": "wh_1",
        "url": "https://example.com/h",
        "events": [],
        "description": "",
        "enabled": True,
        "disabled_reason": None,
        "failure_count": 1,
        "createdAt": "2026-11-25T12:00:00Z",
    }

    async def list_webhooks(*args, **kwargs):
        return WebhookList.of({"success": True, "data": [endpoint], "page": 1, "limit": 100, "total": 1})

    async def list_deliveries(*args, **kwargs):
        attempt = {
            "attempt": 1,
            "status_code": None,
            "duration_ms": 12,
            "error": "connection refused",
            "next_attempt_at": "2026-11-25T12:30:00Z",
            "createdAt": "2026-11-25T12:29:00Z",
        }
        delivery = {
            "_id": "d_1",
            "event": "slideshow.completed",
            "event_id": "ev_1",
            "status": "PENDING",
            "attempt_count": 1,
            "next_attempt_at": "2026-11-25T12:30:00Z",
            "createdAt": "2026-11-25T12:29:00Z",
            "attempts": [attempt],
        }
        return DeliveryList.of({"success": True, "data": [delivery], "page": 1, "limit": 50, "total": 1})

    monkeypatch.setattr(delivery_ops, "list_webhooks", list_webhooks)
    monkeypatch.setattr(delivery_ops, "list_deliveries", list_deliveries)
    html = console("pro").get("/console/webhooks/wh_1").text
    assert '<span class="badge badge-failed">Failed</span> <small>retrying at' in html
    assert "12:30 UTC" in html and "connection refused" in html
    assert "no answer" not in html and ">Pending<" not in html


def test_an_http_webhook_url_is_refused_once(console, monkeypatch):
    async def create_webhook(*args, **kwargs):
        raise ServiceError(
            "VALIDATION_ERROR",
            "bad",
            {"fields": [{"field": "url", "message": "Only https:// URLs are accepted."}]},
        )

    async def no_webhooks(*args, **kwargs):
        return WebhookList(data=[], page=1, limit=100, total=0)

    async def no_chats(*args, **kwargs):
        return ChatList(data=[], page=1, limit=100, total=0)

    monkeypatch.setattr(delivery_ops, "create_webhook", create_webhook)
    monkeypatch.setattr(delivery_ops, "list_webhooks", no_webhooks)
    monkeypatch.setattr(delivery_ops, "list_chat", no_chats)
    client = console("pro")
    resp = client.post(
        "/console/webhooks", data={"url": "http://example.com/h", "csrf_token": web.session_csrf("t" * 40)}
    )
    assert resp.status_code == 400
    assert "Only https:// URLs are accepted." in resp.text and "Must be https://" not in resp.text
