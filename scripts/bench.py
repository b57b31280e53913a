"""`make bench`: throughput and latency figures on the running local stack (loopback only).

Each section is a function `(ctx: Context) -> None` listed in SECTIONS; later issues append theirs
(renderer, webhooks, ...). Run with the stack already up (`make bench` starts it):

    STACK_PORT_OFFSET=200 .venv/bin/python scripts/bench.py [section ...]

BENCH_SECONDS (default 10) sets the length of each load run, BENCH_CLIENTS (default 16) the
number of concurrent clients. The reads section's organization holds BENCH_READS_DECKS READY decks
(default 5000) and BENCH_READS_HOOKS hooks (default 5000). The mcp section compares the gateway's
two MCP paths in BENCH_MCP_ROUNDS (4) rounds of BENCH_MCP_CALLS (1500) calls each way.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import httpx
from slides.billing.v1 import billing_pb2, billing_pb2_grpc

ROOT = Path(__file__).resolve().parent.parent
OFFSET = os.environ.get("STACK_PORT_OFFSET", "0")
SECONDS = float(os.environ.get("BENCH_SECONDS", "10"))
CLIENTS = int(os.environ.get("BENCH_CLIENTS", "16"))


@dataclass
class Context:
    env: dict[str, str]
    gateway_url: str
    results: dict[str, Result] = field(default_factory=dict)

    def billing(self) -> billing_pb2_grpc.BillingServiceStub:
        return billing_pb2_grpc.BillingServiceStub(grpc.insecure_channel(self.env["BILLING_ADDR"]))


@dataclass
class Result:
    name: str
    latencies: list[float]
    errors: int
    seconds: float

    @property
    def rps(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def percentile(self, q: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    def line(self) -> str:
        return (
            f"{self.name:<10} {self.rps:8.0f} req/s   p50 {self.percentile(0.50):7.1f} ms   "
            f"p99 {self.percentile(0.99):7.1f} ms   ({len(self.latencies)} ok, {self.errors} errors)"
        )


def load_context() -> Context:
    state = ROOT / ".stack" / OFFSET
    if not (state / "ready").exists():
        raise SystemExit(f"bench: the stack is not running (no {state}/ready); start it with `make stack-up`")
    env = json.loads((state / "env.json").read_text())
    return Context(env=env, gateway_url=env["PUBLIC_BASE_URL"])


async def hammer(
    url: str, headers: dict[str, str], clients: int = CLIENTS, seconds: float = SECONDS, name: str = ""
) -> Result:
    """`clients` concurrent httpx clients, each sending one request after the other, for `seconds`."""
    latencies: list[float] = []
    errors = 0

    async def worker(client: httpx.AsyncClient, deadline: float) -> None:
        nonlocal errors
        while time.perf_counter() < deadline:
            start = time.perf_counter()
            try:
                resp = await client.get(url)
                ok = resp.status_code == 200
            except httpx.HTTPError:
                ok = False
            if ok:
                latencies.append(time.perf_counter() - start)
            else:
                errors += 1

    # Clients are made once, outside the measured window (each loads a CA bundle).
    pool = [httpx.AsyncClient(headers=headers, timeout=30) for _ in range(clients)]
    try:
        # Warm-up: connections opened, first-call paths taken.
        await asyncio.gather(*(worker(c, time.perf_counter() + 1.0) for c in pool))
        latencies.clear()
        errors = 0
        began = time.perf_counter()
        await asyncio.gather(*(worker(c, began + seconds) for c in pool))
        elapsed = time.perf_counter() - began
    finally:
        for c in pool:
            await c.aclose()
    return Result(name or url, latencies, errors, elapsed)


WRK_REPORT = """
done = function(summary, latency, requests)
  io.write(string.format("BENCH %d %d %f %f %f\\n", summary.requests,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.timeout, summary.duration / 1e6, latency:percentile(50) / 1e3,
    latency:percentile(99) / 1e3))
end
"""


@dataclass
class WrkResult(Result):
    """wrk reports counts and percentiles, not every latency."""

    p50_ms: float = 0.0
    p99_ms: float = 0.0
    requests: int = 0

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    def percentile(self, q: float) -> float:
        return {0.5: self.p50_ms, 0.99: self.p99_ms}[q]

    def line(self) -> str:
        return (
            f"{self.name:<10} {self.rps:8.0f} req/s   p50 {self.p50_ms:7.1f} ms   "
            f"p99 {self.p99_ms:7.1f} ms   ({self.requests} ok, {self.errors} errors; wrk)"
        )


def wrk(
    url: str,
    headers: dict[str, str],
    name: str,
    lua: str = "",
    env: dict[str, str] | None = None,
    warm_up: bool = True,
) -> Result:
    """The same load as `hammer` (CLIENTS connections, one request after the other) from wrk,
    which spends a fraction of httpx's CPU per request. `lua`: a wrk script of its own (request
    building) run before the report; `env`: variables it reads (os.getenv)."""
    script = ROOT / "out" / f"bench-{OFFSET}-{name.replace(' ', '-').replace('/', '')}.lua"
    script.parent.mkdir(exist_ok=True)
    script.write_text(lua + WRK_REPORT)
    header_args = [arg for k, v in headers.items() for arg in ("-H", f"{k}: {v}")]
    base = ["wrk", "-t2", f"-c{CLIENTS}", *header_args, "-s", str(script), url]
    run_env = {**os.environ, **(env or {})}
    if warm_up:
        subprocess.run([*base[:3], "-d1s", *base[3:]], check=True, capture_output=True, env=run_env)
    out = subprocess.run(
        [*base[:3], f"-d{SECONDS:.0f}s", *base[3:]], check=True, capture_output=True, text=True, env=run_env
    )
    line = next(x for x in out.stdout.splitlines() if x.startswith("BENCH "))
    requests, errors, seconds, p50, p99 = line.split()[1:]
    ok = int(requests) - int(errors)
    return WrkResult(name, [], int(errors), float(seconds), float(p50), float(p99), ok)


def load(url: str, headers: dict[str, str], name: str) -> Result:
    if shutil.which("wrk"):
        return wrk(url, headers, name)
    return asyncio.run(hammer(url, headers, name=name))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, proc: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"bench: helper server exited with {proc.returncode}")
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"bench: {url} did not answer within {timeout:.0f}s")


# --- section: apps list through the gateway vs a bare FastAPI + SQLAlchemy endpoint -------------------

BARE_APP = r"""
import os
from fastapi import FastAPI
from fastapi.responses import JSONResponse
import uvicorn
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

