"""Connecting TikTok by OAuth (Login Kit v2) and following every publish to its end, against the
running stack and delivery's local HTTPS stand-in of TikTok (testkit.delivery.FakeTikTok, which
follows TikTok's documented v2 request and answer shapes and checks the PKCE verifier).

The stack must point TIKTOK_API_BASE and TIKTOK_AUTH_BASE at https://127.0.0.1:<18443 + offset>
and have a TikTok client key and secret (make test exports them); else these tests are skipped.
The "browser" here follows TikTok's authorize page (the fake answers 302 to redirect_uri with a
code, as TikTok does once the user agrees) and comes back to the gateway's public callback.
"""

from __future__ import annotations

import os
import ssl
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from testkit.delivery import FakeTikTok, FakeUser, Receiver, local_ca

STATE_DIR = Path(__file__).resolve().parents[2] / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0")
TIKTOK_BASE = os.environ.get("TIKTOK_API_BASE", "")
AUTH_BASE = os.environ.get("TIKTOK_AUTH_BASE", "")
CLIENT_KEY = os.environ.get("TIKTOK_CLIENT_KEY", "")
CALLBACK = "/v0/public/oauth/tiktok/callback"
NAUGHTY_NAME = 'Fit <b>Co</b> & "Friends"'


@pytest.fixture
def fake(stack_env) -> Iterator[FakeTikTok]:
    if not (TIKTOK_BASE.startswith("https://127.0.0.1:") and AUTH_BASE == TIKTOK_BASE and CLIENT_KEY):
        pytest.skip("the stack's TikTok settings do not point at the local fake (see make test)")
    f = FakeTikTok(local_ca(STATE_DIR), port=urlsplit(TIKTOK_BASE).port or 443, token="act.unused")
    f.next_user = FakeUser(open_id="open-" + os.urandom(4).hex(), display_name=NAUGHTY_NAME)
    yield f
    f.close()


@pytest.fixture
def browser(gateway_url) -> Iterator[httpx.Client]:
    """A browser: trusts the local CA (the fake's TLS), follows nothing by itself, comes from a
    loopback address of its own (the public pages' per-IP limit)."""
    ctx = ssl.create_default_context()
    local_ca(STATE_DIR).configure_trust(ctx)
    n = int.from_bytes(os.urandom(3), "big")
    address = f"127.{(n >> 16) % 254 + 1}.{(n >> 8) % 256}.{n % 254 + 1}"
    transport = httpx.HTTPTransport(local_address=address, verify=ctx)
    with httpx.Client(
        base_url=gateway_url, transport=transport, follow_redirects=False, timeout=60
    ) as client:
        yield client


def create_app(api: httpx.Client, name: str = "Fit Connect") -> str:
    resp = api.post("/v0/api/v1/apps", json={"name": name, "niche": "fitness"})
    assert resp.status_code == 201, resp.text
    return resp.json()["body"]["_id"]


def start(api: httpx.Client, app_id: str, **body) -> httpx.Response:
    return api.post(f"/v0/api/v1/apps/{app_id}/social-accounts/tiktok/connect", json=body)


def authorize(browser: httpx.Client, url: str) -> str:
    """The user agrees on TikTok's page: where TikTok sends the browser back."""
    resp = browser.get(url)
    assert resp.status_code == 302, resp.text
    return resp.headers["location"]


def connect(api: httpx.Client, browser: httpx.Client, app_id: str, **body) -> httpx.Response:
    started = start(api, app_id, **body)
    assert started.status_code == 200, started.text
    return browser.get(authorize(browser, started.json()["body"]["url"]))


def accounts(api: httpx.Client, app_id: str) -> list[dict]:
    resp = api.get(f"/v0/api/v1/apps/{app_id}/social-accounts")
    assert resp.status_code == 200, resp.text
    return resp.json()["data"]


def token_grants(fake: FakeTikTok, grant_type: str) -> list[dict[str, str]]:
    forms = [
        {k: v[0] for k, v in parse_qs(r.body.decode()).items()}
        for r in fake.requests
        if r.path == "/v2/oauth/token/"
    ]
    return [f for f in forms if f.get("grant_type") == grant_type]


