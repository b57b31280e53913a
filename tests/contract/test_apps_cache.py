"""The gateway keeps app lists and single apps while catalog streams their changes: repeated
reads are answered from memory, yet every write is visible on the very next read, whichever
path made it, and one organization never sees another's kept answers."""

from __future__ import annotations

import re
import time

import httpx
import pytest

APPS = "/v0/api/v1/apps"


def _metric(stack_env, name: str) -> float:
    text = httpx.get(stack_env["GATEWAY_METRICS_URL"], timeout=10).text
    found = re.search(rf"^{re.escape(name)} ([0-9.e+]+)$", text, re.M)
    return float(found.group(1)) if found else 0.0


def _hits(stack_env) -> float:
    return _metric(stack_env, 'apps_cache_total{outcome="hit"}')


def _ids(client: httpx.Client, **params) -> tuple[list[str], int]:
    resp = client.get(APPS, params=params)
    assert resp.status_code == 200, resp.text
    body = resp.json()
    return [a["_id"] for a in body["data"]], body["total"]


def test_repeated_reads_are_answered_by_the_gateway(stack_env, api: httpx.Client) -> None:
    assert _metric(stack_env, "apps_cache_live") == 1.0
    app_id = api.post(APPS, json={"name": "Kept"}).json()["body"]["_id"]
    first = api.get(APPS).json()
    before = _hits(stack_env)
    for _ in range(4):
        assert api.get(APPS).json() == first
        assert api.get(f"{APPS}/{app_id}").status_code == 200
    assert _hits(stack_env) - before >= 7


def test_every_write_is_visible_on_the_next_read(api: httpx.Client) -> None:
    assert _ids(api) == ([], 0)
    created = api.post(APPS, json={"name": "First"}).json()["body"]["_id"]
    assert _ids(api) == ([created], 1)
    assert _ids(api, status="ACTIVE") == ([created], 1)
    assert api.get(f"{APPS}/{created}").json()["body"]["niche"] == ""

    assert api.put(f"{APPS}/{created}", json={"niche": "travel", "status": "ARCHIVED"}).status_code == 200
    assert api.get(f"{APPS}/{created}").json()["body"]["niche"] == "travel"
    assert _ids(api, status="ACTIVE") == ([], 0)
    assert _ids(api, status="ARCHIVED") == ([created], 1)

    second = api.post(APPS, json={"name": "Second"}).json()["body"]["_id"]
    assert _ids(api) == ([second, created], 2)
    assert _ids(api, limit=1, page=2) == ([created], 2)

    assert api.delete(f"{APPS}/{created}").status_code == 200
    assert api.get(f"{APPS}/{created}").status_code == 404
    assert _ids(api) == ([second], 1)


def test_a_change_made_behind_the_gateway_arrives_through_catalog(stack_env, api: httpx.Client) -> None:
    """A change this gateway did not make (here: through the other gateway replica) reaches this
    gateway's kept answers through catalog's change stream. A change written straight into
    catalog's database (another catalog replica, an operator's SQL) reaching the stream is
    catalog's own test: services/catalog/tests/test_watchers.py,
    test_changes_made_outside_this_replica_arrive_through_the_database."""
    second = stack_env.get("GATEWAY_2_URL")
    if not second:
        pytest.skip("the stack runs one gateway (STACK_GATEWAY_REPLICAS=2 runs two, as make test does)")
    app_id = api.post(APPS, json={"name": "Behind"}).json()["body"]["_id"]
    assert api.get(f"{APPS}/{app_id}").json()["body"]["tagline"] == ""
    api.get(APPS)
    with httpx.Client(base_url=second, headers=api.headers, timeout=30) as other:
        assert other.put(f"{APPS}/{app_id}", json={"tagline": "fresh"}).status_code == 200
    deadline = time.monotonic() + 5
    while api.get(f"{APPS}/{app_id}").json()["body"]["tagline"] != "fresh":
        assert time.monotonic() < deadline, "the change never reached the gateway"
        time.sleep(0.05)
    assert api.get(APPS).json()["data"][0]["tagline"] == "fresh"


def test_kept_answers_never_cross_organizations(new_org, client_for) -> None:
    a, b = client_for(new_org("pro")["api_key"]), client_for(new_org("pro")["api_key"])
    mine = a.post(APPS, json={"name": "Mine"}).json()["body"]["_id"]
    for _ in range(2):
        assert _ids(a) == ([mine], 1)
        assert _ids(b) == ([], 0)
        assert b.get(f"{APPS}/{mine}").status_code == 404


def test_a_write_through_one_gateway_is_visible_on_the_next_read_through_another(stack_env, api) -> None:
    """Both gateways watch catalog, whose writes answer once both dropped the organization's answers."""
    second = stack_env.get("GATEWAY_2_URL")
    if not second:
        pytest.skip("the stack runs one gateway (STACK_GATEWAY_REPLICAS=2 runs two, as make test does)")
    with httpx.Client(base_url=second, headers=api.headers, timeout=30) as other:
        assert _ids(api) == ([], 0) and _ids(other) == ([], 0)  # both keep the empty list
        made: list[str] = []
        for i in range(3):
            writer, reader = (other, api) if i % 2 == 0 else (api, other)
            made.insert(0, writer.post(APPS, json={"name": f"Across {i}"}).json()["body"]["_id"])
            assert _ids(reader) == (made, len(made))
            assert writer.put(f"{APPS}/{made[0]}", json={"niche": f"n{i}"}).status_code == 200
            assert reader.get(f"{APPS}/{made[0]}").json()["body"]["niche"] == f"n{i}"
        assert other.delete(f"{APPS}/{made[0]}").status_code == 200
        assert api.get(f"{APPS}/{made[0]}").status_code == 404
        assert _ids(api) == (made[1:], 2)
