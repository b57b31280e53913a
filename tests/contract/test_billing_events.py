"""Inbound Stripe events over HTTP, signed with the stripe package's own helper: every event
type's effect seen through the public API, bad/missing/stale signatures, duplicates (also
concurrent ones), out-of-order subscription updates and unknown event types."""

from __future__ import annotations

import json
import os
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
import stripe

WEBHOOK = "/v0/public/billing/payment-webhook"


@pytest.fixture(scope="module")
def secret(stack_env: dict[str, str]) -> str:
    return (
        os.environ.get("STRIPE_WEBHOOK_SECRET")
        or stack_env.get("STRIPE_WEBHOOK_SECRET")
        or "whsec_test_local"
    )


@pytest.fixture
def http(gateway_url: str):
    with httpx.Client(base_url=gateway_url, timeout=30) as client:
        yield client


def event(type_: str, obj: dict[str, Any], created: int | None = None, event_id: str = "") -> dict[str, Any]:
    return {
        "id": event_id or f"evt_{uuid.uuid4().hex}",
        "object": "event",
        "type": type_,
        "created": created if created is not None else int(time.time()),
        "livemode": False,
        "data": {"object": obj},
    }


def sign(payload: str, secret: str, timestamp: int | None = None) -> str:
    return stripe.WebhookSignature.generate_signature_header(payload, secret, timestamp=timestamp)


def post(http: httpx.Client, secret: str, evt: dict[str, Any]) -> httpx.Response:
    payload = json.dumps(evt)
    return http.post(
        WEBHOOK,
        content=payload,
        headers={"Content-Type": "application/json", "Stripe-Signature": sign(payload, secret)},
    )


def deliver(http: httpx.Client, secret: str, evt: dict[str, Any]) -> dict[str, Any]:
    resp = post(http, secret, evt)
    assert resp.status_code == 200, resp.text
    return resp.json()


