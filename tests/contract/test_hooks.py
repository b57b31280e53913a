"""The Hooks API end to end: library seeding, every filter, sort, paging and error of
GET /hooks, refresh-now (plan, one per hour under concurrency, apps, quota), the daily
refresh, app deletion and PickHook, over HTTP through the gateway, slidectl and gRPC. The refresh
jobs hooks keeps (per app, per organization and day, the local stack's schedule of the daily
refresh): hooks' own services/hooks/tests/test_refresh_jobs.py."""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import grpc
import httpx
import pytest
from slides.hooks.v1 import hooks_pb2, hooks_pb2_grpc

HOOKS = "/v0/api/v1/hooks"
REFRESH = HOOKS + "/refresh-now"
APPS = "/v0/api/v1/apps"
ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")
CATEGORIES = {"problem", "curiosity", "social_proof", "listicle", "contrarian", "story"}
FIELDS = {
    "_id",
    "organization_id",
    "text",
    "category",
    "language",
    "niche",
    "source",
    "status",
    "performance_score",
    "createdAt",
}
FITNESS = {
    "niche": "Fitness",
    "language": "en",
    "target_audience": "busy parents",
    "pain_points": ["Skipping workouts", "No time to plan meals"],
    "value_props": ["10-minute workouts"],
    "differentiators": ["No equipment needed"],
}
COOKING = {"niche": "cooking", "language": "es", "pain_points": ["cenas aburridas"]}


def wait_for(check: Callable[[], Any], timeout: float = 30, what: str = "condition") -> Any:
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout}s waiting for {what}")
        time.sleep(0.2)


def create_app(client: httpx.Client, **fields: Any) -> dict:
    resp = client.post(APPS, json={"name": f"App {uuid.uuid4().hex[:8]}", **fields})
    assert resp.status_code == 201, resp.text
    return resp.json()["body"]


def hooks(client: httpx.Client, **params: Any) -> dict:
    resp = client.get(HOOKS, params=params)
    assert resp.status_code == 200, resp.text
    body = resp.json()
    assert body["success"] is True
    return body


def seeded(client: httpx.Client, niche: str, language: str) -> dict:
    """Waits for the AppCreated seed of one niche/language (every category present)."""

    def ready() -> dict | None:
        body = hooks(client, niche=niche, language=language, limit=200)
        return body if {h["category"] for h in body["data"]} == CATEGORIES else None

    return wait_for(ready, what=f"seeded hooks for {niche}/{language}")


def error_of(resp: httpx.Response, status: int, code: str) -> dict:
    assert resp.status_code == status, resp.text
    body = resp.json()
    assert body["success"] is False and body["error"]["code"] == code, body
    return body["error"]


@pytest.fixture(scope="module")
def library(gateway_url: str, new_org) -> Iterator[httpx.Client]:
    """A Pro organization with a seeded library: a fitness/en app and a cooking/es app."""
    org = new_org("pro")
    with httpx.Client(
        base_url=gateway_url, headers={"Authorization": f"Bearer {org['api_key']}"}, timeout=30
    ) as c:
        c.org = org  # type: ignore[attr-defined]
        c.apps = [create_app(c, **FITNESS), create_app(c, **COOKING)]  # type: ignore[attr-defined]
        seeded(c, "fitness", "en")
        seeded(c, "cooking", "es")
        yield c


@pytest.fixture
def session_for(gateway_url: str, client_for) -> Callable[[dict], httpx.Client]:
    """A client on a session token from POST /v0/auth/login (Free and Starter API keys are
    refused with PLAN_LACKS_API)."""

    def make(org: dict) -> httpx.Client:
        resp = httpx.post(
            gateway_url + "/v0/auth/login",
            json={"email": org["email"], "password": org["password"]},
            timeout=30,
        )
        assert resp.status_code == 200, resp.text
        session = resp.json()["body"]
        assert session["organization_id"] == org["organization_id"], session
        return client_for(session["session_token"])

    return make


@pytest.fixture(scope="module")
def hooks_stub(stack_env: dict[str, str]) -> Iterator[hooks_pb2_grpc.HooksServiceStub]:
    channel = grpc.insecure_channel(stack_env["HOOKS_ADDR"])
    yield hooks_pb2_grpc.HooksServiceStub(channel)
    channel.close()


# ---- the library ---------------------------------------------------------------------------


