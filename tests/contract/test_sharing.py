"""Share links over REST: POST/DELETE /v0/api/slideshows/:id/share (issue, existing, rotate,
password, disable), errors, OpenAPI, and links dying with their app."""

from __future__ import annotations

import json
import os
import re
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import grpc
import httpx
import pytest

PASSWORD = "s3cret-pass"  # noqa: S105 - test credential
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{32}$")
ISO_RE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")


class Decks:
    """Creates apps and slideshows through the gateway."""

    def __init__(self, client: httpx.Client, org: dict[str, str], stack_env: dict[str, str]):
        self.client, self.org, self.env = client, org, stack_env
        self._default_app = ""

    def app(self, name: str = "", **fields) -> str:
        name = name or f"Share Test {uuid.uuid4().hex[:8]}"
        body = {"name": name, "niche": "fitness", "language": "en", **fields}
        r = self.client.post("/v0/api/v1/apps", json=body)
        assert r.status_code == 201, r.text
        return r.json()["body"]["_id"]

    def generate(self, app_id: str) -> str:
        r = self.client.post(
            f"/v0/api/v1/apps/{app_id}/slideshows", json={"template_key": "problem_solution"}
        )
        assert r.status_code == 202, r.text
        return r.json()["body"]["slideshow_id"]

    def status(self, slideshow_id: str) -> str:
        r = self.client.get(f"/v0/api/v1/slideshows/{slideshow_id}")
        assert r.status_code == 200, r.text
        return r.json()["body"]["status"]

    def slideshow(self) -> str:
        """A new slideshow of this organization's default app (one app saves the apps quota)."""
        if not self._default_app:
            self._default_app = self.app()
        return self.generate(self._default_app)


def wait_ready(decks: Decks, slideshow_id: str, timeout: float = 240) -> None:
    deadline = time.monotonic() + timeout
    while (status := decks.status(slideshow_id)) != "READY":
        assert status != "FAILED", f"slideshow {slideshow_id} failed to render"
        assert time.monotonic() < deadline, f"slideshow {slideshow_id} still {status} after {timeout}s"
        time.sleep(0.5)


XSS_APP_NAME = "<script>alert(1)</script>x"
XSS_OVERRIDES = {"problem": "<img src=x onerror=alert(2)> pain", "result": "</p><script>alert(3)</script>"}
_CACHE = (
    Path(__file__).resolve().parents[2]
    / ".stack"
    / os.environ.get("STACK_PORT_OFFSET", "0")
    / "sharing-ready-deck.json"
)


def _cached_deck() -> dict[str, str]:
    try:
        deck = json.loads(_CACHE.read_text())
    except (OSError, ValueError):
        return {}
    keys = ("api_key", "organization_id", "app_id", "slideshow_id", "token")
    return deck if isinstance(deck, dict) and all(isinstance(deck.get(k), str) for k in keys) else {}


def ready_deck(gateway_url: str, stack_env: dict[str, str], new_org) -> dict[str, str]:
    """A READY slideshow with a live unprotected link, its app name and copy carrying XSS attempts.

    A render takes long, so the deck is reused by every module of a run (and by later runs on
    the same stack): its identifiers are cached in the stack's state folder and checked."""
    deck = _cached_deck()
    if deck:
        with httpx.Client(base_url=gateway_url, headers={"Authorization": f"Bearer {deck['api_key']}"}) as c:
            r = share(c, deck["slideshow_id"], remove_password=True)
            if r.status_code == 201 and r.json()["body"]["token"] == deck["token"]:
                return deck
    org = new_org("pro")
    with httpx.Client(
        base_url=gateway_url, headers={"Authorization": f"Bearer {org['api_key']}"}, timeout=30
    ) as c:
        decks = Decks(c, org, stack_env)
        app = decks.app(XSS_APP_NAME, tagline='"><img src=x onerror=alert(4)>')
        r = c.post(
            f"/v0/api/v1/apps/{app}/slideshows",
            json={"template_key": "problem_solution", "variable_overrides": XSS_OVERRIDES},
        )
        assert r.status_code == 202, r.text
        slideshow_id = r.json()["body"]["slideshow_id"]
        wait_ready(decks, slideshow_id)
        token = share(c, slideshow_id).json()["body"]["token"]
    deck = {
        "api_key": org["api_key"],
        "organization_id": org["organization_id"],
        "app_id": app,
        "slideshow_id": slideshow_id,
        "token": token,
    }
    _CACHE.write_text(json.dumps(deck))
    return deck