def subscription(
    sub_id: str,
    customer: str,
    status: str = "active",
    plan: str = "pro",
    period: tuple[int, int] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    start, end = period or (int(time.time()) - 60, int(time.time()) + 30 * 86400)
    return {
        "id": sub_id,
        "object": "subscription",
        "customer": customer,
        "status": status,
        "items": {
            "object": "list",
            "data": [
                {
                    "id": f"si_{uuid.uuid4().hex[:12]}",
                    "current_period_start": start,
                    "current_period_end": end,
                    "price": {"id": "price_x", "lookup_key": plan, "metadata": {}},
                }
            ],
        },
        **extra,
    }


@pytest.fixture
def linked(http: httpx.Client, secret: str, new_org, client_for):
    """A Pro organization whose Stripe customer is known (checkout completed)."""
    org = new_org("pro")
    customer = f"cus_{uuid.uuid4().hex[:14]}"
    deliver(
        http,
        secret,
        event(
            "checkout.session.completed",
            {
                "id": f"cs_{uuid.uuid4().hex}",
                "object": "checkout.session",
                "client_reference_id": org["organization_id"],
                "customer": customer,
            },
        ),
    )
    org["customer"] = customer
    org["client"] = client_for(org["api_key"])
    return org


def usage(org: dict[str, Any]) -> httpx.Response:
    return org["client"].get("/v0/api/v1/usage")


def organization(org: dict[str, Any]) -> dict[str, Any]:
    resp = org["client"].get("/v0/api/v1/organization")
    assert resp.status_code == 200, resp.text
    return resp.json()["body"]


def status_of(org: dict[str, Any]) -> str:
    resp = usage(org)
    if resp.status_code == 403 and resp.json()["error"]["code"] == "ORGANIZATION_SUSPENDED":
        return "SUSPENDED"
    assert resp.status_code == 200, resp.text
    return resp.json()["body"]["status"]


def test_checkout_completed_stores_the_customer(linked) -> None:
    body = linked["client"].get("/v0/api/v1/organization").json()["body"]
    assert body["stripe_customer_id"] == linked["customer"]


def test_bad_missing_and_stale_signatures(http: httpx.Client, secret: str, new_org, client_for) -> None:
    org = new_org("pro")
    customer = f"cus_{uuid.uuid4().hex[:14]}"
    evt = event(
        "checkout.session.completed",
        {
            "id": "cs_1",
            "object": "checkout.session",
            "client_reference_id": org["organization_id"],
            "customer": customer,
        },
    )
    payload = json.dumps(evt)
    cases = {
        "missing": {},
        "wrong secret": {"Stripe-Signature": sign(payload, "whsec_wrong")},
        "garbage": {"Stripe-Signature": "t=abc,v1=zzz"},
        "stale": {"Stripe-Signature": sign(payload, secret, timestamp=int(time.time()) - 600)},
        "other body": {"Stripe-Signature": sign(payload.replace("cs_1", "cs_2"), secret)},
    }
    for name, headers in cases.items():
        resp = http.post(WEBHOOK, content=payload, headers={"Content-Type": "application/json", **headers})
        assert resp.status_code == 400, (name, resp.text)
        assert resp.json()["error"]["code"] == "INVALID_SIGNATURE", name
    # Nothing changed: the customer was not stored, and the id was not recorded.
    body = client_for(org["api_key"]).get("/v0/api/v1/organization").json()["body"]
    assert body["stripe_customer_id"] is None
    assert "duplicate" not in deliver(http, secret, evt)


def test_signed_garbage_is_a_validation_error(http: httpx.Client, secret: str) -> None:
    for payload in ["not json", "[1, 2]", json.dumps({"id": "evt_x"})]:
        resp = http.post(WEBHOOK, content=payload, headers={"Stripe-Signature": sign(payload, secret)})
        assert resp.status_code == 400, resp.text
        assert resp.json()["error"]["code"] == "VALIDATION_ERROR"


def test_event_without_created_is_processed(http, secret, linked) -> None:
    """Hand-built events often leave out `created`: the verified signature's freshness is enough."""
    evt = event(
        "invoice.payment_failed",
        {
            "id": f"in_{uuid.uuid4().hex[:12]}",
            "object": "invoice",
            "customer": linked["customer"],
            "amount_due": 1900,
            "currency": "usd",
        },
    )
    del evt["created"]
    assert deliver(http, secret, evt) == {"received": True}
    assert status_of(linked) == "PAST_DUE"


def test_subscription_created_mirrors_plan_and_status(http, secret, linked) -> None:
    sub = subscription(f"sub_{uuid.uuid4().hex[:12]}", linked["customer"], plan="business")
    assert deliver(http, secret, event("customer.subscription.created", sub)) == {"received": True}
    body = usage(linked).json()["body"]
    assert body["plan"] == "business" and body["status"] == "ACTIVE"
    assert body["limits"]["apps"] == 50
    start = sub["items"]["data"][0]["current_period_start"]
    assert body["period_start"].startswith(time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(start)))


def test_plan_from_price_metadata(http, secret, linked) -> None:
    sub = subscription(f"sub_{uuid.uuid4().hex[:12]}", linked["customer"], plan="")
    sub["items"]["data"][0]["price"] = {"id": "price_y", "lookup_key": None, "metadata": {"plan": "business"}}
    deliver(http, secret, event("customer.subscription.created", sub))
    assert usage(linked).json()["body"]["plan"] == "business"


def test_org_found_by_metadata_when_customer_unknown(http, secret, new_org, client_for) -> None:
    org = new_org("pro")
    org["client"] = client_for(org["api_key"])
    sub = subscription(
        f"sub_{uuid.uuid4().hex[:12]}",
        f"cus_{uuid.uuid4().hex[:14]}",
        plan="business",
        metadata={"organization_id": org["organization_id"]},
    )
    deliver(http, secret, event("customer.subscription.created", sub))
    assert usage(org).json()["body"]["plan"] == "business"
    assert (
        org["client"].get("/v0/api/v1/organization").json()["body"]["stripe_customer_id"] == sub["customer"]
    )


