"""Delivery's use cases with the in-memory unit of work: no stack, no Postgres, no DNS, no sharing.

End to end (gRPC, real Postgres, Kafka, a real HTTPS receiver) they are covered by test_store.py,
test_accounts_store.py and tests/contract/test_webhooks.py, test_chat.py, test_publish*.py."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from delivery import domain, oauth
from delivery.application import accounts, chat, incoming, publishing, webhooks
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

    async def enabled(self, organization_id: str) -> list[domain.Endpoint]:
        return [ep for ep in self.rows.values() if ep.organization_id == organization_id and ep.enabled]


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


class FakeAccounts:
    def __init__(self) -> None:
        self.rows: dict[str, domain.Account] = {}

    async def for_app(self, organization_id: str, app_id: str, platform: str) -> domain.Account | None:
        for a in self.rows.values():
            if (a.organization_id, a.app_id, a.platform) == (organization_id, app_id, platform):
                return a
        return None

    async def save(self, values: Mapping[str, Any]) -> domain.Account:
        current = self.rows.get(values["id"])
        account = domain.Account(**values)
        if current is not None:
            account = replace(account, created_at=current.created_at)
        self.rows[account.id] = account
        return account

    async def delete_for_app(self, organization_id: str, app_id: str) -> int:
        gone = [
            a.id for a in self.rows.values() if (a.organization_id, a.app_id) == (organization_id, app_id)
        ]
        for account_id in gone:
            del self.rows[account_id]
        return len(gone)

    async def get(self, organization_id: str, account_id: str) -> domain.Account | None:
        a = self.rows.get(account_id)
        return a if a is not None and a.organization_id == organization_id else None

    async def delete(self, organization_id: str, app_id: str, account_id: str) -> bool:
        a = await self.get(organization_id, account_id)
        if a is None or a.app_id != app_id:
            return False
        del self.rows[account_id]
        return True

    async def lease_refresh(
        self, organization_id: str, account_id: str, now: datetime, lease: timedelta
    ) -> domain.Account | None:
        a = await self.get(organization_id, account_id)
        if a is None or a.status != domain.CONNECTED or a.refresh_cipher is None:
            return None
        if a.refresh_lease_until is not None and a.refresh_lease_until >= now:
            return None
        self.rows[account_id] = a = replace(a, refresh_lease_until=now + lease)
        return a

    async def store_refreshed(
        self, organization_id: str, account_id: str, values: Mapping[str, Any]
    ) -> domain.Account | None:
        a = await self.get(organization_id, account_id)
        if a is None:
            return None
        self.rows[account_id] = a = replace(a, **values, refresh_lease_until=None)
        return a

    async def due_refresh(self, before: datetime, now: datetime, limit: int) -> list[tuple[str, str]]:
        return [
            (a.organization_id, a.id)
            for a in self.rows.values()
            if a.refresh_cipher is not None
            and a.access_expires_at is not None
            and a.access_expires_at < before
        ][:limit]


class FakeStates:
    def __init__(self) -> None:
        self.rows: dict[str, domain.OAuthState] = {}

    async def add(self, values: Mapping[str, Any]) -> None:
        self.rows[values["id"]] = domain.OAuthState(**values, used_at=None)

    async def use(
        self, state_id: str, organization_id: str, app_id: str, now: datetime
    ) -> domain.OAuthState | None:
        st = self.rows.get(state_id)
        if st is None or (st.organization_id, st.app_id) != (organization_id, app_id):
            return None
        if st.used_at is not None or st.expires_at <= now:
            return None
        self.rows[state_id] = st = replace(st, used_at=now)
        return st

    async def get(self, state_id: str) -> domain.OAuthState | None:
        return self.rows.get(state_id)

    async def delete_expired(self, before: datetime) -> int:
        gone = [k for k, st in self.rows.items() if st.expires_at < before]
        for k in gone:
            del self.rows[k]
        return len(gone)


class FakePublishes:
    def __init__(self) -> None:
        self.rows: dict[str, domain.Publish] = {}

    async def reserve(self, values: Mapping[str, Any]) -> tuple[domain.Publish, bool]:
        for p in self.rows.values():
            if (p.slideshow_id, p.account_id) == (values["slideshow_id"], values["account_id"]):
                return p, False
        publish = domain.Publish(**values)
        self.rows[publish.id] = publish
        return publish, True

    async def get(self, organization_id: str, publish_id: str) -> domain.Publish | None:
        return self.rows.get(publish_id)

    async def update(
        self, organization_id: str, publish_id: str, values: Mapping[str, Any]
    ) -> domain.Publish:
        fields = {k: tuple(v) if k == "post_ids" else v for k, v in values.items()}
        self.rows[publish_id] = publish = replace(self.rows[publish_id], **fields)
        return publish

    async def finish(
        self, organization_id: str, publish_id: str, values: Mapping[str, Any]
    ) -> domain.Publish | None:
        if self.rows[publish_id].notified_at is not None:
            return None
        return await self.update(organization_id, publish_id, {**values, "next_check_at": None})

    async def delete(self, organization_id: str, publish_id: str) -> None:
        self.rows.pop(publish_id, None)

    async def claim_due(self, now: datetime, limit: int, lease: timedelta) -> list[domain.Publish]:
        due = [p for p in self.rows.values() if p.next_check_at is not None and p.next_check_at <= now][
            :limit
        ]
        for p in due:
            self.rows[p.id] = replace(p, next_check_at=now + lease)
        return [self.rows[p.id] for p in due]


@dataclass
class Repos:
    endpoints: FakeEndpoints
    deliveries: FakeDeliveries
    accounts: FakeAccounts
    publishes: FakePublishes
    states: FakeStates


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


class FakeAccountReads(FakeReads):
    async def account_for(self, organization_id: str, app_id: str, platform: str) -> domain.Account | None:
        return await self.repos.accounts.for_app(organization_id, app_id, platform)

    async def account(self, organization_id: str, account_id: str) -> domain.Account | None:
        return await self.repos.accounts.get(organization_id, account_id)

    async def accounts(self, organization_id: str, app_id: str) -> list[domain.Account]:
        return [
            a
            for a in self.repos.accounts.rows.values()
            if (a.organization_id, a.app_id) == (organization_id, app_id)
        ]

    async def publishes(
        self, organization_id: str, slideshow_id: str, page: int, limit: int
    ) -> tuple[list[domain.Publish], int]:
        self.pages.append((slideshow_id, page, limit))
        mine = [p for p in self.repos.publishes.rows.values() if p.slideshow_id == slideshow_id]
        return mine[(page - 1) * limit : page * limit], len(mine)


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
    reads: FakeAccountReads
    guard: FakeGuard
    box: FakeBox
    woken: list[int]


@pytest.fixture
def world() -> World:
    repos = Repos(FakeEndpoints(), FakeDeliveries(), FakeAccounts(), FakePublishes(), FakeStates())
    woken: list[int] = []

    async def wake(committed: Sequence[object]) -> None:
        woken.extend(e.count for e in committed if isinstance(e, domain.DeliveriesQueued))

    uow = InMemoryUnitOfWork(repos, [wake])
    return World(repos, uow, FakeAccountReads(repos), FakeGuard(), FakeBox(), woken)


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
    when = datetime.now(UTC) + timedelta(seconds=1)  # after the endpoints were made
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


async def test_an_event_from_before_an_endpoint_was_made_is_not_sent_to_it(world: World) -> None:
    """A completed event consumed late (the broker lagging) goes to the endpoints that existed when
    the deck completed, not to one made since."""
    before = datetime.now(UTC) - timedelta(seconds=1)
    await _webhook(world)
    late = incoming.Incoming("evt_late", ORG, domain.SLIDESHOW_COMPLETED, before, show=_show(ORG))
    assert await incoming.fan_out(world.uow, world.reads, FakeShares(), [late]) == 0
    now = incoming.Incoming("evt_now", ORG, domain.SLIDESHOW_COMPLETED, datetime.now(UTC), show=_show(ORG))
    assert await incoming.fan_out(world.uow, world.reads, FakeShares(), [now]) == 1


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


# --- accounts and publishing ----------------------------------------------------------


class FakeApps:
    def __init__(self, *apps: tuple[str, str]):
        self.apps = set(apps)
        self.checked: list[tuple[str, str]] = []

    async def check(self, organization_id: str, app_id: str) -> None:
        self.checked.append((organization_id, app_id))
        if (organization_id, app_id) not in self.apps:
            raise ServiceError("APP_NOT_FOUND", "No such app.")


class FakeSlideshows:
    def __init__(self) -> None:
        self.shows: dict[str, dict[str, Any]] = {}

    async def get(self, organization_id: str, slideshow_id: str) -> dict[str, Any]:
        show = self.shows.get(slideshow_id)
        if show is None or show["organization_id"] != organization_id:
            raise ServiceError("SLIDESHOW_NOT_FOUND", "No such slideshow.")
        return show


@dataclass
class Status:
    status: str
    fail_reason: str = ""
    post_ids: list[str] = field(default_factory=list)


class FakePosts:
    def __init__(self, first: Status, later: Status | None = None, fail: Exception | None = None):
        self.first, self.later, self.fail = first, later, fail
        self.posted: list[str] = []
        self.asked: list[str] = []

    async def post(
        self, publish: domain.Publish, account: domain.Account, show: Mapping[str, Any]
    ) -> tuple[str, Status]:
        if self.fail is not None:
            raise self.fail
        self.posted.append(publish.id)
        return f"tt_{publish.id}", self.first

    async def status(self, publish: domain.Publish, account: domain.Account) -> Status:
        self.asked.append(publish.publish_id)
        if self.later is None:
            raise ServiceError("UPSTREAM_ERROR", "TikTok is down.")
        return self.later


APP = "app_1"
READY = {**_show(ORG), "slides": [{"order": 1, "image_url": "https://img/1.png"}]}


async def _connected(w: World, status: str = domain.CONNECTED) -> domain.Account:
    account = await publishing.connect_account(
        w.uow, FakeApps((ORG, APP)), w.box, ORG, APP, "tiktok", "tok-1", "open-1", "Fit Co"
    )
    if status != domain.CONNECTED:
        w.repos.accounts.rows[account.id] = account = replace(account, status=status)
    return account


def _slideshows() -> FakeSlideshows:
    shows = FakeSlideshows()
    shows.shows["ss_1"] = dict(READY)
    shows.shows["ss_draft"] = {**READY, "id": "ss_draft", "status": "PENDING"}
    return shows


async def _publish(w: World, posts: FakePosts, slideshow_id: str = "ss_1") -> tuple[domain.Publish, bool]:
    return await publishing.publish_slideshow(
        w.uow, w.reads, _slideshows(), posts, ORG, slideshow_id, "tiktok", "draft", "SELF_ONLY", 1.0
    )


async def test_connect_account_checks_the_app_and_keeps_the_id_on_reconnect(world: World) -> None:
    with pytest.raises(ServiceError) as err:
        await publishing.connect_account(world.uow, FakeApps(), world.box, ORG, APP, "tiktok", "tok", "", "")
    assert err.value.code == "APP_NOT_FOUND" and world.uow.commits == 0
    first = await _connected(world)
    assert first.id.startswith("acct_") and first.token_cipher == f"{first.id}:tok-1".encode()
    again = await publishing.connect_account(
        world.uow, FakeApps((ORG, APP)), world.box, ORG, APP, "tiktok", "tok-2", "open-1", "Fit"
    )
    assert again.id == first.id and again.token_cipher == f"{first.id}:tok-2".encode()
    assert await publishing.list_accounts(world.reads, FakeApps((ORG, APP)), ORG, APP) == [again]


async def test_a_deleted_apps_accounts_go_with_it(world: World) -> None:
    await _connected(world)
    assert await publishing.remove_app_accounts(world.uow, ORG, "app_other") == 0
    assert await publishing.remove_app_accounts(world.uow, ORG, APP) == 1
    assert world.repos.accounts.rows == {}


async def test_only_a_ready_slideshow_with_a_connected_account_is_published(world: World) -> None:
    posts = FakePosts(Status(domain.PUBLISH_COMPLETE))
    with pytest.raises(ServiceError) as no_account:
        await _publish(world, posts)
    await _connected(world)
    with pytest.raises(ServiceError) as draft:
        await _publish(world, posts, "ss_draft")
    assert (no_account.value.code, draft.value.code) == ("NO_CONNECTED_ACCOUNT", "SLIDESHOW_NOT_READY")
    assert posts.posted == [] and world.repos.publishes.rows == {}


async def test_publish_records_the_final_outcome_with_its_deliveries_once(world: World) -> None:
    hook = (await _webhook(world, events=["slideshow.published"])).endpoint
    await _webhook(world, events=["slideshow.publish_failed"])
    account = await _connected(world)
    posts = FakePosts(Status(domain.PUBLISH_COMPLETE, post_ids=["p1"]), later=Status(domain.PUBLISH_COMPLETE))
    publish, created = await _publish(world, posts)
    assert created and publish.publish_id == f"tt_{publish.id}" and publish.account_id == account.id
    assert (publish.status, publish.post_ids, publish.next_check_at) == (
        domain.PUBLISH_COMPLETE,
        ("p1",),
        None,
    )
    assert publish.notified_at is not None
    [delivery] = world.repos.deliveries.rows.values()
    assert (delivery.endpoint_id, delivery.event, delivery.event_id) == (
        hook.id,
        domain.SLIDESHOW_PUBLISHED,
        f"evt_{publish.id}_final",
    )
    assert json.loads(delivery.body)["publication_id"] == publish.id
    assert domain.PublishFinished(publish, 1) in world.uow.published and world.woken == [1]
    # A repeat call answers the recorded post: not posted again, no status fetch once final.
    again, created = await _publish(world, posts)
    assert not created and again == publish and posts.posted == [publish.id] and posts.asked == []
    # Recording the outcome again (another worker) sends nothing twice.
    assert (
        await publishing.finish(world.uow, publish, {"status": domain.PUBLISH_COMPLETE}, datetime.now(UTC))
        == publish
    )
    assert len(world.repos.deliveries.rows) == 1 and world.woken == [1]


async def test_a_post_not_final_yet_is_followed(world: World) -> None:
    await _connected(world)
    posts = FakePosts(Status("PROCESSING_UPLOAD"), later=Status("PROCESSING_DOWNLOAD"))
    publish, _ = await _publish(world, posts)
    assert publish.status == "PROCESSING_UPLOAD" and publish.check_count == 1
    assert publish.next_check_at is not None and publish.notified_at is None
    again, created = await _publish(world, posts)  # one status fetch while it is not final
    assert not created and posts.asked == [publish.publish_id]
    assert again.status == "PROCESSING_DOWNLOAD" and again.check_count == 2
    posts.later = None  # TikTok cannot say: the recorded status stands
    assert (await _publish(world, posts))[0] == again
    assert world.repos.deliveries.rows == {}


async def test_a_failed_post_is_forgotten_so_it_can_be_retried(world: World) -> None:
    await _connected(world)
    with pytest.raises(ServiceError):
        await _publish(world, FakePosts(Status(""), fail=ServiceError("UPSTREAM_ERROR", "down")))
    assert world.repos.publishes.rows == {}
    publish, created = await _publish(world, FakePosts(Status(domain.SEND_TO_USER_INBOX)))
    assert created and publish.status == domain.SEND_TO_USER_INBOX


async def test_an_account_to_reconnect_posts_nothing(world: World) -> None:
    await _connected(world, status=domain.RECONNECT_REQUIRED)
    posts = FakePosts(Status(domain.PUBLISH_COMPLETE))
    with pytest.raises(ServiceError) as err:
        await _publish(world, posts)
    assert err.value.code == "RECONNECT_REQUIRED" and posts.posted == []
    assert world.repos.publishes.rows == {}


async def test_giving_up_fails_the_post_and_tells_the_subscribers(world: World) -> None:
    hook = (await _webhook(world, events=["slideshow.publish_failed"])).endpoint
    await _connected(world)
    publish, _ = await _publish(world, FakePosts(Status("PROCESSING_UPLOAD")))
    await publishing.check_later(world.uow, publish, 60)
    later = world.repos.publishes.rows[publish.id]
    assert later.check_count == publish.check_count + 1
    failed = await publishing.give_up(world.uow, later, "The account was disconnected.")
    assert (failed.status, failed.fail_reason, failed.error) == (
        domain.PUBLISH_FAILED_STATUS,
        "status_unknown",
        "The account was disconnected.",
    )
    [delivery] = world.repos.deliveries.rows.values()
    assert delivery.endpoint_id == hook.id and delivery.event == domain.SLIDESHOW_PUBLISH_FAILED
    body = json.loads(delivery.body)
    assert body["fail_reason"] == "status_unknown" and body["error"] == "The account was disconnected."


async def test_list_publications_checks_the_slideshow(world: World) -> None:
    await _connected(world)
    publish, _ = await _publish(world, FakePosts(Status(domain.PUBLISH_COMPLETE)))
    found = await publishing.list_publications(world.reads, _slideshows(), ORG, "ss_1", 0, 0)
    assert (found.publications, found.page, found.limit, found.total) == ([publish], 1, 20, 1)
    with pytest.raises(ServiceError) as err:
        await publishing.list_publications(world.reads, _slideshows(), OTHER, "ss_1", 1, 20)
    assert err.value.code == "SLIDESHOW_NOT_FOUND"


async def test_the_follower_claims_due_posts_once_per_lease(world: World) -> None:
    await _connected(world)
    publish, _ = await _publish(world, FakePosts(Status("PROCESSING_UPLOAD")))
    world.repos.publishes.rows[publish.id] = replace(
        publish, next_check_at=datetime.now(UTC) - timedelta(seconds=1)
    )
    [claimed] = await publishing.claim_due(world.uow, 10, timedelta(seconds=60))
    assert claimed.id == publish.id and claimed.next_check_at is not None
    assert claimed.next_check_at > datetime.now(UTC) + timedelta(seconds=50)
    assert await publishing.claim_due(world.uow, 10, timedelta(seconds=60)) == []


# --- TikTok account connection --------------------------------------------------------


class FakeKeys(FakeBox):
    def decrypt(self, key_id: str, blob: bytes, context: str) -> str:
        sealed = blob.decode()
        assert sealed.startswith(context + ":") and key_id == "k1"  # bound to its id
        return sealed[len(context) + 1 :]

    def sign(self, message: str) -> str:
        return "sig" + str(len(message))

    def verify(self, message: str, signature: str) -> bool:
        return signature == self.sign(message)


@dataclass(frozen=True)
class Tokens:
    access_token: str
    refresh_token: str = "rft-1"
    expires_in: int = 86400
    refresh_expires_in: int = 86400 * 365
    open_id: str = "open-1"
    scope: str = "user.info.basic,video.publish"


class FakeTikTok:
    def __init__(self) -> None:
        self.exchanged: list[tuple[str, str]] = []
        self.refreshed: list[str] = []
        self.revoked: list[str] = []
        self.refuse: str = ""

    async def exchange_code(self, code: str, verifier: str, redirect_uri: str) -> Tokens:
        self.exchanged.append((code, verifier))
        if self.refuse:
            raise domain.GrantRefused(self.refuse, "no")
        return Tokens("act-1")

    async def refresh(self, refresh_token: str) -> Tokens:
        self.refreshed.append(refresh_token)
        if self.refuse:
            raise domain.GrantRefused(self.refuse, "no")
        return Tokens("act-2", refresh_token="rft-2")

    async def revoke(self, access_token: str) -> None:
        self.revoked.append(access_token)
        if self.refuse:
            raise ServiceError("UPSTREAM_ERROR", "down")

    async def user_info(self, token: str) -> dict[str, Any]:
        return {"open_id": "open-1", "display_name": "Fit Co", "avatar_url": "http://not-https/a.png"}


CONFIG = accounts.Config("ck", "https://auth.example", "https://app.example", 3600)


def _state_of(url: str) -> str:
    return parse_qs(urlsplit(url).query)["state"][0]


async def _finish(
    w: World, tiktok: FakeTikTok, state: str, code: str = "code-1", error: str = "", session: str = ORG
):
    return await accounts.finish_connect(
        w.uow, FakeApps((ORG, APP)), FakeKeys(), tiktok, CONFIG, state, code, error, "", session
    )


async def test_connecting_by_oauth_stores_the_tokens_once(world: World) -> None:
    tiktok = FakeTikTok()
    with pytest.raises(ServiceError) as off:
        await accounts.start_connect(
            world.uow, FakeApps((ORG, APP)), FakeKeys(), replace(CONFIG, client_key=""), ORG, APP, ""
        )
    assert off.value.code == "UNAVAILABLE"
    url = await accounts.start_connect(
        world.uow, FakeApps((ORG, APP)), FakeKeys(), CONFIG, ORG, APP, "https://app.example/console"
    )
    assert url.startswith("https://auth.example" + oauth.AUTHORIZE_PATH) and "client_key=ck" in url
    state = _state_of(url)
    [stored] = world.repos.states.rows.values()
    assert state.startswith(stored.id + ".") and stored.used_at is None

    assert (await _finish(world, tiktok, state, session=OTHER)).outcome == oauth.WRONG_ORGANIZATION
    assert (await _finish(world, tiktok, state + "x")).outcome == oauth.INVALID_STATE
    assert tiktok.exchanged == [] and world.repos.states.rows[stored.id].used_at is None

    done = await _finish(world, tiktok, state)
    assert done.outcome == oauth.CONNECTED and done.account is not None
    account = done.account
    verifier = FakeKeys().decrypt("k1", stored.verifier_cipher, stored.id)
    assert tiktok.exchanged == [("code-1", verifier)]
    assert (account.connected_by, account.display_name, account.avatar_url) == ("oauth", "Fit Co", "")
    assert account.token_cipher == f"{account.id}:act-1".encode()
    assert account.refresh_cipher == f"refresh:{account.id}:rft-1".encode()
    assert done.redirect_url == f"https://app.example/console?tiktok=connected&account_id={account.id}"
    assert (await _finish(world, tiktok, state)).outcome == oauth.USED_STATE  # once only
    assert len(tiktok.exchanged) == 1


async def test_a_denied_or_refused_connection_changes_nothing(world: World) -> None:
    tiktok = FakeTikTok()
    keys = FakeKeys()
    apps = FakeApps((ORG, APP))
    denied = await _finish(
        world,
        tiktok,
        _state_of(await accounts.start_connect(world.uow, apps, keys, CONFIG, ORG, APP, "")),
        code="",
        error="access_denied",
    )
    assert denied.outcome == oauth.DENIED and denied.error == "access_denied"
    tiktok.refuse = "invalid_grant"
    refused = await _finish(
        world, tiktok, _state_of(await accounts.start_connect(world.uow, apps, keys, CONFIG, ORG, APP, ""))
    )
    assert refused.outcome == oauth.FAILED and refused.error == "invalid_grant"
    assert world.repos.accounts.rows == {}


async def _oauth_account(w: World, expires_in_seconds: int) -> domain.Account:
    state = _state_of(
        await accounts.start_connect(w.uow, FakeApps((ORG, APP)), FakeKeys(), CONFIG, ORG, APP, "")
    )
    done = await _finish(w, FakeTikTok(), state)
    assert done.account is not None
    expires = datetime.now(UTC) + timedelta(seconds=expires_in_seconds)
    w.repos.accounts.rows[done.account.id] = account = replace(done.account, access_expires_at=expires)
    return account


async def test_a_token_expiring_soon_is_refreshed_first(world: World) -> None:
    fresh = await _oauth_account(world, 7200)
    tiktok = FakeTikTok()
    assert await accounts.token(world.uow, FakeKeys(), tiktok, CONFIG, fresh) == "act-1"
    assert tiktok.refreshed == []
    world.repos.accounts.rows[fresh.id] = soon = replace(
        fresh, access_expires_at=datetime.now(UTC) + timedelta(seconds=60)
    )
    assert await accounts.token(world.uow, FakeKeys(), tiktok, CONFIG, soon) == "act-2"
    assert tiktok.refreshed == ["rft-1"]
    stored = world.repos.accounts.rows[fresh.id]
    assert (
        stored.refresh_cipher == f"refresh:{fresh.id}:rft-2".encode() and stored.refresh_lease_until is None
    )
    assert await accounts.keep_tokens(world.uow, world.reads, FakeKeys(), tiktok, CONFIG) == 0  # not due now


async def test_a_refused_refresh_means_reconnecting(world: World) -> None:
    soon = await _oauth_account(world, 60)
    tiktok = FakeTikTok()
    tiktok.refuse = "invalid_grant"
    with pytest.raises(ServiceError) as err:
        await accounts.token(world.uow, FakeKeys(), tiktok, CONFIG, soon)
    assert err.value.code == "RECONNECT_REQUIRED"
    marked = world.repos.accounts.rows[soon.id]
    assert marked.status == domain.RECONNECT_REQUIRED and marked.refresh_lease_until is None
    with pytest.raises(ServiceError):
        await accounts.token(world.uow, FakeKeys(), tiktok, CONFIG, marked)
    assert tiktok.refreshed == ["rft-1"]


async def test_the_keeper_refreshes_due_tokens_and_drops_old_states(world: World) -> None:
    soon = await _oauth_account(world, 60)
    [state] = world.repos.states.rows
    world.repos.states.rows[state] = replace(
        world.repos.states.rows[state], expires_at=datetime.now(UTC) - timedelta(days=2)
    )
    tiktok = FakeTikTok()
    assert await accounts.keep_tokens(world.uow, world.reads, FakeKeys(), tiktok, CONFIG) == 1
    assert tiktok.refreshed == ["rft-1"] and world.repos.states.rows == {}
    assert world.repos.accounts.rows[soon.id].token_cipher == f"{soon.id}:act-2".encode()


async def test_disconnecting_revokes_then_deletes(world: World) -> None:
    account = await _oauth_account(world, 7200)
    tiktok = FakeTikTok()
    with pytest.raises(ServiceError) as err:
        await accounts.disconnect(
            world.uow, world.reads, FakeKeys(), tiktok, CONFIG, ORG, "app_other", account.id
        )
    assert err.value.code == "SOCIAL_ACCOUNT_NOT_FOUND" and tiktok.revoked == []
    tiktok.refuse = "down"  # a failed revoke is logged; the account goes anyway
    await accounts.disconnect(world.uow, world.reads, FakeKeys(), tiktok, CONFIG, ORG, APP, account.id)
    assert tiktok.revoked == ["act-1"] and world.repos.accounts.rows == {}