def test_app_creation_seeds_the_library(library: httpx.Client) -> None:
    body = hooks(library, limit=200)
    assert body["page"] == 1 and body["limit"] == 200 and body["total"] == len(body["data"]) > 12
    for h in body["data"]:
        assert set(h) == FIELDS
        assert h["_id"].startswith("hk_")
        assert h["organization_id"] == library.org["organization_id"]  # type: ignore[attr-defined]
        assert h["source"] == "seed" and h["status"] == "APPROVED"
        assert h["category"] in CATEGORIES and 0 <= h["performance_score"] <= 100
        assert ISO.match(h["createdAt"]) and h["text"].strip()
    assert {(h["niche"], h["language"]) for h in body["data"]} == {("fitness", "en"), ("cooking", "es")}
    texts = " ".join(h["text"] for h in body["data"] if h["language"] == "en").lower()
    assert "skipping workouts" in texts or "no time to plan meals" in texts


@pytest.mark.parametrize(
    ("params", "field", "value"),
    [
        ({"niche": "cooking"}, "niche", "cooking"),
        ({"niche": "FITNESS"}, "niche", "fitness"),
        ({"language": "es"}, "language", "es"),
        ({"category": "story"}, "category", "story"),
        ({"category": "social_proof", "language": "en"}, "category", "social_proof"),
        ({"status": "APPROVED"}, "status", "APPROVED"),
    ],
)
def test_filters(library: httpx.Client, params: dict, field: str, value: str) -> None:
    everything = hooks(library, limit=200)
    body = hooks(library, limit=200, **params)
    assert body["total"] == len(body["data"]) > 0
    assert all(h[field] == value for h in body["data"])
    for key, wanted in params.items():
        assert all(h[key].lower() == wanted.lower() for h in body["data"])
    expected = [h for h in everything["data"] if all(h[k].lower() == v.lower() for k, v in params.items())]
    assert [h["_id"] for h in body["data"]] == [h["_id"] for h in expected]


def test_filters_that_match_nothing(library: httpx.Client) -> None:
    for params in ({"status": "PENDING"}, {"status": "REJECTED"}, {"niche": "gardening"}, {"language": "ja"}):
        body = hooks(library, **params)
        assert body["total"] == 0 and body["data"] == []


def test_default_sort_is_score_descending_with_a_stable_tie_break(library: httpx.Client) -> None:
    body = hooks(library, limit=200)
    keys = [(h["performance_score"], h["createdAt"], h["_id"]) for h in body["data"]]
    assert keys == sorted(keys, reverse=True)
    assert [h["_id"] for h in hooks(library, limit=200)["data"]] == [h["_id"] for h in body["data"]]
    assert [h["_id"] for h in hooks(library, limit=200, sort="performance_score")["data"]] == [
        h["_id"] for h in body["data"]
    ]


def test_sort_recent(library: httpx.Client) -> None:
    body = hooks(library, limit=200, sort="recent")
    stamps = [(h["createdAt"], h["_id"]) for h in body["data"]]
    assert stamps == sorted(stamps, reverse=True)
    assert [h["_id"] for h in body["data"]] != [h["_id"] for h in hooks(library, limit=200)["data"]]


def test_paging(library: httpx.Client) -> None:
    total = hooks(library)["total"]
    assert hooks(library)["limit"] == 50
    first10 = [h["_id"] for h in hooks(library, limit=10)["data"]]
    p1 = hooks(library, limit=5, page=1)
    p2 = hooks(library, limit=5, page=2)
    assert (p1["page"], p1["limit"], p2["page"]) == (1, 5, 2)
    assert [h["_id"] for h in p1["data"] + p2["data"]] == first10
    assert p1["total"] == p2["total"] == total
    beyond = hooks(library, limit=5, page=total)
    assert beyond["data"] == [] and beyond["total"] == total
    assert len(hooks(library, limit=200)["data"]) == min(total, 200)


