"""Billing's use cases with the in-memory unit of work: no stack, no Postgres, no Stripe.

End to end (gRPC, real Postgres, Kafka) they are covered by test_server.py, test_payments.py,
test_watchers.py and the contract tests (tests/contract/test_api_keys.py, test_billing_*.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from billing import application, domain
from kit.errors import ServiceError
from kit.uow import InMemoryUnitOfWork

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


class World:
    """The state behind the in-memory repositories (Repos) and reads (Reads): plain dicts."""

    def __init__(self) -> None:
        self.orgs: dict[str, domain.Organization] = {}
        self.users: dict[str, domain.User] = {}
        self.sessions: dict[str, dict[str, Any]] = {}  # by token hash
        self.keys: dict[str, tuple[domain.ApiKey, str]] = {}  # id -> (key, hash)
        self.key_uses: dict[str, datetime] = {}
        self.attempt_rows: dict[int, tuple[str, datetime]] = {}
        self.locked: list[list[str]] = []
        self.counters: dict[tuple[str, str, datetime], int] = {}
        self.ops: set[tuple[str, str, str]] = set()
        self.notices: set[tuple[str, str, datetime]] = set()
        self.subscriptions: list[domain.Subscription] = []
        self._next = 0

    def _id(self) -> int:
        self._next += 1
        return self._next

    @property
    def attempts(self) -> AttemptRepo:
        return AttemptRepo(self)


@dataclass
class OrgRepo:
    w: World

    async def add(self, org_id: str, name: str, plan: str) -> domain.Organization:
        org = domain.Organization(org_id, name, plan, "ACTIVE", None, 0, None, None, NOW)
        self.w.orgs[org_id] = org
        return org

    async def get(self, org_id: str, *, lock: bool = False) -> domain.Organization | None:
        return self.w.orgs.get(org_id)

    async def update(self, org_id: str, **values: Any) -> domain.Organization | None:
        if org_id not in self.w.orgs:
            return None
        self.w.orgs[org_id] = org = replace(self.w.orgs[org_id], **values)
        return org


@dataclass
class UserRepo:
    w: World

    async def add(self, user_id: str, org_id: str, email: str, password_hash: str) -> bool:
        if any(u.email == email for u in self.w.users.values()):
            return False
        self.w.users[user_id] = domain.User(user_id, org_id, email, password_hash, "owner")
        return True


@dataclass
class SessionRepo:
    w: World

    async def add(
        self, session_id: str, org_id: str, user_id: str, token_hash: str, expires_at: datetime
    ) -> None:
        self.w.sessions[token_hash] = {
            "id": session_id,
            "org": org_id,
            "user": user_id,
            "expires": expires_at,
            "revoked": False,
        }

    async def revoke(self, token_hash: str) -> None:
        if token_hash in self.w.sessions:
            self.w.sessions[token_hash]["revoked"] = True


@dataclass
class KeyRepo:
    w: World

    async def add(self, key_id: str, org_id: str, name: str, key_hash: str, prefix: str) -> domain.ApiKey:
        key = domain.ApiKey(key_id, org_id, name, prefix, NOW, None)
        self.w.keys[key_id] = (key, key_hash)
        return key

    async def revoke(self, key_id: str, org_id: str | None) -> tuple[domain.ApiKey | None, bool]:
        found = self.w.keys.get(key_id)
        if found is None or (org_id is not None and found[0].organization_id != org_id):
            return None, False
        key, key_hash = found
        if key.revoked_at is not None:
            return key, False
        key = replace(key, revoked_at=NOW)
        self.w.keys[key_id] = (key, key_hash)
        return key, True

    async def record_use(self, uses: list[tuple[str, datetime]]) -> None:
        for key_id, when in uses:
            if key_id in self.w.keys:
                self.w.key_uses[key_id] = max(when, self.w.key_uses.get(key_id, when))


@dataclass
class AttemptRepo:
    w: World

    async def lock(self, subjects: list[str]) -> None:
        self.w.locked.append(subjects)

    async def forget_before(self, subject: str, before: datetime) -> None:
        for i, (s, at) in list(self.w.attempt_rows.items()):
            if s == subject and at < before:
                del self.w.attempt_rows[i]

    async def since(self, subject: str, since: datetime) -> list[datetime]:
        return sorted(at for s, at in self.w.attempt_rows.values() if s == subject and at >= since)

    async def add(self, subjects: list[str], at: datetime) -> list[int]:
        added = []
        for s in subjects:
            i = self.w._id()
            self.w.attempt_rows[i] = (s, at)
            added.append(i)
        return added

    async def remove(self, attempt_ids: list[int]) -> None:
        for i in attempt_ids:
            self.w.attempt_rows.pop(i, None)

    async def clear(self, subject: str) -> None:
        for i, (s, _) in list(self.w.attempt_rows.items()):
            if s == subject:
                del self.w.attempt_rows[i]

    def count(self, subject: str) -> int:
        return sum(1 for s, _ in self.w.attempt_rows.values() if s == subject)


@dataclass
class QuotaRepo:
    w: World

    async def ensure_counter(self, org_id: str, quota: str, period_start: datetime) -> None:
        self.w.counters.setdefault((org_id, quota, period_start), 0)

    async def claim_op(self, org_id: str, op: str, key: str) -> bool:
        if (org_id, op, key) in self.w.ops:
            return False
        self.w.ops.add((org_id, op, key))
        return True

    async def has_op(self, org_id: str, op: str, key: str) -> bool:
        return (org_id, op, key) in self.w.ops

    async def unclaim_op(self, org_id: str, op: str, key: str) -> None:
        self.w.ops.discard((org_id, op, key))

    async def try_consume(
        self, org_id: str, quota: str, period_start: datetime, amount: int, limit: int
    ) -> int | None:
        used = self.w.counters[(org_id, quota, period_start)]
        if used + amount > limit:
            return None
        self.w.counters[(org_id, quota, period_start)] = used + amount
        return used + amount

    async def release(self, org_id: str, quota: str, period_start: datetime, amount: int) -> int:
        k = (org_id, quota, period_start)
        if k not in self.w.counters:
            return 0
        self.w.counters[k] = max(self.w.counters[k] - amount, 0)
        return self.w.counters[k]

    async def used(self, org_id: str, quota: str, period_start: datetime) -> int:
        return self.w.counters.get((org_id, quota, period_start), 0)

    async def first_notice(self, org_id: str, quota: str, period_start: datetime) -> bool:
        if (org_id, quota, period_start) in self.w.notices:
            return False
        self.w.notices.add((org_id, quota, period_start))
        return True


class Repos:
    def __init__(self, w: World):
        self.organizations = OrgRepo(w)
        self.users = UserRepo(w)
        self.sessions = SessionRepo(w)
        self.api_keys = KeyRepo(w)
        self.attempts = AttemptRepo(w)
        self.quotas = QuotaRepo(w)


class Reads:
    def __init__(self, w: World):
        self.w = w

    async def organization(self, org_id: str) -> domain.Organization | None:
        return self.w.orgs.get(org_id)

    async def organization_with_subscription(
        self, org_id: str
    ) -> tuple[domain.Organization, domain.Subscription | None] | None:
        org = self.w.orgs.get(org_id)
        if org is None:
            return None
        subs = [s for s in self.w.subscriptions if s.organization_id == org_id]
        return org, subs[-1] if subs else None

    async def active_organizations(self, plans: list[str]) -> list[domain.Organization]:
        return [o for o in self.w.orgs.values() if o.status != "SUSPENDED" and o.plan in plans]

    async def principal_by_key_hash(self, key_hash: str) -> domain.Principal | None:
        for key, h in self.w.keys.values():
            if h == key_hash and key.revoked_at is None:
                return domain.Principal(self.w.orgs[key.organization_id], key.id)
        return None

    async def principal_by_session_hash(self, token_hash: str) -> domain.Principal | None:
        s = self.w.sessions.get(token_hash)
        if s is None or s["revoked"]:
            return None
        return domain.Principal(self.w.orgs[s["org"]], s["id"], self.w.users[s["user"]].role)

    async def api_keys(self, org_id: str) -> list[domain.ApiKey]:
        return [
            replace(k, last_used_at=self.w.key_uses.get(k.id))
            for k, _ in self.w.keys.values()
            if k.organization_id == org_id and k.revoked_at is None
        ]

    async def user_by_email(self, email: str) -> domain.User | None:
        return next((u for u in self.w.users.values() if u.email == email), None)

    async def usage(
        self,
        org_id: str,
        periods: Callable[[domain.Organization], dict[str, datetime]],
        likely_starts: Sequence[datetime] = (),
    ) -> tuple[domain.Organization, dict[str, int]] | None:
        org = self.w.orgs.get(org_id)
        if org is None:
            return None
        counters = self.w.counters
        return org, {
            q: counters[(org_id, q, p)] for q, p in periods(org).items() if (org_id, q, p) in counters
        }

    async def live_subscription(self, org_id: str) -> domain.Subscription | None:
        live = [s for s in self.w.subscriptions if s.organization_id == org_id and s.status != "CANCELED"]
        return live[-1] if live else None

    async def owner_email(self, org_id: str) -> str:
        return next((u.email for u in self.w.users.values() if u.organization_id == org_id), "")


class Passwords:
    def __init__(self) -> None:
        self.hashed = 0

    async def hash(self, password: str) -> str:
        self.hashed += 1
        return "hashed:" + password

    async def verify(self, password_hash: str | None, password: str) -> bool:
        return password_hash is not None and password_hash == "hashed:" + password


@dataclass(frozen=True)
class Session:
    id: str
    url: str


class Payments:
    def __init__(self, configured: bool = True) -> None:
        self.configured = configured
        self.calls: list[tuple[str, dict[str, Any]]] = []

    async def price_for(self, plan: str) -> str:
        return f"price_{plan}"

    async def create_checkout(self, **params: Any) -> Session:
        self.calls.append(("checkout", params))
        return Session("cs_test_1", "https://checkout.example/cs_test_1")

    async def create_portal(self, **params: Any) -> Session:
        self.calls.append(("portal", params))
        return Session("bps_1", "https://portal.example/bps_1")


RULES = application.Rules(public_base_url="https://app.example")
EMAIL = "owner@example.com"
PASSWORD = "correct horse battery"  # noqa: S105 - test credential


class Billing:
    """One test's world, unit of work (which publishes into `uow.published`), reads and ports."""

    def __init__(self, rules: application.Rules = RULES) -> None:
        self.world = World()
        self.uow = InMemoryUnitOfWork(Repos(self.world))
        self.reads = Reads(self.world)
        self.passwords = Passwords()
        self.rules = rules

    async def org(self, plan: str = "pro", email: str = "", password: str = "") -> domain.Organization:
        org, _ = await application.create_organization(
            self.uow, self.passwords, self.rules, "Acme", plan, email, password
        )
        return org


