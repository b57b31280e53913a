"""Inbound billing-provider (Stripe) events: verify, record the event id, apply its effect.

Every event runs in one transaction that starts by inserting its id (unique key), so two
copies arriving together resolve to one processing: the second insert waits for the first
transaction and then finds the id taken. E-mails are queued in the same transaction and
sent later by the mail worker.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import stripe
from kit import ids, logs
from kit.errors import ServiceError, validation_error
from kit.uow import UnitOfWork
from sqlalchemy.ext.asyncio import AsyncConnection

from billing import domain, store

log = logs.get(__name__)


@dataclass(frozen=True)
class Result:
    event_id: str
    event_type: str
    duplicate: bool
    # The organization the event changed, if any.
    organization_id: str = ""


def verify(payload: bytes, signature: str, secret: str, tolerance: int) -> dict[str, Any]:
    """The verified event as plain JSON; INVALID_SIGNATURE for a bad, missing or stale signature."""
    try:
        payload.decode("utf-8")
    except UnicodeDecodeError:
        # Stripe signs UTF-8 JSON; bytes that are not text cannot carry a valid signature.
        raise ServiceError("INVALID_SIGNATURE", "The Stripe-Signature header does not verify.") from None
    try:
        stripe.Webhook.construct_event(payload, signature or None, secret, tolerance=tolerance)
    except stripe.SignatureVerificationError:
        raise ServiceError("INVALID_SIGNATURE", "The Stripe-Signature header does not verify.") from None
    except Exception:  # verified, but not an event object (construct_event parses after verifying)
        raise validation_error([("body", "not a JSON event")], "Malformed event payload.") from None
    event = json.loads(payload)
    if not isinstance(event, dict):
        raise validation_error([("body", "not a JSON object")], "Malformed event payload.")
    problems = []
    if not isinstance(event.get("id"), str) or not event["id"] or len(event["id"]) > 255:
        problems.append(("id", "must be a non-empty string"))
    if not isinstance(event.get("type"), str) or not event["type"]:
        problems.append(("type", "must be a non-empty string"))
    # Hand-built test events often omit `created`; the signature's own timestamp is fresh (checked
    # against the tolerance), so arrival time stands in for it.
    event.setdefault("created", int(time.time()))
    if not isinstance(event["created"], int) or isinstance(event["created"], bool):
        problems.append(("created", "must be a unix timestamp"))
    if not isinstance(event.get("data"), dict) or not isinstance(event["data"].get("object"), dict):
        problems.append(("data.object", "must be an object"))
    if problems:
        raise validation_error(problems, "Malformed event payload.")
    return event


def _str(value: Any) -> str:
    """An id field that may be expanded into an object."""
    if isinstance(value, dict):
        value = value.get("id")
    return value if isinstance(value, str) else ""


def _email(value: Any) -> str:
    ok = (
        isinstance(value, str)
        and 3 <= len(value) <= 254
        and "@" in value
        and not any(c in value for c in "\r\n,;<>")
    )
    return value if ok else ""


def _org_hint(obj: dict[str, Any]) -> str:
    """organization_id from the object's metadata (or, for invoices, its subscription's)."""
    candidates = [
        obj.get("metadata"),
        (obj.get("subscription_details") or {}).get("metadata"),
        ((obj.get("parent") or {}).get("subscription_details") or {}).get("metadata"),
    ]
    for meta in candidates:
        if isinstance(meta, dict) and ids.has_prefix(str(meta.get("organization_id", "")), "org"):
            return str(meta["organization_id"])
    return ""


Handler = Callable[["Intake", AsyncConnection, domain.Organization, dict[str, Any], int], Awaitable[str]]


class Intake:
    """uow: a unit of work on one connection (events.connection_unit), the event's one
    transaction; its OrganizationChanged events go to the outbox on commit. plans: the plan
    table (the limits those events carry)."""

    def __init__(self, uow: UnitOfWork[AsyncConnection], plans: Mapping[str, domain.PlanLimits]):
        self.uow = uow
        self.plans = plans

    async def handle(self, event: dict[str, Any]) -> Result:
        event_id, event_type, created = event["id"], event["type"], event["created"]
        obj = event["data"]["object"]
        async with self.uow:
            conn = self.uow.repos
            if not await store.record_billing_event(conn, event_id, event_type, created):
                log.info("duplicate billing event", event_id=event_id, event_type=event_type)
                return Result(event_id, event_type, True)
            handler = HANDLERS.get(event_type)
            org = await self.find_org(conn, event_type, obj) if handler else None
            if handler is None:
                outcome = "unknown_type"
            elif org is None:
                outcome = "no_organization"
            else:
                outcome = await handler(self, conn, org, obj, created)
            await store.finish_billing_event(conn, event_id, org.id if org else None, outcome)
            await self.uow.commit()
        log.info(
            "billing event",
            event_id=event_id,
            event_type=event_type,
            outcome=outcome,
            organization_id=org.id if org else "",
        )
        return Result(event_id, event_type, False, org.id if org else "")

    async def find_org(
        self, conn: AsyncConnection, event_type: str, obj: dict[str, Any]
    ) -> domain.Organization | None:
        if event_type == "checkout.session.completed":
            ref = obj.get("client_reference_id")
            org_id = ref if isinstance(ref, str) and ids.has_prefix(ref, "org") else _org_hint(obj)
            return await store.get_organization(conn, org_id, lock=True) if org_id else None
        customer = _str(obj.get("customer"))
        if customer:
            org = await store.find_org_by_customer(conn, customer)
            if org is not None:
                return org
        org_id = _org_hint(obj)
        return await store.get_organization(conn, org_id, lock=True) if org_id else None

    async def update_org(
        self, conn: AsyncConnection, org: domain.Organization, **values: Any
    ) -> domain.Organization:
        new = await store.update_organization(conn, org.id, **values)
        assert new is not None
        if (new.plan, new.status, new.stripe_customer_id) != (org.plan, org.status, org.stripe_customer_id):
            self.uow.add_event(domain.OrganizationChanged(new, self.plans[new.plan]))
        if new.status == "SUSPENDED" and org.status != "SUSPENDED":
            subject, body = domain.suspension_mail(new.name)
            await self.mail(conn, new, "suspension", subject, body)
        return new

    async def mail(
        self,
        conn: AsyncConnection,
        org: domain.Organization,
        kind: str,
        subject: str,
        body: str,
        fallback: Any = None,
    ) -> None:
        """To the owner; an organization without users (made by slidectl) gets the Stripe e-mail."""
        to_addr = await store.owner_email(conn, org.id) or _email(fallback)
        if not to_addr:
            log.warning("no owner e-mail; notice not sent", kind=kind, organization_id=org.id)
            return
        await store.queue_mail(conn, org.id, kind, to_addr, subject, body)

    async def customer_values(
        self, conn: AsyncConnection, org: domain.Organization, obj: dict[str, Any]
    ) -> dict[str, Any]:
        """stripe_customer_id for an organization that has none yet (and the id is free)."""
        customer = _str(obj.get("customer"))
        if not customer or org.stripe_customer_id == customer:
            return {}
        holder = await store.find_org_by_customer(conn, customer)
        if holder is not None:
            log.warning("customer already linked to another organization", customer=customer)
            return {}
        return {"stripe_customer_id": customer} if not org.stripe_customer_id else {}


async def on_checkout_completed(
    it: Intake, conn: AsyncConnection, org: domain.Organization, obj: dict[str, Any], created: int
) -> str:
    customer = _str(obj.get("customer"))
    if not customer:
        return "no_customer"
    holder = await store.find_org_by_customer(conn, customer)
    if holder is not None and holder.id != org.id:
        log.warning("customer already linked to another organization", customer=customer)
        return "customer_conflict"
    await it.update_org(conn, org, stripe_customer_id=customer)
    return "customer_stored"


async def on_subscription_upsert(
    it: Intake, conn: AsyncConnection, org: domain.Organization, sub: dict[str, Any], created: int
) -> str:
    sub_id = _str(sub.get("id"))
    if not sub_id:
        return "no_subscription_id"
    existing = await store.get_subscription(conn, sub_id, org.id)
    # Ordering rule (no fetch from Stripe): each subscription keeps the `created` time of the
    # last event applied to it; an event created earlier than that is stale and ignored (equal
    # times apply in arrival order). A CANCELED subscription is terminal in Stripe, so nothing
    # moves it back once its deletion has been applied.
    if existing is not None and (existing.status == "CANCELED" or created < existing.event_created):
        return "stale_ignored"
    status = str(sub.get("status") or "active")
    plan = domain.subscription_plan(sub) or (existing.plan if existing else org.plan)
    start, end = domain.subscription_period(sub)
    await store.upsert_subscription(
        conn,
        {
            "id": sub_id,
            "organization_id": org.id,
            "status": domain.sub_status_for(status),
            "plan": plan,
            "current_period_start": start,
            "current_period_end": end,
            "event_created": created,
        },
    )
    values: dict[str, Any] = {"plan": plan, "status": domain.org_status_for(status)}
    if start and end and (org.period_start is None or start >= org.period_start):
        values |= {"period_start": start, "period_end": end}
    values |= await it.customer_values(conn, org, sub)
    await it.update_org(conn, org, **values)
    return "subscription_" + domain.sub_status_for(status).lower()


async def on_subscription_deleted(
    it: Intake, conn: AsyncConnection, org: domain.Organization, sub: dict[str, Any], created: int
) -> str:
    sub_id = _str(sub.get("id"))
    if not sub_id:
        return "no_subscription_id"
    existing = await store.get_subscription(conn, sub_id, org.id)
    start, end = domain.subscription_period(sub)
    await store.upsert_subscription(
        conn,
        {
            "id": sub_id,
            "organization_id": org.id,
            "status": "CANCELED",
            "plan": domain.subscription_plan(sub) or (existing.plan if existing else org.plan),
            "current_period_start": start,
            "current_period_end": end,
            "event_created": max(created, existing.event_created if existing else 0),
        },
    )
    if await store.other_live_subscription(conn, org.id, sub_id):
        return "subscription_canceled_other_live"
    await it.update_org(conn, org, status="SUSPENDED")
    return "suspended"


async def on_payment_failed(
    it: Intake, conn: AsyncConnection, org: domain.Organization, inv: dict[str, Any], created: int
) -> str:
    amount = inv.get("amount_due")
    amount_due = amount if isinstance(amount, int) else 0
    currency = str(inv.get("currency") or "usd")
    # A suspended organization stays suspended: only a payment or a new subscription lifts it.
    status = org.status if org.status == "SUSPENDED" else "PAST_DUE"
    await it.update_org(conn, org, status=status, **await it.customer_values(conn, org, inv))
    subject, body = domain.payment_failed_mail(org.name, amount_due, currency)
    await it.mail(conn, org, "payment_failed", subject, body, fallback=inv.get("customer_email"))
    return "past_due"


async def on_payment_succeeded(
    it: Intake, conn: AsyncConnection, org: domain.Organization, inv: dict[str, Any], created: int
) -> str:
    start, end = domain.invoice_period(inv)
    if start is None or end is None:
        start = datetime.fromtimestamp(created, tz=UTC)
        end = start + timedelta(days=30)
    values: dict[str, Any] = {"status": "ACTIVE"}
    # Usage counters are keyed by period start, so a new period means fresh counters (rollover).
    # A late invoice for an older period never moves the period backwards.
    if org.period_start is None or start > org.period_start:
        values |= {"period_start": start, "period_end": end}
    values |= await it.customer_values(conn, org, inv)
    await it.update_org(conn, org, **values)
    return "active_rolled_over" if "period_start" in values else "active"


HANDLERS: dict[str, Handler] = {
    "checkout.session.completed": on_checkout_completed,
    "customer.subscription.created": on_subscription_upsert,
    "customer.subscription.updated": on_subscription_upsert,
    "customer.subscription.deleted": on_subscription_deleted,
    "invoice.payment_failed": on_payment_failed,
    "invoice.payment_succeeded": on_payment_succeeded,
}
