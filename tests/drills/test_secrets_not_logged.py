"""Runs after every other test (the root conftest orders the drills): the logs of the whole run hold no API key, webhook secret,
session token or password that the tests used."""

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0") / "logs"
PATTERNS = {
    "api key": re.compile(r"sk_live_[A-Za-z0-9]{40}"),
    "webhook secret": re.compile(r"whsec_[A-Za-z0-9_\-+/=]{20,}"),  # base64 (new) or base64url (old)
    "test password": re.compile(r"correct horse battery staple"),
    "bearer header": re.compile(r"Bearer [A-Za-z0-9_\-]{20,}"),
    # TikTok access and refresh tokens (as TikTok and its local stand-in issue them).
    "tiktok token": re.compile(r"\b(act|rft)\.[A-Za-z0-9_\-]{20,}"),
}


def test_no_secret_appears_in_any_log(stack_env):
    files = list(LOGS.glob("*.log"))
    assert files, "no logs found"
    total = 0
    leaks = []
    for path in files:
        text = path.read_text(errors="replace")
        total += len(text)
        for name, pattern in PATTERNS.items():
            if match := pattern.search(text):
                leaks.append(f"{path.name}: {name}: {match.group(0)[:14]}...")
    assert total > 10_000, "the logs are suspiciously empty"
    assert leaks == []