engine = create_async_engine(os.environ["DATABASE_URL"], pool_size=10, max_overflow=10)
ORG = os.environ["BENCH_ORG"]
app = FastAPI()
PAGE = text("SELECT * FROM catalog.apps WHERE organization_id = :org "
            "ORDER BY created_at DESC, id DESC LIMIT :limit OFFSET :offset")
COUNT = text("SELECT count(*) FROM catalog.apps WHERE organization_id = :org")

def iso(value):
    return value.isoformat(timespec="milliseconds").replace("+00:00", "Z")

@app.get("/healthz")
async def healthz():
    return {"status": "ok"}

@app.get("/apps")
async def apps(page: int = 1, limit: int = 50):
    async with engine.connect() as conn:
        rows = (await conn.execute(PAGE, {"org": ORG, "limit": limit, "offset": (page - 1) * limit})).mappings().all()
        total = (await conn.execute(COUNT, {"org": ORG})).scalar_one()
    data = []
    for r in rows:
        item = {k: v for k, v in r.items() if k not in ("id", "created_at", "updated_at")}
        item.update(_id=r["id"], createdAt=iso(r["created_at"]), updatedAt=iso(r["updated_at"]))
        data.append(item)
    return JSONResponse({"success": True, "data": data, "page": page, "limit": limit, "total": total})

uvicorn.run(app, host="127.0.0.1", port=int(os.environ["BENCH_PORT"]), access_log=False, log_level="warning")
"""


def make_business_org(ctx: Context, apps: int) -> tuple[str, str]:
    """A Business organization without a practical rate limit, holding `apps` apps."""
    billing = ctx.billing()
    org = billing.CreateOrganization(
        billing_pb2.CreateOrganizationRequest(name=f"Bench {uuid.uuid4().hex[:6]}", plan="business"),
        timeout=30,
    )
    billing.SetRateLimit(
        billing_pb2.SetRateLimitRequest(organization_id=org.organization.id, requests_per_minute=1_000_000),
        timeout=30,
    )
    key = org.api_key.key
    with httpx.Client(
        base_url=ctx.gateway_url, headers={"Authorization": f"Bearer {key}"}, timeout=30
    ) as client:
        for i in range(apps):
            body = {
                "name": f"Bench App {i:02d} {uuid.uuid4().hex[:4]}",
                "niche": "productivity",
                "description": "A realistic description of a productivity app. " * 4,
                "value_props": ["Deep focus", "Streaks", "Offline"],
                "brand_primary_color": "#123456",
                "ios_url": "https://apps.apple.com/app/id123",
            }
            resp = client.post("/v0/api/v1/apps", json=body)
            if resp.status_code != 201:
                raise SystemExit(f"bench: creating app {i} failed: {resp.status_code} {resp.text}")
    return org.organization.id, key


# The fair bare endpoint of the reads section: the slideshow read's own statement
# (renderer.store.FULL_SLIDESHOW_SQL) on the async driver (psycopg, autocommit connections, no ORM),
# answered as JSON by FastAPI on uvicorn: what one process does for that read with nothing else.
BARE_READ_APP = r"""
import asyncio
import contextlib
import os

import orjson
import psycopg
import uvicorn
from fastapi import FastAPI
from fastapi.responses import Response
from psycopg.rows import namedtuple_row
from renderer.store import FULL_SLIDESHOW_SQL

URL = os.environ["DATABASE_URL"].replace("postgresql+psycopg://", "postgresql://", 1)
ORG = os.environ["BENCH_ORG"]
pool: asyncio.Queue = asyncio.Queue()

@contextlib.asynccontextmanager
async def lifespan(app):
    for _ in range(10):
        pool.put_nowait(await psycopg.AsyncConnection.connect(URL, autocommit=True, row_factory=namedtuple_row))
    yield

app = FastAPI(lifespan=lifespan)

@app.get("/healthz")
async def healthz():
    return {"status": "ok"}

@app.get("/v0/api/v1/slideshows/{slideshow_id}")
async def slideshow(slideshow_id: str):
    conn = await pool.get()
    try:
        cur = await conn.execute(FULL_SLIDESHOW_SQL, {"id": slideshow_id, "org": ORG})
        row = await cur.fetchone()
    finally:
        pool.put_nowait(conn)
    if row is None:
        return Response(status_code=404)
    body = orjson.dumps({"success": True, "body": row._asdict()}, default=str)
    return Response(body, media_type="application/json")

