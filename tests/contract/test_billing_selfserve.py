"""Self-serve billing through the gateway: Stripe Checkout and the Billing Portal against a local
stand-in for Stripe's API (testkit.billing.FakeStripe), and the plan moved only by the events
Stripe would send, signed exactly as Stripe signs them.

The stack's billing must point STRIPE_API_BASE at http://127.0.0.1:<12111 + offset> (where the
stand-in listens) with STRIPE_SECRET_KEY set (`make test` exports both); the Stripe-backed tests
are skipped otherwise, and a stack without Stripe must answer checkout with 503 UNAVAILABLE.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
import stripe
from testkit.billing import FakeStripe

CHECKOUT = "/v0/api/v1/billing/checkout"
PORTAL = "/v0/api/v1/billing/portal"
WEBHOOK = "/v0/public/billing/payment-webhook"
OFFSET = int(os.environ.get("STACK_PORT_OFFSET", "0"))
STRIPE_PORT = 12111 + OFFSET


def stripe_base(stack_env: dict[str, str]) -> str:
    return os.environ.get("STRIPE_API_BASE") or stack_env.get("STRIPE_API_BASE", "")


@pytest.fixture
def fake_stripe(stack_env) -> Iterator[FakeStripe]:
    base = stripe_base(stack_env)
    if base != f"http://127.0.0.1:{STRIPE_PORT}":
        pytest.skip(
            f"the stack's STRIPE_API_BASE does not point at a local stand-in (127.0.0.1:{STRIPE_PORT})"
        )
    fake = FakeStripe(port=STRIPE_PORT, secret_key=os.environ.get("STRIPE_SECRET_KEY", ""))
    yield fake
    fake.close()


@pytest.fixture(scope="module")
def secret(stack_env: dict[str, str]) -> str:
    return (
        os.environ.get("STRIPE_WEBHOOK_SECRET")
        or stack_env.get("STRIPE_WEBHOOK_SECRET")
        or "whsec_test_local"
    )


@pytest.fixture
def http(gateway_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=gateway_url, timeout=60) as client:
        yield client


_OPEN: list[httpx.Client] = []


@pytest.fixture(autouse=True)
def _close_clients() -> Iterator[None]:
    yield
    while _OPEN:
        _OPEN.pop().close()


def signed_in(gateway_url: str, org: dict[str, str]) -> httpx.Client:
    """A client with the owner's session (Bearer session token)."""
    c = httpx.Client(base_url=gateway_url, timeout=60)
    _OPEN.append(c)
    login = c.post("/v0/auth/login", json={"email": org["email"], "password": org["password"]})
    assert login.status_code == 200, login.text
    c.headers["Authorization"] = f"Bearer {login.json()['body']['session_token']}"
    return c


def keyed(gateway_url: str, org: dict[str, str]) -> httpx.Client:
    c = httpx.Client(base_url=gateway_url, timeout=60, headers={"Authorization": f"Bearer {org['api_key']}"})
    _OPEN.append(c)
    return c


def send_event(http: httpx.Client, secret: str, type_: str, obj: dict[str, Any]) -> None:
    """As Stripe sends it: the Event JSON, `Stripe-Signature: t=...,v1=<HMAC-SHA256>`."""
    evt = {
        "id": f"evt_{uuid.uuid4().hex}",
        "object": "event",
        "api_version": stripe.api_version,
        "created": int(time.time()),
        "livemode": False,
        "type": type_,
        "data": {"object": obj},
    }
    payload = json.dumps(evt)
    header = stripe.WebhookSignature.generate_signature_header(payload, secret)
    assert header.startswith("t=") and ",v1=" in header
    resp = http.post(
        WEBHOOK, content=payload, headers={"Content-Type": "application/json", "Stripe-Signature": header}
    )
    assert resp.status_code == 200, resp.text
    assert resp.json() == {"received": True}