async def code_of(coro: Any) -> str:
    try:
        await coro
    except ServiceError as err:
        return err.code
    return "OK"


# --- organizations -----------------------------------------------------------------------------


async def test_create_organization_with_owner_and_first_key() -> None:
    b = Billing()
    org, key = await application.create_organization(
        b.uow, b.passwords, RULES, "  Acme  ", "Pro", "Owner@Example.com", PASSWORD
    )
    assert (org.name, org.plan, org.status) == ("Acme", "pro", "ACTIVE") and org.id.startswith("org_")
    [user] = b.world.users.values()
    assert (user.email, user.organization_id, user.password_hash) == (EMAIL, org.id, "hashed:" + PASSWORD)
    assert key.secret.startswith("sk_live_") and key.key.name == "default"
    assert b.world.keys[key.key.id][1] == domain.token_hash(key.secret)  # only the hash is kept
    assert b.uow.published == [domain.OrganizationChanged(org, domain.DEFAULT_PLANS["pro"])]
    assert b.uow.commits == 1


async def test_create_organization_refuses_a_taken_email_and_bad_input() -> None:
    b = Billing()
    await b.org(email=EMAIL, password=PASSWORD)
    assert await code_of(b.org(email=EMAIL, password=PASSWORD)) == "EMAIL_EXISTS"
    assert (b.uow.commits, b.uow.rollbacks, len(b.uow.published)) == (1, 1, 1)
    assert await code_of(b.org(plan="gold")) == "VALIDATION_ERROR"
    assert await code_of(b.org(email=EMAIL, password="short")) == "VALIDATION_ERROR"
    assert b.passwords.hashed == 2  # bad input is refused before any hashing