uvicorn.run(app, host="127.0.0.1", port=int(os.environ["BENCH_PORT"]), access_log=False, log_level="warning")
"""


def start_bare_app(ctx: Context, org_id: str, source: str = BARE_APP) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": ctx.env["DATABASE_URL"],
        "BENCH_ORG": org_id,
        "BENCH_PORT": str(port),
    }
    proc = subprocess.Popen([sys.executable, "-c", source], env=env)  # noqa: S603 - our own interpreter
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(f"{base}/healthz", proc, timeout=180)
    except BaseException:
        stop(proc)
        raise
    return proc, base


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


def bench_apps_list(ctx: Context) -> None:
    org_id, key = make_business_org(ctx, 50)
    proc, bare_url = start_bare_app(ctx, org_id)
    try:
        sample = httpx.get(f"{bare_url}/apps?limit=50", timeout=30).json()
        assert len(sample["data"]) == 50, "bare endpoint does not see the 50 apps"
        url = f"{ctx.gateway_url}/v0/api/v1/apps?limit=50"
        gateway = load(url, {"Authorization": f"Bearer {key}"}, name="gateway")
        bare = load(f"{bare_url}/apps?limit=50", {}, name="bare")
    finally:
        stop(proc)
    ctx.results.update(apps_gateway=gateway, apps_bare=bare)
    ratio = gateway.rps / bare.rps if bare.rps else float("nan")
    met = gateway.rps >= 500 and gateway.percentile(0.99) < 50 and ratio >= 0.5
    print(f"\n== GET /v0/api/v1/apps?limit=50 (50 apps, {CLIENTS} clients, {SECONDS:.0f} s each) ==")
    print(gateway.line())
    print(bare.line())
    print(f"throughput ratio gateway/bare: {ratio:.2f}")
    print(f"target (>= 500 req/s, p99 < 50 ms, ratio >= 0.5): {'met' if met else 'NOT met'}")


def percentile_ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")


def bench_render_cost(ctx: Context) -> None:
    """Render cost per deck and a render worker's memory: scripts/render_cost.py in a process of its
    own that imports only the renderer, as a render worker does (this process holds the bench's
    clients too, which a worker does not)."""
    subprocess.run([sys.executable, str(ROOT / "scripts" / "render_cost.py")], cwd=ROOT, check=True)


SAMPLES = ROOT / "services" / "renderer" / "renderer" / "samples"
# Generate -> READY targets by imagery (issue 19): p50, p95 in seconds.
GENERATE_TARGETS = {"brand": (2.0, 4.0), "screenshots": (2.0, 4.0), "photos": (5.0, float("inf"))}


def _imagery_apps(c: httpx.Client, brand_app: str) -> dict[str, str]:
    """The org's app for `brand`, and one app each with the demo's sample screenshots and photos
    uploaded through the API, as a customer does."""

    def upload(path: Path) -> str:
        kind = "image/png" if path.suffix == ".png" else "image/jpeg"
        r = c.post("/v0/api/v1/uploads/screenshots", files={"file": (path.name, path.read_bytes(), kind)})
        assert r.status_code == 201, r.text
        return r.json()["body"]["url"]

    shots = [upload(p) for p in sorted((SAMPLES / "screenshots").glob("*.png"))]
    photos = [upload(p) for p in sorted((SAMPLES / "photos").glob("outdoor_*.jpg"))[:6]]
    apps = {"brand": brand_app}
    for source, fields in (("screenshots", {"screenshots": shots}), ("photos", {"photos": photos})):
        r = c.post(
            "/v0/api/v1/apps",
            json={
                "name": f"Bench {source}",
                "niche": "fitness",
                "ios_url": "https://apps.apple.com/app/id1",
                "image_source": source,
                **fields,
            },
        )
        assert r.status_code == 201, r.text
        apps[source] = r.json()["body"]["_id"]
    return apps


def bench_generate_e2e(ctx: Context) -> None:
    """POST generate -> READY and -> slideshow.completed webhook, 8 concurrent requests per round,
    3 rounds, for each imagery source (brand, the sample screenshots, the sample photos). READY is
    seen by polling every 250 ms (tighter polling would itself load the two cores the renderer
    needs); the webhook's arrival time needs no polling of the API at all."""
    sys.path.insert(0, str(ROOT / "services" / "delivery"))
    from testkit.delivery import Receiver, local_ca

    _, key = make_business_org(ctx, 1)
    headers = {"Authorization": f"Bearer {key}"}
    receiver = Receiver(local_ca(ROOT / ".stack" / OFFSET))
    with httpx.Client(base_url=ctx.gateway_url, headers=headers, timeout=30) as c:
        apps = _imagery_apps(c, c.get("/v0/api/v1/apps").json()["data"][0]["_id"])
        c.post("/v0/api/webhooks", json={"url": receiver.url("/e2e"), "events": ["slideshow.completed"]})

    def completed_at() -> dict[str, float]:
        return {r.json().get("slideshow_id"): r.received_at for r in receiver.received("/e2e")}

    async def one(client: httpx.AsyncClient, app_id: str) -> tuple[float, str, float]:
        began, wall = time.perf_counter(), time.time()
        resp = await client.post(
            f"/v0/api/v1/apps/{app_id}/slideshows", json={"template_key": "problem_solution"}
        )
        sid = resp.json()["body"]["slideshow_id"]
        while time.perf_counter() - began < 120:
            status = (await client.get(f"/v0/api/v1/slideshows/{sid}")).json()["body"]["status"]
            if status == "FAILED":
                return float("inf"), sid, wall  # a deck that failed never became READY
            if status == "READY":
                return time.perf_counter() - began, sid, wall
            await asyncio.sleep(0.25)
        return float("inf"), sid, wall

    async def run(app_id: str) -> tuple[list[float], list[float]]:
        async with httpx.AsyncClient(base_url=ctx.gateway_url, headers=headers, timeout=30) as client:
            await one(client, app_id)  # warm-up
            ready: list[float] = []
            starts: dict[str, float] = {}
            for _ in range(3):
                for elapsed, sid, began in await asyncio.gather(*(one(client, app_id) for _ in range(8))):
                    ready.append(elapsed)
                    starts[sid] = began
            deadline = time.perf_counter() + 60
            while not set(starts) <= set(completed_at()) and time.perf_counter() < deadline:
                await asyncio.sleep(0.1)
            arrived = completed_at()
            events = [
                arrived[sid] - began if sid in arrived else float("inf") for sid, began in starts.items()
            ]
            return ready, events

    print("\n== generate (8 concurrent, 3 rounds, by imagery) ==")
    try:
        for source, app_id in apps.items():
            ready, events = asyncio.run(run(app_id))
            top50, top95 = GENERATE_TARGETS[source]
            for name, times in ((f"{source} -> READY", ready), (f"{source} -> completed webhook", events)):
                p50, p95 = percentile_ms(times, 0.5), percentile_ms(times, 0.95)
                met = (
                    "met"
                    if p50 < top50 * 1000 and (top95 == float("inf") or p95 < top95 * 1000)
                    else "NOT met"
                )
                target = f"p50 < {top50:.0f} s" + (f", p95 < {top95:.0f} s" if top95 != float("inf") else "")
                print(
                    f"{name:<34} p50 {p50 / 1000:.2f} s   p95 {p95 / 1000:.2f} s   (target {target}: {met})"
                )
    finally:
        receiver.close()


