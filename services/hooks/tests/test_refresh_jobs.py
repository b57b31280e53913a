"""The refresh jobs hooks keeps, against the running stack: the rows no public interface shows
(moved here from tests/contract/test_hooks.py, which goes through the gateway and slidectl only).
A deleted app's refresh state goes with it; the daily refresh starts one job per ACTIVE app of
every Starter+ organization, once per organization and UTC day; the local stack's scheduler runs
it at HOOKS_DAILY_AT. Organizations come from billing and apps from catalog over their gRPC APIs;
hooks hears of the apps through catalog's events, as in production."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import grpc
import pytest
import sqlalchemy as sa
from google.protobuf import field_mask_pb2
from hooks import store
from slides.billing.v1 import billing_pb2, billing_pb2_grpc
from slides.catalog.v1 import catalog_pb2, catalog_pb2_grpc
from slides.hooks.v1 import hooks_pb2, hooks_pb2_grpc

ROOT = Path(__file__).resolve().parents[3]
COOKING = {"niche": "cooking", "language": "es", "pain_points": ["cenas aburridas"]}


class Stack:
    """gRPC stubs of billing, catalog and hooks, and hooks' own tables (sync engine)."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.channels = [
            grpc.insecure_channel(env[f"{name}_ADDR"]) for name in ("BILLING", "CATALOG", "HOOKS")
        ]
        self.billing = billing_pb2_grpc.BillingServiceStub(self.channels[0])
        self.catalog = catalog_pb2_grpc.CatalogServiceStub(self.channels[1])
        self.hooks = hooks_pb2_grpc.HooksServiceStub(self.channels[2])
        self.db = sa.create_engine(env["DATABASE_URL"])

    def close(self) -> None:
        for channel in self.channels:
            channel.close()
        self.db.dispose()

    def new_org(self, plan: str) -> str:
        resp = self.billing.CreateOrganization(
            billing_pb2.CreateOrganizationRequest(name=f"Hooks {uuid.uuid4().hex[:6]}", plan=plan), timeout=30
        )
        return resp.organization.id

    def create_app(self, org: str, **fields: Any) -> catalog_pb2.App:
        app = catalog_pb2.App(name=f"App {uuid.uuid4().hex[:8]}", **fields)
        return self.catalog.CreateApp(
            catalog_pb2.CreateAppRequest(organization_id=org, app=app), timeout=30
        ).app

    def archive(self, org: str, app_id: str) -> None:
        self.catalog.UpdateApp(
            catalog_pb2.UpdateAppRequest(
                organization_id=org,
                app_id=app_id,
                app=catalog_pb2.App(status="ARCHIVED"),
                update_mask=field_mask_pb2.FieldMask(paths=["status"]),
            ),
            timeout=30,
        )

    def count(self, table: sa.Table, *where: Any) -> int:
        with self.db.connect() as conn:
            return int(conn.execute(sa.select(sa.func.count()).select_from(table).where(*where)).scalar_one())

    def app_status(self, app_id: str) -> str | None:
        """The status in hooks' local view of the catalog's apps (None: not there)."""
        with self.db.connect() as conn:
            return conn.execute(sa.select(store.apps.c.status).where(store.apps.c.id == app_id)).scalar()

    def daily_jobs(self, org: str) -> list[Any]:
        jobs = store.refresh_jobs
        with self.db.connect() as conn:
            stmt = sa.select(jobs).where(jobs.c.organization_id == org, jobs.c.trigger == "daily")
            return list(conn.execute(stmt).all())


@pytest.fixture(scope="module")
def stack(stack_env: dict[str, str]) -> Iterator[Stack]:
    s = Stack(stack_env)
    yield s
    s.close()


def wait_for(check: Callable[[], Any], timeout: float = 30, what: str = "condition") -> Any:
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout}s waiting for {what}")
        time.sleep(0.2)


def test_deleting_an_app_removes_its_refresh_jobs(stack: Stack) -> None:
    org = stack.new_org("pro")
    app = stack.create_app(org, **COOKING)
    started = stack.hooks.RefreshNow(
        hooks_pb2.RefreshNowRequest(organization_id=org, app_id=app.id), timeout=30
    )
    assert started.jobs_started == 1
    jobs = store.refresh_jobs
    of_app = (jobs.c.organization_id == org, jobs.c.app_id == app.id)
    assert stack.count(jobs, *of_app) == 1
    stack.catalog.DeleteApp(catalog_pb2.DeleteAppRequest(organization_id=org, app_id=app.id), timeout=30)
    wait_for(lambda: stack.count(jobs, *of_app) == 0, 30, "refresh jobs of a deleted app to go")
    wait_for(lambda: stack.app_status(app.id) is None, 30, "the deleted app to leave hooks' view")


