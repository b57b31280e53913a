"""The daily hook refresh's schedule, as the local stack runs it (scripts/stack.py), follows the
Kubernetes CronJob and hooks' own HOOKS_DAILY_AT default (moved here from tests/contract: it reads
hooks' settings, which contract tests do not import)."""

from __future__ import annotations

import importlib.util
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import yaml
from hooks.settings import Settings

ROOT = Path(__file__).resolve().parents[3]


def _stack_module() -> Any:
    spec = importlib.util.spec_from_file_location("local_stack", ROOT / "scripts" / "stack.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_daily_schedule_follows_the_cronjob() -> None:
    """Missed times run within the CronJob's starting deadline, never later; off turns it off;
    a malformed HOOKS_DAILY_AT is refused; the stack's default and command are the CronJob's."""
    stack = _stack_module()
    day = datetime(2030, 6, 1, tzinfo=UTC)
    late = stack.DailyRefresh("21:05", {}, command=["true"])
    assert not late.due(day + timedelta(hours=22, minutes=5, seconds=1))
    assert late.due(day + timedelta(hours=21, minutes=35))
    assert not stack.DailyRefresh("off", {}).due(day + timedelta(hours=3, minutes=17))
    for bad in ("3:17pm", "24:00", "03:60", "daily"):
        with pytest.raises(ValueError, match="HOOKS_DAILY_AT"):
            stack.DailyRefresh(bad, {})

    cronjob = next(
        doc
        for doc in yaml.safe_load_all(
            (ROOT / "deploy" / "k8s" / "base" / "hooks-daily-cronjob.yaml").read_text()
        )
        if doc["kind"] == "CronJob"
    )
    default = stack.DailyRefresh(Settings.model_fields["hooks_daily_at"].default, {})
    minute, hour, *every = cronjob["spec"]["schedule"].split()
    assert (int(hour), int(minute), every) == (default.at.hour, default.at.minute, ["*", "*", "*"])
    assert cronjob["spec"]["timeZone"] == "Etc/UTC"
    assert cronjob["spec"]["startingDeadlineSeconds"] == stack.DailyRefresh.STARTING_DEADLINE.total_seconds()
    assert cronjob["spec"]["concurrencyPolicy"] == "Forbid"
    container = cronjob["spec"]["jobTemplate"]["spec"]["template"]["spec"]["containers"][0]
    assert container["command"] == ["slidectl", *stack.DailyRefresh.COMMAND[1:]]
    assert Path(stack.DailyRefresh.COMMAND[0]).name == "slidectl"