def bench_zip(ctx: Context) -> None:
    _, key = make_business_org(ctx, 1)
    headers = {"Authorization": f"Bearer {key}"}
    with httpx.Client(base_url=ctx.gateway_url, headers=headers, timeout=60) as client:
        app_id = client.get("/v0/api/v1/apps").json()["data"][0]["_id"]
        firsts, cached = [], []
        for _ in range(3):
            sid = client.post(
                f"/v0/api/v1/apps/{app_id}/slideshows", json={"template_key": "problem_solution"}
            ).json()["body"]["slideshow_id"]
            while client.get(f"/v0/api/v1/slideshows/{sid}").json()["body"]["status"] not in (
                "READY",
                "FAILED",
            ):
                time.sleep(0.1)
            began = time.perf_counter()
            client.get(f"/v0/api/v1/slideshows/{sid}/zip").raise_for_status()
            firsts.append(time.perf_counter() - began)
            for _ in range(20):
                began = time.perf_counter()
                assert client.get(f"/v0/api/v1/slideshows/{sid}/zip").json()["data"]["cached"] is True
                cached.append(time.perf_counter() - began)
    print("\n== ZIP export ==")
    print(
        f"first build p50 {percentile_ms(firsts, 0.5):.0f} ms   cached p50 {percentile_ms(cached, 0.5):.1f} ms   "
        f"cached p99 {percentile_ms(cached, 0.99):.1f} ms   (target cached < 20 ms)"
    )


def bench_webhooks(ctx: Context) -> None:
    """Deliveries per second to a local HTTPS receiver, and completed event -> first attempt."""
    sys.path.insert(0, str(ROOT / "services" / "delivery"))
    from kit import topics
    from testkit.delivery import Receiver, local_ca, publish_events, slideshow_event

    org_id, key = make_business_org(ctx, 0)
    receiver = Receiver(local_ca(ROOT / ".stack" / OFFSET))
    try:
        with httpx.Client(
            base_url=ctx.gateway_url, headers={"Authorization": f"Bearer {key}"}, timeout=30
        ) as c:
            for path in ("/a", "/b", "/c"):
                c.post("/v0/api/webhooks", json={"url": receiver.url(path)}).raise_for_status()
        # latency: one event at a time
        latencies = []
        for _ in range(10):
            before = len(receiver.received())
            began = time.perf_counter()
            asyncio.run(
                publish_events(
                    ctx.env["KAFKA_BOOTSTRAP"],
                    topics.RENDERER_SLIDESHOWS,
                    [("k", slideshow_event(org_id), org_id)],
                )
            )
            receiver.wait_for(lambda got, n=before: len(got) >= n + 1, timeout=30)
            latencies.append(time.perf_counter() - began)
        receiver.wait_for(lambda got: len(got) >= 3 * len(latencies), timeout=60)
        # throughput: 1,000 events (BENCH_WEBHOOK_EVENTS) x 3 endpoints
        count = int(os.environ.get("BENCH_WEBHOOK_EVENTS", "1000"))
        before = len(receiver.received())
        began, cpu_began = time.perf_counter(), time.process_time()
        asyncio.run(
            publish_events(
                ctx.env["KAFKA_BOOTSTRAP"],
                topics.RENDERER_SLIDESHOWS,
                [(f"k{i}", slideshow_event(org_id), org_id) for i in range(count)],
            )
        )
        receiver.wait_for(lambda got: len(got) >= before + 3 * count, timeout=300)
        elapsed = time.perf_counter() - began
        # This process: the receiver's threads (TLS, HMAC checks) and the publisher, on the same cores.
        bench_cpu = time.process_time() - cpu_began
    finally:
        receiver.close()
    print("\n== webhooks (local HTTPS receiver, 3 endpoints) ==")
    print(f"event -> first attempt p50 {percentile_ms(latencies, 0.5):.0f} ms (target < 200 ms)")
    print(
        f"{3 * count} deliveries in {elapsed:.1f} s = {3 * count / elapsed:.0f} deliveries/s (target >= 1000/s)"
    )
    print(
        f"receiver and publisher (this process) used {bench_cpu:.1f} CPU s of the "
        f"{elapsed * (os.cpu_count() or 1):.1f} the machine had meanwhile"
    )


def bench_console(ctx: Context) -> None:
    """Server time of every console page (one signed-in browser-like client, sequential requests)."""
    billing = ctx.billing()
    email, password = f"bench-{uuid.uuid4().hex[:8]}@example.com", "bench password 123"
    org = billing.CreateOrganization(
        billing_pb2.CreateOrganizationRequest(
            name="Bench Console", plan="pro", owner_email=email, owner_password=password
        ),
        timeout=30,
    )
    org_id = org.organization.id
    billing.SetRateLimit(
        billing_pb2.SetRateLimitRequest(organization_id=org_id, requests_per_minute=1_000_000), timeout=30
    )
    rest = httpx.Client(
        base_url=ctx.gateway_url, headers={"Authorization": f"Bearer {org.api_key.key}"}, timeout=60
    )
    app_id = rest.post("/v0/api/v1/apps", json={"name": "Bench Console App", "niche": "fitness"}).json()[
        "body"
    ]["_id"]
    sid = rest.post(f"/v0/api/v1/apps/{app_id}/slideshows", json={"template_key": "problem_solution"}).json()[
        "body"
    ]["slideshow_id"]
    while rest.get(f"/v0/api/v1/slideshows/{sid}").json()["body"]["status"] not in ("READY", "FAILED"):
        time.sleep(0.2)
    hook = rest.post("/v0/api/webhooks", json={"url": "https://127.0.0.1:9/bench"}).json()["body"]["_id"]
    rest.close()
    session = httpx.post(
        f"{ctx.gateway_url}/v0/auth/login", json={"email": email, "password": password}, timeout=30
    ).json()["body"]["session_token"]
    pages = [
        "/console",
        "/console/apps",
        f"/console/apps/{app_id}",
        "/console/slideshows",
        f"/console/slideshows/{sid}",
        f"/console/slideshows/{sid}/status",
        "/console/keys",
        "/console/integrations",
        f"/console/webhooks/{hook}",
        "/console/hooks",
        "/console/usage",
    ]
    print("\n== console pages (server time, 1 client, 40 requests each) ==")
    worst = 0.0
    with httpx.Client(base_url=ctx.gateway_url, cookies={"session": session}, timeout=30) as client:
        for path in pages:
            times = []
            for _ in range(40):
                began = time.perf_counter()
                resp = client.get(path)
                times.append(time.perf_counter() - began)
                if resp.status_code != 200:
                    raise SystemExit(f"bench: {path} answered {resp.status_code}")
            p95 = percentile_ms(times, 0.95)
            worst = max(worst, p95)
            print(
                f"{path.replace(app_id, ':app').replace(sid, ':deck').replace(hook, ':wh'):<34} "
                f"p50 {percentile_ms(times, 0.5):6.1f} ms   p95 {p95:6.1f} ms"
            )
    with httpx.Client(base_url=ctx.gateway_url, timeout=30) as anonymous:
        times = []
        for _ in range(40):
            began = time.perf_counter()
            anonymous.get("/console/login").raise_for_status()
            times.append(time.perf_counter() - began)
        worst = max(worst, percentile_ms(times, 0.95))
        print(
            f"{'/console/login':<34} p50 {percentile_ms(times, 0.5):6.1f} ms   p95 {percentile_ms(times, 0.95):6.1f} ms"
        )
    print(f"slowest page p95 {worst:.1f} ms (target < 100 ms): {'met' if worst < 100 else 'NOT met'}")


