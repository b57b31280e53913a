"""Checkout and Billing Portal in billing's servicer, in process, against the stack's Postgres and
a local Stripe stand-in (testkit.billing.FakeStripe) on a free port: what is sent to Stripe, and
every refusal (no Stripe configured, Stripe errors, Stripe down) before or instead of it."""

from __future__ import annotations

import re
import uuid

import pytest
import stripe
from billing import server, store
from billing.payments import Payments, upstream_error
from billing.settings import Settings
from kit.db import make_engine
from kit.errors import ServiceError
from slides.billing.v1 import billing_pb2
from testkit.billing import FakeStripe, decode_form

KEY = "sk_test_in_process"


def test_decode_form_reads_the_sdk_encoding() -> None:
    pairs = [("line_items[0][price]", "p"), ("line_items[0][quantity]", "1"), ("k[]", "a"), ("k[]", "b")]
    pairs.append(("subscription_data[metadata][organization_id]", "org_1"))
    assert decode_form(pairs) == {
        "line_items": [{"price": "p", "quantity": "1"}],
        "k": ["a", "b"],
        "subscription_data": {"metadata": {"organization_id": "org_1"}},
    }


@pytest.fixture
async def engine(stack_env):
    eng = make_engine(stack_env["DATABASE_URL"], pool_size=2)
    yield eng
    await eng.dispose()


@pytest.fixture
def fake():
    f = FakeStripe(secret_key=KEY)
    yield f
    f.close()


def servicer(engine, stripe_base: str = "", key: str = KEY) -> server.BillingServicer:
    settings = Settings(
        stripe_secret_key=key if stripe_base else "",
        stripe_api_base=stripe_base,
        public_base_url="https://app.example",
        stripe_max_network_retries=0,
    )
    # Checkout and portal use neither the outbox relay, the mailer nor the watchers.
    return server.BillingServicer(engine, settings, None, None, None)  # type: ignore[arg-type]


async def new_org(engine, plan: str = "free", customer: str = "") -> str:
    org_id = f"org_{uuid.uuid4().hex[:20]}"
    async with engine.begin() as conn:
        await store.insert_organization(conn, org_id, "Self-serve Test", plan)
        if customer:
            await store.update_organization(conn, org_id, stripe_customer_id=customer)
    return org_id


async def checkout(svc: server.BillingServicer, org_id: str, plan: str = "pro", **urls: str):
    request = billing_pb2.CreateCheckoutSessionRequest(organization_id=org_id, plan=plan, **urls)
    return await server.BillingServicer.CreateCheckoutSession.__wrapped__(svc, request, None)  # type: ignore[attr-defined]


async def portal(svc: server.BillingServicer, org_id: str, return_url: str = ""):
    request = billing_pb2.CreateBillingPortalSessionRequest(organization_id=org_id, return_url=return_url)
    return await server.BillingServicer.CreateBillingPortalSession.__wrapped__(svc, request, None)  # type: ignore[attr-defined]


async def code_of(coro) -> str:
    try:
        await coro
    except ServiceError as err:
        return err.code
    return "OK"


async def test_without_a_secret_key_checkout_and_portal_are_unavailable(engine) -> None:
    assert not Payments("").configured
    svc = servicer(engine)
    org_id = await new_org(engine, customer=f"cus_{uuid.uuid4().hex[:12]}")
    with pytest.raises(ServiceError) as err:
        await checkout(svc, org_id)
    assert err.value.code == "UNAVAILABLE" and "STRIPE_SECRET_KEY" in err.value.message
    assert await code_of(portal(svc, org_id)) == "UNAVAILABLE"
    assert await code_of(checkout(svc, org_id, plan="free")) == "VALIDATION_ERROR"  # input first


