"""`make bench`: throughput and latency figures on the running local stack (loopback only).

Each section is a function `(ctx: Context) -> None` listed in SECTIONS; later issues append theirs
(renderer, webhooks, ...). Run with the stack already up (`make bench` starts it):

    STACK_PORT_OFFSET=200 .venv/bin/python scripts/bench.py [section ...]

BENCH_SECONDS (default 10) sets the length of each load run, BENCH_CLIENTS (default 16) the
number of concurrent clients.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

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


def start_bare_app(ctx: Context, org_id: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": ctx.env["DATABASE_URL"],
        "BENCH_ORG": org_id,
        "BENCH_PORT": str(port),
    }
    proc = subprocess.Popen([sys.executable, "-c", BARE_APP], env=env)  # noqa: S603 - our own interpreter
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
        gateway = asyncio.run(hammer(url, {"Authorization": f"Bearer {key}"}, name="gateway"))
        bare = asyncio.run(hammer(f"{bare_url}/apps?limit=50", {}, name="bare"))
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


SECTIONS: dict[str, Callable[[Context], None]] = {
    "apps": bench_apps_list,
}


def main(argv: list[str]) -> None:
    ctx = load_context()
    wanted = argv or list(SECTIONS)
    unknown = [w for w in wanted if w not in SECTIONS]
    if unknown:
        raise SystemExit(f"bench: unknown section(s) {unknown}; known: {list(SECTIONS)}")
    print(f"bench: stack {ctx.gateway_url}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    for name in wanted:
        SECTIONS[name](ctx)


if __name__ == "__main__":
    main(sys.argv[1:])