def test_q_is_a_case_insensitive_substring(library: httpx.Client) -> None:
    every = hooks(library, limit=200)["data"]
    # The seed draws on either pain point; search for one that it used.
    phrase = next(
        p for p in ("skipping work", "no time to plan") if any(p in h["text"].lower() for h in every)
    )
    body = hooks(library, q=phrase.upper())
    assert body["total"] > 0
    assert all(phrase in h["text"].lower() for h in body["data"])
    assert body["total"] == sum(phrase in h["text"].lower() for h in every)
    for wildcard in ("%", "_", "s%g", "s_i"):
        assert hooks(library, q=wildcard)["total"] == 0, wildcard
    combined = hooks(library, q="fitflow", category="story", language="es")
    assert combined["total"] == 0
    # A niche without letters is a filter too (hooks of apps with such a niche are "general").
    assert hooks(library, niche="!!")["total"] == 0


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"category": "funny"}, "category"),
        ({"status": "approved"}, "status"),
        ({"status": "ACTIVE"}, "status"),
        ({"sort": "oldest"}, "sort"),
        ({"limit": 201}, "limit"),
        ({"limit": 0}, "limit"),
        ({"page": 0}, "page"),
        ({"page": "two"}, "page"),
        ({"q": "x" * 201}, "q"),
        ({"q": "\x00"}, "q"),
        ({"language": "e\x00n"}, "language"),
    ],
)
def test_invalid_query_values(library: httpx.Client, params: dict, field: str) -> None:
    err = error_of(library.get(HOOKS, params=params), 400, "VALIDATION_ERROR")
    assert field in {f["field"] for f in err["details"]["fields"]}


def test_hooks_need_credentials(gateway_url: str) -> None:
    resp = httpx.get(gateway_url + HOOKS, timeout=10)
    error_of(resp, 401, "UNAUTHORIZED")


def test_changing_an_apps_language_seeds_that_language(api: httpx.Client) -> None:
    app = create_app(api, **FITNESS)
    english = seeded(api, "fitness", "en")["total"]
    assert api.put(f"{APPS}/{app['_id']}", json={"language": "de"}).status_code == 200
    german = seeded(api, "fitness", "de")
    assert german["total"] > 0 and all(h["source"] == "seed" for h in german["data"])
    assert api.put(f"{APPS}/{app['_id']}", json={"name": "Renamed app"}).status_code == 200
    assert api.put(f"{APPS}/{app['_id']}", json={"language": "en"}).status_code == 200
    # Events of one app are consumed in order: once "fr" is seeded, the updates before it are done.
    assert api.put(f"{APPS}/{app['_id']}", json={"language": "fr"}).status_code == 200
    seeded(api, "fitness", "fr")
    assert hooks(api, language="en")["total"] == english
    assert hooks(api, language="de")["total"] == german["total"]


def test_other_organizations_see_nothing(library: httpx.Client, api: httpx.Client) -> None:
    body = hooks(api, limit=200)
    assert body["total"] == 0 and body["data"] == []
    assert hooks(api, q="skipping")["total"] == 0


# ---- refresh-now ---------------------------------------------------------------------------


def test_refresh_now_once_per_hour_under_concurrency_and_new_hooks_appear(api: httpx.Client) -> None:
    app = create_app(api, **FITNESS)
    before = seeded(api, "fitness", "en")["total"]
    with ThreadPoolExecutor(5) as pool:
        answers = list(pool.map(lambda _: api.post(REFRESH), range(5)))
    statuses = sorted(r.status_code for r in answers)
    assert statuses == [202, 429, 429, 429, 429], [r.text for r in answers]
    ok = next(r for r in answers if r.status_code == 202).json()
    assert ok == {
        "success": True,
        "data": {
            "jobs_started": 1,
            "apps": [{"id": app["_id"], "name": app["name"], "niche": "Fitness", "language": "en"}],
        },
    }
    for r in answers:
        if r.status_code == 429:
            error_of(r, 429, "RATE_LIMITED")
            assert 1 <= int(r.headers["Retry-After"]) <= 3600
    later = api.post(REFRESH)
    error_of(later, 429, "RATE_LIMITED")
    assert 1 <= int(later.headers["Retry-After"]) <= 3600

    def refreshed() -> dict | None:
        body = hooks(api, sort="recent", limit=200)
        return body if body["total"] > before else None

    body = wait_for(refreshed, 30, "refreshed hooks in GET /hooks")
    new = [h for h in body["data"] if h["source"] == "generated"]
    assert new, [(h["source"], h["createdAt"], h["text"]) for h in body["data"]]
    assert all(h["status"] == "APPROVED" and h["niche"] == "fitness" for h in new)
    assert body["data"][0]["source"] == "generated"
    texts = [h["text"].lower() for h in body["data"]]
    assert len(texts) == len(set(texts))


