"""Load and chaos against the running stack (loopback only, bounded in time).

    python scripts/load.py --duration 60 --users 12 --orgs 3            # make load
    python scripts/load.py --duration 90 --users 12 --orgs 3 --chaos    # make chaos
    python scripts/load.py --duration 90 --users 12 --orgs 3 --rolling  # make rolling

A realistic mix for several organizations at once (apps, hooks, generate and poll, ZIP,
share, MCP), then the books are checked: every accepted generate ended READY or FAILED,
each finished deck's webhook arrived with a valid signature, quota usage equals the decks
that count, and duplicate billing events changed nothing. With --chaos, processes are
killed with SIGKILL in turn during the run (the stack supervisor restarts them); with --rolling,
every process of the stack gets SIGTERM in turn (a rolling restart: each stops gracefully).
Exit status 1 on any loss. Results as JSON with --report.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import sys
import time
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import httpx

ROOT = Path(__file__).resolve().parent.parent
STATE = ROOT / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0")
CHAOS_TARGETS = ["renderer", "delivery", "gateway", "hooks", "catalog", "billing"]
# A rolling restart: every service and gateway process, replicas included, in turn.
ROLLING_TARGETS = [
    "gateway",
    "gateway-2",
    "billing",
    "catalog",
    "hooks",
    "renderer",
    "renderer-2",
    "delivery",
    "delivery-2",
    "sharing",
]
TRANSIENT = (httpx.TransportError, httpx.RemoteProtocolError)


@dataclass
class Org:
    organization_id: str
    api_key: str
    apps: list[str] = field(default_factory=list)
    webhook_path: str = ""
    webhook_secret: str = ""
    slideshows: list[str] = field(default_factory=list)


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    outcomes: Counter = field(default_factory=Counter)
    retries: int = 0

    def record(self, op: str, seconds: float, outcome: str) -> None:
        self.latencies[op].append(seconds)
        self.outcomes[(op, outcome)] += 1


class Load:
    def __init__(self, base_urls: list[str], orgs: list[Org], stats: Stats):
        self.base_urls = base_urls
        self.orgs = orgs
        self.stats = stats
        self.client = httpx.AsyncClient(timeout=30)

    async def request(self, op: str, org: Org, method: str, path: str, **kw) -> httpx.Response | None:
        """One logical call; transport errors (a replica being killed) are retried on the
        other replica for up to 30 s, so a retried generate reuses its Idempotency-Key."""
        headers = {"Authorization": f"Bearer {org.api_key}", **kw.pop("headers", {})}
        started = time.perf_counter()
        deadline = started + 30
        attempt = 0
        while True:
            base = self.base_urls[(attempt + random.randrange(len(self.base_urls))) % len(self.base_urls)]
            try:
                resp = await self.client.request(method, base + path, headers=headers, **kw)
            except TRANSIENT:
                attempt += 1
                self.stats.retries += 1
                if time.perf_counter() > deadline:
                    self.stats.record(op, time.perf_counter() - started, "transport_error")
                    return None
                await asyncio.sleep(0.3)
                continue
            if resp.status_code == 503 and time.perf_counter() < deadline:
                attempt += 1
                self.stats.retries += 1
                await asyncio.sleep(0.3)
                continue
            outcome = str(resp.status_code)
            if resp.status_code >= 400:
                try:
                    outcome += " " + resp.json()["error"]["code"]
                except (ValueError, KeyError, TypeError):
                    outcome += " (no envelope)"
            self.stats.record(op, time.perf_counter() - started, outcome)
            return resp

    async def user(self, deadline: float) -> None:
        ops = [
            (self.list_apps, 20),
            (self.create_delete_app, 4),
            (self.list_hooks, 12),
            (self.generate, 10),
            (self.poll, 15),
            (self.zip, 5),
            (self.share, 4),
            (self.mcp_list_apps, 8),
            (self.list_slideshows, 8),
        ]
        funcs, weights = zip(*ops, strict=True)
        while time.monotonic() < deadline:
            org = random.choice(self.orgs)
            await random.choices(funcs, weights)[0](org)

    async def list_apps(self, org: Org) -> None:
        await self.request("list_apps", org, "GET", "/v0/api/v1/apps")

    async def list_slideshows(self, org: Org) -> None:
        await self.request("list_slideshows", org, "GET", "/v0/api/v1/slideshows?limit=20")

    async def create_delete_app(self, org: Org) -> None:
        resp = await self.request(
            "create_app",
            org,
            "POST",
            "/v0/api/v1/apps",
            json={"name": f"Load {uuid.uuid4().hex[:8]}", "niche": "productivity"},
        )
        if resp is not None and resp.status_code == 201:
            await self.request("delete_app", org, "DELETE", f"/v0/api/v1/apps/{resp.json()['body']['_id']}")

    async def list_hooks(self, org: Org) -> None:
        await self.request("list_hooks", org, "GET", "/v0/api/v1/hooks?limit=20")

    async def generate(self, org: Org) -> None:
        app = random.choice(org.apps)
        resp = await self.request(
            "generate",
            org,
            "POST",
            f"/v0/api/v1/apps/{app}/slideshows",
            json={"template_key": "problem_solution"},
            headers={"Idempotency-Key": uuid.uuid4().hex},
        )
        if resp is not None and resp.status_code in (200, 201, 202):
            org.slideshows.append(resp.json()["body"]["slideshow_id"])

    async def poll(self, org: Org) -> None:
        if org.slideshows:
            await self.request(
                "get_slideshow", org, "GET", f"/v0/api/v1/slideshows/{random.choice(org.slideshows)}"
            )

    async def zip(self, org: Org) -> None:
        if org.slideshows:
            await self.request(
                "zip", org, "GET", f"/v0/api/v1/slideshows/{random.choice(org.slideshows[:5])}/zip"
            )

    async def share(self, org: Org) -> None:
        if org.slideshows:
            await self.request(
                "share", org, "POST", f"/v0/api/slideshows/{random.choice(org.slideshows)}/share", json={}
            )

    async def mcp_list_apps(self, org: Org) -> None:
        await self.request(
            "mcp_list_apps",
            org,
            "POST",
            "/v0/mcp",
            json={
                "jsonrpc": "2.0",
                "id": 1,
                "method": "tools/call",
                "params": {"name": "list_apps", "arguments": {}},
            },
            headers={"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"},
        )


def billing_stub(env: dict[str, str]):
    from slides.billing.v1 import billing_pb2_grpc

    return billing_pb2_grpc.BillingServiceStub(grpc.insecure_channel(env["BILLING_ADDR"]))


# Seconds a set-up request waits out 503s (a drill before may still be restarting a service).
SETUP_PATIENCE = 60.0


async def setup_post(client: httpx.AsyncClient, url: str, **kwargs) -> httpx.Response:
    """POST during set-up, before the load and its chaos: a 503 (a backing service is unavailable, the
    request did nothing) is retried after its Retry-After, as a client of the API should; anything
    else is raised."""
    deadline = time.monotonic() + SETUP_PATIENCE
    while True:
        resp = await client.post(url, **kwargs)
        if resp.status_code != 503 or time.monotonic() > deadline:
            resp.raise_for_status()
            return resp
        wait = float(resp.headers.get("Retry-After", "1"))
        print(f"set-up: 503 from POST {url}; retrying in {wait:.0f} s", file=sys.stderr)
        await asyncio.sleep(min(wait, max(0.0, deadline - time.monotonic())))


async def setup_org(client: httpx.AsyncClient, base: str, stub, receiver, index: int) -> Org:
    from slides.billing.v1 import billing_pb2

    resp = stub.CreateOrganization(
        billing_pb2.CreateOrganizationRequest(name=f"Load {index}", plan="business"), timeout=10
    )
    stub.SetRateLimit(
        billing_pb2.SetRateLimitRequest(organization_id=resp.organization.id, requests_per_minute=1_000_000),
        timeout=10,
    )
    org = Org(resp.organization.id, resp.api_key.key, webhook_path=f"/org{index}")
    auth = {"Authorization": f"Bearer {org.api_key}"}
    hook = await setup_post(
        client,
        f"{base}/v0/api/webhooks",
        headers=auth,
        json={"url": receiver.url(org.webhook_path), "events": ["slideshow.completed", "slideshow.failed"]},
    )
    org.webhook_secret = hook.json()["body"]["secret"]
    receiver.secrets[org.webhook_path] = org.webhook_secret
    for niche in ("fitness", "productivity"):
        app = await setup_post(
            client,
            f"{base}/v0/api/v1/apps",
            headers=auth,
            json={
                "name": f"Load {niche} {uuid.uuid4().hex[:6]}",
                "niche": niche,
                "value_props": ["Five-minute sessions", "Works offline"],
                "pain_points": ["No time"],
                "brand_primary_color": "#FF5A36",
                "ios_url": "https://apps.apple.com/app/id1",
            },
        )
        org.apps.append(app.json()["body"]["_id"])
    return org


async def chaos(
    deadline: float, kills: list[str], targets: list[str] = CHAOS_TARGETS, sig: int = signal.SIGKILL
) -> None:
    """Signal one process at even intervals over the run, in the documented order (SIGKILL: chaos;
    SIGTERM: a rolling restart)."""
    targets = [name for name in targets if (STATE / "pids" / f"{name}.pid").exists()]
    interval = (deadline - time.monotonic()) / (len(targets) + 1)
    for name in targets:
        await asyncio.sleep(interval)
        pid_file = STATE / "pids" / f"{name}.pid"
        try:
            os.kill(int(pid_file.read_text()), sig)
            kills.append(name)
            print(f"[chaos] {signal.Signals(sig).name} {name}", flush=True)
        except (OSError, ValueError):
            print(f"[chaos] could not signal {name}", flush=True)


async def wait_finished(
    client: httpx.AsyncClient, base: str, orgs: list[Org], timeout: float
) -> dict[str, str]:
    """slideshow id -> final status, waiting until none is QUEUED/RENDERING or time is up."""
    final: dict[str, str] = {}
    deadline = time.monotonic() + timeout
    pending = [(o, s) for o in orgs for s in o.slideshows]
    while pending and time.monotonic() < deadline:
        still = []
        for org, sid in pending:
            try:
                resp = await client.get(
                    f"{base}/v0/api/v1/slideshows/{sid}", headers={"Authorization": f"Bearer {org.api_key}"}
                )
                status = (
                    resp.json()["body"]["status"] if resp.status_code == 200 else f"HTTP {resp.status_code}"
                )
            except (httpx.TransportError, ValueError, KeyError):
                status = "RETRY"
            if status in ("READY", "FAILED"):
                final[sid] = status
            else:
                still.append((org, sid))
                final[sid] = status
        pending = still
        if pending:
            await asyncio.sleep(1)
    return final


async def settled_quota(stub, orgs: list[Org], final: dict[str, str], timeout: float) -> list[dict]:
    """Each organization's slideshow usage must equal its READY decks (FAILED ones give their
    unit back; units of requests that died mid-way are given back by the renderer's sweeper,
    so this waits for the books to settle)."""
    from slides.billing.v1 import billing_pb2

    deadline = time.monotonic() + timeout
    while True:
        mismatch = []
        for org in orgs:
            usage = stub.GetUsage(
                billing_pb2.GetUsageRequest(organization_id=org.organization_id), timeout=10
            )
            used = {u.quota: u.used for u in usage.usage}.get("slideshows_per_month", -1)
            ready = sum(1 for s in org.slideshows if final.get(s) == "READY")
            if used != ready:
                mismatch.append({"org": org.organization_id, "used": used, "ready": ready})
        if not mismatch or time.monotonic() > deadline:
            return mismatch
        await asyncio.sleep(2)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def billing_duplicates(
    client: httpx.AsyncClient, base: str, orgs: list[Org], env: dict[str, str]
) -> dict:
    """Sends each of a few signed events twice at once; each must be processed exactly once."""
    import stripe  # type: ignore[import-untyped]

    secret = os.environ.get("STRIPE_WEBHOOK_SECRET", env.get("STRIPE_WEBHOOK_SECRET", "whsec_test_local"))
    answers: Counter = Counter()
    for org in orgs:
        event = {
            "id": f"evt_load_{uuid.uuid4().hex}",
            "object": "event",
            "type": "checkout.session.completed",
            "created": int(time.time()),
            "data": {
                "object": {
                    "object": "checkout.session",
                    "customer": f"cus_{uuid.uuid4().hex[:12]}",
                    "client_reference_id": org.organization_id,
                }
            },
        }
        payload = json.dumps(event)
        ts = int(time.time())
        sig = stripe.WebhookSignature._compute_signature(f"{ts}.{payload}", secret)
        headers = {"Stripe-Signature": f"t={ts},v1={sig}", "Content-Type": "application/json"}
        url = f"{base}/v0/public/billing/payment-webhook"
        results = await asyncio.gather(
            *[_deliver_like_stripe(client, url, payload, headers) for _ in range(2)]
        )
        for r in results:
            if r is not None and r.status_code == 200:
                answers["duplicate" if r.json().get("duplicate") else "processed"] += 1
            else:
                answers["error" if r is None else f"error {r.status_code}"] += 1
    return dict(answers)


async def _deliver_like_stripe(
    client: httpx.AsyncClient, url: str, payload: str, headers: dict[str, str], patience: float = 60
) -> httpx.Response | None:
    """Stripe retries an event until it gets a 2xx; so does this (a service killed by chaos
    may still be restarting when the run ends, and the gateway then answers 503)."""
    deadline = time.monotonic() + patience
    while True:
        try:
            resp = await client.post(url, content=payload, headers=headers)
            if resp.status_code < 500:
                return resp
        except httpx.TransportError:
            resp = None
        if time.monotonic() > deadline:
            return resp
        await asyncio.sleep(0.5)


async def run(args: argparse.Namespace) -> int:
    sys.path.insert(0, str(ROOT / "services" / "delivery"))
    from testkit.delivery import Receiver, local_ca

    env = json.loads((STATE / "env.json").read_text())
    bases = [env["PUBLIC_BASE_URL"]]
    if (STATE / "pids" / "gateway-2.pid").exists():
        bases.append(env["PUBLIC_BASE_URL"].rsplit(":", 1)[0] + f":{int(env['GATEWAY_PORT']) + 1}")
    receiver = Receiver(local_ca(STATE))
    stub = billing_stub(env)
    stats = Stats()
    async with httpx.AsyncClient(timeout=30) as client:
        orgs = [await setup_org(client, bases[0], stub, receiver, i) for i in range(args.orgs)]
        load = Load(bases, orgs, stats)
        started = time.monotonic()
        deadline = started + args.duration
        kills: list[str] = []
        tasks = [asyncio.create_task(load.user(deadline)) for _ in range(args.users)]
        if args.chaos:
            tasks.append(asyncio.create_task(chaos(deadline, kills)))
        elif args.rolling:
            tasks.append(asyncio.create_task(chaos(deadline, kills, ROLLING_TARGETS, signal.SIGTERM)))
        await asyncio.gather(*tasks)
        elapsed = time.monotonic() - started
        duplicates = await billing_duplicates(client, bases[0], orgs, env)
        final = await wait_finished(client, bases[0], orgs, args.drain)
        await load.client.aclose()

        accepted = [s for o in orgs for s in o.slideshows]
        stuck = [s for s, st in final.items() if st not in ("READY", "FAILED")]
        finished = {s for s, st in final.items() if st in ("READY", "FAILED")}
        deadline_hooks = time.monotonic() + args.drain

        def delivered() -> set[str]:
            return {r.json().get("slideshow_id") for r in receiver.received() if r.signature_valid}

        while not finished <= delivered() and time.monotonic() < deadline_hooks:
            await asyncio.sleep(0.5)
        got = delivered()
        bad_signatures = sum(1 for r in receiver.received() if r.signature_valid is False)
        lost_webhooks = sorted(finished - got)
        delivery_ids = Counter(r.headers.get("x-service-delivery-id") for r in receiver.received())

        quota_mismatch = await settled_quota(stub, orgs, final, args.drain)
    receiver.close()

    ops = {}
    for op, values in sorted(stats.latencies.items()):
        ops[op] = {
            "count": len(values),
            "p50_ms": round(percentile(values, 0.5) * 1000, 1),
            "p95_ms": round(percentile(values, 0.95) * 1000, 1),
            "p99_ms": round(percentile(values, 0.99) * 1000, 1),
            "mean_ms": round(statistics.fmean(values) * 1000, 1),
        }
    total = sum(len(v) for v in stats.latencies.values())
    errors = {
        f"{op}: {outcome}": n
        for (op, outcome), n in sorted(stats.outcomes.items())
        if not outcome.startswith("2")
    }
    report = {
        "duration_s": round(elapsed, 1),
        "requests": total,
        "throughput_rps": round(total / elapsed, 1),
        "operations": ops,
        "errors": errors,
        "client_retries": stats.retries,
        "chaos_kills": kills,
        "generates_accepted": len(accepted),
        "ready": sum(1 for s in final.values() if s == "READY"),
        "failed": sum(1 for s in final.values() if s == "FAILED"),
        "stuck": stuck,
        "webhooks_lost": lost_webhooks,
        "webhook_bad_signatures": bad_signatures,
        "webhook_deliveries": sum(delivery_ids.values()),
        "webhook_duplicate_deliveries": sum(n - 1 for n in delivery_ids.values() if n > 1),
        "quota_mismatches": quota_mismatch,
        "billing_duplicate_events": duplicates,
        "server_errors": {k: v for k, v in errors.items() if ": 5" in k or "no envelope" in k},
    }
    print(json.dumps(report, indent=1))
    if args.report:
        Path(args.report).parent.mkdir(parents=True, exist_ok=True)
        Path(args.report).write_text(json.dumps(report, indent=1))
    lost = (
        stuck
        or lost_webhooks
        or bad_signatures
        or quota_mismatch
        or duplicates != {"processed": args.orgs, "duplicate": args.orgs}
    )
    return 1 if lost else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--users", type=int, default=12)
    parser.add_argument("--orgs", type=int, default=3)
    parser.add_argument("--drain", type=float, default=180, help="seconds to wait for renders and webhooks")
    parser.add_argument("--chaos", action="store_true")
    parser.add_argument("--rolling", action="store_true", help="SIGTERM every process in turn")
    parser.add_argument("--report", default="")
    return asyncio.run(run(parser.parse_args(argv)))


if __name__ == "__main__":
    raise SystemExit(main())
