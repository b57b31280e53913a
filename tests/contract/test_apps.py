"""The Apps API end to end: every endpoint, error code and bound, over HTTP through the gateway."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterator

import grpc
import httpx
import pytest
from slides.catalog.v1 import catalog_pb2, catalog_pb2_grpc

APPS = "/v0/api/v1/apps"
ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")

FULL = {
    "niche": "productivity",
    "language": "pt-BR",
    "target_audience": "students cramming for exams",
    "description": "A focus timer that blocks distractions.",
    "tagline": "Focus, finally.",
    "ios_url": "https://apps.apple.com/app/id123456",
    "android_url": "https://play.google.com/store/apps/details?id=com.focus",
    "website_url": "http://focus.example.com",
    "brand_primary_color": "#1A2B3C",
    "brand_secondary_color": "#fff",
    "brand_accent_color": "#00ff00",
    "screenshots": ["https://cdn.example.com/1.png", "https://cdn.example.com/2.png"],
    "photos": ["https://cdn.example.com/p1.jpg", "https://cdn.example.com/p2.jpg"],
    "value_props": ["Deep focus", "Streaks"],
    "pain_points": ["Endless scrolling"],
    "differentiators": ["Works offline"],
    "design": "editorial-split",
    "image_source": "screenshots",
}


def unique(prefix: str = "App") -> str:
    return f"{prefix} {uuid.uuid4().hex[:8]}"


def create(client: httpx.Client, **fields) -> dict:
    resp = client.post(APPS, json={"name": unique(), **fields})
    assert resp.status_code == 201, resp.text
    return resp.json()["body"]


def error_of(resp: httpx.Response, status: int, code: str) -> dict:
    assert resp.status_code == status, resp.text
    body = resp.json()
    assert body["success"] is False and body["error"]["code"] == code, body
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    return body["error"]


def bad_fields(resp: httpx.Response) -> set[str]:
    err = error_of(resp, 400, "VALIDATION_ERROR")
    return {f["field"] for f in err["details"]["fields"]}


@pytest.fixture
def org_client(gateway_url, create_org) -> Iterator[Callable[[str], httpx.Client]]:
    """org_client(plan) -> a client keyed for a fresh organization (no owner user: quick to make)."""
    made: list[httpx.Client] = []

    def make(plan: str = "pro") -> httpx.Client:
        org = create_org(unique("Org"), plan)
        client = httpx.Client(
            base_url=gateway_url, headers={"Authorization": f"Bearer {org['api_key']}"}, timeout=30
        )
        client.org = {"organization_id": org["organization_id"], "api_key": org["api_key"]}  # type: ignore[attr-defined]
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()


@pytest.fixture
def api(org_client) -> httpx.Client:
    """Overrides the shared fixture of the same name: a fresh Pro organization."""
    return org_client("pro")


# --- create and get -------------------------------------------------------------------------------------


def test_create_returns_201_and_the_short_body(api):
    resp = api.post(APPS, json={"name": "Focus Timer"})
    assert resp.status_code == 201
    payload = resp.json()
    assert payload["success"] is True
    body = payload["body"]
    assert set(body) == {"_id", "slug", "name", "status", "createdAt"}
    assert body["_id"].startswith("app_") and body["slug"] == "focus-timer"
    assert body["name"] == "Focus Timer" and body["status"] == "ACTIVE" and ISO.match(body["createdAt"])


def test_get_returns_every_field(api):
    name = unique("Café Münster")
    created = api.post(APPS, json={"name": name, **FULL}).json()["body"]
    resp = api.get(f"{APPS}/{created['_id']}")
    assert resp.status_code == 200
    app = resp.json()["body"]
    assert resp.json()["success"] is True
    assert app["_id"] == created["_id"] and app["organization_id"] == api.org["organization_id"]
    assert app["name"] == name and app["slug"] == created["slug"] and app["slug"].startswith("cafe-munster-")
    assert app["status"] == "ACTIVE"
    for field, value in FULL.items():
        assert app[field] == value, field
    assert ISO.match(app["createdAt"]) and ISO.match(app["updatedAt"])


def test_create_defaults(api):
    app = api.get(f"{APPS}/{create(api)['_id']}").json()["body"]
    assert (app["language"], app["status"], app["design"], app["image_source"]) == (
        "en",
        "ACTIVE",
        "classic",
        "brand",
    )
    assert (
        app["screenshots"] == [] and app["value_props"] == [] and app["ios_url"] == "" and app["niche"] == ""
    )
    assert app["photos"] == []


def test_name_without_latin_letters_still_gets_a_slug(api):
    body = create(api, name="日本語アプリ")
    assert re.match(r"^app-[a-z0-9]+$", body["slug"])


# --- slugs ----------------------------------------------------------------------------------------------


def test_slug_collision_is_409_and_a_slug_field_resolves_it(api):
    name = unique("Habit Tracker")
    first = create(api, name=name)
    err = error_of(api.post(APPS, json={"name": name.upper()}), 409, "SLUG_EXISTS")
    assert "unique slug" in err["message"]
    second = api.post(APPS, json={"name": name, "slug": first["slug"] + "-2"})
    assert second.status_code == 201 and second.json()["body"]["slug"] == first["slug"] + "-2"


def test_slugs_are_unique_per_organization_only(api, org_client):
    name = unique("Shared Name")
    create(api, name=name)
    other = org_client("pro")
    assert other.post(APPS, json={"name": name}).status_code == 201


def test_update_to_a_taken_slug_is_409(api):
    a, b = create(api), create(api)
    error_of(api.put(f"{APPS}/{b['_id']}", json={"slug": a["slug"]}), 409, "SLUG_EXISTS")
    assert api.put(f"{APPS}/{b['_id']}", json={"slug": b["slug"]}).status_code == 200


@pytest.mark.parametrize("slug", ["Upper", "two  spaces", "trailing-", "-lead", "a--b", "x" * 81, ""])
def test_bad_slug_is_a_validation_error(api, slug):
    assert "slug" in bad_fields(api.post(APPS, json={"name": unique(), "slug": slug}))


# --- bounds: just inside succeeds, just outside is 400 naming the field ---------------------------------

BOUNDS = [
    ("name", "ab", "a"),
    ("name", "n" * 80, "n" * 81),
    ("niche", "ab", "a"),
    ("niche", "n" * 40, "n" * 41),
    ("language", "en", "e"),
    ("language", "abcdefgh", "abcdefghi"),
    ("language", "pt-BR", "en_US"),
    ("target_audience", "t" * 400, "t" * 401),
    ("description", "d" * 4000, "d" * 4001),
    ("tagline", "t" * 200, "t" * 201),
    ("ios_url", "https://apps.apple.com/x", "ftp://apps.apple.com/x"),
    ("android_url", "http://play.google.com/x", "play.google.com/x"),
    ("website_url", "https://example.com", "javascript:alert(1)"),
    ("brand_primary_color", "#abc", "#abcd"),
    ("brand_secondary_color", "#A1B2C3", "#A1B2C"),
    ("brand_accent_color", "#000000", "black"),
    ("screenshots", ["https://cdn.example.com/s.png"] * 12, ["https://cdn.example.com/s.png"] * 13),
    ("screenshots", ["https://cdn.example.com/s.png"], ["file:///etc/passwd"]),
    ("value_props", ["v" * 200] * 12, ["v"] * 13),
    ("value_props", ["v" * 200], ["v" * 201]),
    ("pain_points", ["p"] * 12, ["p"] * 13),
    ("pain_points", ["p"], [""]),
    ("differentiators", ["d"] * 12, ["d"] * 13),
    ("differentiators", ["d" * 200], ["d" * 201]),
    ("design", "brand-studio", "fancy"),
    ("photos", ["https://cdn.example.com/p.jpg"] * 24, ["https://cdn.example.com/p.jpg"] * 25),
    ("photos", ["https://cdn.example.com/p.jpg"], ["file:///etc/passwd"]),
    ("image_source", "brand", "unsplash"),
    ("image_source", "photos", "photo"),
    ("image_source", "stock", "STOCK"),
    ("image_source", "ai", "dalle"),
]


def _split(pick: int) -> list[dict]:
    """BOUNDS as request bodies with one value per field (a field listed twice gets two bodies)."""
    bodies: list[dict] = []
    for field, *values in BOUNDS:
        target = next((body for body in bodies if field not in body), None)
        if target is None:
            target = {}
            bodies.append(target)
        target[field] = values[pick]
    return bodies


def _named(fields: set[str], field: str) -> bool:
    return any(f == field or f.startswith(field + ".") or f.startswith(field + "[") for f in fields)


def test_create_bounds(api):
    """Every value just inside a bound is stored as sent; every value just outside is named."""
    for body in _split(0):
        body.setdefault("name", unique())
        resp = api.post(APPS, json=body)
        assert resp.status_code == 201, resp.text
        app = api.get(f"{APPS}/{resp.json()['body']['_id']}").json()["body"]
        assert {k: app[k] for k in body} == body
    for body in _split(1):
        expected = set(body)
        body.setdefault("name", unique())
        fields = bad_fields(api.post(APPS, json=body))
        assert all(_named(fields, f) for f in expected), (fields, body)
    assert api.get(APPS).json()["total"] == len(_split(0))


def test_update_bounds(api):
    app_id = create(api)["_id"]
    for body, outside in zip(_split(0), _split(1), strict=True):
        assert api.put(f"{APPS}/{app_id}", json=body).status_code == 200
        app = api.get(f"{APPS}/{app_id}").json()["body"]
        assert {k: app[k] for k in body} == body
        fields = bad_fields(api.put(f"{APPS}/{app_id}", json=outside))
        assert all(_named(fields, f) for f in outside), (fields, outside)
        assert {k: v for k, v in api.get(f"{APPS}/{app_id}").json()["body"].items() if k in body} == body


def test_validation_error_names_every_bad_field(api):
    resp = api.post(
        APPS,
        json={
            "name": "x",
            "niche": "y" * 41,
            "brand_primary_color": "blue",
            "screenshots": ["nope"],
            "status": "ON",
        },
    )
    fields = bad_fields(resp)
    assert {"name", "niche", "brand_primary_color", "status"} <= fields
    assert any(f.startswith("screenshots") for f in fields)


def test_control_characters_are_refused(api):
    assert "description" in bad_fields(api.post(APPS, json={"name": unique(), "description": "a\u0000b"}))


def test_unknown_fields_are_refused_by_name(api):
    assert "nmae" in bad_fields(api.post(APPS, json={"nmae": "Typo", "name": unique()}))
    app_id = create(api)["_id"]
    assert {"colour", "owner"} <= bad_fields(
        api.put(f"{APPS}/{app_id}", json={"colour": "#fff", "owner": "me"})
    )


def test_missing_or_null_name_is_refused(api):
    assert "name" in bad_fields(api.post(APPS, json={"niche": "fitness"}))
    assert "name" in bad_fields(api.post(APPS, json={"name": None}))
    assert "name" in bad_fields(api.post(APPS, json={"name": "   "}))


@pytest.mark.parametrize("body", ['{"name": ', "not json", '["a list"]', '"a string"', ""])
def test_malformed_or_non_object_body_is_400(api, body):
    headers = {"Content-Type": "application/json"}
    error_of(api.post(APPS, content=body, headers=headers), 400, "VALIDATION_ERROR")
    app_id = create(api)["_id"]
    error_of(api.put(f"{APPS}/{app_id}", content=body, headers=headers), 400, "VALIDATION_ERROR")


def test_wrong_json_types_are_400(api):
    fields = bad_fields(
        api.post(
            APPS,
            json={
                "name": 42,
                "screenshots": "https://x.example",
                "photos": "https://x.example",
                "value_props": [1],
            },
        )
    )
    assert {"name", "screenshots", "photos"} <= fields and any(f.startswith("value_props") for f in fields)


# --- photos and image sources ---------------------------------------------------------------------------

PHOTO = "https://cdn.example.com/photo-{}.jpg"


def test_photos_round_trip_through_create_update_get_and_list(api):
    photos = [PHOTO.format(i) for i in range(24)]
    app_id = create(api, photos=photos, image_source="photos")["_id"]
    app = api.get(f"{APPS}/{app_id}").json()["body"]
    assert app["photos"] == photos and app["image_source"] == "photos" and app["screenshots"] == []
    for source in ("stock", "ai", "screenshots", "brand", "photos"):
        resp = api.put(f"{APPS}/{app_id}", json={"image_source": source, "photos": photos[:2]})
        assert resp.status_code == 200, resp.text
        app = api.get(f"{APPS}/{app_id}").json()["body"]
        assert (app["image_source"], app["photos"]) == (source, photos[:2])
    [listed] = api.get(APPS).json()["data"]
    assert listed["photos"] == photos[:2] and listed["image_source"] == "photos"
    for source in ("stock", "ai"):
        assert api.post(APPS, json={"name": unique(), "image_source": source}).status_code == 201


def test_more_than_24_photos_or_a_bad_photo_url_is_refused_by_name(api):
    too_many = [PHOTO.format(i) for i in range(25)]
    err = error_of(api.post(APPS, json={"name": unique(), "photos": too_many}), 400, "VALIDATION_ERROR")
    assert {f["field"] for f in err["details"]["fields"]} == {"photos"}
    app_id = create(api, photos=[PHOTO.format(0)])["_id"]
    assert bad_fields(api.put(f"{APPS}/{app_id}", json={"photos": too_many})) == {"photos"}
    for url in ("file:///etc/passwd", "cdn.example.com/p.jpg", "javascript:alert(1)", "https://a b/c.jpg"):
        fields = bad_fields(api.put(f"{APPS}/{app_id}", json={"photos": [PHOTO.format(1), url]}))
        assert fields and all(_named({f}, "photos") for f in fields), fields
        assert any(
            _named({f}, "photos")
            for f in bad_fields(api.post(APPS, json={"name": unique(), "photos": [url]}))
        )
    assert api.get(f"{APPS}/{app_id}").json()["body"]["photos"] == [PHOTO.format(0)]
    assert "image_source" in bad_fields(api.put(f"{APPS}/{app_id}", json={"image_source": "unsplash"}))


# --- update ---------------------------------------------------------------------------------------------


def test_update_changes_only_the_keys_sent(api):
    app_id = api.post(APPS, json={"name": unique(), **FULL}).json()["body"]["_id"]
    before = api.get(f"{APPS}/{app_id}").json()["body"]
    resp = api.put(f"{APPS}/{app_id}", json={"niche": "fitness"})
    assert resp.status_code == 200
    assert resp.json() == {
        "success": True,
        "body": {"_id": app_id, "name": before["name"], "status": "ACTIVE"},
    }
    after = api.get(f"{APPS}/{app_id}").json()["body"]
    assert after["niche"] == "fitness"
    assert {k: v for k, v in after.items() if k not in ("niche", "updatedAt")} == {
        k: v for k, v in before.items() if k not in ("niche", "updatedAt")
    }
    assert after["updatedAt"] >= before["updatedAt"]


def test_every_app_field_is_updatable(api):
    app_id = create(api)["_id"]
    changes = {
        **FULL,
        "name": unique("Renamed"),
        "slug": f"renamed-{uuid.uuid4().hex[:6]}",
        "status": "ARCHIVED",
    }
    resp = api.put(f"{APPS}/{app_id}", json=changes)
    assert resp.status_code == 200 and resp.json()["body"] == {
        "_id": app_id,
        "name": changes["name"],
        "status": "ARCHIVED",
    }
    app = api.get(f"{APPS}/{app_id}").json()["body"]
    for field, value in changes.items():
        assert app[field] == value, field


def test_status_moves_both_ways_and_bad_status_is_refused(api):
    app_id = create(api)["_id"]
    assert api.put(f"{APPS}/{app_id}", json={"status": "ARCHIVED"}).json()["body"]["status"] == "ARCHIVED"
    assert api.put(f"{APPS}/{app_id}", json={"status": "ACTIVE"}).json()["body"]["status"] == "ACTIVE"
    assert "status" in bad_fields(api.put(f"{APPS}/{app_id}", json={"status": "archived"}))


def test_null_clears_optional_fields_and_is_refused_for_the_others(api):
    app_id = api.post(APPS, json={"name": unique(), **FULL}).json()["body"]["_id"]
    resp = api.put(
        f"{APPS}/{app_id}", json={"description": None, "screenshots": None, "photos": None, "ios_url": None}
    )
    assert resp.status_code == 200
    app = api.get(f"{APPS}/{app_id}").json()["body"]
    assert app["description"] == "" and app["screenshots"] == [] and app["ios_url"] == ""
    assert app["photos"] == []
    fields = bad_fields(api.put(f"{APPS}/{app_id}", json={"name": None, "status": None, "language": None}))
    assert {"name", "status", "language"} <= fields


def test_empty_update_changes_nothing(api):
    app = create(api)
    resp = api.put(f"{APPS}/{app['_id']}", json={})
    assert resp.status_code == 200 and resp.json()["body"]["name"] == app["name"]


# --- delete ---------------------------------------------------------------------------------------------


def test_delete_then_everything_is_404(api):
    app_id = create(api)["_id"]
    resp = api.delete(f"{APPS}/{app_id}")
    assert resp.status_code == 200 and resp.json() == {"success": True}
    error_of(api.get(f"{APPS}/{app_id}"), 404, "APP_NOT_FOUND")
    error_of(api.put(f"{APPS}/{app_id}", json={"name": "Again"}), 404, "APP_NOT_FOUND")
    error_of(api.delete(f"{APPS}/{app_id}"), 404, "APP_NOT_FOUND")
    assert app_id not in [a["_id"] for a in api.get(APPS).json()["data"]]


# --- not found and tenant isolation ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "app_id", ["app_doesnotexist0000000", "nope", "org_abc", "app_%00x", "app_" + "a" * 300]
)
def test_unknown_ids_are_404(api, app_id):
    error_of(api.get(f"{APPS}/{app_id}"), 404, "APP_NOT_FOUND")
    error_of(api.put(f"{APPS}/{app_id}", json={"niche": "fitness"}), 404, "APP_NOT_FOUND")
    error_of(api.delete(f"{APPS}/{app_id}"), 404, "APP_NOT_FOUND")


def test_another_organizations_app_is_404_and_untouched(api, org_client):
    theirs = org_client("pro")
    their_app = create(theirs, niche="fitness")
    app_id = their_app["_id"]
    error_of(api.get(f"{APPS}/{app_id}"), 404, "APP_NOT_FOUND")
    error_of(api.put(f"{APPS}/{app_id}", json={"niche": "hijacked"}), 404, "APP_NOT_FOUND")
    error_of(api.delete(f"{APPS}/{app_id}"), 404, "APP_NOT_FOUND")
    assert app_id not in [a["_id"] for a in api.get(APPS).json()["data"]]
    still = theirs.get(f"{APPS}/{app_id}").json()["body"]
    assert still["niche"] == "fitness" and still["organization_id"] != api.org["organization_id"]


# --- list -----------------------------------------------------------------------------------------------


def test_list_pages_newest_first_with_totals(api):
    ids = [create(api)["_id"] for _ in range(5)]
    seen = []
    for page in (1, 2, 3):
        resp = api.get(APPS, params={"page": page, "limit": 2})
        assert resp.status_code == 200
        payload = resp.json()
        assert payload["success"] is True
        assert (payload["page"], payload["limit"], payload["total"]) == (page, 2, 5)
        assert len(payload["data"]) == (2 if page < 3 else 1)
        seen += [a["_id"] for a in payload["data"]]
    assert seen == list(reversed(ids))
    beyond = api.get(APPS, params={"page": 4, "limit": 2}).json()
    assert beyond["data"] == [] and beyond["total"] == 5


def test_list_defaults_and_full_app_objects(api):
    create(api, **FULL)
    payload = api.get(APPS).json()
    assert (payload["page"], payload["limit"], payload["total"]) == (1, 50, 1)
    app = payload["data"][0]
    for field, value in FULL.items():
        assert app[field] == value


def test_list_status_filter(api):
    active = create(api)["_id"]
    archived = create(api)["_id"]
    api.put(f"{APPS}/{archived}", json={"status": "ARCHIVED"})
    only_archived = api.get(APPS, params={"status": "ARCHIVED"}).json()
    assert [a["_id"] for a in only_archived["data"]] == [archived] and only_archived["total"] == 1
    only_active = api.get(APPS, params={"status": "ACTIVE"}).json()
    assert [a["_id"] for a in only_active["data"]] == [active] and only_active["total"] == 1
    assert api.get(APPS).json()["total"] == 2


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"page": 0}, "page"),
        ({"page": -1}, "page"),
        ({"page": "two"}, "page"),
        ({"limit": 0}, "limit"),
        ({"limit": 101}, "limit"),
        ({"limit": "all"}, "limit"),
        ({"status": "active"}, "status"),
        ({"status": "DELETED"}, "status"),
    ],
)
def test_list_bad_query_is_400(api, params, field):
    assert field in bad_fields(api.get(APPS, params=params))


@pytest.mark.parametrize("limit", [1, 100])
def test_list_limit_bounds_inside(api, limit):
    payload = api.get(APPS, params={"limit": limit}).json()
    assert payload["limit"] == limit


# --- quota ----------------------------------------------------------------------------------------------


def test_apps_quota_is_402_refusals_cost_nothing_and_delete_gives_the_unit_back(api):
    ids = [create(api)["_id"] for _ in range(9)]  # Pro plan: 10 apps
    taken = api.get(f"{APPS}/{ids[0]}").json()["body"]["name"]
    error_of(api.post(APPS, json={"name": taken}), 409, "SLUG_EXISTS")
    error_of(api.post(APPS, json={"name": taken, "brand_accent_color": "nope"}), 400, "VALIDATION_ERROR")
    ids.append(create(api)["_id"])  # the 10th still fits
    err = error_of(api.post(APPS, json={"name": unique()}), 402, "QUOTA_EXCEEDED")
    assert "apps" in err["message"].lower()
    details = err["details"]
    assert {k: details[k] for k in ("quota", "limit", "used", "plan")} == {
        "quota": "apps",
        "limit": 10,
        "used": 10,
        "plan": "pro",
    }
    assert ISO.match(details["period_start"]) and ISO.match(details["period_end"])
    assert details["period_start"] < details["period_end"]
    assert api.get(APPS).json()["total"] == 10
    assert api.delete(f"{APPS}/{ids[0]}").status_code == 200
    assert api.post(APPS, json={"name": unique()}).status_code == 201
    error_of(api.post(APPS, json={"name": unique()}), 402, "QUOTA_EXCEEDED")


def test_free_plan_allows_one_app(create_org, stack_env):
    """Through catalog's gRPC API (Free keys cannot call REST): the second create is QUOTA_EXCEEDED."""
    org = create_org(unique("Free"), "free")["organization_id"]
    with grpc.insecure_channel(stack_env["CATALOG_ADDR"]) as channel:
        stub = catalog_pb2_grpc.CatalogServiceStub(channel)
        stub.CreateApp(
            catalog_pb2.CreateAppRequest(organization_id=org, app=catalog_pb2.App(name=unique())), timeout=10
        )
        with pytest.raises(grpc.RpcError) as info:
            stub.CreateApp(
                catalog_pb2.CreateAppRequest(organization_id=org, app=catalog_pb2.App(name=unique())),
                timeout=10,
            )
    assert dict(info.value.trailing_metadata())["x-error-code"] == "QUOTA_EXCEEDED"
