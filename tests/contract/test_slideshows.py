"""Contract tests of the slideshow endpoints: niches, generate (every error, idempotency,
quota), the render worker (READY with six public 1080x1920 PNGs, FAILED with the quota unit
back, a worker killed mid-render), list and get, cross-organization access, app deletion."""

from __future__ import annotations

import io
import os
import signal
import time
import uuid
from pathlib import Path

import httpx
import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
RENDER_TIMEOUT = 150.0
ROLES = {"HOOK", "PROBLEM", "POINT", "PROOF", "SOLUTION", "CTA"}


def make_app(api: httpx.Client, **fields) -> str:
    body = {
        "name": f"FitPal {uuid.uuid4().hex[:6]}",
        "niche": "fitness",
        "ios_url": "https://apps.apple.com/app/id123",
        "value_props": ["Workouts planned in 5 minutes"],
        "pain_points": ["No time to plan workouts"],
        "brand_primary_color": "#0EA5E9",
        **fields,
    }
    r = api.post("/v0/api/v1/apps", json=body)
    assert r.status_code == 201, r.text
    return r.json()["body"]["_id"]


def generate(api: httpx.Client, app_id: str, body=None, **headers) -> httpx.Response:
    return api.post(
        f"/v0/api/v1/apps/{app_id}/slideshows",
        json=body or {"template_key": "problem_solution"},
        headers=headers,
    )


def wait_final(api: httpx.Client, ss_id: str, timeout: float = RENDER_TIMEOUT) -> dict:
    """Polls until READY or FAILED (tolerates 503 while a killed renderer restarts)."""
    deadline = time.monotonic() + timeout
    body: dict = {}
    while time.monotonic() < deadline:
        r = api.get(f"/v0/api/v1/slideshows/{ss_id}")
        if r.status_code == 200:
            body = r.json()["body"]
            if body["status"] in ("READY", "FAILED"):
                return body
        else:
            assert r.status_code == 503, r.text
        time.sleep(0.25)
    pytest.fail(f"slideshow {ss_id} not finished after {timeout}s: {body}")


def unthrottle(set_rate_limit, org_id: str) -> None:
    """Polling a render would hit the per-minute limit; tests lift it as operators can (slidectl)."""
    set_rate_limit(org_id, 100_000)


def slideshow_usage(api: httpx.Client) -> int:
    """Slideshows of the current billing period, as GET /v0/api/v1/usage reports them."""
    r = api.get("/v0/api/v1/usage")
    assert r.status_code == 200, r.text
    return r.json()["body"]["usage"]["slideshows_per_month"]["used"]


def error_code(r: httpx.Response) -> str:
    body = r.json()
    assert body["success"] is False
    return body["error"]["code"]


@pytest.fixture
def fresh(new_org, client_for, set_rate_limit):
    """fresh() -> (client, org) of a new unthrottled Pro organization."""

    def make() -> tuple[httpx.Client, dict]:
        org = new_org("pro")
        unthrottle(set_rate_limit, org["organization_id"])
        return client_for(org["api_key"]), org

    return make


@pytest.fixture(scope="module")
def pro(new_org, gateway_url, set_rate_limit):
    org = new_org("pro")
    unthrottle(set_rate_limit, org["organization_id"])
    with httpx.Client(
        base_url=gateway_url, headers={"Authorization": f"Bearer {org['api_key']}"}, timeout=30
    ) as c:
        c.org = org  # type: ignore[attr-defined]
        yield c


@pytest.fixture(scope="module")
def ready_deck(pro) -> dict:
    app_id = make_app(pro)
    r = generate(pro, app_id)
    assert r.status_code == 202, r.text
    return wait_final(pro, r.json()["body"]["slideshow_id"])


# --- niches ----------------------------------------------------------------------------------