async def test_set_plan_and_rate_limit_publish_the_change() -> None:
    b = Billing()
    org = await b.org(plan="free")
    changed = await application.set_plan(b.uow, RULES, org.id, "Business")
    assert changed.plan == "business" and b.world.orgs[org.id].plan == "business"
    assert b.uow.published[-1] == domain.OrganizationChanged(changed, domain.DEFAULT_PLANS["business"])
    limited = await application.set_rate_limit(b.uow, RULES, org.id, 900)
    assert limited.rate_limit_override == 900
    assert await code_of(application.set_plan(b.uow, RULES, "org_missing", "pro")) == "ORGANIZATION_NOT_FOUND"
    assert await code_of(application.set_plan(b.uow, RULES, "bogus", "pro")) == "ORGANIZATION_NOT_FOUND"
    assert await code_of(application.set_rate_limit(b.uow, RULES, org.id, -1)) == "VALIDATION_ERROR"
    assert len(b.uow.published) == 3


async def test_get_and_list_organizations() -> None:
    b = Billing()
    free, pro = await b.org(plan="free"), await b.org(plan="pro")
    b.world.orgs[free.id] = replace(free, status="SUSPENDED")
    sub = domain.Subscription("sub_1", pro.id, "ACTIVE", "pro", NOW, NOW + timedelta(days=30), 1)
    b.world.subscriptions.append(sub)
    assert await application.get_organization(b.reads, pro.id) == (pro, sub)
    assert await application.get_organization(b.reads, free.id) == (b.world.orgs[free.id], None)
    assert await code_of(application.get_organization(b.reads, "org_nope")) == "ORGANIZATION_NOT_FOUND"
    assert [o.id for o in await application.list_active_organizations(b.reads, "")] == [pro.id]
    assert await application.list_active_organizations(b.reads, "business") == []
    assert await code_of(application.list_active_organizations(b.reads, "gold")) == "VALIDATION_ERROR"