def test_refresh_now_apps_and_no_active_apps(api: httpx.Client) -> None:
    error_of(api.post(REFRESH), 404, "NO_ACTIVE_APPS")
    active = create_app(api, **COOKING)
    archived = create_app(api, niche="travel", language="fr")
    resp = api.put(f"{APPS}/{archived['_id']}", json={"status": "ARCHIVED"})
    assert resp.status_code == 200, resp.text
    error_of(api.post(REFRESH, json={"app_id": "app_doesnotexist0000000"}), 404, "NO_ACTIVE_APPS")
    error_of(api.post(REFRESH, json={"app_id": archived["_id"]}), 404, "NO_ACTIVE_APPS")
    error_of(api.post(REFRESH, json={"app_id": "not an id %"}), 404, "NO_ACTIVE_APPS")
    # A control character is refused at the edge, naming the field (issue 17).
    err = error_of(api.post(REFRESH, json={"app_id": "app_\x00x"}), 400, "VALIDATION_ERROR")
    assert err["details"]["fields"][0]["field"] == "app_id"
    # None of the refused calls used up the hour.
    resp = api.post(REFRESH, json={"app_id": active["_id"]})
    assert resp.status_code == 202, resp.text
    assert resp.json()["data"]["apps"] == [
        {"id": active["_id"], "name": active["name"], "niche": "cooking", "language": "es"}
    ]
    # A deleted app is no refresh target (its refresh jobs go with it: hooks' test_refresh_jobs.py).
    assert api.delete(f"{APPS}/{active['_id']}").status_code == 200
    error_of(api.post(REFRESH, json={"app_id": active["_id"]}), 404, "NO_ACTIVE_APPS")


def test_refresh_now_body_is_validated(api: httpx.Client) -> None:
    error_of(api.post(REFRESH, json={"app_id": 5}), 400, "VALIDATION_ERROR")
    error_of(api.post(REFRESH, json={"app": "x"}), 400, "VALIDATION_ERROR")
    error_of(
        api.post(REFRESH, content=b"{not json", headers={"content-type": "application/json"}),
        400,
        "VALIDATION_ERROR",
    )


def test_free_plan_needs_an_upgrade(new_org, session_for) -> None:
    client = session_for(new_org("free"))
    create_app(client, **FITNESS)
    err = error_of(client.post(REFRESH), 403, "PLAN_UPGRADE_REQUIRED")
    assert err["message"]


def test_quota_exceeded_does_not_burn_the_hour(new_org, session_for, use_quota, release_quota) -> None:
    org = new_org("starter")
    client = session_for(org)
    create_app(client, **FITNESS)
    oid = org["organization_id"]
    usage = client.get("/v0/api/v1/usage")
    assert usage.status_code == 200, usage.text
    refreshes = usage.json()["body"]["usage"]["hook_refreshes"]
    left = refreshes["limit"] - refreshes["used"]
    assert left > 0
    assert use_quota(oid, "hook_refreshes", left)["used"] == refreshes["limit"]
    error_of(client.post(REFRESH), 402, "QUOTA_EXCEEDED")
    error_of(client.post(REFRESH), 402, "QUOTA_EXCEEDED")
    assert release_quota(oid, "hook_refreshes", 1)["used"] == refreshes["limit"] - 1
    resp = client.post(REFRESH)
    assert resp.status_code == 202, resp.text
    assert resp.json()["data"]["jobs_started"] == 1
    error_of(client.post(REFRESH), 429, "RATE_LIMITED")


# ---- daily refresh, pick -------------------------------------------------------------------


def test_the_daily_refresh_adds_hooks_for_starter_organizations(new_org, session_for, operator) -> None:
    """The operator's `slidectl hooks refresh-daily` (what the CronJob runs) gives a Starter
    organization's active app new hooks, and a Free organization none. One job per organization
    and day, ACTIVE apps only: hooks' test_refresh_jobs.py, which sees the jobs."""
    org = new_org("starter")
    client = session_for(org)
    create_app(client, **COOKING)
    free_client = session_for(new_org("free"))
    create_app(free_client, **COOKING)
    before = seeded(client, "cooking", "es")["total"]
    seeded(free_client, "cooking", "es")  # both apps reached hooks

    for _ in range(2):
        out = operator("hooks", "refresh-daily")
        assert out["organizations"] >= 0 and out["jobs_started"] >= out["organizations"], out

    def refreshed() -> dict | None:
        body = hooks(client, sort="recent", limit=200)
        return body if body["total"] > before else None

    body = wait_for(refreshed, 30, "daily refresh hooks")
    new = [h for h in body["data"] if h["source"] == "generated"]
    assert new and all((h["niche"], h["language"], h["status"]) == ("cooking", "es", "APPROVED") for h in new)
    assert {h["source"] for h in hooks(free_client, limit=200)["data"]} == {"seed"}


