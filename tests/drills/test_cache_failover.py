"""The gateway keeps API-key answers only while billing's change stream is open, and app answers
only while catalog's is: when either service dies the gateway asks it again (503 while it is
down, never a kept 200), and keeps answers again once it is back. Kills billing and catalog, so
it runs with the last system tests."""

import os
import re
import signal
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
PIDS = ROOT / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0") / "pids"


def _cache_live(stack_env, name: str = "auth_cache_live") -> bool:
    text = httpx.get(stack_env["GATEWAY_METRICS_URL"], timeout=10).text
    return re.search(rf"^{name} 1\.0$", text, re.M) is not None


def _wait(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize(
    ("service", "gauge"), [("billing", "auth_cache_live"), ("catalog", "apps_cache_live")]
)
def test_kept_answers_are_dropped_while_their_service_is_down(
    stack_env, api: httpx.Client, service: str, gauge: str
) -> None:
    assert _wait(lambda: _cache_live(stack_env, gauge), 30)
    for _ in range(3):
        assert api.get("/v0/api/v1/apps").status_code == 200

    os.kill(int((PIDS / f"{service}.pid").read_text()), signal.SIGKILL)
    answers: list[int] = []

    def refused_while_down() -> bool:
        resp = api.get("/v0/api/v1/apps")
        answers.append(resp.status_code)
        return resp.status_code == 503 and resp.json()["error"]["code"] == "UNAVAILABLE"

    assert _wait(refused_while_down, 5), answers

    # The stack restarts the service; the call works again and answers are kept again.
    assert _wait(lambda: api.get("/v0/api/v1/apps").status_code == 200, 60)
    assert _wait(lambda: _cache_live(stack_env, gauge), 30)
