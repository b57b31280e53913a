"""docs/operations.md lists every setting of every service, as the settings classes define them."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_settings_table_is_current():
    table = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "settings_table.py")],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert table.count("\n") > 30
    assert table in (ROOT / "docs" / "operations.md").read_text(), (
        "docs/operations.md settings table is stale: run .venv/bin/python scripts/settings_table.py --write"
    )
