"""Fixtures of the contract tests: they reach the stack only through its public interfaces
(the HTTP API, the MCP endpoint, the operator CLI `slidectl` and testkit's stand-ins)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _slidectl() -> str:
    beside = Path(sys.executable).parent / "slidectl"  # the venv's console script
    if beside.is_file():
        return str(beside)
    found = shutil.which("slidectl")
    if not found:
        pytest.fail("slidectl is not installed (run `make install`)", pytrace=False)
    return found


@pytest.fixture(scope="session")
def operator(stack_env: dict[str, str]) -> Callable[..., dict[str, Any]]:
    """operator("org", "set-rate-limit", org_id, "100000") -> slidectl's JSON answer; a failed
    command fails the test with slidectl's error line."""
    program = _slidectl()
    env = {**os.environ, **stack_env, "STACK_PORT_OFFSET": os.environ.get("STACK_PORT_OFFSET", "0")}

    def run(*args: str) -> dict[str, Any]:
        proc = subprocess.run(  # noqa: S603 - fixed program, test arguments
            [program, *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
        )
        if proc.returncode != 0:
            pytest.fail(f"slidectl {' '.join(args)} exited {proc.returncode}: {proc.stderr.strip()}")
        return json.loads(proc.stdout)

    return run


@pytest.fixture(scope="session")
def set_rate_limit(operator) -> Callable[[str, int], None]:
    """set_rate_limit(org_id, requests_per_minute) through `slidectl org set-rate-limit`."""

    def run(org_id: str, requests_per_minute: int) -> None:
        out = operator("org", "set-rate-limit", org_id, str(requests_per_minute))
        assert out["organization_id"] == org_id and out["rate_limit_override"] == requests_per_minute, out

    return run


@pytest.fixture(scope="session")
def set_plan(operator) -> Callable[[str, str], None]:
    """set_plan(org_id, plan) through `slidectl org set-plan`."""

    def run(org_id: str, plan: str) -> None:
        out = operator("org", "set-plan", org_id, plan)
        assert out["organization_id"] == org_id and out["plan"] == plan, out

    return run


@pytest.fixture(scope="session")
def use_quota(operator) -> Callable[[str, str, int], dict[str, Any]]:
    """use_quota(org_id, quota, amount) through `slidectl usage consume` -> {"used", "limit", ...}
    (spends a period's quota without rendering, e.g. a Pro month's 500 decks)."""

    def run(org_id: str, quota: str, amount: int) -> dict[str, Any]:
        out = operator("usage", "consume", org_id, quota, str(amount))
        assert out["organization_id"] == org_id and out["quota"] == quota, out
        return out

    return run


@pytest.fixture(scope="session")
def release_quota(operator) -> Callable[[str, str, int], dict[str, Any]]:
    """release_quota(org_id, quota, amount) through `slidectl usage release` -> {"used", "limit", ...}."""

    def run(org_id: str, quota: str, amount: int) -> dict[str, Any]:
        out = operator("usage", "release", org_id, quota, str(amount))
        assert out["organization_id"] == org_id and out["quota"] == quota, out
        return out

    return run


@pytest.fixture(scope="session")
def revoke_key(operator) -> Callable[[str], None]:
    """revoke_key(api_key_id) through `slidectl key revoke`."""

    def run(key_id: str) -> None:
        out = operator("key", "revoke", key_id)
        assert out["api_key_id"] == key_id and out["revoked"] is True, out

    return run


@pytest.fixture(scope="session")
def create_org(operator) -> Callable[..., dict[str, str]]:
    """create_org(name, plan) through `slidectl org create` -> {"organization_id", "api_key"}."""

    def run(name: str, plan: str = "pro") -> dict[str, str]:
        out = operator("org", "create", "--name", name, "--plan", plan)
        assert out["organization_id"].startswith("org_") and out["api_key"].startswith("sk_live_"), out
        return out

    return run
