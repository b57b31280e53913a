"""Delivery's use cases with the in-memory unit of work: no stack, no Postgres, no DNS, no sharing.

End to end (gRPC, real Postgres, Kafka, a real HTTPS receiver) they are covered by test_store.py,
test_accounts_store.py and tests/contract/test_webhooks.py, test_chat.py, test_publish*.py."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

import pytest
from delivery import domain
from delivery.application import chat, incoming, webhooks
from kit.errors import ServiceError
from kit.uow import InMemoryUnitOfWork

ORG = "org_test"
OTHER = "org_other"
HOOK_URL = "https://hooks.example.com/in"
SLACK_URL = "https://hooks.slack.com/services/T000/B000/secretpart"


class FakeEndpoints:
    """The endpoints repository (ports.EndpointRepository); `secrets` keeps what was encrypted."""

    def __init__(self) -> None:
        self.rows: dict[str, domain.Endpoint] = {}
        self.secrets: dict[str, tuple[str, bytes]] = {}
        self.disabled: list[tuple[str, str]] = []

    def _mine(self, org: str, endpoint_id: str, kinds: Sequence[str]) -> domain.Endpoint | None:
        ep = self.rows.get(endpoint_id)
        return ep if ep is not None and ep.organization_id == org and ep.kind in kinds else None

    async def count(self, organization_id: str) -> int:
        return sum(ep.organization_id == organization_id for ep in self.rows.values())

    async def add(self, endpoint: domain.Endpoint, key_id: str, cipher: bytes) -> domain.Endpoint:
        self.rows[endpoint.id] = endpoint
        self.secrets[endpoint.id] = (key_id, cipher)
        return endpoint

    async def get(
        self, organization_id: str, endpoint_id: str, kinds: Sequence[str]
    ) -> domain.Endpoint | None:
        return self._mine(organization_id, endpoint_id, kinds)

    async def update(
        self, organization_id: str, endpoint_id: str, kinds: Sequence[str], changes: Mapping[str, Any]
    ) -> domain.Endpoint | None:
        ep = self._mine(organization_id, endpoint_id, kinds)
        if ep is None:
            return None
        fields = {k: tuple(v) if k == "events" else v for k, v in changes.items() if k != "updated_at"}
        if fields.get("enabled") is True and not ep.enabled:
            fields.update(disabled_reason="", failure_count=0)
        self.rows[endpoint_id] = ep = replace(ep, **fields)
        return ep

    async def disable(self, organization_id: str, endpoint_id: str, reason: str, now: datetime) -> None:
        self.disabled.append((endpoint_id, reason))
        ep = self.rows[endpoint_id]
        self.rows[endpoint_id] = replace(ep, enabled=False, disabled_reason=reason)

    async def set_secret(
        self, organization_id: str, endpoint_id: str, key_id: str, cipher: bytes, now: datetime
    ) -> domain.Endpoint | None:
        ep = self._mine(organization_id, endpoint_id, (domain.WEBHOOK,))
        if ep is not None:
            self.secrets[endpoint_id] = (key_id, cipher)
        return ep

    async def delete(self, organization_id: str, endpoint_id: str, kinds: Sequence[str]) -> bool:
        if self._mine(organization_id, endpoint_id, kinds) is None:
            return False
        del self.rows[endpoint_id]
        return True


class FakeDeliveries:
    def __init__(self) -> None:
        self.rows: dict[str, domain.NewDelivery] = {}
        self.due_again: list[str] = []

    async def add(self, deliveries: Sequence[domain.NewDelivery]) -> int:
        seen = {(d.endpoint_id, d.event_id) for d in self.rows.values()}
        new = [d for d in deliveries if (d.endpoint_id, d.event_id) not in seen]
        self.rows.update({d.id: d for d in new})
        return len(new)

    async def send_again(
        self, organization_id: str, endpoint_id: str, delivery_id: str, now: datetime
    ) -> bool:
        d = self.rows.get(delivery_id)
        if d is None or d.organization_id != organization_id or d.endpoint_id != endpoint_id:
            return False
        self.due_again.append(delivery_id)
        return True


@dataclass
class Repos:
    endpoints: FakeEndpoints
    deliveries: FakeDeliveries


class FakeReads:
    """ports.Reads over the same fakes (what a committed unit wrote)."""

    def __init__(self, repos: Repos):
        self.repos = repos
        self.pages: list[tuple[str, int, int]] = []

    async def endpoints(self, organization_id: str, kinds: Sequence[str]) -> list[domain.Endpoint]:
        return [
            ep
            for ep in self.repos.endpoints.rows.values()
            if ep.organization_id == organization_id and ep.kind in kinds
        ]

    async def endpoint(
        self, organization_id: str, endpoint_id: str, kinds: Sequence[str]
    ) -> domain.Endpoint | None:
        return await self.repos.endpoints.get(organization_id, endpoint_id, kinds)

    async def enabled_endpoints(self, organization_ids: Sequence[str]) -> dict[str, list[domain.Endpoint]]:
        found: dict[str, list[domain.Endpoint]] = {}
        for ep in self.repos.endpoints.rows.values():
            if ep.organization_id in organization_ids and ep.enabled:
                found.setdefault(ep.organization_id, []).append(ep)
        return found

    async def deliveries(
        self, organization_id: str, endpoint_id: str, page: int, limit: int
    ) -> tuple[list[domain.Delivery], int]:
        self.pages.append((endpoint_id, page, limit))
        mine = [d for d in self.repos.deliveries.rows.values() if d.endpoint_id == endpoint_id]
        return [
            domain.Delivery(
                d.id, d.endpoint_id, d.event, d.event_id, d.status, 0, d.next_attempt_at, d.created_at
            )
            for d in mine
        ], len(mine)


class FakeBox:
    def encrypt(self, plaintext: str, context: str) -> tuple[str, bytes]:
        return "k1", f"{context}:{plaintext}".encode()


class FakeGuard:
    def __init__(self) -> None:
        self.checked: list[str] = []

    async def check(self, url: str) -> None:
        self.checked.append(url)
        if "internal" in url:
            raise ServiceError("VALIDATION_ERROR", "The URL resolves to a private address.")


class FakeShares:
    def __init__(self, urls: Mapping[tuple[str, str], str] | None = None):
        self.known = dict(urls or {})
        self.asked: list[list[tuple[str, str]]] = []

    async def urls(self, slideshows: Sequence[tuple[str, str]]) -> Mapping[tuple[str, str], str]:
        self.asked.append(list(slideshows))
        return {s: self.known[s] for s in slideshows if s in self.known}


@dataclass
class World:
    repos: Repos
    uow: InMemoryUnitOfWork[Repos]
    reads: FakeReads
    guard: FakeGuard
    box: FakeBox
    woken: list[int]


@pytest.fixture
def world() -> World:
    repos = Repos(FakeEndpoints(), FakeDeliveries())
    woken: list[int] = []

    async def wake(committed: Sequence[object]) -> None:
        woken.extend(e.count for e in committed if isinstance(e, domain.DeliveriesQueued))

    uow = InMemoryUnitOfWork(repos, [wake])
    return World(repos, uow, FakeReads(repos), FakeGuard(), FakeBox(), woken)


async def _webhook(w: World, org: str = ORG, events: Sequence[str] = ()) -> webhooks.Created:
    return await webhooks.create_endpoint(w.uow, w.guard, w.box, org, HOOK_URL, events, "orders")


# --- webhook endpoints ----------------------------------------------------------------


async def test_create_endpoint_stores_it_with_its_secret_encrypted(world: World) -> None:
    created = await webhooks.create_endpoint(
        world.uow, world.guard, world.box, ORG, f"  {HOOK_URL} ", ["quota.exceeded"], "orders"
    )
    ep = created.endpoint
    assert created.secret.startswith(domain.SECRET_PREFIX)
    assert ep.id.startswith("wh_") and ep.url == HOOK_URL and ep.kind == domain.WEBHOOK
    assert ep.events == ("quota.exceeded",) and ep.enabled and ep.failure_count == 0
    assert world.repos.endpoints.secrets[ep.id] == ("k1", f"{ep.id}:{created.secret}".encode())
    assert world.guard.checked == [f"  {HOOK_URL} "]
    assert (world.uow.commits, world.uow.published) == (1, [])
    assert await webhooks.list_endpoints(world.reads, ORG) == [ep]
    assert await webhooks.list_endpoints(world.reads, OTHER) == []


async def test_create_endpoint_without_events_subscribes_to_all(world: World) -> None:
    assert (await _webhook(world)).endpoint.events == domain.EVENTS


async def test_create_endpoint_refuses_a_guarded_url_before_any_unit(world: World) -> None:
    with pytest.raises(ServiceError):
        await webhooks.create_endpoint(world.uow, world.guard, world.box, ORG, "https://internal/x", [], "")
    assert world.repos.endpoints.rows == {} and world.uow.commits == world.uow.rollbacks == 0


async def test_create_endpoint_validates_input(world: World) -> None:
    with pytest.raises(ServiceError) as no_org:
        await webhooks.create_endpoint(world.uow, world.guard, world.box, "", HOOK_URL, [], "")
    with pytest.raises(ServiceError) as bad_event:
        await webhooks.create_endpoint(world.uow, world.guard, world.box, ORG, HOOK_URL, ["nope"], "")
    assert no_org.value.code == bad_event.value.code == "VALIDATION_ERROR"
    assert world.repos.endpoints.rows == {}


async def test_at_most_fifty_endpoints_per_organization(world: World) -> None:
    for _ in range(webhooks.MAX_ENDPOINTS_PER_ORG - 1):
        await _webhook(world)
    await chat.create_integration(world.uow, world.guard, world.box, ORG, domain.SLACK, SLACK_URL, [])
    with pytest.raises(ServiceError) as err:
        await _webhook(world)
    assert err.value.code == "VALIDATION_ERROR" and world.uow.rollbacks == 1
    assert len(world.repos.endpoints.rows) == webhooks.MAX_ENDPOINTS_PER_ORG
    await _webhook(world, org=OTHER)  # another organization's count


async def test_update_endpoint_changes_only_what_is_given(world: World) -> None:
    ep = (await _webhook(world)).endpoint
    url = "https://new.example.com/hook"
    updated = await webhooks.update_endpoint(
        world.uow, world.guard, ORG, ep.id, events=["slideshow.failed"], url=f" {url}"
    )
    assert updated.url == url and updated.events == ("slideshow.failed",)
    assert updated.description == "orders" and updated.enabled
    assert world.guard.checked[-1] == f" {url}"


async def test_disabling_and_enabling_an_endpoint(world: World) -> None:
    ep = (await _webhook(world)).endpoint
    off = await webhooks.update_endpoint(world.uow, world.guard, ORG, ep.id, enabled=False)
    assert not off.enabled and off.disabled_reason == "manual"
    assert world.repos.endpoints.disabled == [(ep.id, "manual")]
    await webhooks.update_endpoint(world.uow, world.guard, ORG, ep.id, enabled=False)
    assert world.repos.endpoints.disabled == [(ep.id, "manual")]  # already off: nothing stops twice
    on = await webhooks.update_endpoint(world.uow, world.guard, ORG, ep.id, enabled=True)
    assert on.enabled and on.disabled_reason == ""


async def test_endpoints_are_their_organizations_and_kinds(world: World) -> None:
    ep = (await _webhook(world)).endpoint
    integration = (
        await chat.create_integration(world.uow, world.guard, world.box, ORG, domain.DISCORD, SLACK_URL, [])
    ).endpoint
    for call in (
        webhooks.update_endpoint(world.uow, world.guard, OTHER, ep.id, description="x"),
        webhooks.delete_endpoint(world.uow, OTHER, ep.id),
        webhooks.rotate_secret(world.uow, world.box, OTHER, ep.id),
        webhooks.send_test(world.uow, OTHER, ep.id),
        webhooks.delete_endpoint(world.uow, ORG, integration.id),  # a chat integration is no webhook
    ):
        with pytest.raises(ServiceError) as err:
            await call
        assert err.value.code == "WEBHOOK_NOT_FOUND"
    with pytest.raises(ServiceError) as err:
        await chat.delete_integration(world.uow, ORG, ep.id)
    assert err.value.code == "INTEGRATION_NOT_FOUND"
    assert set(world.repos.endpoints.rows) == {ep.id, integration.id} and world.uow.published == []


async def test_delete_endpoint(world: World) -> None:
    ep = (await _webhook(world)).endpoint
    await webhooks.delete_endpoint(world.uow, ORG, ep.id)
    assert world.repos.endpoints.rows == {}
    with pytest.raises(ServiceError):
        await webhooks.delete_endpoint(world.uow, ORG, ep.id)


async def test_rotate_secret_replaces_it(world: World) -> None:
    created = await _webhook(world)
    rotated = await webhooks.rotate_secret(world.uow, world.box, ORG, created.endpoint.id)
    assert rotated.secret != created.secret and rotated.secret.startswith(domain.SECRET_PREFIX)
    key = world.repos.endpoints.secrets[created.endpoint.id]
    assert key == ("k1", f"{created.endpoint.id}:{rotated.secret}".encode())


# --- deliveries -----------------------------------------------------------------------


async def test_send_test_queues_a_signed_test_event_and_wakes_the_sender(world: World) -> None:
    ep = (await _webhook(world, events=["quota.exceeded"])).endpoint
    delivery_id = await webhooks.send_test(world.uow, ORG, ep.id)
    queued = world.repos.deliveries.rows[delivery_id]
    assert (queued.event, queued.status, queued.endpoint_id, queued.organization_id) == (
        domain.WEBHOOK_TEST,
        domain.PENDING,
        ep.id,
        ORG,
    )
    body = json.loads(queued.body)
    assert body["event"] == domain.WEBHOOK_TEST and body["endpoint_id"] == ep.id
    assert queued.event_id.startswith("evt_") and delivery_id.startswith("whd_")
    assert world.uow.published == [domain.DeliveriesQueued(1)] and world.woken == [1]


async def test_chat_integration_keeps_a_masked_url_and_gets_chat_bodies(world: World) -> None:
    created = await chat.create_integration(
        world.uow, world.guard, world.box, ORG, domain.SLACK, f" {SLACK_URL}", ["slideshow.failed"]
    )
    integration = created.endpoint
    assert created.secret == SLACK_URL and integration.url == domain.mask_chat_url(SLACK_URL)
    assert integration.id.startswith("chat_") and integration.description == ""
    assert world.repos.endpoints.secrets[integration.id] == ("k1", f"{integration.id}:{SLACK_URL}".encode())
    assert await chat.list_integrations(world.reads, ORG) == [integration]
    assert await webhooks.list_endpoints(world.reads, ORG) == []
    with pytest.raises(ServiceError) as err:
        await chat.create_integration(world.uow, world.guard, world.box, ORG, "teams", SLACK_URL, [])
    assert err.value.code == "VALIDATION_ERROR"
    delivery_id = await chat.send_integration_test(world.uow, ORG, integration.id)
    body = json.loads(world.repos.deliveries.rows[delivery_id].body)
    assert body == domain.slack_message(domain.WEBHOOK_TEST, domain.webhook_test_payload(ORG, integration.id))


async def test_list_deliveries_pages_and_checks_the_endpoint(world: World) -> None:
    ep = (await _webhook(world)).endpoint
    await webhooks.send_test(world.uow, ORG, ep.id)
    found = await webhooks.list_deliveries(world.reads, ORG, ep.id, 0, 500)
    assert (found.page, found.limit, found.total, len(found.deliveries)) == (1, 100, 1, 1)
    assert (await webhooks.list_deliveries(world.reads, ORG, ep.id, 3, 0)).limit == 20
    with pytest.raises(ServiceError) as err:
        await chat.list_integration_deliveries(world.reads, ORG, ep.id, 1, 20)
    assert err.value.code == "INTEGRATION_NOT_FOUND"
    assert [p[1:] for p in world.reads.pages] == [(1, 100), (3, 20)]


async def test_retry_makes_the_delivery_due_again(world: World) -> None:
    ep = (await _webhook(world)).endpoint
    delivery_id = await webhooks.send_test(world.uow, ORG, ep.id)
    assert await webhooks.retry_delivery(world.uow, ORG, ep.id, delivery_id) == delivery_id
    assert world.repos.deliveries.due_again == [delivery_id] and world.woken == [1, 1]
    with pytest.raises(ServiceError) as err:
        await webhooks.retry_delivery(world.uow, ORG, ep.id, "whd_unknown")
    assert err.value.code == "NOT_FOUND" and world.woken == [1, 1] and world.uow.rollbacks == 1


# --- incoming events ------------------------------------------------------------------


def _show(org: str, slideshow_id: str = "ss_1") -> dict[str, Any]:
    return {
        "id": slideshow_id,
        "organization_id": org,
        "app_id": "app_1",
        "app_name": "Fit",
        "hook_text_snapshot": "hook",
        "language": "en",
        "template_set": "t",
        "status": "READY",
        "error_message": "",
        "slides": [],
        "marketing_assets": [],
    }


async def test_fan_out_makes_one_delivery_per_subscribed_endpoint(world: World) -> None:
    everything = (await _webhook(world)).endpoint
    failed_only = (await _webhook(world, events=["slideshow.failed"])).endpoint
    theirs = (await _webhook(world, org=OTHER)).endpoint
    off = (await _webhook(world)).endpoint
    await webhooks.update_endpoint(world.uow, world.guard, ORG, off.id, enabled=False)
    shares = FakeShares({(ORG, "ss_1"): "https://share/x"})
    when = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    events = [
        incoming.Incoming("evt_a", ORG, domain.SLIDESHOW_COMPLETED, when, show=_show(ORG)),
        incoming.Incoming("evt_b", OTHER, domain.SLIDESHOW_COMPLETED, None, show=_show(OTHER)),
        incoming.Incoming("evt_c", ORG, domain.QUOTA_EXCEEDED, None, payload={"quota": "q"}),
    ]
    assert await incoming.fan_out(world.uow, world.reads, shares, events) == 3
    made = {(d.endpoint_id, d.event_id): d for d in world.repos.deliveries.rows.values()}
    assert set(made) == {(everything.id, "evt_a"), (theirs.id, "evt_b"), (everything.id, "evt_c")}
    assert failed_only.id not in {d.endpoint_id for d in made.values()}
    mine = json.loads(made[(everything.id, "evt_a")].body)
    assert mine["share_url"] == "https://share/x" and mine["created_at"] == domain.iso(when)
    assert json.loads(made[(theirs.id, "evt_b")].body)["share_url"] is None
    assert json.loads(made[(everything.id, "evt_c")].body)["quota"] == "q"
    assert sorted(shares.asked[0]) == sorted([(ORG, "ss_1"), (OTHER, "ss_1")])
    assert world.uow.published[-1] == domain.DeliveriesQueued(3) and world.woken[-1] == 3


async def test_fan_out_of_a_repeated_event_creates_nothing(world: World) -> None:
    await _webhook(world)
    event = incoming.Incoming("evt_q", ORG, domain.QUOTA_EXCEEDED, None, payload={})
    assert await incoming.fan_out(world.uow, world.reads, FakeShares(), [event]) == 1
    assert await incoming.fan_out(world.uow, world.reads, FakeShares(), [event]) == 0
    assert world.woken == [1] and len(world.repos.deliveries.rows) == 1


async def test_fan_out_without_subscribers_asks_nobody(world: World) -> None:
    await _webhook(world, events=["quota.exceeded"])
    shares = FakeShares()
    event = incoming.Incoming("evt_s", ORG, domain.SLIDESHOW_COMPLETED, None, show=_show(ORG))
    assert await incoming.fan_out(world.uow, world.reads, shares, [event]) == 0
    assert shares.asked == [] and world.uow.commits == 1  # the endpoint's creation only