@pytest.fixture(scope="module")
def org(new_org) -> dict[str, str]:
    return new_org("pro")


@pytest.fixture(scope="module")
def client(gateway_url: str, org: dict[str, str]) -> Iterator[httpx.Client]:
    with httpx.Client(
        base_url=gateway_url, headers={"Authorization": f"Bearer {org['api_key']}"}, timeout=30
    ) as c:
        yield c


@pytest.fixture(scope="module")
def decks(client, org, stack_env) -> Decks:
    return Decks(client, org, stack_env)


# Every generated slideshow is rendered in the background, so the module makes only two (each
# test sets the link state it needs on them) plus one for the app-deletion test.
@pytest.fixture(scope="module")
def deck_id(decks: Decks) -> str:
    return decks.slideshow()


@pytest.fixture(scope="module")
def deck_b(decks: Decks) -> str:
    return decks.slideshow()


def share(client: httpx.Client, slideshow_id: str, **body) -> httpx.Response:
    return client.post(f"/v0/api/slideshows/{slideshow_id}/share", json=body)


def page_status(gateway_url: str, token: str) -> int:
    return httpx.get(f"{gateway_url}/share/{token}", timeout=30).status_code


def test_issue_returns_201_with_link(client, deck_b, gateway_url):
    client.delete(f"/v0/api/slideshows/{deck_b}/share")  # whatever ran before: no live link now
    r = share(client, deck_b)
    assert r.status_code == 201, r.text
    body = r.json()["body"]
    assert r.json()["success"] is True
    assert TOKEN_RE.match(body["token"])
    assert body["url"] == f"{gateway_url}/share/{body['token']}"
    assert body["embed_url"] == f"{gateway_url}/embed/{body['token']}"
    assert body["password_protected"] is False
    assert ISO_RE.match(body["createdAt"])
    assert page_status(gateway_url, body["token"]) == 200


def test_second_call_returns_same_link_with_201(client, deck_id):
    first = share(client, deck_id)
    second = share(client, deck_id)
    assert first.status_code == 201
    assert second.status_code == 201, second.text
    assert second.json()["body"] == first.json()["body"]


def test_concurrent_calls_issue_one_link(client, deck_b):
    client.delete(f"/v0/api/slideshows/{deck_b}/share")
    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(lambda _: share(client, deck_b), range(6)))
    assert [r.status_code for r in answers] == [201] * 6
    assert len({r.json()["body"]["token"] for r in answers}) == 1


def test_empty_body_is_accepted(client, deck_id):
    r = client.post(f"/v0/api/slideshows/{deck_id}/share")
    assert r.status_code in (200, 201), r.text


def test_tokens_are_distinct(client, deck_id, deck_b):
    tokens = {share(client, deck_b).json()["body"]["token"]}
    tokens |= {share(client, deck_id, rotate=True).json()["body"]["token"] for _ in range(3)}
    assert len(tokens) == 4


def test_rotate_kills_old_token(client, deck_id, gateway_url):
    ss = deck_id
    old = share(client, ss).json()["body"]["token"]
    r = share(client, ss, rotate=True)
    assert r.status_code == 201, r.text
    new = r.json()["body"]["token"]
    assert new != old and TOKEN_RE.match(new)
    assert page_status(gateway_url, old) == 404
    assert page_status(gateway_url, new) == 200
    assert share(client, ss).json()["body"]["token"] == new


def test_delete_disables_and_reissue_gives_new_token(client, deck_b, gateway_url):
    ss = deck_b
    token = share(client, ss).json()["body"]["token"]
    r = client.delete(f"/v0/api/slideshows/{ss}/share")
    assert r.status_code == 200, r.text
    assert r.json() == {"success": True, "body": {"disabled": True}}
    assert page_status(gateway_url, token) == 404
    again = client.delete(f"/v0/api/slideshows/{ss}/share")
    assert again.json()["body"]["disabled"] is False
    reissued = share(client, ss)
    assert reissued.status_code == 201
    assert reissued.json()["body"]["token"] != token
    assert page_status(gateway_url, token) == 404


