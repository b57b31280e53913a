"""Chat integrations (Slack, Discord incoming webhooks): endpoints of a chat kind, whose URL is
the credential (stored encrypted, shown masked; in full once, at creation)."""

from __future__ import annotations

from collections.abc import Sequence

from delivery import domain
from delivery.application.ports import DeliveryUnitOfWork, Reads, SecretBox, UrlGuard
from delivery.application.webhooks import (
    CHAT,
    Created,
    DeliveryPage,
    delete_target,
    list_deliveries,
    new_endpoint,
    require,
    send_test,
)


async def create_integration(
    uow: DeliveryUnitOfWork,
    guard: UrlGuard,
    box: SecretBox,
    organization_id: str,
    kind: str,
    url: str,
    events: Sequence[str],
) -> Created:
    """`Created.secret` is the full URL (the integration keeps its masked form)."""
    org = require("organization_id", organization_id)
    kind = domain.clean_chat_kind(kind)
    return await new_endpoint(uow, guard, box, org, kind, url, events, "")


async def list_integrations(reads: Reads, organization_id: str) -> list[domain.Endpoint]:
    return await reads.endpoints(organization_id, CHAT.kinds)


async def delete_integration(uow: DeliveryUnitOfWork, organization_id: str, integration_id: str) -> None:
    await delete_target(uow, organization_id, integration_id, CHAT)


async def send_integration_test(uow: DeliveryUnitOfWork, organization_id: str, integration_id: str) -> str:
    return await send_test(uow, organization_id, integration_id, CHAT)


async def list_integration_deliveries(
    reads: Reads, organization_id: str, integration_id: str, page: int, limit: int
) -> DeliveryPage:
    return await list_deliveries(reads, organization_id, integration_id, page, limit, CHAT)