async def test_checkout_sends_what_stripe_needs(engine, fake) -> None:
    svc = servicer(engine, fake.url)
    org_id = await new_org(engine)
    resp = await checkout(svc, org_id, plan="starter")
    assert resp.id.startswith("cs_test_") and resp.url.endswith(resp.id)
    [create] = fake.calls("POST", "/v1/checkout/sessions")
    assert create.headers["authorization"] == f"Bearer {KEY}"
    assert create.params["success_url"].startswith("https://app.example/console/usage?checkout=success")
    assert "{CHECKOUT_SESSION_ID}" in create.params["success_url"]
    assert create.params["cancel_url"] == "https://app.example/console/usage?checkout=canceled"
    assert create.params["metadata"] == {"organization_id": org_id, "plan": "starter"}
    assert "customer" not in create.params and "customer_email" not in create.params  # no users

    customer = fake.complete(resp.id)[0]["customer"]
    async with engine.begin() as conn:
        await store.update_organization(conn, org_id, stripe_customer_id=customer)
    await checkout(svc, org_id, plan="pro")
    assert fake.calls("POST", "/v1/checkout/sessions")[-1].params["customer"] == customer
    bps = await portal(svc, org_id, "https://app.example/back")
    assert bps.id.startswith("bps_")
    assert fake.calls("POST", "/v1/billing_portal/sessions")[-1].params == {
        "customer": customer,
        "return_url": "https://app.example/back",
    }


async def test_refusals_and_stripe_failures(engine, fake) -> None:
    svc = servicer(engine, fake.url)
    org_id = await new_org(engine, plan="starter")
    assert await code_of(checkout(svc, org_id, plan="starter")) == "CONFLICT"
    assert await code_of(checkout(svc, org_id, success_url="https://evil.example/")) == "VALIDATION_ERROR"
    assert await code_of(portal(svc, org_id)) == "CONFLICT"  # no customer yet
    assert await code_of(checkout(svc, "org_doesnotexist")) == "ORGANIZATION_NOT_FOUND"
    assert fake.calls("POST", "/v1/checkout/sessions") == []

    fake.fail("POST", "/v1/checkout/sessions", 402, type_="card_error", message="declined")
    assert await code_of(checkout(svc, org_id)) == "UPSTREAM_ERROR"
    wrong_key = servicer(engine, fake.url, key="sk_test_wrong")
    assert await code_of(checkout(wrong_key, org_id)) == "UPSTREAM_ERROR"
    fake.close()
    assert await code_of(checkout(svc, org_id)) == "UPSTREAM_ERROR"
    async with engine.connect() as conn:
        org = await store.get_organization(conn, org_id)
    assert org is not None and (org.plan, org.status, org.stripe_customer_id) == ("starter", "ACTIVE", None)


DETAIL = "acct_1 internal detail"


@pytest.mark.parametrize(
    ("err", "kind"),
    [
        (stripe.AuthenticationError(DETAIL, http_status=401), "authentication_error"),
        (stripe.PermissionError(DETAIL, http_status=403), "permission_error"),
        (stripe.RateLimitError(DETAIL, http_status=429), "rate_limit_error"),
        (stripe.InvalidRequestError(DETAIL, "price", http_status=400), "invalid_request_error"),
        (stripe.APIError(DETAIL, http_status=500), "api_error"),
        (stripe.APIConnectionError(DETAIL), "connection_error"),
        (stripe.StripeError(DETAIL), "api_error"),
    ],
)
def test_upstream_errors_name_stripes_error_type_never_a_class(err, kind) -> None:
    """An answer without Stripe's `type` (a proxy, an outage page) still gets one of Stripe's
    documented types, never the SDK's class name; the message says what failed and what to do."""
    out = upstream_error(err, "creating the Checkout Session")
    assert out.code == "UPSTREAM_ERROR" and out.details["stripe_error_type"] == kind
    text = out.message + repr(out.details)
    assert not re.search(r"[A-Z][a-z]+(?:[A-Z][a-z]+)*(?:Error|Exception)", text), text
    assert type(err).__name__ not in text and DETAIL not in text
    assert "creating the Checkout Session" in out.message and "nothing was changed" in out.message
    assert "try again" in out.message.lower() or "contact support" in out.message
