"""store.Reads.usage against the stack's Postgres: one statement reads the organization and its
counters of the likely periods; a period outside them (or no hint) takes the second statement, with
the same answer. Counters are made by the running billing service (ConsumeQuota)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import grpc
import pytest
from billing import domain, store
from kit.db import make_engine
from kit.grpcerrors import error_from_rpc
from slides.billing.v1 import billing_pb2, billing_pb2_grpc
from sqlalchemy import update


@pytest.fixture(scope="module")
async def stub(stack_env):
    channel = grpc.aio.insecure_channel(stack_env["BILLING_ADDR"])
    yield billing_pb2_grpc.BillingServiceStub(channel)
    await channel.close()


@pytest.fixture(scope="module")
async def engine(stack_env):
    eng = make_engine(stack_env["DATABASE_URL"], pool_size=2)
    yield eng
    await eng.dispose()


async def rpc(method, request):
    try:
        return await method(request, timeout=15)
    except grpc.aio.AioRpcError as err:
        raise error_from_rpc(err) from None


async def org_using(stub, slideshows: int, apps: int) -> str:
    org = await rpc(stub.CreateOrganization, billing_pb2.CreateOrganizationRequest(name="T", plan="pro"))
    for quota, n in (("slideshows_per_month", slideshows), ("apps", apps)):
        for _ in range(n):
            await rpc(
                stub.ConsumeQuota,
                billing_pb2.ConsumeQuotaRequest(organization_id=org.organization.id, quota=quota, amount=1),
            )
    return org.organization.id


def periods_at(now: datetime):
    def periods(org: domain.Organization) -> dict[str, datetime]:
        start = domain.billing_period(now, org.period_start, org.period_end)[0]
        return {q: domain.counter_period(q, start) for q in domain.QUOTAS}

    return periods


async def test_usage_in_one_statement_or_two_answers_the_same(stub, engine) -> None:
    org_id = await org_using(stub, slideshows=3, apps=2)
    reads = store.Reads(engine)
    now = datetime.now(UTC)
    month = domain.calendar_month(now)[0]
    hinted = await reads.usage(org_id, periods_at(now), [month, domain.LIFETIME_PERIOD])
    plain = await reads.usage(org_id, periods_at(now))
    assert hinted is not None and plain is not None
    assert hinted[1] == plain[1] == {"slideshows_per_month": 3, "apps": 2}
    assert hinted[0] == plain[0]
    # A month with nothing used yet: counted as nothing either way.
    later = now + timedelta(days=40)
    hinted = await reads.usage(
        org_id, periods_at(later), [domain.calendar_month(later)[0], domain.LIFETIME_PERIOD]
    )
    assert hinted is not None and hinted[1] == {"apps": 2}
    assert await reads.usage("org_missing", periods_at(now), [month]) is None


async def test_a_subscription_period_is_read_in_the_same_statement(stub, engine) -> None:
    org_id = await org_using(stub, slideshows=0, apps=1)
    now = datetime.now(UTC)
    start, end = now - timedelta(days=3), now + timedelta(days=27)
    async with engine.begin() as conn:
        await conn.execute(
            update(store.organizations)
            .where(store.organizations.c.id == org_id)
            .values(period_start=start, period_end=end)
        )
    for _ in range(4):  # counted in the subscription's period
        await rpc(
            stub.ConsumeQuota,
            billing_pb2.ConsumeQuotaRequest(organization_id=org_id, quota="slideshows_per_month", amount=1),
        )
    reads = store.Reads(engine)
    month = domain.calendar_month(now)[0]
    hinted = await reads.usage(org_id, periods_at(now), [month, domain.LIFETIME_PERIOD])
    plain = await reads.usage(org_id, periods_at(now))
    assert hinted is not None and plain is not None
    assert hinted[1] == plain[1] == {"slideshows_per_month": 4, "apps": 1}
