"""Connected social accounts and publishing against the running stack, with a real rendered
slideshow and a local HTTPS fake of TikTok's Content Posting API (documented photo flow).

The stack's delivery service must point TIKTOK_API_BASE at https://127.0.0.1:<18443 + offset>,
where the fake listens; the publish-flow test is skipped when the stack's env lacks it.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from kit import topics
from testkit.delivery import FakeTikTok, Receiver, local_ca, publish_events, slideshow_event

STATE = Path(__file__).resolve().parents[2] / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0")
TOKEN = "act.example-user-token"  # noqa: S105 - the fake's accepted token
OTHER_TOKEN = "act.revoked"  # noqa: S105 - a token the fake refuses
TIKTOK_BASE = os.environ.get("TIKTOK_API_BASE", "")


def create_app(api: httpx.Client, name: str = "Fit Publisher") -> str:
    resp = api.post("/v0/api/v1/apps", json={"name": name, "niche": "fitness"})
    assert resp.status_code == 201, resp.text
    return resp.json()["body"]["_id"]


def generate(api: httpx.Client, app_id: str) -> str:
    resp = api.post(f"/v0/api/v1/apps/{app_id}/slideshows", json={"template_key": "problem_solution"})
    assert resp.status_code == 202, resp.text
    return resp.json()["body"]["slideshow_id"]


def status_of(api: httpx.Client, slideshow_id: str) -> str:
    return api.get(f"/v0/api/v1/slideshows/{slideshow_id}").json()["body"]["status"]


def wait_ready(api: httpx.Client, slideshow_id: str, timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = api.get(f"/v0/api/v1/slideshows/{slideshow_id}").json()["body"]
        if body["status"] in ("READY", "FAILED"):
            assert body["status"] == "READY", body
            return body
        time.sleep(0.3)
    raise AssertionError(f"slideshow {slideshow_id} not READY within {timeout}s")


def connect(api: httpx.Client, app_id: str, token: str = TOKEN) -> httpx.Response:
    return api.post(
        f"/v0/api/v1/apps/{app_id}/social-accounts",
        json={"platform": "tiktok", "access_token": token, "open_id": "open-123", "display_name": "Fit Co"},
    )


def publish(api: httpx.Client, slideshow_id: str, **body) -> httpx.Response:
    return api.post(
        f"/v0/api/v1/slideshows/{slideshow_id}/publish", json={"platform": "tiktok", **body}, timeout=90
    )


@pytest.fixture
def fake_tiktok(stack_env) -> Iterator[FakeTikTok]:
    if not TIKTOK_BASE.startswith("https://127.0.0.1:"):
        pytest.skip(
            "the stack's TIKTOK_API_BASE does not point at a local fake (https://127.0.0.1:<18443+offset>)"
        )
    fake = FakeTikTok(local_ca(STATE), port=urlsplit(TIKTOK_BASE).port or 443, token=TOKEN)
    yield fake
    fake.close()


def test_social_accounts_are_scoped_validated_and_never_return_tokens(api, client_for, new_org):
    app_id = create_app(api)
    missing = connect(api, "app_doesnotexist00000000")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "APP_NOT_FOUND"
    for body in (
        {"platform": "instagram", "access_token": "x"},
        {"platform": "tiktok"},
        {"platform": "tiktok", "access_token": ""},
    ):
        resp = api.post(f"/v0/api/v1/apps/{app_id}/social-accounts", json=body)
        assert resp.status_code == 400 and resp.json()["error"]["code"] == "VALIDATION_ERROR", (
            body,
            resp.text,
        )

    created = connect(api, app_id)
    assert created.status_code == 201, created.text
    account = created.json()["body"]
    assert (
        account["_id"].startswith("acct_") and account["platform"] == "tiktok" and account["app_id"] == app_id
    )
    assert account["open_id"] == "open-123" and account["display_name"] == "Fit Co"
    assert TOKEN not in created.text
    again = connect(api, app_id, token=OTHER_TOKEN)
    assert again.json()["body"]["_id"] == account["_id"]  # reconnecting replaces the token
    listed = api.get(f"/v0/api/v1/apps/{app_id}/social-accounts")
    assert listed.json()["total"] == 1 and "act." not in listed.text

    other = client_for(new_org("pro")["api_key"])
    assert other.get(f"/v0/api/v1/apps/{app_id}/social-accounts").status_code == 404
    assert other.delete(f"/v0/api/v1/apps/{app_id}/social-accounts/{account['_id']}").status_code == 404

    assert api.delete(f"/v0/api/v1/apps/{app_id}/social-accounts/{account['_id']}").json() == {
        "success": True
    }
    gone = api.delete(f"/v0/api/v1/apps/{app_id}/social-accounts/{account['_id']}")
    assert gone.status_code == 404 and gone.json()["error"]["code"] == "SOCIAL_ACCOUNT_NOT_FOUND"

    connect(api, app_id)
    assert api.delete(f"/v0/api/v1/apps/{app_id}").status_code == 200
    deadline = time.monotonic() + 30
    while connect(api, app_id).status_code != 404:  # the app is gone for catalog at once
        assert time.monotonic() < deadline
        time.sleep(0.2)


def test_publish_needs_a_plan_with_publishing(gateway_url, new_org):
    org = new_org("starter")
    with httpx.Client(base_url=gateway_url, timeout=30) as c:
        login = c.post("/v0/auth/login", json={"email": org["email"], "password": org["password"]})
        assert login.status_code == 200, login.text
        c.headers["Authorization"] = f"Bearer {login.json()['body']['session_token']}"
        resp = c.post(
            "/v0/api/v1/slideshows/ss_whatever0000000000000/publish",
            json={"platform": "tiktok", "mode": "draft"},
        )
    assert resp.status_code == 403
    assert resp.json()["error"]["code"] == "PLAN_UPGRADE_REQUIRED"


def test_publish_flow_errors_and_idempotency(api, fake_tiktok):
    unknown = publish(api, "ss_doesnotexist000000000", mode="draft")
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "SLIDESHOW_NOT_FOUND"
    bad = publish(api, "ss_doesnotexist000000000", mode="later")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "VALIDATION_ERROR"

    webhook_receiver = Receiver(local_ca(STATE))
    try:
        hook = api.post(
            "/v0/api/webhooks", json={"url": webhook_receiver.url(), "events": ["slideshow.completed"]}
        )
        assert hook.status_code == 201, hook.text
        app_id = create_app(api)
        slideshow_id = generate(api, app_id)
        before = status_of(api, slideshow_id)
        early = publish(api, slideshow_id, mode="draft")
        if before != "READY" and status_of(api, slideshow_id) != "READY":
            assert early.status_code == 409 and early.json()["error"]["code"] == "SLIDESHOW_NOT_READY"
        show = wait_ready(api, slideshow_id)

        # The real render's completed event reaches the webhook with the rendered slides.
        [event] = webhook_receiver.wait_for(lambda r: len(r) >= 1, timeout=60)
        body = event.json()
        assert body["slideshow_id"] == slideshow_id and body["app_name"] == "Fit Publisher"
        assert body["image_urls"] == [s["image_url"] for s in show["slides"]] and body["slide_count"] == 6
        assert body["share_url"] is None

        # With a live share link, share_url is that link (the event replayed as the renderer would send it).
        share = api.post(f"/v0/api/slideshows/{slideshow_id}/share", json={})
        assert share.status_code == 201, share.text
        org = api.org["organization_id"]
        replay = slideshow_event(org, app_id=app_id, slideshow_id=slideshow_id)
        asyncio.run(
            publish_events(
                os.environ["KAFKA_BOOTSTRAP"], topics.RENDERER_SLIDESHOWS, [(slideshow_id, replay, org)]
            )
        )
        got = webhook_receiver.wait_for(lambda r: len(r) >= 2, timeout=60)
        assert got[1].json()["share_url"] == share.json()["body"]["url"]
    finally:
        webhook_receiver.close()

    no_account = publish(api, slideshow_id, mode="draft")
    assert no_account.status_code == 409 and no_account.json()["error"]["code"] == "NO_CONNECTED_ACCOUNT"

    assert connect(api, app_id, token=OTHER_TOKEN).status_code == 201
    refused = publish(api, slideshow_id, mode="draft")
    # TikTok refuses the token given by hand, which cannot be refreshed: connect the account again.
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "RECONNECT_REQUIRED"
    [account] = api.get(f"/v0/api/v1/apps/{app_id}/social-accounts").json()["data"]
    assert account["status"] == "RECONNECT_REQUIRED" and account["connected_by"] == "token"
    assert connect(api, app_id).status_code == 201  # a refused post leaves no record: retry is allowed
    [account] = api.get(f"/v0/api/v1/apps/{app_id}/social-accounts").json()["data"]
    assert account["status"] == "CONNECTED"

    first = publish(api, slideshow_id, mode="draft")
    assert first.status_code == 200, first.text
    result = first.json()["body"]
    assert result["publish_id"].startswith("p_pub_url~v2.") and result["platform"] == "tiktok"
    assert result["mode"] == "draft" and result["status"] == "SEND_TO_USER_INBOX"
    assert result["already_published"] is False

    inits = [
        r
        for r in fake_tiktok.requests
        if r.path == "/v2/post/publish/content/init/" and r.headers["authorization"] == f"Bearer {TOKEN}"
    ]
    assert len(inits) == 1
    init = inits[0].json()
    assert init["media_type"] == "PHOTO" and init["post_mode"] == "MEDIA_UPLOAD"
    assert init["source_info"]["source"] == "PULL_FROM_URL" and init["source_info"]["photo_cover_index"] == 0
    assert init["post_info"]["title"] and "privacy_level" not in init["post_info"]
    photos = init["source_info"]["photo_images"]
    assert len(photos) == 6 and len(set(photos)) == 6
    for url in photos:
        assert "/public/" in url and url.endswith(".jpg")
        image = httpx.get(url, timeout=30)
        assert image.status_code == 200 and image.content[:3] == b"\xff\xd8\xff"  # a JPEG, no credentials
    assert any(r.path == "/v2/post/publish/status/fetch/" for r in fake_tiktok.requests)

    repeat = publish(api, slideshow_id, mode="direct", privacy_level="PUBLIC_TO_EVERYONE")
    assert repeat.status_code == 200
    assert repeat.json()["body"]["publish_id"] == result["publish_id"]
    assert repeat.json()["body"]["already_published"] is True and repeat.json()["body"]["mode"] == "draft"
    assert (
        len([r for r in fake_tiktok.requests if r.path == "/v2/post/publish/content/init/"]) == 2
    )  # revoked + one

    listed = api.get(f"/v0/api/v1/slideshows/{slideshow_id}/publications")
    assert listed.status_code == 200, listed.text
    assert [p["publish_id"] for p in listed.json()["data"]] == [result["publish_id"]]

    # Deleting the app takes its accounts and publications with it (that delivery removes their
    # rows when it hears app-deleted: delivery's services/delivery/tests/test_stored_rows.py).
    assert api.delete(f"/v0/api/v1/apps/{app_id}").status_code == 200
    gone = api.get(f"/v0/api/v1/slideshows/{slideshow_id}/publications")
    assert gone.status_code == 404 and gone.json()["error"]["code"] == "SLIDESHOW_NOT_FOUND", gone.text
    accounts = api.get(f"/v0/api/v1/apps/{app_id}/social-accounts")
    assert accounts.status_code == 404 and accounts.json()["error"]["code"] == "APP_NOT_FOUND", accounts.text


def test_a_repeat_publish_reports_the_current_status(api, fake_tiktok):
    """TikTok is still pulling the photos when the first call returns; asking again (the same
    idempotent call) fetches the status anew instead of repeating the stale one."""
    app_id = create_app(api, name="Fit Status")
    slideshow_id = generate(api, app_id)
    wait_ready(api, slideshow_id)
    assert connect(api, app_id).status_code == 201
    fake_tiktok.processing_polls = 1000
    first = publish(api, slideshow_id, mode="draft")
    assert first.status_code == 200, first.text
    assert first.json()["body"]["status"] == "PROCESSING_DOWNLOAD"

    fake_tiktok.processing_polls = 0  # TikTok has the photos now
    again = publish(api, slideshow_id, mode="draft")
    assert again.status_code == 200, again.text
    body = again.json()["body"]
    assert body["already_published"] is True and body["publish_id"] == first.json()["body"]["publish_id"]
    assert body["status"] == "SEND_TO_USER_INBOX"
    inits = [r for r in fake_tiktok.requests if r.path == "/v2/post/publish/content/init/"]
    assert len(inits) == 1  # posted once