def test_password_is_set_on_existing_link_and_can_be_removed(client, deck_b):
    ss = deck_b
    token = share(client, ss).json()["body"]["token"]
    protected = share(client, ss, password=PASSWORD)
    assert protected.status_code == 201
    assert protected.json()["body"]["token"] == token
    assert protected.json()["body"]["password_protected"] is True
    removed = share(client, ss, remove_password=True)
    assert removed.json()["body"]["password_protected"] is False


def test_unknown_slideshow_is_404(client):
    for r in (share(client, "ss_doesnotexist00000000"), client.delete("/v0/api/slideshows/ss_nope/share")):
        assert r.status_code == 404, r.text
        assert r.json()["error"]["code"] == "SLIDESHOW_NOT_FOUND"
        assert r.json()["success"] is False


def test_other_organizations_slideshow_is_404(new_org, gateway_url, deck_id):
    other = new_org("pro")
    with httpx.Client(base_url=gateway_url, headers={"Authorization": f"Bearer {other['api_key']}"}) as c:
        assert share(c, deck_id).status_code == 404
        assert c.delete(f"/v0/api/slideshows/{deck_id}/share").status_code == 404


@pytest.mark.parametrize(
    "body",
    [{"rotate": "sometimes"}, {"password": ""}, {"password": "x" * 257}, {"colour": "red"}, {"password": 5}],
)
def test_bad_bodies_are_400(client, deck_id, body):
    r = share(client, deck_id, **body)
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "VALIDATION_ERROR"
    assert r.json()["error"]["details"]["fields"]


def test_malformed_json_is_400(client, deck_id):
    r = client.post(
        f"/v0/api/slideshows/{deck_id}/share", content=b"{nope", headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "VALIDATION_ERROR"


def test_credentials_required(gateway_url, deck_id):
    for method in ("POST", "DELETE"):
        r = httpx.request(method, f"{gateway_url}/v0/api/slideshows/{deck_id}/share")
        assert r.status_code == 401
        assert r.json()["error"]["code"] == "UNAUTHORIZED"


def test_openapi_documents_share_routes(gateway_url):
    doc = httpx.get(f"{gateway_url}/openapi.json").json()
    post = doc["paths"]["/v0/api/slideshows/{id}/share"]["post"]
    assert {"201", "404", "400"} <= set(post["responses"]) and "200" not in post["responses"]
    assert "delete" in doc["paths"]["/v0/api/slideshows/{id}/share"]
    for path in ("/share/{token}", "/embed/{token}", "/v0/public/oembed", "/v0/public/share/{token}/zip"):
        assert path in doc["paths"], path


@pytest.fixture(scope="module")
def sharing_rpc(stack_env):
    from slides.sharing.v1 import sharing_pb2, sharing_pb2_grpc

    with grpc.insecure_channel(stack_env["SHARING_ADDR"]) as channel:
        stub = sharing_pb2_grpc.SharingServiceStub(channel)

        def live(org_id: str, slideshow_id: str):
            req = sharing_pb2.GetShareForSlideshowRequest(organization_id=org_id, slideshow_id=slideshow_id)
            return stub.GetShareForSlideshow(req, timeout=10)

        yield live


def test_get_share_for_slideshow_serves_delivery(client, org, deck_b, sharing_rpc, new_org):
    body = share(client, deck_b).json()["body"]
    live = sharing_rpc(org["organization_id"], deck_b)
    assert live.enabled is True
    assert (live.share.url, live.share.token, live.share.slideshow_id) == (body["url"], body["token"], deck_b)
    assert sharing_rpc("org_someoneelse000000000", deck_b).enabled is False  # tenant-scoped
    client.delete(f"/v0/api/slideshows/{deck_b}/share")
    assert sharing_rpc(org["organization_id"], deck_b).enabled is False


def test_deleting_the_app_kills_its_links(client, org, decks, gateway_url, sharing_rpc):
    app = decks.app()
    ss = decks.generate(app)
    token = share(client, ss).json()["body"]["token"]
    assert page_status(gateway_url, token) == 200
    r = client.delete(f"/v0/api/v1/apps/{app}")
    assert r.status_code == 200, r.text
    deadline = time.monotonic() + 30
    # The page dies at once with the slideshow; the link itself is disabled by the AppDeleted event.
    while page_status(gateway_url, token) != 404 or sharing_rpc(org["organization_id"], ss).enabled:
        assert time.monotonic() < deadline, "share link still live after its app was deleted"
        time.sleep(0.2)