def pay(http: httpx.Client, secret: str, fake: FakeStripe, session_id: str) -> dict[str, Any]:
    """The customer pays at Checkout: the events Stripe then sends, in its usual order."""
    session, sub = fake.complete(session_id)
    send_event(http, secret, "checkout.session.completed", session)
    send_event(http, secret, "customer.subscription.created", sub)
    item = sub["items"]["data"][0]
    send_event(
        http,
        secret,
        "invoice.payment_succeeded",
        {
            "id": f"in_{uuid.uuid4().hex[:14]}",
            "object": "invoice",
            "customer": sub["customer"],
            "subscription": sub["id"],
            "amount_paid": item["price"]["unit_amount"],
            "currency": "usd",
            "status": "paid",
            "period_start": item["current_period_start"],
            "period_end": item["current_period_end"],
            "lines": {
                "object": "list",
                "data": [
                    {"period": {"start": item["current_period_start"], "end": item["current_period_end"]}}
                ],
            },
        },
    )
    return sub


def error_code(resp: httpx.Response) -> tuple[int, str]:
    body = resp.json()
    assert body["success"] is False, body
    return resp.status_code, body["error"]["code"]


def bad_fields(resp: httpx.Response) -> list[str]:
    assert error_code(resp) == (400, "VALIDATION_ERROR"), resp.text
    return [f["field"] for f in resp.json()["error"]["details"]["fields"]]


def test_free_to_pro_portal_suspension_and_back(http, secret, fake_stripe, new_org, gateway_url) -> None:
    org = new_org("free")
    org_id = org["organization_id"]
    owner, key = signed_in(gateway_url, org), keyed(gateway_url, org)
    # Free: the key is refused, the session is not; the owner starts Checkout for Pro.
    assert error_code(key.get("/v0/api/v1/usage")) == (403, "PLAN_LACKS_API")
    started = owner.post(CHECKOUT, json={"plan": "pro"})
    assert started.status_code == 200, started.text
    body = started.json()
    assert body["success"] is True
    assert body["body"]["id"].startswith("cs_") and body["body"]["url"].startswith(
        "https://checkout.stripe.com/"
    )
    [price_call] = fake_stripe.calls("GET", "/v1/prices")
    assert price_call.params["lookup_keys"] == ["pro"]
    [create] = fake_stripe.calls("POST", "/v1/checkout/sessions")
    p = create.params
    assert create.headers["authorization"].startswith("Bearer sk_")
    assert create.headers["content-type"].startswith("application/x-www-form-urlencoded")
    assert p["mode"] == "subscription"
    assert p["line_items"] == [{"price": fake_stripe.prices["pro"]["id"], "quantity": "1"}]
    assert p["client_reference_id"] == org_id
    assert p["subscription_data"]["metadata"]["organization_id"] == org_id
    assert "customer" not in p and p["customer_email"] == org["email"]
    base = urlsplit(gateway_url)
    for name in ("success_url", "cancel_url"):
        assert urlsplit(p[name]).hostname == base.hostname, p[name]
    # Nothing changed yet: the plan moves only with Stripe's signed events.
    assert owner.get("/v0/api/v1/organization").json()["body"]["plan"] == "free"

    sub = pay(http, secret, fake_stripe, body["body"]["id"])
    org_now = owner.get("/v0/api/v1/organization").json()["body"]
    assert org_now["plan"] == "pro" and org_now["status"] == "ACTIVE"
    assert org_now["stripe_customer_id"] == sub["customer"]
    assert org_now["subscription"]["id"] == sub["id"] and org_now["subscription"]["status"] == "ACTIVE"
    # Pro: the API key works now.
    usage = key.get("/v0/api/v1/usage")
    assert usage.status_code == 200 and usage.json()["body"]["plan"] == "pro", usage.text

    # A live subscription changes plan in the Portal, never through a second Checkout.
    for plan in ("pro", "business"):
        assert error_code(key.post(CHECKOUT, json={"plan": plan})) == (409, "CONFLICT")
    assert len(fake_stripe.calls("POST", "/v1/checkout/sessions")) == 1
    portal = key.post(PORTAL, json={})
    assert portal.status_code == 200, portal.text
    assert portal.json()["body"]["id"].startswith("bps_")
    assert portal.json()["body"]["url"].startswith("https://billing.stripe.com/")
    [portal_call] = fake_stripe.calls("POST", "/v1/billing_portal/sessions")
    assert portal_call.params["customer"] == sub["customer"]
    assert urlsplit(portal_call.params["return_url"]).hostname == base.hostname

    # Canceled in the Portal: Stripe deletes the subscription and the organization is suspended.
    send_event(http, secret, "customer.subscription.deleted", fake_stripe.cancel(sub["id"]))
    assert error_code(key.get("/v0/api/v1/usage")) == (403, "ORGANIZATION_SUSPENDED")
    assert error_code(key.post(CHECKOUT, json={"plan": "pro"})) == (403, "ORGANIZATION_SUSPENDED")
    # The owner's session still reaches what paying needs, and nothing else.
    assert error_code(owner.get("/v0/api/v1/apps")) == (403, "ORGANIZATION_SUSPENDED")
    assert error_code(owner.get("/v0/api/v1/api-keys")) == (403, "ORGANIZATION_SUSPENDED")
    assert owner.get("/v0/api/v1/usage").json()["body"]["status"] == "SUSPENDED"
    assert owner.get("/v0/api/v1/organization").json()["body"]["status"] == "SUSPENDED"
    assert owner.post(PORTAL, json={}).status_code == 200
    again = owner.post(CHECKOUT, json={"plan": "pro"})
    assert again.status_code == 200, again.text
    second = fake_stripe.calls("POST", "/v1/checkout/sessions")[-1]
    assert second.params["customer"] == sub["customer"] and "customer_email" not in second.params

    # Resubscribed: ACTIVE again, and the key works.
    new_sub = pay(http, secret, fake_stripe, again.json()["body"]["id"])
    assert new_sub["customer"] == sub["customer"]
    back = key.get("/v0/api/v1/usage")
    assert back.status_code == 200, back.text
    assert back.json()["body"]["status"] == "ACTIVE" and back.json()["body"]["plan"] == "pro"
    assert owner.get("/v0/api/v1/apps").status_code == 200