def test_niches_catalog(pro, gateway_url):
    r = pro.get("/v0/api/v1/niches")
    assert r.status_code == 200
    body = r.json()
    assert body["success"] is True
    niches = body["data"]
    assert len(niches) >= 12
    assert body["page"] == 1 and body["total"] == len(niches) <= body["limit"]
    for n in niches:
        assert n["key"] and n["name"] and "en" in n["languages"]
        assert len(n["templates"]) >= 4
        for t in n["templates"]:
            assert t["key"] == t["format"]
            assert len(t["slide_roles"]) == 6
            assert all(set(v) == {"name", "description", "required"} for v in t["variables"])
    assert httpx.get(f"{gateway_url}/v0/api/v1/niches").status_code == 401


# --- generate, render, read ------------------------------------------------------------------


def test_generated_deck_is_ready_with_six_public_pngs(pro, ready_deck):
    deck = ready_deck
    assert deck["status"] == "READY", deck.get("error")
    assert deck["hook_id"].startswith("hk_") and deck["hook_text_snapshot"]
    assert deck["language"] == "en" and deck["template_set"] and deck["design"] == "classic"
    assert "error" not in deck
    slides = deck["slides"]
    assert [s["order"] for s in slides] == list(range(6))
    assert slides[0]["template"] == "HOOK"
    for s in slides:
        assert set(s) == {
            "order",
            "template",
            "layout_type",
            "title",
            "subtitle",
            "label",
            "image_url",
            "duration",
        }
        assert s["template"] in ROLES or s["template"].isupper()
        assert s["title"] and s["duration"] > 0
        r = httpx.get(s["image_url"], timeout=10)  # no credentials
        assert r.status_code == 200
        with Image.open(io.BytesIO(r.content)) as img:
            assert (img.format, img.size) == ("PNG", (1080, 1920))
            img.load()  # every row decodes
    assets = {a["type"]: a for a in deck["marketing_assets"]}
    assert set(assets) >= {"caption", "hashtags", "cta"}
    assert 0 < len(assets["caption"]["text"]) <= 2200
    assert 1 <= len(assets["hashtags"]["tags"]) <= 5 and all(
        t.startswith("#") for t in assets["hashtags"]["tags"]
    )
    assert assets["cta"]["text"]
    assert slideshow_usage(pro) >= 1