# --- section: reads (issue 19) -------------------------------------------------------------------------

READS_DECKS = int(os.environ.get("BENCH_READS_DECKS", "5000"))
READS_HOOKS = int(os.environ.get("BENCH_READS_HOOKS", "5000"))
READS_RENDERED = 8

IDS_LUA = """
local ids = {}
for line in io.lines(os.getenv("BENCH_IDS")) do ids[#ids + 1] = line end
"""
# Each of wrk's threads seeds its own generator (the address of a fresh table differs per thread).
RANDOM_LUA = (
    IDS_LUA
    + """
math.randomseed(os.time() + (tonumber(tostring({}):sub(8)) or 0))
"""
)
RANDOM_SLIDESHOW_LUA = (
    RANDOM_LUA
    + """
request = function()
  return wrk.format(nil, "/v0/api/v1/slideshows/" .. ids[math.random(#ids)])
end
"""
)
# The cold pass: wrk's two threads walk disjoint halves of the ids in order, each id read once
# (a thread that gets through its half starts it again: reported as repeats).
SEQUENTIAL_SLIDESHOW_LUA = (
    """
local threads = 0
function setup(thread) thread:set("tid", threads); threads = threads + 1 end
"""
    + IDS_LUA
    + """
local half, i = math.floor(#ids / 2), 0
request = function()
  local id = ids[(tid or 0) * half + (i % half) + 1]
  i = i + 1
  return wrk.format(nil, "/v0/api/v1/slideshows/" .. id)
end
"""
)
MCP_GET_LUA = (
    RANDOM_LUA
    + """
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json, text/event-stream"
request = function()
  return wrk.format("POST", nil, nil, '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":'
    .. '{"name":"get_slideshow","arguments":{"slideshow_id":"' .. ids[math.random(#ids)] .. '"}}}')
end
"""
)


def _psql_url(ctx: Context) -> str:
    return ctx.env["DATABASE_URL"].replace("postgresql+psycopg://", "postgresql://", 1)


def _columns(conn: Any, schema: str, table: str) -> list[str]:
    rows = conn.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = %s AND table_name = %s "
        "ORDER BY ordinal_position",
        (schema, table),
    ).fetchall()
    return [r[0] for r in rows]


def clone_decks(ctx: Context, sources: list[str], count: int) -> list[str]:
    """`count` copies of READY decks (row, slides, assets) with new ids, created a second apart
    going back in time, written straight into the renderer's tables: rendering thousands of decks
    would take the bench an hour on two cores, and a read never looks at the pictures."""
    import psycopg
    from kit import ids

    new = [(ids.new_id("ss"), sources[i % len(sources)], i + 1) for i in range(count)]
    with psycopg.connect(_psql_url(ctx)) as conn:
        conn.execute("CREATE TEMP TABLE bench_clones (new_id text, src_id text, n int)")
        with conn.cursor().copy("COPY bench_clones FROM STDIN") as copy:
            for row in new:
                copy.write_row(row)
        for table, key in (
            ("slideshows", "id"),
            ("slides", "slideshow_id"),
            ("marketing_assets", "slideshow_id"),
        ):
            cols = _columns(conn, "renderer", table)
            chosen = {key: "m.new_id"}
            if table == "slideshows":
                chosen["created_at"] = "t.created_at - m.n * interval '1 second'"
            values = [chosen.get(c, f"t.{c}") for c in cols]
            conn.execute(
                f"INSERT INTO renderer.{table} ({', '.join(cols)}) SELECT {', '.join(values)} "
                f"FROM renderer.{table} t JOIN bench_clones m ON t.{key} = m.src_id"
            )
    return [n for n, _, _ in new]