# --- keys and key checks ---------------------------------------------------------------------


async def test_keys_authenticate_until_revoked() -> None:
    b = Billing()
    org = await b.org(plan="pro")
    issued = await application.create_api_key(b.uow, org.id, "ci")
    who = await application.authenticate(b.reads, RULES, f" {issued.secret} ")
    assert (who.organization.id, who.principal_kind, who.principal_id) == (org.id, "api_key", issued.key.id)
    assert who.requests_per_minute == 120
    await application.set_rate_limit(b.uow, RULES, org.id, 900)
    assert (await application.authenticate(b.reads, RULES, issued.secret)).requests_per_minute == 900
    published = len(b.uow.published)
    revoked = await application.revoke_api_key(b.uow, issued.key.id, org.id)
    assert revoked.revoked_at is not None
    assert b.uow.published[published:] == [domain.ApiKeyRevoked(org.id, issued.key.id)]
    again = await application.revoke_api_key(b.uow, issued.key.id)  # operator, already revoked
    assert again == revoked and len(b.uow.published) == published + 1  # no second event
    assert await code_of(application.authenticate(b.reads, RULES, issued.secret)) == "UNAUTHORIZED"
    assert await code_of(application.authenticate(b.reads, RULES, "garbage")) == "UNAUTHORIZED"
    assert await code_of(application.revoke_api_key(b.uow, "key_missing")) == "KEY_NOT_FOUND"
    assert await code_of(application.revoke_api_key(b.uow, "nope")) == "KEY_NOT_FOUND"
    other = await b.org()
    assert await code_of(application.revoke_api_key(b.uow, issued.key.id, other.id)) == "KEY_NOT_FOUND"


