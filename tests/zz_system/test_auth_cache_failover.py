"""The gateway keeps API-key answers only while billing's change stream is open: when billing dies
the gateway checks every key with billing again (503 while it is down, never a kept 200), and
keeps answers again once billing is back. Kills billing, so it runs with the last system tests."""

import os
import re
import signal
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
PIDS = ROOT / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0") / "pids"


def _cache_live(stack_env) -> bool:
    text = httpx.get(stack_env["GATEWAY_METRICS_URL"], timeout=10).text
    return re.search(r"^auth_cache_live 1\.0$", text, re.M) is not None


def _wait(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_kept_answers_are_dropped_while_billing_is_down(stack_env, api: httpx.Client) -> None:
    assert _wait(lambda: _cache_live(stack_env), 30)
    for _ in range(3):
        assert api.get("/v0/api/v1/apps").status_code == 200

    os.kill(int((PIDS / "billing.pid").read_text()), signal.SIGKILL)
    answers: list[int] = []

    def refused_while_down() -> bool:
        resp = api.get("/v0/api/v1/apps")
        answers.append(resp.status_code)
        return resp.status_code == 503 and resp.json()["error"]["code"] == "UNAVAILABLE"

    assert _wait(refused_while_down, 5), answers

    # Billing is restarted by the stack; the key works again and answers are kept again.
    assert _wait(lambda: api.get("/v0/api/v1/apps").status_code == 200, 60)
    assert _wait(lambda: _cache_live(stack_env), 30)
