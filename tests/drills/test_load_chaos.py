"""The short load + chaos round of `make test` (make load / make chaos run the long ones):
SIGKILLs renderer, delivery, one gateway replica, hooks, catalog and billing during a mixed
load, then counts: no stuck deck, no lost webhook, quota equal to the decks that count,
duplicate billing events processed once. Runs with the drills, after every other test (the
root conftest orders them): it kills processes of the shared stack."""

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _load_module():
    spec = importlib.util.spec_from_file_location("load_script", ROOT / "scripts" / "load.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_short_load_with_chaos_loses_nothing(stack_env, tmp_path):
    report_path = tmp_path / "load.json"
    code = _load_module().main(
        [
            "--duration",
            "25",
            "--users",
            "6",
            "--orgs",
            "2",
            "--drain",
            "150",
            "--chaos",
            "--report",
            str(report_path),
        ]
    )
    report = json.loads(report_path.read_text())
    assert report["generates_accepted"] > 0, report
    assert len(report["chaos_kills"]) == 6, report
    assert report["stuck"] == [], report
    assert report["webhooks_lost"] == [], report
    assert report["quota_mismatches"] == [], report
    assert report["webhook_bad_signatures"] == 0, report
    assert report["billing_duplicate_events"] == {"processed": 2, "duplicate": 2}, report
    assert report["server_errors"] == {}, report
    assert code == 0, report
