"""BillingService over real gRPC against the running stack (real Postgres and Kafka)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import uuid

import grpc
import pytest
from aiokafka import AIOKafkaConsumer, TopicPartition
from billing import cli, store
from google.protobuf.timestamp_pb2 import Timestamp
from kit import topics
from kit.db import make_engine
from kit.errors import ServiceError
from kit.grpcerrors import error_from_rpc
from kit.kafka import unpack
from slides.billing.v1 import billing_pb2, billing_pb2_grpc
from slides.common.v1 import common_pb2
from sqlalchemy import func, select


@pytest.fixture(scope="module")
async def stub(stack_env):
    channel = grpc.aio.insecure_channel(stack_env["BILLING_ADDR"])
    yield billing_pb2_grpc.BillingServiceStub(channel)
    await channel.close()


async def rpc(method, request):
    try:
        return await method(request, timeout=15)
    except grpc.aio.AioRpcError as err:
        raise error_from_rpc(err) from None


async def new_org(stub, plan: str = "pro") -> billing_pb2.CreateOrganizationResponse:
    return await rpc(stub.CreateOrganization, billing_pb2.CreateOrganizationRequest(name="T", plan=plan))


async def consume(stub, org_id: str, quota: str, key: str = "") -> billing_pb2.ConsumeQuotaResponse:
    return await rpc(
        stub.ConsumeQuota,
        billing_pb2.ConsumeQuotaRequest(organization_id=org_id, quota=quota, amount=1, idempotency_key=key),
    )


async def outcome(coro) -> str:
    try:
        await coro
        return "ok"
    except ServiceError as err:
        return err.code


async def quota_events(stack_env, org_id: str) -> list[billing_pb2.QuotaExceeded]:
    """QuotaExceeded events of one organization on billing.events.v1 (read to the end)."""
    consumer = AIOKafkaConsumer(bootstrap_servers=stack_env["KAFKA_BOOTSTRAP"], enable_auto_commit=False)
    await consumer.start()
    try:
        parts = [
            TopicPartition(topics.BILLING_EVENTS, p)
            for p in (consumer.partitions_for_topic(topics.BILLING_EVENTS) or {0})
        ]
        consumer.assign(parts)
        await consumer.seek_to_beginning(*parts)
        found: list[billing_pb2.QuotaExceeded] = []
        for _ in range(100):
            ends = await consumer.end_offsets(parts)
            batch = await consumer.getmany(*parts, timeout_ms=500)
            for records in batch.values():
                for r in records:
                    env = common_pb2.Envelope.FromString(r.value)
                    if env.organization_id == org_id and env.event_type.endswith("QuotaExceeded"):
                        found.append(unpack(env))  # type: ignore[arg-type]
            done = all([await consumer.position(p) >= ends[p] for p in parts])
            if found and done:
                return found
        return found
    finally:
        await consumer.stop()


async def test_fifty_parallel_consumes_against_ten_grant_ten(stub, stack_env):
    org = (await new_org(stub, "free")).organization  # 10 slideshows per month
    results = await asyncio.gather(
        *[outcome(consume(stub, org.id, "slideshows_per_month")) for _ in range(50)]
    )
    assert results.count("ok") == 10
    assert results.count("QUOTA_EXCEEDED") == 40
    usage = await rpc(stub.GetUsage, billing_pb2.GetUsageRequest(organization_id=org.id))
    assert {u.quota: u.used for u in usage.usage}["slideshows_per_month"] == 10
    events = await quota_events(stack_env, org.id)
    assert len(events) == 1
    e = events[0]
    assert (e.quota, e.limit, e.used, e.plan) == ("slideshows_per_month", 10, 10, "free")
    assert e.period_start.seconds < e.period_end.seconds


async def test_quota_exceeded_details_and_release(stub):
    org = (await new_org(stub, "free")).organization  # 1 app
    assert (await consume(stub, org.id, "apps")).used == 1
    with pytest.raises(ServiceError) as err:
        await consume(stub, org.id, "apps")
    assert err.value.code == "QUOTA_EXCEEDED"
    details = err.value.details
    assert {k: details[k] for k in ("quota", "limit", "used", "plan")} == {
        "quota": "apps",
        "limit": 1,
        "used": 1,
        "plan": "free",
    }
    assert details["period_start"] < details["period_end"]
    released = await rpc(
        stub.ReleaseQuota, billing_pb2.ReleaseQuotaRequest(organization_id=org.id, quota="apps", amount=1)
    )
    assert released.used == 0
    assert (await consume(stub, org.id, "apps")).used == 1
    # Releasing more than was used never goes below zero.
    released = await rpc(
        stub.ReleaseQuota, billing_pb2.ReleaseQuotaRequest(organization_id=org.id, quota="apps", amount=5)
    )
    assert released.used == 0


async def test_idempotency_keys(stub):
    org = (await new_org(stub, "pro")).organization
    key = uuid.uuid4().hex
    results = await asyncio.gather(*[consume(stub, org.id, "hook_refreshes", key) for _ in range(5)])
    assert {r.used for r in results} == {1}
    release = billing_pb2.ReleaseQuotaRequest(
        organization_id=org.id, quota="hook_refreshes", amount=1, idempotency_key=key
    )
    assert (await rpc(stub.ReleaseQuota, release)).used == 0
    await consume(stub, org.id, "hook_refreshes")
    assert (await rpc(stub.ReleaseQuota, release)).used == 1  # that release already happened


async def test_keyed_release_without_its_consume_gives_nothing_back(stub):
    org = (await new_org(stub, "pro")).organization
    await consume(stub, org.id, "hook_refreshes")
    never_consumed = billing_pb2.ReleaseQuotaRequest(
        organization_id=org.id, quota="hook_refreshes", amount=1, idempotency_key=uuid.uuid4().hex
    )
    assert (await rpc(stub.ReleaseQuota, never_consumed)).used == 1


async def test_free_plan_has_no_hook_refreshes(stub):
    org = (await new_org(stub, "free")).organization
    with pytest.raises(ServiceError) as err:
        await consume(stub, org.id, "hook_refreshes")
    assert err.value.details["limit"] == 0


async def test_bad_requests(stub):
    org = (await new_org(stub)).organization
    cases = [
        (
            stub.ConsumeQuota,
            billing_pb2.ConsumeQuotaRequest(organization_id=org.id, quota="bogus"),
            "VALIDATION_ERROR",
        ),
        (
            stub.ConsumeQuota,
            billing_pb2.ConsumeQuotaRequest(organization_id="org_missing", quota="apps"),
            "ORGANIZATION_NOT_FOUND",
        ),
        (
            stub.ConsumeQuota,
            billing_pb2.ConsumeQuotaRequest(organization_id=org.id, quota="apps", amount=-1),
            "VALIDATION_ERROR",
        ),
        (
            stub.CreateOrganization,
            billing_pb2.CreateOrganizationRequest(name="x", plan="gold"),
            "VALIDATION_ERROR",
        ),
        (
            stub.SetPlan,
            billing_pb2.SetPlanRequest(organization_id="nope", plan="pro"),
            "ORGANIZATION_NOT_FOUND",
        ),
        (
            stub.SetRateLimit,
            billing_pb2.SetRateLimitRequest(organization_id=org.id, requests_per_minute=-1),
            "VALIDATION_ERROR",
        ),
        (stub.RevokeApiKey, billing_pb2.RevokeApiKeyRequest(key_id="key_nope"), "KEY_NOT_FOUND"),
        (stub.Authenticate, billing_pb2.AuthenticateRequest(token=""), "UNAUTHORIZED"),
    ]
    for method, request, code in cases:
        with pytest.raises(ServiceError) as err:
            await rpc(method, request)
        assert err.value.code == code, request


async def test_authenticate_and_rate_limit_override(stub):
    created = await new_org(stub, "business")
    auth = await rpc(stub.Authenticate, billing_pb2.AuthenticateRequest(token=created.api_key.key))
    assert (auth.principal_kind, auth.principal_id, auth.requests_per_minute) == (
        "api_key",
        created.api_key.id,
        600,
    )
    await rpc(
        stub.SetRateLimit,
        billing_pb2.SetRateLimitRequest(organization_id=created.organization.id, requests_per_minute=5000),
    )
    auth = await rpc(stub.Authenticate, billing_pb2.AuthenticateRequest(token=created.api_key.key))
    assert auth.requests_per_minute == 5000 and auth.organization.rate_limit_override == 5000
    await rpc(stub.SetRateLimit, billing_pb2.SetRateLimitRequest(organization_id=created.organization.id))
    auth = await rpc(stub.Authenticate, billing_pb2.AuthenticateRequest(token=created.api_key.key))
    assert auth.requests_per_minute == 600


async def test_keys_are_stored_hashed(stub, stack_env):
    created = await new_org(stub)
    engine = make_engine(os.environ["DATABASE_URL"], pool_size=1)
    try:
        async with engine.connect() as conn:
            row = (
                await conn.execute(select(store.api_keys).where(store.api_keys.c.id == created.api_key.id))
            ).one()
    finally:
        await engine.dispose()
    assert created.api_key.key not in (row.key_hash, row.prefix)
    assert created.api_key.key.startswith(row.prefix)


async def test_key_use_is_recorded_forward_only(stub):
    created = await new_org(stub)
    org_id, key_id = created.organization.id, created.api_key.id

    def use(key: str, seconds: int) -> billing_pb2.ApiKeyUse:
        return billing_pb2.ApiKeyUse(key_id=key, used_at=Timestamp(seconds=seconds))

    async def last_used() -> int:
        listed = await rpc(stub.ListApiKeys, billing_pb2.ListApiKeysRequest(organization_id=org_id))
        [key] = [k for k in listed.api_keys if k.id == key_id]
        return key.last_used_at.seconds

    assert await last_used() == 0  # never used
    later, earlier = 1_900_000_000, 1_800_000_000
    request = billing_pb2.RecordApiKeyUseRequest(
        uses=[use(key_id, later), use("key_unknown0000000000", later)]
    )
    await rpc(stub.RecordApiKeyUse, request)
    assert await last_used() == later
    await rpc(stub.RecordApiKeyUse, billing_pb2.RecordApiKeyUseRequest(uses=[use(key_id, earlier)]))
    assert await last_used() == later  # a replica's older report does not move it back


async def test_list_active_organizations(stub):
    starter = (await new_org(stub, "starter")).organization
    free = (await new_org(stub, "free")).organization
    resp = await rpc(
        stub.ListActiveOrganizations, billing_pb2.ListActiveOrganizationsRequest(min_plan="starter")
    )
    ids = {o.id for o in resp.organizations}
    assert starter.id in ids and free.id not in ids


async def test_quota_notice_is_recorded_once(stub):
    org = (await new_org(stub, "free")).organization
    await consume(stub, org.id, "apps")
    for _ in range(3):
        assert await outcome(consume(stub, org.id, "apps")) == "QUOTA_EXCEEDED"
    engine = make_engine(os.environ["DATABASE_URL"], pool_size=1)
    try:
        async with engine.connect() as conn:
            n = (
                await conn.execute(
                    select(func.count())
                    .select_from(store.quota_notices)
                    .where(store.quota_notices.c.organization_id == org.id)
                )
            ).scalar_one()
    finally:
        await engine.dispose()
    assert n == 1


def slidectl(*args: str) -> subprocess.CompletedProcess:
    """The real command in a fresh process, finding the stack through .stack/<offset>/env.json."""
    env = {k: v for k, v in os.environ.items() if k not in ("BILLING_ADDR", "HOOKS_ADDR")}
    return subprocess.run(  # noqa: S603 - fixed argv, test only
        [sys.executable, "-m", "billing.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    """The same entry point in-process (fast): (exit code, stdout, stderr)."""
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_slidectl_process(stack_env):
    created = slidectl("org", "create", "--name", "CLI Org", "--plan", "starter")
    assert created.returncode == 0, created.stderr
    out = json.loads(created.stdout)
    assert set(out) == {"organization_id", "api_key"} and out["api_key"].startswith("sk_live_")
    failed = slidectl("org", "set-plan", "org_missing", "pro")
    assert failed.returncode == 1 and failed.stdout == ""
    assert failed.stderr.strip() == "slidectl: ORGANIZATION_NOT_FOUND: No organization 'org_missing'."


def test_slidectl_commands(stack_env, capsys):
    code, out, _ = run_cli(capsys, "org", "create", "--name", "CLI Org", "--plan", "starter")
    assert code == 0
    org_id = json.loads(out)["organization_id"]
    code, out, _ = run_cli(capsys, "org", "set-plan", org_id, "business")
    assert code == 0 and json.loads(out)["plan"] == "business"
    code, out, _ = run_cli(capsys, "org", "set-rate-limit", org_id, "900")
    assert code == 0 and json.loads(out)["rate_limit_override"] == 900
    code, out, _ = run_cli(capsys, "key", "create", org_id)
    key = json.loads(out)
    assert code == 0 and key["api_key"].startswith("sk_live_")
    code, out, _ = run_cli(capsys, "key", "revoke", key["api_key_id"])
    assert code == 0 and json.loads(out)["revoked"] is True
    code, out, err = run_cli(capsys, "key", "revoke", "key_missing")
    assert code == 1 and out == "" and err.strip() == "slidectl: KEY_NOT_FOUND: No API key 'key_missing'."
    with pytest.raises(SystemExit) as exc:
        cli.main(["org", "create", "--name", "x", "--plan", "gold"])
    assert exc.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_slidectl_usage_consume_and_release(stack_env, capsys):
    """An operator charges and credits quota units: one JSON line each, the counter follows, a
    charge past the limit is refused whole with billing's error line."""
    code, out, _ = run_cli(capsys, "org", "create", "--name", "CLI Usage", "--plan", "free")
    assert code == 0
    org_id = json.loads(out)["organization_id"]  # free: 10 slideshows a month, 1 app

    code, out, err = run_cli(capsys, "usage", "consume", org_id, "slideshows_per_month", "4")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "organization_id": org_id,
        "quota": "slideshows_per_month",
        "used": 4,
        "limit": 10,
    }
    code, out, err = run_cli(capsys, "usage", "consume", org_id, "slideshows_per_month", "7")
    assert code == 1 and out == ""
    assert err.startswith("slidectl: QUOTA_EXCEEDED: ") and len(err.strip().splitlines()) == 1
    code, out, _ = run_cli(capsys, "usage", "consume", org_id, "slideshows_per_month", "6")
    assert code == 0 and json.loads(out)["used"] == 10  # the refused 7 took nothing
    code, out, _ = run_cli(capsys, "usage", "release", org_id, "slideshows_per_month", "3")
    assert code == 0
    assert json.loads(out) == {
        "organization_id": org_id,
        "quota": "slideshows_per_month",
        "used": 7,
        "limit": 10,
    }
    code, out, _ = run_cli(capsys, "usage", "release", org_id, "slideshows_per_month", "50")
    assert code == 0 and json.loads(out)["used"] == 0  # never below zero
    # Each quota has its own counter.
    code, out, _ = run_cli(capsys, "usage", "consume", org_id, "apps", "1")
    assert code == 0 and (json.loads(out)["used"], json.loads(out)["limit"]) == (1, 1)
    code, out, err = run_cli(capsys, "usage", "consume", org_id, "hook_refreshes", "1")
    assert code == 1 and out == "" and err.startswith("slidectl: QUOTA_EXCEEDED: ")  # free: none

    code, out, err = run_cli(capsys, "usage", "release", "org_missing", "apps", "1")
    assert code == 1 and out == ""
    assert err.strip() == "slidectl: ORGANIZATION_NOT_FOUND: No organization 'org_missing'."
    for bad in (
        ["usage", "consume", org_id, "decks", "1"],
        ["usage", "consume", org_id, "apps", "0"],
        ["usage", "release", org_id, "apps", "-2"],
        ["usage", "release", org_id, "apps", "two"],
        ["usage", "release", org_id, "apps", str(2**31)],
        ["usage", "consume", org_id, "apps"],
    ):
        with pytest.raises(SystemExit) as exc:
            cli.main(bad)
        assert exc.value.code == 2, bad
        out, err = capsys.readouterr()
        assert out == "" and len(err.strip().splitlines()) == 1 and err.startswith("slidectl: error: "), bad


