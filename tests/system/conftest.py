"""Fixtures of the whole-system checks."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import httpx
import pytest

from tests.system.resources import FUZZ_CASES, make_org


@pytest.fixture(scope="module")
def org_client(gateway_url: str, new_org, billing_stub) -> Iterator[Callable[[], httpx.Client]]:
    """org_client() -> an httpx client of a fresh Pro organization (org details on .org)."""
    made: list[httpx.Client] = []

    def make() -> httpx.Client:
        org = make_org(new_org, billing_stub)
        client = httpx.Client(
            base_url=gateway_url, headers={"Authorization": f"Bearer {org['api_key']}"}, timeout=30
        )
        client.org = org  # type: ignore[attr-defined]
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()


def pytest_terminal_summary(terminalreporter) -> None:
    if FUZZ_CASES["run"]:
        terminalreporter.write_line(
            f"schemathesis: {FUZZ_CASES['run']} cases sent to the operations of /openapi.json, "
            "each checked for no 5xx and the error envelope"
        )