async def test_key_checks_follow_the_plan_and_status() -> None:
    b = Billing()
    org = await b.org(plan="free")
    issued = await application.create_api_key(b.uow, org.id, "")
    assert issued.key.name == "default"
    assert await code_of(application.authenticate(b.reads, RULES, issued.secret)) == "PLAN_LACKS_API"
    await application.set_plan(b.uow, RULES, org.id, "pro")
    b.world.orgs[org.id] = replace(b.world.orgs[org.id], status="SUSPENDED")
    assert await code_of(application.authenticate(b.reads, RULES, issued.secret)) == "ORGANIZATION_SUSPENDED"
    assert await code_of(application.create_api_key(b.uow, "org_missing", "x")) == "ORGANIZATION_NOT_FOUND"
    assert await code_of(application.create_api_key(b.uow, org.id, "x" * 101)) == "VALIDATION_ERROR"


async def test_list_keys_and_record_their_use_forward_only() -> None:
    b = Billing()
    org = await b.org()
    first = (await application.create_api_key(b.uow, org.id, "a")).key
    later = NOW + timedelta(minutes=5)
    await application.record_api_key_use(
        b.uow, [(first.id, later), (first.id, NOW), ("key_unknown", NOW), ("bogus", NOW), (first.id, None)]
    )
    await application.record_api_key_use(b.uow, [(first.id, NOW)])  # older: never moves back
    keys = {k.id: k for k in await application.list_api_keys(b.reads, org.id)}
    assert keys[first.id].last_used_at == later and len(keys) == 2  # with the default key
    commits = b.uow.commits
    await application.record_api_key_use(b.uow, [("bogus", NOW)])
    assert b.uow.commits == commits  # nothing to record: no unit
    assert await code_of(application.list_api_keys(b.reads, "org_missing")) == "ORGANIZATION_NOT_FOUND"


# --- signup, login and its throttle ------------------------------------------------------------


async def test_signup_then_login_and_logout() -> None:
    b = Billing()
    signed_up = await application.signup(b.uow, b.passwords, RULES, EMAIL, PASSWORD, "Acme", "192.0.2.1")
    org = b.world.orgs[signed_up.organization_id]
    assert org.plan == "free" and b.uow.published == [
        domain.OrganizationChanged(org, domain.DEFAULT_PLANS["free"])
    ]
    who = await application.authenticate(b.reads, RULES, signed_up.session_token)
    assert (who.principal_kind, who.organization.id) == ("session", org.id)
    assert b.world.attempts.count("signup:192.0.2.1") == 1  # every sign-up counts
    signed_in = await application.login(b.uow, b.reads, b.passwords, RULES, " OWNER@example.com", PASSWORD)
    assert signed_in.organization_id == org.id and signed_in.session_token != signed_up.session_token
    await application.logout(b.uow, signed_in.session_token)
    assert await code_of(application.authenticate(b.reads, RULES, signed_in.session_token)) == "UNAUTHORIZED"
    assert await code_of(application.authenticate(b.reads, RULES, signed_up.session_token)) == "OK"
    taken = application.signup(b.uow, b.passwords, RULES, EMAIL, PASSWORD, "Again")
    assert await code_of(taken) == "EMAIL_EXISTS"


async def test_signups_per_address_are_limited() -> None:
    b = Billing()
    rules = replace(RULES, signup_max_per_ip=2)
    for n in range(2):
        await application.signup(
            b.uow, b.passwords, rules, f"u{n}@example.com", PASSWORD, "Acme", "192.0.2.9"
        )
    refused = application.signup(b.uow, b.passwords, rules, "u9@example.com", PASSWORD, "Acme", "192.0.2.9")
    assert await code_of(refused) == "RATE_LIMITED"
    assert len(b.world.orgs) == 2
    other = application.signup(b.uow, b.passwords, rules, "u9@example.com", PASSWORD, "Acme", "192.0.2.10")
    assert await code_of(other) == "OK"