def test_subscription_updated_past_due_keeps_access(http, secret, linked) -> None:
    sub_id = f"sub_{uuid.uuid4().hex[:12]}"
    now = int(time.time())
    deliver(
        http, secret, event("customer.subscription.created", subscription(sub_id, linked["customer"]), now)
    )
    deliver(
        http,
        secret,
        event(
            "customer.subscription.updated",
            subscription(sub_id, linked["customer"], status="past_due"),
            now + 1,
        ),
    )
    assert status_of(linked) == "PAST_DUE"
    assert organization(linked)["subscription"]["status"] == "PAST_DUE"
    deliver(
        http,
        secret,
        event(
            "customer.subscription.updated",
            subscription(sub_id, linked["customer"], status="trialing"),
            now + 2,
        ),
    )
    assert status_of(linked) == "ACTIVE"
    sub = organization(linked)["subscription"]
    assert (sub["id"], sub["status"], sub["plan"]) == (sub_id, "TRIALING", "pro")


def test_out_of_order_updates_do_not_move_backwards(http, secret, linked) -> None:
    sub_id = f"sub_{uuid.uuid4().hex[:12]}"
    now = int(time.time())
    newer = event(
        "customer.subscription.updated", subscription(sub_id, linked["customer"], plan="business"), now + 20
    )
    older = event(
        "customer.subscription.updated",
        subscription(sub_id, linked["customer"], plan="pro", status="past_due"),
        now + 10,
    )
    deliver(http, secret, newer)
    assert deliver(http, secret, older) == {"received": True}
    body = usage(linked).json()["body"]
    assert body["plan"] == "business" and body["status"] == "ACTIVE"


def test_deleted_suspends_until_new_subscription(http, secret, linked) -> None:
    sub_id = f"sub_{uuid.uuid4().hex[:12]}"
    now = int(time.time())
    deliver(
        http, secret, event("customer.subscription.created", subscription(sub_id, linked["customer"]), now)
    )
    deliver(
        http,
        secret,
        event(
            "customer.subscription.deleted",
            subscription(sub_id, linked["customer"], status="canceled"),
            now + 5,
        ),
    )
    resp = usage(linked)
    assert resp.status_code == 403, resp.text
    assert resp.json()["error"]["code"] == "ORGANIZATION_SUSPENDED"
    # The owner's session is blocked as well, except where paying needs it (usage, organization,
    # checkout, portal: tests/contract/test_billing_selfserve.py).
    login = http.post("/v0/auth/login", json={"email": linked["email"], "password": linked["password"]})
    session = {"Authorization": f"Bearer {login.json()['body']['session_token']}"}
    resp = linked["client"].get("/v0/api/v1/apps", headers=session)
    assert resp.status_code == 403 and resp.json()["error"]["code"] == "ORGANIZATION_SUSPENDED"
    resp = linked["client"].get("/v0/api/v1/usage", headers=session)
    assert resp.status_code == 200 and resp.json()["body"]["status"] == "SUSPENDED", resp.text
    # A late update of the canceled subscription does not bring it back.
    deliver(
        http,
        secret,
        event(
            "customer.subscription.updated",
            subscription(sub_id, linked["customer"], status="active"),
            now + 10,
        ),
    )
    assert status_of(linked) == "SUSPENDED"
    # A failed payment does not lift it either.
    deliver(
        http,
        secret,
        event(
            "invoice.payment_failed",
            {
                "id": "in_x",
                "object": "invoice",
                "customer": linked["customer"],
                "amount_due": 1900,
                "currency": "usd",
            },
        ),
    )
    assert status_of(linked) == "SUSPENDED"
    # A new subscription does.
    deliver(
        http,
        secret,
        event(
            "customer.subscription.created",
            subscription(f"sub_{uuid.uuid4().hex[:12]}", linked["customer"]),
            now + 20,
        ),
    )
    assert status_of(linked) == "ACTIVE"