def grow_hook_library(ctx: Context, org_id: str, count: int) -> int:
    """Copies of the organization's seed hooks (numbered, so each is a distinct hook) until the
    library holds `count`, straight into the hooks service's table. Returns the library's size."""
    import psycopg

    with psycopg.connect(_psql_url(ctx)) as conn:
        have = conn.execute(
            "SELECT count(*) FROM hooks.hooks WHERE organization_id = %s", (org_id,)
        ).fetchone()
        have = int(have[0]) if have else 0
        if have == 0 or have >= count:
            return have
        rounds = -(-(count - have) // have)
        cols = _columns(conn, "hooks", "hooks")
        chosen = {
            "id": "'hk_' || substr(md5(random()::text || g::text || t.id), 1, 20)",
            "text": "t.text || ' #' || g",
            "normalized_text": "t.normalized_text || ' ' || g",
            "created_at": "t.created_at - g * interval '1 second'",
        }
        conn.execute(
            f"INSERT INTO hooks.hooks ({', '.join(cols)}) SELECT {', '.join(chosen.get(c, f't.{c}') for c in cols)} "
            "FROM hooks.hooks t, generate_series(1, %s) g WHERE t.organization_id = %s",
            (rounds, org_id),
        )
        size = conn.execute(
            "SELECT count(*) FROM hooks.hooks WHERE organization_id = %s", (org_id,)
        ).fetchone()
        return int(size[0]) if size else 0


def make_reads_org(ctx: Context, decks: int, hooks: int) -> tuple[str, str, list[str], int]:
    """A Business organization without a practical rate limit, 2 apps, READS_RENDERED decks really
    rendered (concurrently) and copies of them up to `decks`, and a hook library of `hooks`."""
    org_id, key = make_business_org(ctx, 2)
    headers = {"Authorization": f"Bearer {key}"}

    async def render() -> list[str]:
        async with httpx.AsyncClient(base_url=ctx.gateway_url, headers=headers, timeout=60) as c:
            apps = [a["_id"] for a in (await c.get("/v0/api/v1/apps")).json()["data"]]
            made = await asyncio.gather(
                *(
                    c.post(
                        f"/v0/api/v1/apps/{apps[i % len(apps)]}/slideshows",
                        json={"template_key": "problem_solution"},
                    )
                    for i in range(READS_RENDERED)
                )
            )
            sids = [r.json()["body"]["slideshow_id"] for r in made]
            deadline = time.monotonic() + 180
            for sid in sids:
                while (await c.get(f"/v0/api/v1/slideshows/{sid}")).json()["body"]["status"] not in (
                    "READY",
                    "FAILED",
                ):
                    if time.monotonic() > deadline:
                        raise SystemExit("bench: the reads section's decks did not render within 180 s")
                    await asyncio.sleep(0.25)
            return sids

    rendered = asyncio.run(render())
    clones = clone_decks(ctx, rendered, max(0, decks - len(rendered)))
    library = grow_hook_library(ctx, org_id, hooks)
    return org_id, key, rendered + clones, library


class StackCpu:
    """CPU seconds used by each process of the running stack (Postgres with its backends)."""

    def __init__(self) -> None:
        self.tick = os.sysconf("SC_CLK_TCK")
        state = ROOT / ".stack" / OFFSET
        self.pids: dict[str, list[int]] = {}
        for f in sorted((state / "pids").glob("*.pid")):
            self.pids[f.stem] = [int(f.read_text())]
        found = subprocess.run(
            ["pgrep", "-f", f"postgres -D {state / 'pgdata'}"], capture_output=True, text=True
        ).stdout.split()
        if found:
            self.pids["postgres"] = [int(found[0])]

    def _pids(self, name: str) -> list[int]:
        pids = list(self.pids[name])
        if name == "postgres":  # the backends come and go
            out = subprocess.run(["pgrep", "-P", str(pids[0])], capture_output=True, text=True).stdout
            pids += [int(p) for p in out.split()]
        return pids

    def sample(self) -> dict[str, float]:
        used: dict[str, float] = {}
        for name in self.pids:
            total = 0
            for pid in self._pids(name):
                try:
                    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                except (FileNotFoundError, ProcessLookupError):
                    continue
                total += int(fields[11]) + int(fields[12])
                if pid == self.pids[name][0]:
                    # The CPU of children it has reaped: a Postgres backend that exits between two samples
                    # moves its CPU here instead of vanishing (which made Postgres' share negative).
                    total += int(fields[13]) + int(fields[14])
            used[name] = total / self.tick
        return used


def cpu_line(before: dict[str, float], after: dict[str, float], requests: int) -> str:
    per = {k: (after.get(k, 0.0) - v) * 1000 / max(1, requests) for k, v in before.items()}
    shown = sorted(((k, v) for k, v in per.items() if v >= 0.05), key=lambda kv: -kv[1])
    return (
        "    CPU ms per request: "
        + ", ".join(f"{k} {v:.2f}" for k, v in shown)
        + f"; total {sum(per.values()):.2f}"
    )


def bench_reads(ctx: Context) -> None:
    """Every read through the gateway beside /healthz, in one run: GET slideshow by id over
    thousands of distinct READY decks in random order (warm) and each once in order (cold), the
    list of slideshows of an organization with that many decks, hooks from a library of thousands
    (with and without q), usage, organization, webhooks and MCP get_slideshow; each with the CPU it cost per process. Beside
    them the fair bare endpoint (BARE_READ_APP: the slideshow read's statement, async driver, no ORM)."""
    org_id, key, decks, library = make_reads_org(ctx, READS_DECKS, READS_HOOKS)
    # 1,000 decks read in random order (warm), the others each once (cold), none read before.
    warm_ids, cold_ids = decks[:1000], decks[1000:]
    # Per stack offset: other stacks on the machine bench from the same tree.
    ids_file, cold_file = (
        ROOT / "out" / f"bench-{OFFSET}-reads-ids.txt",
        ROOT / "out" / f"bench-{OFFSET}-reads-cold-ids.txt",
    )
    ids_file.parent.mkdir(exist_ok=True)
    ids_file.write_text("\n".join(warm_ids) + "\n")
    cold_file.write_text("\n".join(cold_ids) + "\n")
    auth = {"Authorization": f"Bearer {key}"}
    url = ctx.gateway_url
    with httpx.Client(base_url=url, headers=auth, timeout=30) as c:
        listed = c.get("/v0/api/v1/slideshows").json()
        assert listed["total"] == len(decks), (
            f"the organization lists {listed['total']} decks, not {len(decks)}"
        )
        probe = c.post(
            "/v0/mcp",
            headers={"Accept": "application/json, text/event-stream"},
            json={
                "jsonrpc": "2.0",
                "id": 1,
                "method": "tools/call",
                "params": {"name": "get_slideshow", "arguments": {"slideshow_id": decks[0]}},
            },
        ).json()
        assert not probe["result"].get("isError"), probe
        # A few webhook endpoints for the webhooks list (never called: nothing is generated here).
        for i in range(5 - len(c.get("/v0/api/webhooks").json()["data"])):
            made = c.post(
                "/v0/api/webhooks",
                json={"url": f"https://127.0.0.1:9/bench-{i}", "events": ["slideshow.completed"]},
            )
            assert made.status_code in (200, 201), made.text
    runs: list[tuple[str, str, str, dict[str, str], bool, float]] = [
        ("/healthz", f"{url}/healthz", "", {}, True, 0),
        (
            f"GET slideshow, random of {len(warm_ids)}",
            f"{url}/",
            RANDOM_SLIDESHOW_LUA,
            {"BENCH_IDS": str(ids_file)},
            True,
            800,
        ),
        (
            f"GET slideshow, cold: {len(cold_ids)} once",
            f"{url}/",
            SEQUENTIAL_SLIDESHOW_LUA,
            {"BENCH_IDS": str(cold_file)},
            False,
            800,
        ),
        (f"GET slideshows ({len(decks)} decks)", f"{url}/v0/api/v1/slideshows", "", {}, True, 800),
        ("GET slideshows page 50", f"{url}/v0/api/v1/slideshows?page=50", "", {}, True, 800),
        (f"GET hooks ({library} hooks)", f"{url}/v0/api/v1/hooks", "", {}, True, 800),
        ("GET hooks?q=you", f"{url}/v0/api/v1/hooks?q=you", "", {}, True, 800),
        ("GET usage", f"{url}/v0/api/v1/usage", "", {}, True, 800),
        ("GET organization", f"{url}/v0/api/v1/organization", "", {}, True, 800),
        ("GET webhooks (5 endpoints)", f"{url}/v0/api/webhooks", "", {}, True, 800),
        ("MCP get_slideshow", f"{url}/v0/mcp", MCP_GET_LUA, {"BENCH_IDS": str(ids_file)}, True, 400),
    ]
    if not shutil.which("wrk"):
        raise SystemExit("bench: the reads section needs wrk (make wrk)")
    bare, bare_url = start_bare_app(ctx, org_id, BARE_READ_APP)
    assert httpx.get(f"{bare_url}/v0/api/v1/slideshows/{warm_ids[0]}", timeout=30).status_code == 200
    runs.insert(
        2,
        (
            "bare: same query, no ORM (random)",
            f"{bare_url}/",
            RANDOM_SLIDESHOW_LUA,
            {"BENCH_IDS": str(ids_file)},
            True,
            0,
        ),
    )
    cpu = StackCpu()
    cpu.pids["bare"] = [bare.pid]
    # The setup's renders fan out events, after which consumers fetch fast for 30 s: reads are
    # measured on the settled stack, as a read-heavy service runs (the idle section waits alike).
    time.sleep(float(os.environ.get("BENCH_IDLE_SETTLE", "35")))
    print(
        f"\n== reads ({len(decks)} READY decks, {READS_RENDERED} of them rendered and the rest copies; "
        f"{library} hooks; {CLIENTS} connections, {SECONDS:.0f} s each; wrk) =="
    )
    healthz = 0.0
    try:
        for run in runs:
            rps = read_run(cpu, auth, run, healthz, len(cold_ids))
            if run[0] == "/healthz":
                healthz = rps
    finally:
        stop(bare)


def read_run(cpu: StackCpu, auth: dict[str, str], run: tuple, healthz: float, cold: int) -> float:
    """One wrk run of the reads section and its report line with the CPU of every process
    meanwhile; returns its req/s. `healthz`: the /healthz req/s of this run (0 for /healthz)."""
    name, target, lua, env, warm, floor = run
    headers = {} if name == "/healthz" or name.startswith("bare") else auth
    load_before = os.getloadavg()[0]
    before = cpu.sample()
    result = wrk(target, headers, name, lua=lua, env=env, warm_up=warm)
    after = cpu.sample()
    assert isinstance(result, WrkResult)
    ratio = result.rps / (healthz or result.rps) if result.rps else float("nan")
    if floor:
        met = result.rps >= floor and (floor < 800 or result.p99_ms < 50)
        target_text = f">= {floor:.0f}/s" + (", p99 < 50 ms" if floor >= 800 else "")
        verdict = f"   target {target_text}: {'met' if met else 'NOT met'}"
    else:
        verdict = ""
    print(
        f"{name:<34} {result.rps:7.0f} req/s   p50 {result.p50_ms:6.1f} ms   p99 {result.p99_ms:6.1f} ms   "
        f"ratio to /healthz {ratio:.3f}   ({result.requests} ok, {result.errors} errors; "
        f"load {load_before:.1f}){verdict}"
    )
    if name.startswith("GET slideshow, cold") and result.requests > cold:
        print(f"    ({result.requests - cold} of those were second reads: the pass ended early)")
    print(cpu_line(before, after, result.requests + result.errors))
    return result.rps


MCP_AB_CALLS = int(os.environ.get("BENCH_MCP_CALLS", "1500"))
MCP_AB_ROUNDS = int(os.environ.get("BENCH_MCP_ROUNDS", "4"))


def bench_mcp_transport(ctx: Context) -> None:
    """MCP get_slideshow's CPU in the gateway with gateway.mcp_tools.exchange (a plain request
    answered in its own task) and without it (the SDK's stateless transport for every request): the
    gateway's app in this process, with the environment of the stack's gateway (every middleware,
    auth, the Redis limiter, the MCP server, gRPC to the stack's renderer), driven through ASGI by
    CLIENTS callers, the two ways interleaved; CPU seconds of this process per call. Unlike the
    reads section's wrk figure, this ratio hardly moves with how busy the machine is."""
    _, key, decks, _ = make_reads_org(ctx, 200, 0)
    pid = int((ROOT / ".stack" / OFFSET / "pids" / "gateway.pid").read_text())
    environ = dict(
        item.split("=", 1) for item in Path(f"/proc/{pid}/environ").read_text().split("\0") if "=" in item
    )
    saved = dict(os.environ)
    os.environ.update({k: v for k, v in environ.items() if k.isupper() and k not in ("PATH", "HOME")})
    try:
        per_call = asyncio.run(_mcp_ab(key, decks))
    finally:
        os.environ.clear()
        os.environ.update(saved)
    print(
        f"\n== MCP get_slideshow in the gateway's app, this process ({CLIENTS} callers, "
        f"{MCP_AB_ROUNDS} x {MCP_AB_CALLS} calls each way, interleaved; load {os.getloadavg()[0]:.1f}) =="
    )
    for fast, label in ((False, "SDK stateless transport"), (True, "gateway.mcp_tools.exchange")):
        cpu = sorted(per_call[fast])
        print(f"{label:<28} CPU ms per call: median {cpu[len(cpu) // 2]:.2f}, min {cpu[0]:.2f}")
    sdk, fast = (sorted(per_call[k])[len(per_call[k]) // 2] for k in (False, True))
    print(f"    the exchange costs {fast / sdk:.2f} of the SDK transport's CPU per call")


async def _mcp_ab(key: str, decks: list[str]) -> dict[bool, list[float]]:
    import random

    from gateway.app import create_app
    from gateway.settings import GatewaySettings

    headers = [
        (b"host", b"127.0.0.1"),
        (b"content-type", b"application/json"),
        (b"accept", b"application/json, text/event-stream"),
        (b"authorization", f"Bearer {key}".encode()),
    ]

    async def call(app: Any) -> None:
        body = json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "tools/call",
                "params": {"name": "get_slideshow", "arguments": {"slideshow_id": random.choice(decks)}},
            }
        ).encode()
        scope = {
            "type": "http",
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": "/v0/mcp",
            "raw_path": b"/v0/mcp",
            "query_string": b"",
            "root_path": "",
            "server": ("127.0.0.1", 80),
            "client": ("127.0.0.1", 50000),
            "app": app,
            "headers": [*headers, (b"content-length", str(len(body)).encode())],
        }
        given = False
        sent: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            await asyncio.Event().wait()  # no disconnect while the answer is written
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        await app(scope, receive, send)
        answer = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
        if sent[0].get("status") != 200 or b'"isError":true' in answer:
            raise SystemExit(f"bench: MCP get_slideshow answered {sent[0].get('status')}: {answer[:300]!r}")

    async def calls(app: Any, n: int) -> None:
        left = n

        async def caller() -> None:
            nonlocal left
            while left > 0:
                left -= 1
                await call(app)

        await asyncio.gather(*(caller() for _ in range(CLIENTS)))

    app = create_app(GatewaySettings())
    per_call: dict[bool, list[float]] = {True: [], False: []}
    async with app.router.lifespan_context(app):
        exchanges = app.state.mcp_exchanges
        await calls(app, 300)  # warm: connections, first-call paths
        for i in range(MCP_AB_ROUNDS):
            for fast in (True, False) if i % 2 == 0 else (False, True):
                exchanges.enabled = fast
                began = time.process_time()
                await calls(app, MCP_AB_CALLS)
                per_call[fast].append((time.process_time() - began) / MCP_AB_CALLS * 1000)
    return per_call


def bench_idle(ctx: Context) -> None:
    """The idle stack's CPU per process (issue 19: under 5% of one core): BENCH_IDLE_SETTLE seconds
    without requests first (consumers and relays slow down after 30 s), then BENCH_IDLE_SECONDS."""
    settle = float(os.environ.get("BENCH_IDLE_SETTLE", "35"))
    seconds = float(os.environ.get("BENCH_IDLE_SECONDS", "30"))
    time.sleep(settle)
    cpu = StackCpu()
    before = cpu.sample()
    time.sleep(seconds)
    after = cpu.sample()
    per = {k: (after.get(k, 0.0) - v) / seconds * 100 for k, v in before.items()}
    shown = sorted(per.items(), key=lambda kv: -kv[1])
    print(
        f"\n== idle stack ({seconds:.0f} s after {settle:.0f} s without requests; load {os.getloadavg()[0]:.1f}) =="
    )
    print("    % of one core: " + ", ".join(f"{k} {v:.2f}" for k, v in shown))
    total = sum(per.values())
    print(f"    total {total:.1f}% of one core   target < 5%: {'met' if total < 5 else 'NOT met'}")


SECTIONS: dict[str, Callable[[Context], None]] = {
    "apps": bench_apps_list,
    "render": bench_render_cost,
    "generate": bench_generate_e2e,
    "zip": bench_zip,
    "webhooks": bench_webhooks,
    "console": bench_console,
    "reads": bench_reads,
    "mcp": bench_mcp_transport,
    "idle": bench_idle,
}


def _cpu_times() -> tuple[int, int]:
    """(busy, total) jiffies of the whole machine."""
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    idle = values[3] + values[4]  # idle + iowait
    return sum(values) - idle, sum(values)


def wait_until_quiet(busy_below: float = 0.3, window: float = 2.0, patience: float = 90.0) -> None:
    """A stack that has just started keeps the cores busy for a while (consumers joining their
    groups, first queries, caches): measure the settled system, not its start."""
    began = time.monotonic()
    while time.monotonic() - began < patience:
        busy1, total1 = _cpu_times()
        time.sleep(window)
        busy2, total2 = _cpu_times()
        used = (busy2 - busy1) / max(1, total2 - total1)
        if used < busy_below:
            print(
                f"bench: machine {used:.0%} busy after {time.monotonic() - began:.0f} s of waiting; measuring"
            )
            return
    print(f"bench: machine still busy after {patience:.0f} s; measuring anyway")


def main(argv: list[str]) -> None:
    ctx = load_context()
    wanted = argv or list(SECTIONS)
    unknown = [w for w in wanted if w not in SECTIONS]
    if unknown:
        raise SystemExit(f"bench: unknown section(s) {unknown}; known: {list(SECTIONS)}")
    print(f"bench: stack {ctx.gateway_url}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    for name in wanted:
        wait_until_quiet()
        SECTIONS[name](ctx)


if __name__ == "__main__":
    main(sys.argv[1:])