async def test_failed_logins_are_throttled_and_a_success_clears_the_account() -> None:
    b = Billing()
    await b.org(email=EMAIL, password=PASSWORD)
    rules = replace(RULES, login_max_failures_per_email=3, login_backoff_after_failures=100)
    ip = "198.51.100.7"
    account = f"account:{EMAIL}|ip:{ip}"

    def login(password: str, client_ip: str = ip) -> Any:
        return application.login(b.uow, b.reads, b.passwords, rules, EMAIL, password, client_ip)

    assert await code_of(login("wrong password")) == "UNAUTHORIZED"
    assert await code_of(login(PASSWORD)) == "OK"  # a success takes its attempt back, clears the account
    assert b.world.attempts.count(account) == 0 and b.world.attempts.count(f"ip:{ip}") == 1
    assert b.world.locked[-1] == [account, f"ip:{ip}"]
    for _ in range(3):
        assert await code_of(login("wrong password")) == "UNAUTHORIZED"
    assert await code_of(login(PASSWORD)) == "RATE_LIMITED"  # even the right one, from there
    assert await code_of(login(PASSWORD, "203.0.113.5")) == "OK"  # another address is not locked
    unknown = application.login(b.uow, b.reads, b.passwords, rules, "nobody@example.com", PASSWORD, ip)
    assert await code_of(unknown) == "UNAUTHORIZED"


async def test_failed_logins_per_address_across_accounts() -> None:
    b = Billing()
    await b.org(email=EMAIL, password=PASSWORD)
    rules = replace(RULES, login_max_failures_per_ip=2)
    ip = "2001:db8::1"
    for n in range(2):
        wrong = application.login(b.uow, b.reads, b.passwords, rules, f"x{n}@example.com", "pw", ip)
        assert await code_of(wrong) == "UNAUTHORIZED"
    right = application.login(b.uow, b.reads, b.passwords, rules, EMAIL, PASSWORD, ip)
    assert await code_of(right) == "RATE_LIMITED"


# --- quotas ------------------------------------------------------------------------------------


async def test_consume_up_to_the_limit_then_one_quota_exceeded_event() -> None:
    b = Billing()
    org = await b.org(plan="free")  # 10 slideshows per month
    for n in range(1, 11):
        use = await application.consume_quota(b.uow, RULES, org.id, "slideshows_per_month", 1)
        assert (use.used, use.limit) == (n, 10)
    published = len(b.uow.published)
    for _ in range(3):
        with pytest.raises(ServiceError) as err:
            await application.consume_quota(b.uow, RULES, org.id, "slideshows_per_month", 1)
        assert err.value.code == "QUOTA_EXCEEDED"
        assert {k: err.value.details[k] for k in ("quota", "limit", "used", "plan")} == {
            "quota": "slideshows_per_month",
            "limit": 10,
            "used": 10,
            "plan": "free",
        }
    [event] = b.uow.published[published:]  # the period's first refusal only
    assert isinstance(event, domain.QuotaExceeded)
    assert (event.organization_id, event.quota, event.limit, event.used) == (
        org.id,
        "slideshows_per_month",
        10,
        10,
    )
    assert event.period_start < event.period_end
    assert await code_of(application.consume_quota(b.uow, RULES, org.id, "bogus", 1)) == "VALIDATION_ERROR"
    assert (
        await code_of(application.consume_quota(b.uow, RULES, "org_x", "apps", 1)) == "ORGANIZATION_NOT_FOUND"
    )


async def test_keyed_consume_and_release_are_idempotent() -> None:
    b = Billing()
    org = await b.org(plan="starter")  # 3 apps

    def consume(key: str) -> Any:
        return application.consume_quota(b.uow, RULES, org.id, "apps", 1, key)

    def release(key: str) -> Any:
        return application.release_quota(b.uow, RULES, org.id, "apps", 1, key)

    assert (await consume("app-create:a")).used == 1
    assert (await consume("app-create:a")).used == 1  # the same consume again: nothing more taken
    assert (await release("app-create:never-consumed")).used == 1  # gives back only what it took
    assert (await release("app-create:a")).used == 0
    assert (await release("app-create:a")).used == 0  # once
    assert (await consume("app-create:b")).used == 1
    assert (await application.release_quota(b.uow, RULES, org.id, "apps", 5)).used == 0  # never below 0
    for key in ("c", "d", "e"):
        await consume(key)
    assert await code_of(consume("f")) == "QUOTA_EXCEEDED"
    assert (org.id, "consume", "f") not in b.world.ops  # a refused consume keeps no key
    assert (await release("f")).used == 3