def test_checkout_validation_and_conflicts(fake_stripe, new_org, gateway_url) -> None:
    org = new_org("starter")
    owner = signed_in(gateway_url, org)
    for body in ({"plan": "free"}, {"plan": "platinum"}, {}, {"plan": 3}, {"plan": ""}):
        assert bad_fields(owner.post(CHECKOUT, json=body)) == ["plan"], body
    assert bad_fields(owner.post(CHECKOUT, json={"plan": "pro", "coupon": "x"})) == ["coupon"]
    assert error_code(owner.post(CHECKOUT, json={"plan": "starter"})) == (409, "CONFLICT")

    base = urlsplit(gateway_url)
    own = f"{base.scheme}://{base.netloc}/console/usage?done=1"
    for name, value in (
        ("success_url", "https://evil.example/thanks"),
        ("cancel_url", "https://evil.example/back"),
        ("success_url", "javascript:alert(1)"),
        ("success_url", f"{base.scheme}://user:pw@{base.hostname}/x"),
        ("cancel_url", "/relative/path"),
        ("success_url", f"{base.scheme}://{base.hostname}.evil.example/x"),
    ):
        resp = owner.post(CHECKOUT, json={"plan": "pro", "success_url": own, name: value})
        assert bad_fields(resp) == [name], (name, value)
    assert bad_fields(owner.post(PORTAL, json={"return_url": "https://evil.example/"})) == ["return_url"]
    assert fake_stripe.calls("POST", "/v1/checkout/sessions") == []

    ok = owner.post(CHECKOUT, json={"plan": "business", "success_url": own, "cancel_url": own})
    assert ok.status_code == 200, ok.text
    create = fake_stripe.calls("POST", "/v1/checkout/sessions")[-1]
    assert create.params["success_url"] == own and create.params["cancel_url"] == own
    assert create.params["line_items"][0]["price"] == fake_stripe.prices["business"]["id"]

    # No Stripe customer yet: nothing to manage in the Portal.
    assert error_code(owner.post(PORTAL)) == (409, "CONFLICT")