async def test_slidectl_usage_is_what_billing_counts(stub, stack_env):
    """The real command in its own process: what it charges and credits is the counter billing
    reports to everyone else (GetUsage)."""
    org = (await new_org(stub, "starter")).organization

    async def used() -> int:
        usage = await rpc(stub.GetUsage, billing_pb2.GetUsageRequest(organization_id=org.id))
        return {u.quota: u.used for u in usage.usage}["hook_refreshes"]

    charged = await asyncio.to_thread(slidectl, "usage", "consume", org.id, "hook_refreshes", "5")
    assert charged.returncode == 0, charged.stderr
    assert json.loads(charged.stdout)["used"] == 5 == await used()
    credited = await asyncio.to_thread(slidectl, "usage", "release", org.id, "hook_refreshes", "2")
    assert credited.returncode == 0, credited.stderr
    assert json.loads(credited.stdout) == {
        "organization_id": org.id,
        "quota": "hook_refreshes",
        "used": 3,
        "limit": json.loads(charged.stdout)["limit"],
    }
    assert await used() == 3
    refused = await asyncio.to_thread(slidectl, "usage", "consume", org.id, "hook_refreshes", "1000")
    assert refused.returncode == 1 and refused.stdout == ""
    assert refused.stderr.startswith("slidectl: QUOTA_EXCEEDED: ")
    assert await used() == 3