def query_of(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def test_connect_url_is_tiktoks_authorize_page_with_state_and_pkce(
    api, client_for, new_org, gateway_url, fake
):
    app_id = create_app(api)
    resp = start(api, app_id)
    assert resp.status_code == 200, resp.text
    assert resp.json()["success"] is True and set(resp.json()["body"]) == {"url"}
    url = resp.json()["body"]["url"]
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == AUTH_BASE.rstrip("/") + "/v2/auth/authorize/"
    q = query_of(url)
    assert q["client_key"] == CLIENT_KEY and q["response_type"] == "code"
    assert q["scope"].split(",") == ["user.info.basic", "video.publish", "video.upload"]
    assert q["redirect_uri"] == gateway_url.rstrip("/") + CALLBACK
    assert q["code_challenge_method"] == "S256" and len(q["code_challenge"]) == 43
    nonce, org, app, expires, _sig = q["state"].split(".")
    assert org == api.org["organization_id"] and app == app_id and expires.isdigit()
    # Every call makes a new state and verifier.
    again = query_of(start(api, app_id).json()["body"]["url"])
    assert again["state"] != q["state"] and again["code_challenge"] != q["code_challenge"]
    # No body at all is fine too.
    assert api.post(f"/v0/api/v1/apps/{app_id}/social-accounts/tiktok/connect").status_code == 200

    missing = start(api, "app_doesnotexist00000000")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "APP_NOT_FOUND"
    other = client_for(new_org("pro")["api_key"])
    foreign = start(other, app_id)
    assert foreign.status_code == 404 and foreign.json()["error"]["code"] == "APP_NOT_FOUND"
    for bad in (
        "https://evil.example/after",
        "javascript:alert(1)",
        "//evil.example/x",
        f"{gateway_url}.evil.example/x",
    ):
        refused = start(api, app_id, redirect_after=bad)
        assert refused.status_code == 400, (bad, refused.text)
        err = refused.json()["error"]
        assert err["code"] == "VALIDATION_ERROR" and err["details"]["fields"][0]["field"] == "redirect_after"
    # Nothing of this reached TikTok (the background follower and keeper may, for other accounts).
    assert not token_grants(fake, "authorization_code")
    assert not [
        r for r in fake.requests if r.path.startswith(("/v2/auth/", "/v2/user/", "/v2/oauth/revoke/"))
    ]


def test_connect_stores_encrypted_tokens_name_and_avatar_and_redirects_once(api, browser, gateway_url, fake):
    app_id = create_app(api)
    after = f"{gateway_url}/console/apps/{app_id}?tab=social"
    started = start(api, app_id, redirect_after=after)
    back = authorize(browser, started.json()["body"]["url"])
    assert back.startswith(gateway_url.rstrip("/") + CALLBACK + "?")
    done = browser.get(back)
    assert done.status_code == 303, done.text
    location = done.headers["location"]
    assert location.startswith(f"{gateway_url}/console/apps/{app_id}?")
    assert query_of(location)["tab"] == "social" and query_of(location)["tiktok"] == "connected"
    assert done.headers["cache-control"] == "no-store" and done.headers["referrer-policy"] == "no-referrer"

    [account] = accounts(api, app_id)
    assert account["_id"] == query_of(location)["account_id"] and account["_id"].startswith("acct_")
    assert account["status"] == "CONNECTED" and account["connected_by"] == "oauth"
    assert account["display_name"] == NAUGHTY_NAME and account["open_id"] == fake.next_user.open_id
    assert account["avatar_url"] == fake.next_user.avatar_url

    # The code was exchanged once, with the PKCE verifier of this state (the fake checks it).
    [grant] = token_grants(fake, "authorization_code")
    assert grant["client_key"] == CLIENT_KEY and grant["redirect_uri"] == gateway_url.rstrip("/") + CALLBACK
    assert grant["code_verifier"] and grant["code"] == query_of(back)["code"]
    # The tokens TikTok issued are never shown back. (That they are stored encrypted is delivery's
    # own test: services/delivery/tests/test_accounts_store.py.)
    [access] = fake.issued(fake.next_user.open_id)
    listed = api.get(f"/v0/api/v1/apps/{app_id}/social-accounts").text
    assert access not in listed and "act." not in listed and "rft." not in listed

    # The same callback again (a replay): refused, nothing changes, TikTok is not asked again.
    replay = browser.get(back)
    assert replay.status_code == 400 and "text/html" in replay.headers["content-type"]
    assert "already used" in replay.text and "Nothing was changed" in replay.text
    assert len(token_grants(fake, "authorization_code")) == 1 and len(accounts(api, app_id)) == 1

    # Connecting again replaces the tokens and keeps the account id.
    fake.next_user = FakeUser(open_id=fake.next_user.open_id, display_name="Fit Co")
    assert connect(api, browser, app_id, redirect_after=after).status_code == 303
    [again] = accounts(api, app_id)
    assert again["_id"] == account["_id"] and again["display_name"] == "Fit Co"


def test_callback_page_without_redirect_is_escaped(api, browser, fake):
    app_id = create_app(api)
    page = connect(api, browser, app_id)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "Fit &lt;b&gt;Co&lt;/b&gt; &amp; &quot;Friends&quot;" in page.text
    assert "<b>Co</b>" not in page.text
    assert page.headers["cache-control"] == "no-store"
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert len(accounts(api, app_id)) == 1


def test_user_denial_is_shown_and_stores_nothing(api, browser, fake):
    app_id = create_app(api)
    fake.deny = True
    page = connect(api, browser, app_id, redirect_after=f"{browser.base_url}/after")
    assert page.status_code == 400, page.text
    assert "access_denied" in page.text and "The user denied the request." in page.text
    assert "Nothing was changed" in page.text
    assert accounts(api, app_id) == [] and not token_grants(fake, "authorization_code")

    # TikTok's error text is shown escaped, whatever it says.
    url = start(api, app_id).json()["body"]["url"]
    state = query_of(url)["state"]
    page = browser.get(
        CALLBACK,
        params={
            "state": state,
            "error": "<script>alert(1)</script>",
            "error_description": "<img src=x onerror=1>",
        },
    )
    assert page.status_code == 400
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text and "<script>alert" not in page.text
    assert "&lt;img src=x onerror=1&gt;" in page.text and "<img src=x" not in page.text
    assert accounts(api, app_id) == []


def test_forged_expired_and_other_organization_states_change_nothing(
    api, browser, fake, gateway_url, new_org
):
    app_id = create_app(api)
    org = api.org["organization_id"]
    started = start(api, app_id).json()["body"]["url"]
    back = authorize(browser, started)
    params = query_of(back)
    nonce, _, _, expires, sig = params["state"].split(".")

    def callback(state: str, **kw) -> httpx.Response:
        return browser.get(CALLBACK, params={"code": params["code"], "state": state}, **kw)

    # Forged or altered: another organization or app written in, a signature that is not ours.
    other = new_org("pro")
    for forged in (
        f"{nonce}.{other['organization_id']}.{app_id}.{expires}.{sig}",
        f"{nonce}.{org}.app_elsewhere000000000000.{expires}.{sig}",
        f"{nonce}.{org}.{app_id}.{expires}.{'A' * len(sig)}",
        "not-a-state",
    ):
        page = callback(forged)
        assert page.status_code == 400 and "not issued by this service or was altered" in page.text, forged

    # Signed by this server (the local default key) but with another organization's session.
    login = httpx.post(
        f"{gateway_url}/v0/auth/login", json={"email": other["email"], "password": other["password"]}
    )
    assert login.status_code == 200, login.text
    page = callback(params["state"], headers={"Cookie": "session=" + login.json()["body"]["session_token"]})
    assert page.status_code == 403 and "another organization" in page.text

    # Expired states (links last 10 minutes and no setting shortens that; a state signed by this
    # server's key cannot be made from outside) and a rightly signed state whose row never existed
    # are delivery's own tests: services/delivery/tests/test_oauth.py (a signed expiry that passed)
    # and services/delivery/tests/test_accounts_store.py (a row that expired meanwhile, one never
    # issued).

    assert accounts(api, app_id) == [] and not token_grants(fake, "authorization_code")
    # None of that used the state up: the rightful browser still connects with it (its own session).
    own = httpx.post(
        f"{gateway_url}/v0/auth/login", json={"email": api.org["email"], "password": api.org["password"]}
    )
    page = callback(params["state"], headers={"Cookie": "session=" + own.json()["body"]["session_token"]})
    assert page.status_code == 200, page.text
    assert len(accounts(api, app_id)) == 1


def test_tiktok_down_at_the_token_exchange_stores_nothing(api, browser, fake):
    app_id = create_app(api)
    back = authorize(browser, start(api, app_id).json()["body"]["url"])
    fake.down = True
    page = browser.get(back)
    assert page.status_code == 502 and "could not be reached" in page.text
    fake.down = False
    assert accounts(api, app_id) == []
    # A refused code (here: already used at TikTok) is a page too, never a 500.
    back = authorize(browser, start(api, app_id).json()["body"]["url"])
    code = query_of(back)["code"]
    fake._codes[code]["used"] = True
    page = browser.get(back)
    assert page.status_code == 502 and "invalid_grant" in page.text
    assert accounts(api, app_id) == []


def test_disconnect_revokes_at_tiktok_and_deletes_the_tokens(api, browser, fake):
    app_id = create_app(api)
    assert connect(api, browser, app_id).status_code == 200
    [account] = accounts(api, app_id)
    [access] = fake.issued(fake.next_user.open_id)
    assert api.delete(f"/v0/api/v1/apps/{app_id}/social-accounts/{account['_id']}").json() == {
        "success": True
    }
    [revoke] = [r for r in fake.requests if r.path == "/v2/oauth/revoke/"]
    form = {k: v[0] for k, v in parse_qs(revoke.body.decode()).items()}
    assert form["token"] == access and form["client_key"] == CLIENT_KEY and form["client_secret"]
    assert not fake.access_valid(access)
    assert accounts(api, app_id) == []
    # Deleted, not just hidden: disconnecting it again finds nothing. (The row and its tokens being
    # gone is delivery's own test: services/delivery/tests/test_accounts_store.py.)
    gone = api.delete(f"/v0/api/v1/apps/{app_id}/social-accounts/{account['_id']}")
    assert gone.status_code == 404 and gone.json()["error"]["code"] == "SOCIAL_ACCOUNT_NOT_FOUND"

    # TikTok down: the account is still disconnected here (its tokens deleted).
    fake.next_user = FakeUser(open_id="open-" + os.urandom(4).hex())
    assert connect(api, browser, app_id).status_code == 200
    [account] = accounts(api, app_id)
    fake.down = True
    assert api.delete(f"/v0/api/v1/apps/{app_id}/social-accounts/{account['_id']}").status_code == 200
    fake.down = False
    assert accounts(api, app_id) == []
    gone = api.delete(f"/v0/api/v1/apps/{app_id}/social-accounts/{account['_id']}")
    assert gone.status_code == 404 and gone.json()["error"]["code"] == "SOCIAL_ACCOUNT_NOT_FOUND"


# --- publishing with an OAuth account -----------------------------------------------------------


def generate(api: httpx.Client, app_id: str) -> str:
    resp = api.post(f"/v0/api/v1/apps/{app_id}/slideshows", json={"template_key": "problem_solution"})
    assert resp.status_code == 202, resp.text
    return resp.json()["body"]["slideshow_id"]


def wait_ready(api: httpx.Client, slideshow_ids: list[str], timeout: float = 240) -> None:
    deadline = time.monotonic() + timeout
    pending = set(slideshow_ids)
    while pending:
        for sid in list(pending):
            status = api.get(f"/v0/api/v1/slideshows/{sid}").json()["body"]["status"]
            assert status != "FAILED", sid
            if status == "READY":
                pending.discard(sid)
        assert time.monotonic() < deadline, f"not READY: {pending}"
        time.sleep(1)


def publish(api: httpx.Client, slideshow_id: str, **body) -> httpx.Response:
    return api.post(
        f"/v0/api/v1/slideshows/{slideshow_id}/publish", json={"platform": "tiktok", **body}, timeout=90
    )


def wait_for(predicate: Callable[[], object], timeout: float = 60, what: str = "") -> object:
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        assert time.monotonic() < deadline, f"not within {timeout}s: {what}"
        time.sleep(0.5)


def test_tokens_refresh_before_expiry_and_a_refused_refresh_asks_to_reconnect(api, browser, fake):
    app_id = create_app(api, name="Fit Refresh")
    decks = [generate(api, app_id) for _ in range(3)]
    fake.access_ttl = 120  # within TIKTOK_REFRESH_MARGIN_SECONDS: due for refreshing at once
    assert connect(api, browser, app_id).status_code == 200
    [account] = accounts(api, app_id)
    open_id = fake.next_user.open_id
    wait_ready(api, decks)

    first = publish(api, decks[0], mode="draft")
    assert first.status_code == 200, first.text
    assert token_grants(fake, "refresh_token"), "the access token was not refreshed before use"
    [init] = [r for r in fake.requests if r.path == "/v2/post/publish/content/init/"]
    # Posted with a refreshed token, not the first one (the background keeper may refresh it too).
    scheme, _, used = init.headers["authorization"].partition(" ")
    assert scheme == "Bearer" and used in fake.issued(open_id)[1:]

    # TikTok down while refreshing: 502, the account stays connected.
    fake.down = True
    down = publish(api, decks[1], mode="draft")
    fake.down = False
    assert down.status_code == 502 and down.json()["error"]["code"] == "UPSTREAM_ERROR", down.text
    assert accounts(api, app_id)[0]["status"] == "CONNECTED"

    # The user removed the app in TikTok: the refresh is refused, the account needs reconnecting.
    fake.revoke_refresh_tokens(open_id)
    refused = publish(api, decks[1], mode="draft")
    assert refused.status_code == 409, refused.text
    err = refused.json()["error"]
    assert err["code"] == "RECONNECT_REQUIRED" and err["details"]["account_id"] == account["_id"]
    assert accounts(api, app_id)[0]["status"] == "RECONNECT_REQUIRED"
    again = publish(api, decks[1], mode="draft")
    assert again.status_code == 409 and again.json()["error"]["code"] == "RECONNECT_REQUIRED"

    # Connecting again makes it usable, under the same id.
    fake.access_ttl = 86400
    fake.next_user = FakeUser(open_id=open_id)
    assert connect(api, browser, app_id).status_code == 200
    [back] = accounts(api, app_id)
    assert back["_id"] == account["_id"] and back["status"] == "CONNECTED"
    assert publish(api, decks[1], mode="draft").status_code == 200


def deliveries_of(receiver: Receiver, path: str, event: str) -> list:
    return [r for r in receiver.received(path) if r.headers.get("x-service-event") == event]


def test_direct_posts_check_privacy_and_every_publish_is_followed_to_its_end(api, browser, fake):
    receiver = Receiver(local_ca(STATE_DIR))
    try:
        hook = api.post(
            "/v0/api/webhooks",
            json={
                "url": receiver.url("/hook"),
                "events": ["slideshow.published", "slideshow.publish_failed"],
            },
        )
        assert hook.status_code == 201, hook.text
        assert hook.json()["body"]["events"] == ["slideshow.published", "slideshow.publish_failed"]
        chat = api.post(
            "/v0/api/v1/integrations/chat",
            json={"kind": "slack", "url": receiver.url("/slack"), "events": ["slideshow.published"]},
        )
        assert chat.status_code == 201, chat.text
        app_id = create_app(api, name="Fit Follow")
        decks = [generate(api, app_id) for _ in range(3)]
        fake.next_user.privacy_level_options = ["FOLLOWER_OF_CREATOR", "SELF_ONLY"]
        assert connect(api, browser, app_id).status_code == 200
        [account] = accounts(api, app_id)
        wait_ready(api, decks)

        # A privacy level the creator lacks: refused before anything is posted.
        lacking = publish(api, decks[0], mode="direct", privacy_level="PUBLIC_TO_EVERYONE")
        assert lacking.status_code == 400, lacking.text
        field = lacking.json()["error"]["details"]["fields"][0]
        assert field["field"] == "privacy_level" and "FOLLOWER_OF_CREATOR, SELF_ONLY" in field["message"]
        assert any(r.path == "/v2/post/publish/creator_info/query/" for r in fake.requests)
        assert not [r for r in fake.requests if r.path == "/v2/post/publish/content/init/"]

        # TikTok still processing when the call answers: followed in the background until final.
        fake.processing_polls = 10**6
        posted = publish(api, decks[0], mode="direct", privacy_level="FOLLOWER_OF_CREATOR")
        assert posted.status_code == 200, posted.text
        body = posted.json()["body"]
        assert (
            body["status"] == "PROCESSING_DOWNLOAD" and body["post_ids"] == [] and body["fail_reason"] is None
        )
        [init] = [r for r in fake.requests if r.path == "/v2/post/publish/content/init/"]
        assert init.json()["post_info"]["privacy_level"] == "FOLLOWER_OF_CREATOR"
        fake.processing_polls = 0
        [event] = wait_for(lambda: deliveries_of(receiver, "/hook", "slideshow.published"), what="published")
        got = event.json()
        assert got["event"] == "slideshow.published" and got["status"] == "PUBLISH_COMPLETE"
        assert got["slideshow_id"] == decks[0] and got["publication_id"] == body["_id"]
        assert got["publish_id"] == body["publish_id"] and got["account_id"] == account["_id"]
        assert got["mode"] == "direct" and got["privacy_level"] == "FOLLOWER_OF_CREATOR"
        assert (
            got["post_ids"]
            and got["fail_reason"] is None
            and got["organization_id"] == api.org["organization_id"]
        )
        [slack] = wait_for(lambda: receiver.received("/slack"), what="slack")  # chat: no event header
        assert slack.json()["attachments"][0]["title"] == "Slideshow published on TikTok"
        assert decks[0] in slack.body.decode()
        # The publish record shows the final status (a repeat call returns it, posting nothing).
        record = publish(api, decks[0], mode="direct", privacy_level="FOLLOWER_OF_CREATOR").json()["body"]
        assert record["status"] == "PUBLISH_COMPLETE" and record["already_published"] is True
        assert record["post_ids"] == got["post_ids"]

        # A post TikTok fails: slideshow.publish_failed with TikTok's fail_reason.
        fake.processing_polls = 10**6
        fake.fail_reason = "picture_size_check_failed"
        second = publish(api, decks[1], mode="direct", privacy_level="SELF_ONLY")
        assert second.status_code == 200, second.text
        fake.processing_polls = 0
        [failed] = wait_for(
            lambda: deliveries_of(receiver, "/hook", "slideshow.publish_failed"), what="failed"
        )
        payload = failed.json()
        assert payload["status"] == "FAILED" and payload["fail_reason"] == "picture_size_check_failed"
        assert payload["slideshow_id"] == decks[1] and "picture_size_check_failed" in payload["error"]
        # The bodies carry the fields the OpenAPI webhooks section documents (error: failures only).
        documented = api.get("/openapi.json").json()["components"]["schemas"]["PublishEvent"]["properties"]
        assert set(payload) == set(documented) and set(got) == set(documented) - {"error"}
        record = publish(api, decks[1], mode="direct").json()["body"]
        assert record["status"] == "FAILED" and record["fail_reason"] == "picture_size_check_failed"

        # A draft final at once (in the creator's inbox) is announced too; each outcome once.
        fake.fail_reason = ""
        draft = publish(api, decks[2], mode="draft")
        assert draft.json()["body"]["status"] == "SEND_TO_USER_INBOX"
        [inbox] = wait_for(
            lambda: [
                e
                for e in deliveries_of(receiver, "/hook", "slideshow.published")
                if e.json()["slideshow_id"] == decks[2]
            ],
            what="draft published",
        )
        assert inbox.json()["status"] == "SEND_TO_USER_INBOX"
        deliveries = api.get(f"/v0/api/webhooks/{hook.json()['body']['_id']}/deliveries").json()["data"]
        assert sorted(d["event"] for d in deliveries) == [
            "slideshow.publish_failed",
            "slideshow.published",
            "slideshow.published",
        ]
    finally:
        receiver.close()