def test_generate_errors_follow_the_spec_order(pro):
    app_id = make_app(pro)
    # template_key is checked first, even before the app.
    r = pro.post("/v0/api/v1/apps/app_doesnotexist000000/slideshows", json={})
    assert (r.status_code, error_code(r)) == (400, "TEMPLATE_KEY_REQUIRED")
    assert error_code(pro.post(f"/v0/api/v1/apps/{app_id}/slideshows")) == "TEMPLATE_KEY_REQUIRED"
    r = generate(pro, "app_doesnotexist000000")
    assert (r.status_code, error_code(r)) == (404, "APP_NOT_FOUND")
    odd = make_app(pro, niche="underwater basket weaving")
    r = generate(pro, odd, {"template_key": "problem_solution", "variable_overrides": {"x": 1}})
    assert (r.status_code, error_code(r)) == (400, "NICHE_NOT_REGISTERED")
    r = generate(pro, app_id, {"template_key": "no_such_format"})
    assert (r.status_code, error_code(r)) == (400, "VALIDATION_ERROR")
    assert r.json()["error"]["details"]["fields"][0]["field"] == "template_key"
    r = generate(pro, app_id, {"template_key": "problem_solution", "variable_overrides": {"nope": "x"}})
    assert (r.status_code, r.json()["error"]["details"]["fields"][0]["field"]) == (
        400,
        "variable_overrides.nope",
    )
    niches = {n["key"]: n for n in pro.get("/v0/api/v1/niches").json()["data"]}
    template = next(t for t in niches["fitness"]["templates"] if t["key"] == "problem_solution")
    var = template["variables"][0]["name"]
    r = generate(pro, app_id, {"template_key": "problem_solution", "variable_overrides": {var: 5}})
    assert (r.status_code, r.json()["error"]["details"]["fields"][0]["field"]) == (
        400,
        f"variable_overrides.{var}",
    )
    r = generate(pro, app_id, {"template_key": "problem_solution", "design": "comic-sans"})
    assert (r.status_code, r.json()["error"]["details"]["fields"][0]["field"]) == (400, "design")
    shotless = make_app(pro, image_source="screenshots")
    r = generate(pro, shotless)
    assert (r.status_code, error_code(r)) == (400, "NO_IMAGE_SOURCE")
    r = pro.post(
        f"/v0/api/v1/apps/{app_id}/slideshows",
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert (r.status_code, error_code(r)) == (400, "VALIDATION_ERROR")
    assert pro.get("/v0/api/v1/slideshows", params={"app_id": app_id}).json()["total"] == 0


def test_idempotency_key(fresh):
    api, org = fresh()
    app_id = make_app(api)
    key = f"idem-{uuid.uuid4().hex}"
    first = generate(api, app_id, **{"Idempotency-Key": key})
    again = generate(api, app_id, **{"Idempotency-Key": key})
    assert first.status_code == again.status_code == 202
    assert first.json() == again.json()
    assert slideshow_usage(api) == 1
    other = generate(api, app_id, {"template_key": "listicle"}, **{"Idempotency-Key": key})
    assert (other.status_code, error_code(other)) == (409, "IDEMPOTENCY_KEY_REUSED")
    r = generate(api, app_id, **{"Idempotency-Key": "k" * 256})
    assert (r.status_code, error_code(r)) == (400, "VALIDATION_ERROR")
    assert api.get("/v0/api/v1/slideshows").json()["total"] == 1
    assert slideshow_usage(api) == 1


def test_quota_exceeded_is_402_and_creates_nothing(fresh, use_quota):
    api, org = fresh()
    app_id = make_app(api)
    usage = api.get("/v0/api/v1/usage")
    assert usage.status_code == 200, usage.text
    limit = usage.json()["body"]["usage"]["slideshows_per_month"]["limit"]
    # No customer way to spend a Pro month (500 renders) quickly: the operator charges it.
    assert use_quota(org["organization_id"], "slideshows_per_month", limit)["used"] == limit
    r = generate(api, app_id)
    assert (r.status_code, error_code(r)) == (402, "QUOTA_EXCEEDED")
    assert api.get("/v0/api/v1/slideshows").json()["total"] == 0


@pytest.mark.parametrize("where", ["missing-object", "loopback"])
def test_failed_render_gives_the_quota_unit_back(fresh, stack_env, gateway_url, where):
    api, org = fresh()
    if where == "missing-object":
        shot = f"{stack_env['S3_PUBLIC_URL']}/public/uploads/{org['organization_id']}/missing-{uuid.uuid4().hex}.png"
    else:  # a screenshot URL pointing into our own network is never fetched (SSRF)
        shot = f"{gateway_url}/healthz"
    app_id = make_app(api, image_source="screenshots", screenshots=[shot])
    r = generate(api, app_id)
    assert r.status_code == 202
    deck = wait_final(api, r.json()["body"]["slideshow_id"])
    assert deck["status"] == "FAILED"
    assert deck["error"]["code"] and deck["error"]["message"]
    assert deck["slides"] == []
    assert slideshow_usage(api) == 0
    listed = api.get("/v0/api/v1/slideshows", params={"status": "FAILED"}).json()
    assert [s["_id"] for s in listed["data"]] == [deck["_id"]]


def test_list_filters_paging_and_order(pro, ready_deck):
    r = generate(pro, make_app(pro))
    assert r.status_code == 202
    newer = r.json()["body"]["slideshow_id"]
    assert newer.startswith("ss_") and r.json() == {
        "success": True,
        "body": {"slideshow_id": newer, "status": "QUEUED"},
    }
    listed = pro.get("/v0/api/v1/slideshows", params={"limit": 100}).json()
    assert listed["success"] is True and listed["page"] == 1 and listed["limit"] == 100
    ids = [s["_id"] for s in listed["data"]]
    assert ids.index(newer) < ids.index(ready_deck["_id"])  # newest first
    item = next(s for s in listed["data"] if s["_id"] == ready_deck["_id"])
    assert set(item) == {
        "_id",
        "app_id",
        "hook_id",
        "hook_text_snapshot",
        "status",
        "language",
        "template_set",
        "createdAt",
    }
    by_app = pro.get("/v0/api/v1/slideshows", params={"app_id": ready_deck["app_id"]}).json()
    assert [s["_id"] for s in by_app["data"]] == [ready_deck["_id"]] and by_app["total"] == 1
    ready = pro.get("/v0/api/v1/slideshows", params={"status": "READY", "limit": 100}).json()
    assert ready_deck["_id"] in [s["_id"] for s in ready["data"]]
    assert all(s["status"] == "READY" for s in ready["data"])
    page2 = pro.get("/v0/api/v1/slideshows", params={"limit": 1, "page": 2}).json()
    assert page2["total"] == listed["total"] and len(page2["data"]) == 1 and page2["data"][0]["_id"] == ids[1]
    for bad in ({"status": "DONE"}, {"limit": 101}, {"limit": 0}, {"page": 0}, {"page": "x"}):
        r = pro.get("/v0/api/v1/slideshows", params=bad)
        assert (r.status_code, error_code(r)) == (400, "VALIDATION_ERROR"), bad


def test_other_organizations_get_404(ready_deck, fresh):
    other, _ = fresh()
    r = other.get(f"/v0/api/v1/slideshows/{ready_deck['_id']}")
    assert (r.status_code, error_code(r)) == (404, "SLIDESHOW_NOT_FOUND")
    r = generate(other, ready_deck["app_id"])
    assert (r.status_code, error_code(r)) == (404, "APP_NOT_FOUND")
    assert ready_deck["_id"] not in [s["_id"] for s in other.get("/v0/api/v1/slideshows").json()["data"]]
    r = other.get("/v0/api/v1/slideshows/ss_doesnotexist0000000")
    assert (r.status_code, error_code(r)) == (404, "SLIDESHOW_NOT_FOUND")


@pytest.mark.parametrize("bad_id", ["nope", "app_abc", "ss_%00x", "ss_" + "a" * 300])
def test_an_id_that_cannot_be_a_slideshow_is_not_found(pro, bad_id):
    for path in (f"/v0/api/v1/slideshows/{bad_id}", f"/v0/api/v1/slideshows/{bad_id}/zip"):
        r = pro.get(path)
        assert (r.status_code, error_code(r)) == (404, "SLIDESHOW_NOT_FOUND"), path


def test_deleting_the_app_removes_its_slideshows(fresh):
    api, _ = fresh()
    app_id = make_app(api)
    deck = wait_final(api, generate(api, app_id).json()["body"]["slideshow_id"])
    assert deck["status"] == "READY"
    assert api.delete(f"/v0/api/v1/apps/{app_id}").status_code == 200
    r = api.get(f"/v0/api/v1/slideshows/{deck['_id']}")
    assert (r.status_code, error_code(r)) == (404, "SLIDESHOW_NOT_FOUND")
    assert deck["_id"] not in [s["_id"] for s in api.get("/v0/api/v1/slideshows").json()["data"]]
    deadline = time.monotonic() + 60
    while httpx.get(deck["slides"][0]["image_url"], timeout=10).status_code == 200:
        assert time.monotonic() < deadline, "slide objects of a deleted app are still served"
        time.sleep(0.2)


def test_a_deck_of_an_app_deleted_through_another_gateway_is_gone_on_the_next_read(fresh, stack_env):
    """Whether the app still exists comes from the app answers each gateway keeps (catalog's writes
    answer once every gateway dropped them), so both replicas answer 404 right after the DELETE."""
    second = stack_env.get("GATEWAY_2_URL")
    if not second:
        pytest.skip("the stack runs one gateway (STACK_GATEWAY_REPLICAS=2 runs two, as make test does)")
    api, _ = fresh()
    app_id = make_app(api)
    deck = wait_final(api, generate(api, app_id).json()["body"]["slideshow_id"])
    with httpx.Client(base_url=second, headers=api.headers, timeout=30) as other:
        for client in (api, other):  # both keep the app's answer
            assert client.get(f"/v0/api/v1/slideshows/{deck['_id']}").status_code == 200
            assert deck["_id"] in [s["_id"] for s in client.get("/v0/api/v1/slideshows").json()["data"]]
        assert other.delete(f"/v0/api/v1/apps/{app_id}").status_code == 200
        for client in (api, other):
            r = client.get(f"/v0/api/v1/slideshows/{deck['_id']}")
            assert (r.status_code, error_code(r)) == (404, "SLIDESHOW_NOT_FOUND")
            listed = client.get("/v0/api/v1/slideshows").json()
            assert deck["_id"] not in [s["_id"] for s in listed["data"]] and listed["total"] == 0


def test_the_list_through_either_gateway_follows_every_write(fresh, stack_env):
    """Each gateway keeps the list pages it answered with the renderer's list version and sends one
    again only while the renderer says that version is unchanged: a deck added, rendered or gone
    raises it in the writing transaction, so the next list through any replica is current."""
    second = stack_env.get("GATEWAY_2_URL")
    if not second:
        pytest.skip("the stack runs one gateway (STACK_GATEWAY_REPLICAS=2 runs two, as make test does)")
    api, _ = fresh()
    app_id = make_app(api)

    def listed(client: httpx.Client, **params) -> tuple[list[tuple[str, str]], int]:
        body = client.get("/v0/api/v1/slideshows", params=params).json()
        return [(s["_id"], s["status"]) for s in body["data"]], body["total"]

    with httpx.Client(base_url=second, headers=api.headers, timeout=30) as other:
        clients = (api, other)
        for client in clients * 2:  # both keep the empty pages
            assert listed(client) == ([], 0) and listed(client, status="READY") == ([], 0)
        first = generate(other, app_id).json()["body"]["slideshow_id"]
        for client in clients:
            ids, total = listed(client)
            assert [i for i, _ in ids] == [first] and total == 1
        deck = wait_final(api, first)
        assert deck["status"] == "READY", deck.get("error")
        for client in clients * 2:
            assert listed(client) == ([(first, "READY")], 1)
            assert listed(client, status="READY") == ([(first, "READY")], 1)
            assert listed(client, page=2, limit=1) == ([], 1)
        second_deck = generate(api, app_id).json()["body"]["slideshow_id"]
        for client in clients:
            ids, total = listed(client)
            assert [i for i, _ in ids] == [second_deck, first] and total == 2
            assert listed(client, page=2, limit=1) == ([(first, "READY")], 2)
        wait_final(api, second_deck)
        assert other.delete(f"/v0/api/v1/apps/{app_id}").status_code == 200
        for client in clients:
            assert listed(client) == ([], 0) and listed(client, status="READY") == ([], 0)


# --- a worker killed mid-render --------------------------------------------------------------


def test_killed_worker_finishes_the_deck_once(fresh):
    api, org = fresh()
    app_id = make_app(api)
    ss_id = generate(api, app_id).json()["body"]["slideshow_id"]
    pid_file = ROOT / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0") / "pids" / "renderer.pid"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # best effort: kill while it draws
        if api.get(f"/v0/api/v1/slideshows/{ss_id}").json()["body"]["status"] != "QUEUED":
            break
        time.sleep(0.02)
    os.kill(int(pid_file.read_text()), signal.SIGKILL)
    deck = wait_final(api, ss_id, timeout=90)
    assert deck["status"] == "READY", deck.get("error")
    assert [s["order"] for s in deck["slides"]] == list(range(6))
    assert len({s["image_url"] for s in deck["slides"]}) == 6
    assert slideshow_usage(api) == 1
    listed = api.get("/v0/api/v1/slideshows").json()
    assert listed["total"] == 1