# The local stack's scheduler running the daily refresh at HOOKS_DAILY_AT (once per organization
# and day): hooks' own services/hooks/tests/test_refresh_jobs.py; its schedule against the CronJob
# (reads hooks' HOOKS_DAILY_AT default): services/hooks/tests/test_daily_cronjob.py.


def test_pick_hook_rotates_and_works_with_an_empty_library(
    library: httpx.Client, hooks_stub, new_org
) -> None:
    oid = library.org["organization_id"]  # type: ignore[attr-defined]
    app_id = library.apps[0]["_id"]  # type: ignore[attr-defined]
    picks = [
        hooks_stub.PickHook(hooks_pb2.PickHookRequest(organization_id=oid, app_id=app_id), timeout=10).hook
        for _ in range(3)
    ]
    assert len({p.id for p in picks}) == 3
    assert all(p.id.startswith("hk_") and p.status == "APPROVED" for p in picks)
    assert all((p.niche, p.language) == ("fitness", "en") for p in picks)
    # A caller niche key the library does not know falls back to the app's own niche.
    alias = hooks_stub.PickHook(
        hooks_pb2.PickHookRequest(organization_id=oid, app_id=app_id, niche="gym_training", language="en"),
        timeout=10,
    ).hook
    assert alias.niche == "fitness" and alias.id not in {p.id for p in picks}
    assert hooks(library, niche="gym_training")["total"] == 0

    empty = new_org("pro")
    got = hooks_stub.PickHook(
        hooks_pb2.PickHookRequest(organization_id=empty["organization_id"], niche="Gardening", language="fr"),
        timeout=10,
    ).hook
    assert got.id.startswith("hk_") and got.language == "fr" and got.niche == "gardening"
    with httpx.Client(
        base_url=str(library.base_url), headers={"Authorization": f"Bearer {empty['api_key']}"}, timeout=30
    ) as c:
        assert got.id in {h["_id"] for h in hooks(c, limit=200)["data"]}


def test_generate_hooks_stores_nothing_and_uses_no_quota(library: httpx.Client, hooks_stub) -> None:
    oid = library.org["organization_id"]  # type: ignore[attr-defined]
    app_id = library.apps[1]["_id"]  # type: ignore[attr-defined]
    total = hooks(library)["total"]
    usage = library.get("/v0/api/v1/usage")
    assert usage.status_code == 200, usage.text
    resp = hooks_stub.GenerateHooks(
        hooks_pb2.GenerateHooksRequest(organization_id=oid, app_id=app_id, count=7, category="listicle"),
        timeout=10,
    )
    assert len(resp.hooks) == 7
    assert len({h.text for h in resp.hooks}) == 7
    for h in resp.hooks:
        assert h.id == "" and h.category == "listicle" and h.language == "es" and h.niche == "cooking"
        assert h.status == "APPROVED" and h.source == "generated" and 0 <= h.performance_score <= 100
    assert hooks(library)["total"] == total
    after = library.get("/v0/api/v1/usage")
    assert after.status_code == 200, after.text
    assert after.json()["body"]["usage"] == usage.json()["body"]["usage"]
    for bad, code in (
        ({"app_id": "app_missing000000000000"}, "APP_NOT_FOUND"),
        ({"app_id": app_id, "count": 51}, "VALIDATION_ERROR"),
        ({"app_id": app_id, "category": "memes"}, "VALIDATION_ERROR"),
    ):
        with pytest.raises(grpc.RpcError) as err:
            hooks_stub.GenerateHooks(hooks_pb2.GenerateHooksRequest(organization_id=oid, **bad), timeout=10)
        assert dict(err.value.trailing_metadata())["x-error-code"] == code


# ---- review (PATCH /hooks/:id) --------------------------------------------------------------