def test_daily_refresh_runs_once_per_organization_and_day(stack: Stack) -> None:
    org = stack.new_org("starter")
    app = stack.create_app(org, **COOKING)
    archived = stack.create_app(org, niche="travel", language="fr")
    stack.archive(org, archived.id)
    free = stack.new_org("free")
    free_app = stack.create_app(free, **COOKING)
    wait_for(lambda: stack.app_status(app.id) == "ACTIVE", 30, "the app to reach hooks")
    wait_for(lambda: stack.app_status(archived.id) == "ARCHIVED", 30, "the archived status to reach hooks")
    wait_for(
        lambda: stack.app_status(free_app.id) == "ACTIVE", 30, "the Free organization's app to reach hooks"
    )

    for _ in range(2):
        resp = stack.hooks.RefreshDaily(hooks_pb2.RefreshDailyRequest(), timeout=120)
        assert resp.organizations >= 0 and resp.jobs_started >= resp.organizations
    [job] = stack.daily_jobs(org)  # one job: the ACTIVE app's, not the archived one's, not twice
    assert job.app_id == app.id
    assert stack.daily_jobs(free) == []  # Free has no hook refreshes
    runs = store.daily_runs
    assert stack.count(runs, runs.c.organization_id == org) == 1
    assert stack.count(runs, runs.c.organization_id == free) == 0
    wait_for(lambda: stack.daily_jobs(org)[0].status == "DONE", 30, "the daily job to finish")


def _stack_module() -> Any:
    """scripts/stack.py, whose DailyRefresh is what the running stack ticks every half second."""
    spec = importlib.util.spec_from_file_location("local_stack", ROOT / "scripts" / "stack.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_local_stack_runs_the_daily_refresh_at_hooks_daily_at(stack: Stack) -> None:
    """The stack's scheduler with an injected clock, running the CronJob's real command against
    the running hooks service: due once a day at HOOKS_DAILY_AT, and however often it runs, each
    organization gets one daily job per UTC day."""
    local = _stack_module()
    org = stack.new_org("starter")
    app = stack.create_app(org, **COOKING)
    wait_for(lambda: stack.app_status(app.id) == "ACTIVE", 30, "the app to reach hooks")
    assert stack.daily_jobs(org) == []

    schedule = local.DailyRefresh("03:17", {"HOOKS_ADDR": stack.env["HOOKS_ADDR"]})
    today = datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    at = today + timedelta(hours=3, minutes=17)
    assert not schedule.tick(at - timedelta(seconds=1))
    assert schedule.tick(at + timedelta(seconds=2))
    schedule.wait()
    assert [run.returncode for run in schedule.runs] == [0], schedule.runs[-1].stderr
    assert json.loads(schedule.runs[0].stdout)["jobs_started"] >= 1
    assert len(stack.daily_jobs(org)) == 1
    # Not twice the same day, however often the clock is checked.
    for later in (
        at + timedelta(seconds=3),
        at + timedelta(minutes=30),
        today + timedelta(hours=23, minutes=59),
    ):
        assert not schedule.tick(later)
    schedule.wait()
    assert len(schedule.runs) == 1
    # The next day it is due again; the service still refreshes this organization once per its
    # own UTC day, so a second run the same real day adds no job.
    assert schedule.tick(at + timedelta(days=1))
    schedule.wait()
    assert [run.returncode for run in schedule.runs] == [0, 0], schedule.runs[-1].stderr
    assert len(stack.daily_jobs(org)) == 1
    # The command run directly (as the CronJob does) adds none either.
    again = subprocess.run(  # noqa: S603 - the stack's fixed command
        local.DailyRefresh.COMMAND,
        env={**os.environ, "HOOKS_ADDR": stack.env["HOOKS_ADDR"]},
        capture_output=True,
        text=True,
        timeout=150,
        check=False,
    )
    assert again.returncode == 0, again.stderr
    assert len(stack.daily_jobs(org)) == 1
