"""Webhook endpoints and their deliveries: create, list, update, delete, rotate the secret,
queue a test event, list deliveries, send one again. Chat integrations (chat.py) share the
target-agnostic helpers here (`Target` says which kinds and which not-found error)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from kit.errors import ServiceError, validation_error
from kit.ids import new_id

from delivery import domain
from delivery.application.ports import DeliveryUnitOfWork, Reads, SecretBox, UrlGuard

MAX_ENDPOINTS_PER_ORG = 50


@dataclass(frozen=True, slots=True)
class Target:
    """Which endpoints a use case may touch, and the error when the one asked for is not there."""

    kinds: tuple[str, ...]
    missing_code: str
    missing_message: str

    def not_found(self) -> ServiceError:
        return ServiceError(self.missing_code, self.missing_message)


WEBHOOKS = Target((domain.WEBHOOK,), "WEBHOOK_NOT_FOUND", "No such webhook endpoint in this organization.")
CHAT = Target(domain.CHAT_KINDS, "INTEGRATION_NOT_FOUND", "No such chat integration in this organization.")


@dataclass(frozen=True, slots=True)
class Created:
    """A new endpoint and its credential in the clear, shown once: a webhook's signing secret,
    a chat integration's full incoming-webhook URL (the endpoint keeps only its masked form)."""

    endpoint: domain.Endpoint
    secret: str


@dataclass(frozen=True, slots=True)
class DeliveryPage:
    deliveries: list[domain.Delivery]
    page: int
    limit: int
    total: int


def require(field: str, value: str) -> str:
    if not value:
        raise validation_error([(field, "Required.")])
    return value


def page_window(page: int, limit: int) -> tuple[int, int]:
    """Page 1.. and 1..100 items (20 when not given)."""
    return max(1, page or 1), min(100, max(1, limit or 20))


async def new_endpoint(
    uow: DeliveryUnitOfWork,
    guard: UrlGuard,
    box: SecretBox,
    organization_id: str,
    kind: str,
    url: str,
    events: Sequence[str],
    description: str,
) -> Created:
    """An enabled endpoint of `kind`; the URL is checked (DNS) before the unit opens."""
    await guard.check(url)
    clean = domain.clean_events(events)
    endpoint_id = new_id("wh" if kind == domain.WEBHOOK else "chat")
    url = url.strip()
    if kind == domain.WEBHOOK:
        secret = domain.new_secret()
        key_id, cipher = box.encrypt(secret, endpoint_id)
        stored_url = url
    else:
        # A chat incoming-webhook URL is itself the credential: encrypted like a webhook
        # secret, and only its masked form is stored in the clear.
        secret = url
        key_id, cipher = box.encrypt(url, endpoint_id)
        stored_url = domain.mask_chat_url(url)
    now = datetime.now(UTC)
    endpoint = domain.Endpoint(
        id=endpoint_id,
        organization_id=organization_id,
        kind=kind,
        url=stored_url,
        events=tuple(clean),
        description=description,
        enabled=True,
        disabled_reason="",
        failure_count=0,
        created_at=now,
    )
    async with uow:
        if await uow.repos.endpoints.count(organization_id) >= MAX_ENDPOINTS_PER_ORG:
            raise validation_error([("url", f"At most {MAX_ENDPOINTS_PER_ORG} endpoints per organization.")])
        endpoint = await uow.repos.endpoints.add(endpoint, key_id, cipher)
        await uow.commit()
    return Created(endpoint, secret)


async def create_endpoint(
    uow: DeliveryUnitOfWork,
    guard: UrlGuard,
    box: SecretBox,
    organization_id: str,
    url: str,
    events: Sequence[str],
    description: str,
) -> Created:
    """A webhook endpoint with a new signing secret (answered once, in the clear)."""
    org = require("organization_id", organization_id)
    description = domain.clean_description(description)
    return await new_endpoint(uow, guard, box, org, domain.WEBHOOK, url, events, description)


async def list_endpoints(reads: Reads, organization_id: str) -> list[domain.Endpoint]:
    return await reads.endpoints(organization_id, WEBHOOKS.kinds)