async def test_usage_counts_each_quota_in_the_period() -> None:
    b = Billing()
    org = await b.org(plan="pro")
    await application.consume_quota(b.uow, RULES, org.id, "apps", 1)
    await application.consume_quota(b.uow, RULES, org.id, "slideshows_per_month", 4)
    usage = await application.get_usage(b.reads, RULES, org.id)
    assert usage.used == {"apps": 1, "slideshows_per_month": 4, "hook_refreshes": 0}
    assert usage.limits == domain.DEFAULT_PLANS["pro"] and usage.organization.id == org.id
    assert usage.period[0] <= datetime.now(UTC) < usage.period[1]
    assert await code_of(application.get_usage(b.reads, RULES, "org_missing")) == "ORGANIZATION_NOT_FOUND"

    # A subscription period covering now is the period: fresh period counters, lifetime apps.
    start = datetime.now(UTC) - timedelta(days=1)
    b.world.orgs[org.id] = replace(org, period_start=start, period_end=start + timedelta(days=30))
    await application.consume_quota(b.uow, RULES, org.id, "slideshows_per_month", 2)
    usage = await application.get_usage(b.reads, RULES, org.id)
    assert usage.period == (start, start + timedelta(days=30))
    assert usage.used == {"apps": 1, "slideshows_per_month": 2, "hook_refreshes": 0}


async def test_plan_table_overrides_apply() -> None:
    rules = application.Rules.of(
        type(
            "S",
            (),
            {f: getattr(RULES, f) for f in application.Rules.__dataclass_fields__ if f != "plans"}
            | {"plan_limits": {"free": {"apps": 2}}},
        )()
    )
    b = Billing(rules)
    org = await b.org(plan="free")
    assert (await application.consume_quota(b.uow, rules, org.id, "apps", 2)).limit == 2
    assert b.uow.published[0] == domain.OrganizationChanged(
        org, replace(domain.DEFAULT_PLANS["free"], apps=2)
    )


# --- self-serve billing ------------------------------------------------------------------------


async def test_checkout_reads_first_then_asks_stripe() -> None:
    b = Billing()
    org = await b.org(plan="free", email=EMAIL, password=PASSWORD)
    payments = Payments()
    session = await application.create_checkout_session(b.reads, payments, RULES, org.id, "Starter")
    assert session.id == "cs_test_1"
    [(kind, params)] = payments.calls
    assert kind == "checkout" and params["price_id"] == "price_starter" and params["customer_email"] == EMAIL
    assert params["cancel_url"] == "https://app.example/console/usage?checkout=canceled"
    assert b.uow.commits == 1  # only the organization's creation: a checkout writes nothing

    def checkout(plan: str = "pro", org_id: str = org.id, **urls: str) -> Any:
        return application.create_checkout_session(b.reads, payments, RULES, org_id, plan, **urls)

    assert await code_of(checkout("free")) == "VALIDATION_ERROR"
    assert await code_of(checkout(success_url="https://evil.example/")) == "VALIDATION_ERROR"
    assert await code_of(checkout(org_id="org_missing")) == "ORGANIZATION_NOT_FOUND"
    b.world.subscriptions.append(domain.Subscription("sub_1", org.id, "ACTIVE", "starter", None, None, 1))
    assert await code_of(checkout()) == "CONFLICT"
    assert len(payments.calls) == 1
    off = application.create_checkout_session(b.reads, Payments(configured=False), RULES, org.id, "pro")
    assert await code_of(off) == "UNAVAILABLE"


async def test_portal_needs_a_customer() -> None:
    b = Billing()
    org = await b.org()
    payments = Payments()
    assert (
        await code_of(application.create_billing_portal_session(b.reads, payments, RULES, org.id))
        == "CONFLICT"
    )
    b.world.orgs[org.id] = replace(org, stripe_customer_id="cus_1")
    session = await application.create_billing_portal_session(
        b.reads, payments, RULES, org.id, "https://app.example/back"
    )
    assert session.id == "bps_1"
    assert payments.calls == [("portal", {"customer_id": "cus_1", "return_url": "https://app.example/back"})]
    off = application.create_billing_portal_session(b.reads, Payments(configured=False), RULES, org.id)
    assert await code_of(off) == "UNAVAILABLE"
