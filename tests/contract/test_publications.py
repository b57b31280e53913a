"""GET /v0/api/v1/slideshows/:id/publications against the running stack and the local HTTPS fake
of TikTok: a publish's status as the background follow-up records it, without repeating the
publish call; scoped to the organization; paginated like every collection."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from testkit.delivery import FakeTikTok, local_ca

STATE = Path(__file__).resolve().parents[2] / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0")
TOKEN = "act.example-user-token"  # noqa: S105 - the fake's accepted token
TIKTOK_BASE = os.environ.get("TIKTOK_API_BASE", "")

FIELDS = {
    "_id",
    "slideshow_id",
    "platform",
    "mode",
    "status",
    "privacy_level",
    "publish_id",
    "post_ids",
    "fail_reason",
    "createdAt",
    "updatedAt",
}


@pytest.fixture
def fake_tiktok(stack_env) -> Iterator[FakeTikTok]:
    if not TIKTOK_BASE.startswith("https://127.0.0.1:"):
        pytest.skip("the stack's TIKTOK_API_BASE does not point at the local fake (see make test)")
    fake = FakeTikTok(local_ca(STATE), port=urlsplit(TIKTOK_BASE).port or 443, token=TOKEN)
    yield fake
    fake.close()


def create_app(api: httpx.Client, name: str) -> str:
    resp = api.post("/v0/api/v1/apps", json={"name": name, "niche": "fitness"})
    assert resp.status_code == 201, resp.text
    return resp.json()["body"]["_id"]


def generate(api: httpx.Client, app_id: str) -> str:
    resp = api.post(f"/v0/api/v1/apps/{app_id}/slideshows", json={"template_key": "problem_solution"})
    assert resp.status_code == 202, resp.text
    return resp.json()["body"]["slideshow_id"]


def connect(api: httpx.Client, app_id: str) -> httpx.Response:
    return api.post(
        f"/v0/api/v1/apps/{app_id}/social-accounts",
        json={"platform": "tiktok", "access_token": TOKEN, "open_id": "open-123", "display_name": "Fit Co"},
    )


def publish(api: httpx.Client, slideshow_id: str, **body: Any) -> httpx.Response:
    return api.post(
        f"/v0/api/v1/slideshows/{slideshow_id}/publish", json={"platform": "tiktok", **body}, timeout=90
    )


def publications(api: httpx.Client, slideshow_id: str, **params: Any) -> httpx.Response:
    return api.get(f"/v0/api/v1/slideshows/{slideshow_id}/publications", params=params)


def poll(check: Callable[[], Any], what: str, timeout: float = 90) -> Any:
    """The follow-up runs in the background: ask again until it answers (no time is asserted)."""
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        assert time.monotonic() < deadline, f"{what} not seen within {timeout}s"
        time.sleep(0.3)


def wait_ready(api: httpx.Client, slideshow_id: str) -> None:
    def ready() -> bool:
        status = api.get(f"/v0/api/v1/slideshows/{slideshow_id}").json()["body"]["status"]
        assert status != "FAILED"
        return status == "READY"

    poll(ready, f"slideshow {slideshow_id} READY", timeout=120)


def test_a_publish_is_listed_with_its_followed_final_status(api, client_for, new_org, fake_tiktok):
    app_id = create_app(api, name="Fit Publications")
    slideshow_id = generate(api, app_id)
    wait_ready(api, slideshow_id)

    empty = publications(api, slideshow_id)
    assert empty.status_code == 200, empty.text
    assert empty.json() == {"success": True, "data": [], "page": 1, "limit": 20, "total": 0}

    assert connect(api, app_id).status_code == 201
    fake_tiktok.processing_polls = 10**6  # TikTok still pulling the photos when the call answers
    posted = publish(api, slideshow_id, mode="direct", privacy_level="SELF_ONLY")
    assert posted.status_code == 200, posted.text
    first = posted.json()["body"]
    assert first["status"] == "PROCESSING_DOWNLOAD"

    listed = publications(api, slideshow_id).json()
    assert listed["success"] is True and listed["total"] == 1 and listed["page"] == 1
    [item] = listed["data"]
    assert set(item) == FIELDS
    assert item["_id"] == first["_id"] and item["slideshow_id"] == slideshow_id
    assert item["platform"] == "tiktok" and item["mode"] == "direct" and item["privacy_level"] == "SELF_ONLY"
    assert item["publish_id"] == first["publish_id"] and item["createdAt"] and item["updatedAt"]

    fake_tiktok.processing_polls = 0  # TikTok has the photos: the follower records the outcome
    done = poll(
        lambda: [
            p
            for p in publications(api, slideshow_id).json()["data"]
            if p["_id"] == first["_id"] and p["status"] == "PUBLISH_COMPLETE"
        ],
        "the followed final status",
    )[0]
    assert done["post_ids"] and done["fail_reason"] is None
    assert done["updatedAt"] >= item["updatedAt"]
    inits = [r for r in fake_tiktok.requests if r.path == "/v2/post/publish/content/init/"]
    assert len(inits) == 1  # listing posts nothing

    # Another organization (and any other id) gets the answer other slideshow routes give.
    other = client_for(new_org("pro")["api_key"])
    for client, sid in ((other, slideshow_id), (api, "ss_doesnotexist000000000"), (api, "nonsense")):
        missing = publications(client, sid)
        assert missing.status_code == 404, (sid, missing.text)
        assert missing.json()["success"] is False
        assert missing.json()["error"]["code"] == "SLIDESHOW_NOT_FOUND"


def test_publications_are_paginated_newest_first(api, fake_tiktok):
    app_id = create_app(api, name="Fit Pages")
    slideshow_id = generate(api, app_id)
    wait_ready(api, slideshow_id)
    assert connect(api, app_id).status_code == 201
    fake_tiktok.processing_polls = 0
    older = publish(api, slideshow_id, mode="draft")
    assert older.status_code == 200, older.text

    # A second account for the same app (disconnect, connect again: a new account, a new publish).
    # TikTok down while disconnecting: the given token is not revoked there and can be used again.
    [account] = api.get(f"/v0/api/v1/apps/{app_id}/social-accounts").json()["data"]
    fake_tiktok.down = True
    try:
        gone = api.delete(f"/v0/api/v1/apps/{app_id}/social-accounts/{account['_id']}")
    finally:
        fake_tiktok.down = False
    assert gone.status_code == 200, gone.text
    assert connect(api, app_id).status_code == 201
    newer = publish(api, slideshow_id, mode="draft")
    assert newer.status_code == 200, newer.text
    assert newer.json()["body"]["already_published"] is False
    ids = [newer.json()["body"]["_id"], older.json()["body"]["_id"]]

    whole = publications(api, slideshow_id).json()
    assert [p["_id"] for p in whole["data"]] == ids and whole["total"] == 2 and whole["limit"] == 20
    assert all(p["status"] == "SEND_TO_USER_INBOX" and p["privacy_level"] is None for p in whole["data"])
    for page, expected in ((1, ids[:1]), (2, ids[1:]), (3, [])):
        got = publications(api, slideshow_id, page=page, limit=1)
        assert got.status_code == 200, got.text
        body = got.json()
        assert [p["_id"] for p in body["data"]] == expected
        assert (body["page"], body["limit"], body["total"]) == (page, 1, 2)
    for bad in ({"limit": 0}, {"limit": 101}, {"page": 0}, {"page": "x"}):
        refused = publications(api, slideshow_id, **bad)
        assert refused.status_code == 400, (bad, refused.text)
        assert refused.json()["error"]["code"] == "VALIDATION_ERROR"


def test_reading_publications_needs_no_publishing_plan(gateway_url, new_org):
    """The same rules as the other slideshow reads: a session of a plan without publishing reads
    (here an unknown id: 404, not PLAN_UPGRADE_REQUIRED)."""
    org = new_org("starter")
    with httpx.Client(base_url=gateway_url, timeout=30) as c:
        login = c.post("/v0/auth/login", json={"email": org["email"], "password": org["password"]})
        assert login.status_code == 200, login.text
        c.headers["Authorization"] = f"Bearer {login.json()['body']['session_token']}"
        resp = publications(c, "ss_doesnotexist000000000")
    assert resp.status_code == 404 and resp.json()["error"]["code"] == "SLIDESHOW_NOT_FOUND"
    with httpx.Client(base_url=gateway_url, timeout=30) as anon:
        assert publications(anon, "ss_doesnotexist000000000").status_code == 401