async def update_endpoint(
    uow: DeliveryUnitOfWork,
    guard: UrlGuard,
    organization_id: str,
    endpoint_id: str,
    *,
    description: str | None = None,
    events: Sequence[str] | None = None,
    url: str | None = None,
    enabled: bool | None = None,
) -> domain.Endpoint:
    """Change the fields given (None: unchanged). Disabling stops the pending retries (as when
    the endpoint answered 410); enabling again clears the reason and the failure count."""
    org = require("organization_id", organization_id)
    changes: dict[str, Any] = {}
    if description is not None:
        changes["description"] = domain.clean_description(description)
    if events is not None:
        changes["events"] = domain.clean_events(events)
    if url is not None:
        await guard.check(url)
        changes["url"] = url.strip()
    now = datetime.now(UTC)
    async with uow:
        if enabled is False:
            current = await uow.repos.endpoints.get(org, endpoint_id, WEBHOOKS.kinds)
            if current is not None and current.enabled:
                await uow.repos.endpoints.disable(org, current.id, "manual", now)
        elif enabled:
            changes["enabled"] = True
        endpoint = await uow.repos.endpoints.update(
            org, endpoint_id, WEBHOOKS.kinds, {**changes, "updated_at": now}
        )
        if endpoint is None:
            raise WEBHOOKS.not_found()
        await uow.commit()
    return endpoint


async def delete_target(
    uow: DeliveryUnitOfWork, organization_id: str, endpoint_id: str, target: Target
) -> None:
    """Delete the endpoint (its deliveries go with it)."""
    async with uow:
        if not await uow.repos.endpoints.delete(organization_id, endpoint_id, target.kinds):
            raise target.not_found()
        await uow.commit()


async def delete_endpoint(uow: DeliveryUnitOfWork, organization_id: str, endpoint_id: str) -> None:
    await delete_target(uow, organization_id, endpoint_id, WEBHOOKS)


async def rotate_secret(
    uow: DeliveryUnitOfWork, box: SecretBox, organization_id: str, endpoint_id: str
) -> Created:
    """A new signing secret replaces the old one at once (answered once, in the clear)."""
    secret = domain.new_secret()
    key_id, cipher = box.encrypt(secret, endpoint_id)
    async with uow:
        endpoint = await uow.repos.endpoints.set_secret(
            organization_id, endpoint_id, key_id, cipher, datetime.now(UTC)
        )
        if endpoint is None:
            raise WEBHOOKS.not_found()
        await uow.commit()
    return Created(endpoint, secret)


async def send_test(
    uow: DeliveryUnitOfWork, organization_id: str, endpoint_id: str, target: Target = WEBHOOKS
) -> str:
    """Queue a webhook.test delivery to one endpoint (enabled or not: the caller asked), whatever
    its event filter; the sender signs, sends, retries and logs it as any other. Its id."""
    org = require("organization_id", organization_id)
    now = datetime.now(UTC)
    async with uow:
        endpoint = await uow.repos.endpoints.get(org, endpoint_id, target.kinds)
        if endpoint is None:
            raise target.not_found()
        payload = domain.webhook_test_payload(org, endpoint.id)
        test = domain.new_delivery(
            endpoint, domain.WEBHOOK_TEST, new_id("evt"), payload, now, now, new_id("whd")
        )
        await uow.repos.deliveries.add([test])
        uow.add_event(domain.DeliveriesQueued(1))
        await uow.commit()
    return test.id


async def list_deliveries(
    reads: Reads, organization_id: str, endpoint_id: str, page: int, limit: int, target: Target = WEBHOOKS
) -> DeliveryPage:
    """One page of the endpoint's deliveries, newest first, with their attempts."""
    page, limit = page_window(page, limit)
    if await reads.endpoint(organization_id, endpoint_id, target.kinds) is None:
        raise target.not_found()
    found, total = await reads.deliveries(organization_id, endpoint_id, page, limit)
    return DeliveryPage(found, page, limit, total)


async def retry_delivery(
    uow: DeliveryUnitOfWork, organization_id: str, endpoint_id: str, delivery_id: str
) -> str:
    """Make a delivery due now (whatever its state): the same body under the same id."""
    org = require("organization_id", organization_id)
    async with uow:
        if await uow.repos.endpoints.get(org, endpoint_id, WEBHOOKS.kinds) is None:
            raise WEBHOOKS.not_found()
        if not await uow.repos.deliveries.send_again(org, endpoint_id, delivery_id, datetime.now(UTC)):
            raise ServiceError("NOT_FOUND", "No such delivery for this webhook endpoint.")
        uow.add_event(domain.DeliveriesQueued(1))
        await uow.commit()
    return delivery_id