def test_successful_payment_lifts_suspension(http, secret, linked) -> None:
    sub_id = f"sub_{uuid.uuid4().hex[:12]}"
    deliver(
        http,
        secret,
        event("customer.subscription.deleted", subscription(sub_id, linked["customer"], status="canceled")),
    )
    assert status_of(linked) == "SUSPENDED"
    deliver(
        http,
        secret,
        event(
            "invoice.payment_succeeded",
            {
                "id": "in_y",
                "object": "invoice",
                "customer": linked["customer"],
                "amount_paid": 1900,
                "currency": "usd",
            },
        ),
    )
    assert status_of(linked) == "ACTIVE"


def test_payment_failed_marks_past_due_and_keeps_access(http, secret, linked) -> None:
    deliver(
        http,
        secret,
        event(
            "invoice.payment_failed",
            {
                "id": f"in_{uuid.uuid4().hex[:10]}",
                "object": "invoice",
                "customer": linked["customer"],
                "amount_due": 4900,
                "currency": "eur",
            },
        ),
    )
    assert status_of(linked) == "PAST_DUE"
    assert linked["client"].get("/v0/api/v1/api-keys").status_code == 200


def test_payment_succeeded_reactivates_and_rolls_usage_over(http, secret, linked, use_quota) -> None:
    org_id = linked["organization_id"]
    created = linked["client"].post("/v0/api/v1/apps", json={"name": f"Live {uuid.uuid4().hex[:6]}"})
    assert created.status_code == 201, created.text  # one live app: counted, not rolled over
    deliver(
        http,
        secret,
        event(
            "invoice.payment_failed",
            {
                "id": "in_z",
                "object": "invoice",
                "customer": linked["customer"],
                "amount_due": 100,
                "currency": "usd",
            },
        ),
    )
    use_quota(org_id, "slideshows_per_month", 3)  # three slideshows of this period without rendering
    before = usage(linked).json()["body"]
    assert before["usage"]["slideshows_per_month"]["used"] == 3
    start, end = int(time.time()) - 5, int(time.time()) + 30 * 86400
    deliver(
        http,
        secret,
        event(
            "invoice.payment_succeeded",
            {
                "id": f"in_{uuid.uuid4().hex[:10]}",
                "object": "invoice",
                "customer": linked["customer"],
                "amount_paid": 4900,
                "currency": "usd",
                "lines": {"object": "list", "data": [{"id": "il_1", "period": {"start": start, "end": end}}]},
            },
        ),
    )
    after = usage(linked).json()["body"]
    assert after["status"] == "ACTIVE"
    assert after["usage"]["slideshows_per_month"]["used"] == 0
    assert after["usage"]["apps"]["used"] == 1  # live apps are not a per-period count
    assert after["period_start"] != before["period_start"]


def test_duplicate_event_id(http, secret, linked) -> None:
    evt = event(
        "invoice.payment_failed",
        {
            "id": "in_dup",
            "object": "invoice",
            "customer": linked["customer"],
            "amount_due": 1,
            "currency": "usd",
        },
    )
    assert deliver(http, secret, evt) == {"received": True}
    # Put the org back to ACTIVE, then replay: the duplicate must have no effect.
    deliver(
        http,
        secret,
        event(
            "invoice.payment_succeeded", {"id": "in_ok", "object": "invoice", "customer": linked["customer"]}
        ),
    )
    assert deliver(http, secret, evt) == {"received": True, "duplicate": True}
    assert status_of(linked) == "ACTIVE"