def test_checkout_with_an_api_key_and_without_credentials(fake_stripe, new_org, gateway_url) -> None:
    org = new_org("pro")
    key = keyed(gateway_url, org)
    resp = key.post(CHECKOUT, json={"plan": "business"})
    assert resp.status_code == 200, resp.text
    assert (
        fake_stripe.calls("POST", "/v1/checkout/sessions")[-1].params["client_reference_id"]
        == (org["organization_id"])
    )
    assert error_code(key.post(CHECKOUT, json={"plan": "pro"})) == (409, "CONFLICT")
    with httpx.Client(base_url=gateway_url, timeout=30) as anon:
        assert error_code(anon.post(CHECKOUT, json={"plan": "pro"})) == (401, "UNAUTHORIZED")
        assert error_code(anon.post(PORTAL, json={})) == (401, "UNAUTHORIZED")
    free = new_org("free")
    free_key = keyed(gateway_url, free)
    assert error_code(free_key.post(CHECKOUT, json={"plan": "pro"})) == (403, "PLAN_LACKS_API")


def test_stripe_errors_are_upstream_errors_and_change_nothing(
    http, secret, fake_stripe, new_org, gateway_url
):
    org = new_org("free")
    owner = signed_in(gateway_url, org)
    fake_stripe.fail("POST", "/v1/checkout/sessions", 400, message="No such price", code="resource_missing")
    resp = owner.post(CHECKOUT, json={"plan": "pro"})
    assert error_code(resp) == (502, "UPSTREAM_ERROR"), resp.text
    details = resp.json()["error"]["details"]
    assert details["stripe_error_type"] == "invalid_request_error" and details["stripe_status"] == 400
    assert "No such price" not in resp.text

    fake_stripe.fail("GET", "/v1/prices", 500, type_="api_error", message="Stripe is having a bad day")
    assert error_code(owner.post(CHECKOUT, json={"plan": "pro"})) == (502, "UPSTREAM_ERROR")

    del fake_stripe.prices["business"]  # no Price with that lookup_key in the account
    assert error_code(owner.post(CHECKOUT, json={"plan": "business"})) == (502, "UPSTREAM_ERROR")

    started = owner.post(CHECKOUT, json={"plan": "pro"})
    assert started.status_code == 200, started.text
    session, _ = fake_stripe.complete(started.json()["body"]["id"])
    send_event(http, secret, "checkout.session.completed", session)
    fake_stripe.fail("POST", "/v1/billing_portal/sessions", 401, message="Invalid API Key provided")
    assert error_code(owner.post(PORTAL, json={})) == (502, "UPSTREAM_ERROR")

    after = owner.get("/v0/api/v1/organization").json()["body"]
    assert after["plan"] == "free" and after["status"] == "ACTIVE" and after["subscription"] is None

    # Stripe unreachable (connection refused).
    fake_stripe.close()
    down = owner.post(CHECKOUT, json={"plan": "pro"})
    assert error_code(down) == (502, "UPSTREAM_ERROR"), down.text
    assert "could not be reached" in down.json()["error"]["message"]
    assert error_code(owner.post(PORTAL, json={})) == (502, "UPSTREAM_ERROR")
    assert owner.get("/v0/api/v1/organization").json()["body"]["plan"] == "free"


def test_without_stripe_checkout_is_unavailable(stack_env, new_org, gateway_url) -> None:
    if stripe_base(stack_env) or os.environ.get("STRIPE_SECRET_KEY"):
        pytest.skip("this stack has Stripe configured")
    org = new_org("free")
    owner = signed_in(gateway_url, org)
    resp = owner.post(CHECKOUT, json={"plan": "pro"})
    assert error_code(resp) == (503, "UNAVAILABLE")
    assert "STRIPE_SECRET_KEY" in resp.json()["error"]["message"]
    assert error_code(owner.post(PORTAL, json={})) == (503, "UNAVAILABLE")
    assert bad_fields(owner.post(CHECKOUT, json={"plan": "free"})) == ["plan"]


def test_openapi_documents_checkout_and_portal(http) -> None:
    doc = http.get("/openapi.json").json()
    for path in (CHECKOUT, PORTAL):
        op = doc["paths"][path]["post"]
        assert op["security"], path
        for status in ("200", "400", "401", "403", "409", "502", "503"):
            assert status in op["responses"], (path, status)