def test_review_approves_and_rejects_the_organizations_own_hooks(
    api: httpx.Client, new_org, client_for
) -> None:
    create_app(api, niche="Fitness", language="en")
    [hook, *_] = seeded(api, "fitness", "en")["data"]
    assert hook["status"] == "APPROVED"
    resp = api.patch(f"{HOOKS}/{hook['_id']}", json={"status": "REJECTED"})
    assert resp.status_code == 200, resp.text
    body = resp.json()
    assert body["success"] is True and set(body["body"]) == FIELDS
    assert body["body"] == {**hook, "status": "REJECTED"}
    assert [h["_id"] for h in hooks(api, status="REJECTED")["data"]] == [hook["_id"]]
    again = api.patch(f"{HOOKS}/{hook['_id']}", json={"status": "APPROVED"})
    assert again.status_code == 200 and again.json()["body"]["status"] == "APPROVED"

    for bad in (
        {"status": "PENDING"},
        {"status": "approved"},
        {"status": None},
        {},
        {"status": "APPROVED", "text": "Rewritten by the caller"},
        {"status": "APPROVED", "performance_score": 100},
        [],
    ):
        resp = api.patch(f"{HOOKS}/{hook['_id']}", json=bad)
        error_of(resp, 400, "VALIDATION_ERROR")
    error_of(
        api.patch(f"{HOOKS}/{hook['_id']}", content=b"{", headers={"Content-Type": "application/json"}),
        400,
        "VALIDATION_ERROR",
    )
    error_of(api.patch(f"{HOOKS}/hk_unknown", json={"status": "REJECTED"}), 404, "HOOK_NOT_FOUND")
    other = client_for(new_org("pro")["api_key"])
    error_of(other.patch(f"{HOOKS}/{hook['_id']}", json={"status": "REJECTED"}), 404, "HOOK_NOT_FOUND")
    assert hooks(api, status="REJECTED")["total"] == 0  # nothing changed by the bad calls


def test_a_review_through_one_gateway_is_on_the_next_list_through_either(
    api: httpx.Client, stack_env
) -> None:
    """Each gateway keeps the pages it listed with the library's version and sends one again only
    while hooks says that version is unchanged: every write raises it in its transaction, so the
    next list through any replica is current (the same page, asked for again, is not stale)."""
    second = stack_env.get("GATEWAY_2_URL")
    if not second:
        pytest.skip("the stack runs one gateway (STACK_GATEWAY_REPLICAS=2 runs two, as make test does)")
    create_app(api, niche="Fitness", language="en")
    [hook, *_] = seeded(api, "fitness", "en")["data"]
    word = hook["text"].split()[0]
    with httpx.Client(base_url=second, headers=api.headers, timeout=30) as other:
        for client in (api, other, api, other):  # both keep each page
            assert hooks(client)["data"][0]["status"] == "APPROVED"
            assert hooks(client, status="REJECTED")["total"] == 0
            assert hook["_id"] in [h["_id"] for h in hooks(client, q=word)["data"]]
        for writer, status in ((other, "REJECTED"), (api, "APPROVED"), (other, "REJECTED")):
            assert writer.patch(f"{HOOKS}/{hook['_id']}", json={"status": status}).status_code == 200
            for reader in (api, other):
                listed = {h["_id"]: h for h in hooks(reader)["data"]}
                assert listed[hook["_id"]]["status"] == status
                rejected = hooks(reader, status="REJECTED")
                assert [h["_id"] for h in rejected["data"]] == ([hook["_id"]] if status == "REJECTED" else [])
                assert rejected["total"] == (1 if status == "REJECTED" else 0)
                [found] = [h for h in hooks(reader, q=word)["data"] if h["_id"] == hook["_id"]]
                assert found["status"] == status


def test_only_approved_hooks_open_decks(api: httpx.Client, hooks_stub) -> None:
    app = create_app(api, niche="Fitness", language="en")
    library = seeded(api, "fitness", "en")["data"]
    keep, *others = library
    for h in others:
        assert api.patch(f"{HOOKS}/{h['_id']}", json={"status": "REJECTED"}).status_code == 200
    oid = api.org["organization_id"]  # type: ignore[attr-defined]

    def pick() -> hooks_pb2.Hook:
        return hooks_stub.PickHook(
            hooks_pb2.PickHookRequest(organization_id=oid, app_id=app["_id"]), timeout=10
        ).hook

    assert {pick().id for _ in range(3)} == {keep["_id"]}
    assert api.patch(f"{HOOKS}/{keep['_id']}", json={"status": "REJECTED"}).status_code == 200
    rejected = {h["_id"] for h in library}
    # Every stored hook is rejected now: the pick never returns one of them.
    picked = pick()
    assert picked.id not in rejected and picked.status == "APPROVED"
    revived = others[0]
    assert api.patch(f"{HOOKS}/{revived['_id']}", json={"status": "APPROVED"}).status_code == 200
    assert all(pick().id not in rejected - {revived["_id"]} for _ in range(4))