def test_concurrent_duplicates_process_once(gateway_url: str, secret, linked) -> None:
    evt = event(
        "invoice.payment_failed",
        {
            "id": "in_cc",
            "object": "invoice",
            "customer": linked["customer"],
            "amount_due": 1,
            "currency": "usd",
        },
    )
    payload = json.dumps(evt)
    headers = {"Content-Type": "application/json", "Stripe-Signature": sign(payload, secret)}

    def send(_: int) -> dict[str, Any]:
        resp = httpx.post(gateway_url + WEBHOOK, content=payload, headers=headers, timeout=30)
        assert resp.status_code == 200, resp.text
        return resp.json()

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(send, range(8)))
    assert sum(1 for a in answers if not a.get("duplicate")) == 1
    assert sum(1 for a in answers if a.get("duplicate")) == 7


def test_unknown_event_types_are_recorded(http, secret) -> None:
    evt = event("customer.tax_id.created", {"id": "txi_1", "object": "tax_id"})
    assert deliver(http, secret, evt) == {"received": True}
    assert deliver(http, secret, evt) == {"received": True, "duplicate": True}


def test_event_for_unknown_organization_is_received(http, secret) -> None:
    evt = event("invoice.payment_failed", {"id": "in_q", "object": "invoice", "customer": "cus_nobody"})
    assert deliver(http, secret, evt) == {"received": True}


@pytest.fixture(scope="module")
def smtp_inbox(stack_env: dict[str, str]):
    """A real SMTP server (aiosmtpd) on the port of the stack's SMTP_URL."""
    from email import message_from_bytes
    from urllib.parse import urlsplit

    from aiosmtpd.controller import Controller

    url = os.environ.get("SMTP_URL") or stack_env.get("SMTP_URL")
    if not url:
        pytest.skip("the stack passes no SMTP_URL to billing (mail is only logged)")
    parts = urlsplit(url)
    messages: list[Any] = []

    class Handler:
        async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd hook name
            messages.append(message_from_bytes(envelope.content))
            return "250 OK"

    controller = Controller(Handler(), hostname=parts.hostname, port=parts.port)
    controller.start()
    yield messages
    controller.stop()


def wait_for_mail(messages: list[Any], to_addr: str, timeout: float = 30) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for m in messages:
            if m["To"] == to_addr:
                return m
        time.sleep(0.1)
    raise AssertionError(f"no e-mail to {to_addr} within {timeout}s")


def test_payment_failed_and_suspension_mails(http, secret, linked, smtp_inbox) -> None:
    deliver(
        http,
        secret,
        event(
            "invoice.payment_failed",
            {
                "id": "in_mail",
                "object": "invoice",
                "customer": linked["customer"],
                "amount_due": 4900,
                "currency": "eur",
            },
        ),
    )
    msg = wait_for_mail(smtp_inbox, linked["email"])
    assert "49.00 EUR" in msg["Subject"] and "49.00 EUR" in msg.get_payload()
    smtp_inbox.clear()
    deliver(
        http,
        secret,
        event(
            "customer.subscription.deleted",
            subscription(f"sub_{uuid.uuid4().hex[:12]}", linked["customer"], status="canceled"),
        ),
    )
    msg = wait_for_mail(smtp_inbox, linked["email"])
    assert "suspended" in msg["Subject"].lower()


def test_payment_failed_mail_without_owner_goes_to_the_invoice_email(
    http, secret, create_org, smtp_inbox
) -> None:
    org = create_org("No Owner", "pro")
    to_addr = f"billing-{uuid.uuid4().hex[:8]}@example.com"
    invoice = {
        "id": f"in_{uuid.uuid4().hex[:12]}",
        "object": "invoice",
        "customer": f"cus_{uuid.uuid4().hex[:14]}",
        "customer_email": to_addr,
        "amount_due": 1250,
        "currency": "usd",
        "metadata": {"organization_id": org["organization_id"]},
    }
    deliver(http, secret, event("invoice.payment_failed", invoice))
    msg = wait_for_mail(smtp_inbox, to_addr)
    assert "12.50 USD" in msg["Subject"]