async def test_failed_logins_are_throttled_per_client_ip(stub, stack_env):
    """100 failures from one address in the window lock that address out, whichever accounts
    they tried; the right password from another address still logs in."""
    email = f"ip-{uuid.uuid4().hex[:10]}@example.com"
    password = "correct horse battery staple"  # noqa: S105 - test credential
    await rpc(
        stub.CreateOrganization,
        billing_pb2.CreateOrganizationRequest(
            name="T", plan="pro", owner_email=email, owner_password=password
        ),
    )
    h = uuid.uuid4().hex
    ip = f"2001:db8::{h[:4]}:{h[4:8]}:{h[8:12]}"  # a documentation address, new on every run
    engine = make_engine(os.environ["DATABASE_URL"], pool_size=1)
    try:
        async with engine.begin() as conn:  # 99 earlier failures, other accounts
            await store.add_login_failures(conn, [f"ip:{ip}"] * 99)
    finally:
        await engine.dispose()

    def login(pw: str, client_ip: str):
        return rpc(stub.Login, billing_pb2.LoginRequest(email=email, password=pw, client_ip=client_ip))

    assert await outcome(login("wrong password", ip)) == "UNAUTHORIZED"  # the 100th failure
    with pytest.raises(ServiceError) as refused:
        await login(password, ip)  # even the right password: the address is locked out
    assert refused.value.code == "RATE_LIMITED" and refused.value.details["retry_after"] >= 1
    assert (await login(password, "198.51.100.7")).session_token  # another address is not
