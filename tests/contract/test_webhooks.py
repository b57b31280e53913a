"""Outgoing webhooks against the running stack: registration rules, signed deliveries to a local
HTTPS receiver, retries with the same delivery id, 410, secret rotation, the deliveries log,
and retries surviving a SIGKILL of the delivery service.

Events are put on Kafka the way the renderer and billing publish them (kit envelope), so these
tests do not depend on a real render. Tests needing quick retries run when the stack's delivery
service has a short WEBHOOK_RETRY_SCHEDULE (e.g. "1,2,2,2,2") and are skipped otherwise.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from kit import topics
from slides.billing.v1 import billing_pb2
from standardwebhooks import Webhook, WebhookVerificationError
from testkit.delivery import Receiver, local_ca, publish_events, slideshow_event

STATE = Path(__file__).resolve().parents[2] / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0")
ALL_EVENTS = [
    "slideshow.completed",
    "slideshow.failed",
    "quota.exceeded",
    "slideshow.published",
    "slideshow.publish_failed",
]


def verify_signature(secret: str, body: bytes, header: str) -> bool:
    """The published scheme (service-api.md part 6, API.md): `X-Service-Signature: sha256=<hex>`, the
    HMAC-SHA256 of the raw body keyed by the endpoint secret exactly as shown (UTF-8), compared in
    constant time. Written out here, as a receiver would, rather than borrowed from the service."""
    expected = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, header)


def short_retries() -> bool:
    schedule = os.environ.get("WEBHOOK_RETRY_SCHEDULE", "")
    try:
        delays = [float(x) for x in schedule.split(",") if x.strip()]
    except ValueError:
        return False
    return bool(delays) and max(delays) <= 5


needs_short_retries = pytest.mark.skipif(
    not short_retries(), reason="the stack's WEBHOOK_RETRY_SCHEDULE is not short (set e.g. 1,2,2,2,2)"
)


@pytest.fixture(scope="module")
def ca(stack_env):
    return local_ca(STATE)


@pytest.fixture
def receiver(ca) -> Iterator[Receiver]:
    r = Receiver(ca)
    yield r
    r.close()


@pytest.fixture(scope="module")
def org_client(gateway_url, new_org, set_rate_limit) -> Iterator[httpx.Client]:
    """One Pro organization for the module (creating one is slow); see `api`. Its per-minute
    limit is raised: the module's tests poll the deliveries log of one organization."""
    org = new_org("pro")
    set_rate_limit(org["organization_id"], 100_000)
    with httpx.Client(
        base_url=gateway_url, headers={"Authorization": f"Bearer {org['api_key']}"}, timeout=30
    ) as c:
        c.org = org  # type: ignore[attr-defined]
        yield c


def _endpoints(client: httpx.Client, timeout: float = 120) -> list[dict]:
    """The organization's endpoints, waiting out a delivery service restarting after a test killed
    it (503) and the organization's per-minute limit (429)."""
    deadline = time.monotonic() + timeout
    while True:
        resp = client.get("/v0/api/webhooks")
        if resp.status_code == 200 or time.monotonic() > deadline:
            assert resp.status_code == 200, resp.text
            return resp.json()["data"]
        assert resp.status_code in (429, 503), resp.text
        time.sleep(float(resp.headers.get("Retry-After", "0.5")))


@pytest.fixture
def api(org_client) -> Iterator[httpx.Client]:
    """The module's organization, with no webhook endpoints before and after each test."""
    for w in _endpoints(org_client):
        org_client.delete(f"/v0/api/webhooks/{w['_id']}")
    yield org_client
    for w in _endpoints(org_client):
        org_client.delete(f"/v0/api/webhooks/{w['_id']}")


def emit(topic: str, events: list, event_ids: list[str] | None = None) -> list[str]:
    """Publish events as their owning service would (KAFKA_BOOTSTRAP comes from the stack's env.json)."""
    return asyncio.run(publish_events(os.environ["KAFKA_BOOTSTRAP"], topic, events, event_ids))


def emit_completed(org: str, failed: bool = False):
    msg = slideshow_event(org, failed=failed)
    event_id = emit(topics.RENDERER_SLIDESHOWS, [(msg.slideshow.id, msg, org)])[0]
    return msg, event_id


def register(api: httpx.Client, url: str, **extra) -> dict:
    resp = api.post("/v0/api/webhooks", json={"url": url, **extra})
    assert resp.status_code == 201, resp.text
    return resp.json()["body"]


def deliveries(api: httpx.Client, endpoint_id: str) -> list[dict]:
    resp = api.get(f"/v0/api/webhooks/{endpoint_id}/deliveries")
    assert resp.status_code == 200, resp.text
    return resp.json()["data"]


def wait_deliveries(api, endpoint_id: str, predicate, timeout: float = 20) -> list[dict]:
    """Polls the deliveries log until `predicate` holds; a 503 UNAVAILABLE (the delivery service
    restarting after a test killed it) counts as "not yet"."""
    deadline = time.monotonic() + timeout
    while True:
        resp = api.get(f"/v0/api/webhooks/{endpoint_id}/deliveries")
        if resp.status_code == 503:
            assert resp.json()["error"]["code"] == "UNAVAILABLE", resp.text
            data = None
        else:
            assert resp.status_code == 200, resp.text
            data = resp.json()["data"]
            if predicate(data):
                return data
        if time.monotonic() > deadline:
            raise AssertionError(f"deliveries log condition not met: {data}")
        time.sleep(0.1 if data is not None else 0.5)  # the org's 120 requests per minute


def test_registration_rules_and_listing(api, client_for, new_org, receiver):
    empty = api.get("/v0/api/webhooks").json()
    assert (empty["data"], empty["page"], empty["total"]) == ([], 1, 0) and empty["limit"] >= 1
    bad = api.post("/v0/api/webhooks", json={"url": "http://127.0.0.1/hook"})
    assert bad.status_code == 400
    assert bad.json()["error"]["code"] == "VALIDATION_ERROR"
    assert bad.json()["error"]["details"]["fields"][0]["field"] == "url"
    for body in (
        {"url": receiver.url(), "events": ["slideshow.exploded"]},
        {"url": "not a url"},
        {"url": 5},
        {},
    ):
        resp = api.post("/v0/api/webhooks", json=body)
        assert resp.status_code == 400, (body, resp.text)
        assert resp.json()["error"]["code"] == "VALIDATION_ERROR"

    created = register(api, receiver.url(), description="ops channel")
    assert created["_id"].startswith("wh_")
    assert created["secret"].startswith("whsec_") and len(created["secret"]) > 30
    assert created["events"] == ALL_EVENTS
    assert created["enabled"] is True and created["url"] == receiver.url()
    assert created["description"] == "ops channel" and created["createdAt"]
    only_failed = register(api, receiver.url("/b"), events=["slideshow.failed"])
    assert only_failed["events"] == ["slideshow.failed"]

    listed = api.get("/v0/api/webhooks").json()
    assert listed["success"] is True and listed["total"] == 2
    assert {w["_id"] for w in listed["data"]} == {created["_id"], only_failed["_id"]}
    assert all("secret" not in w for w in listed["data"])
    assert (listed["page"], listed["limit"]) == (1, 50)
    first = api.get("/v0/api/webhooks", params={"limit": 1}).json()
    second = api.get("/v0/api/webhooks", params={"limit": 1, "page": 2}).json()
    assert (first["limit"], first["total"], second["page"], second["total"]) == (1, 2, 2, 2)
    assert [w["_id"] for w in first["data"] + second["data"]] == [w["_id"] for w in listed["data"]]
    assert api.get("/v0/api/webhooks", params={"page": 3, "limit": 1}).json()["data"] == []
    bad = api.get("/v0/api/webhooks", params={"limit": 101})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "VALIDATION_ERROR"

    other = client_for(new_org("pro")["api_key"])
    assert other.get("/v0/api/webhooks").json()["data"] == []
    for resp in (
        other.delete(f"/v0/api/webhooks/{created['_id']}"),
        other.post(f"/v0/api/webhooks/{created['_id']}/rotate-secret"),
        other.get(f"/v0/api/webhooks/{created['_id']}/deliveries"),
    ):
        assert resp.status_code == 404
        assert resp.json()["error"]["code"] == "WEBHOOK_NOT_FOUND"

    assert api.delete(f"/v0/api/webhooks/{created['_id']}").json() == {"success": True}
    gone = api.delete(f"/v0/api/webhooks/{created['_id']}")
    assert gone.status_code == 404 and gone.json()["error"]["code"] == "WEBHOOK_NOT_FOUND"
    assert api.get("/v0/api/webhooks").json()["total"] == 1


def test_completed_event_is_delivered_signed_with_the_documented_body(api, receiver):
    # The first event also waits for the consumer group to settle: hence the longer bound below.
    endpoint = register(api, receiver.url())
    receiver.secrets["/hook"] = endpoint["secret"]
    org = api.org["organization_id"]
    msg, event_id = emit_completed(org)

    [got] = receiver.wait_for(lambda r: len(r) >= 1, timeout=90)
    assert got.signature_valid is True
    assert got.headers["content-type"] == "application/json"
    assert got.headers["x-service-event"] == "slideshow.completed"
    assert got.headers["x-service-delivery-id"].startswith("whd_")
    assert verify_signature(endpoint["secret"], got.body, got.headers["x-service-signature"])
    assert not verify_signature(endpoint["secret"], got.body + b" ", got.headers["x-service-signature"])

    body = got.json()
    show = msg.slideshow
    assert set(body) == {
        "slideshow_id",
        "organization_id",
        "app_id",
        "app_name",
        "status",
        "hook_text",
        "language",
        "slide_count",
        "template_set",
        "thumbnail_url",
        "image_urls",
        "slides",
        "share_url",
        "event",
        "created_at",
    }
    assert body["event"] == "slideshow.completed" and body["status"] == "COMPLETED"
    assert (
        body["slideshow_id"] == show.id and body["organization_id"] == org and body["app_id"] == show.app_id
    )
    assert body["app_name"] == show.app_name and body["hook_text"] == show.hook_text_snapshot
    assert body["slide_count"] == 6 and body["language"] == "en" and body["template_set"] == "default"
    assert body["image_urls"] == [s.image_url for s in show.slides]
    assert body["thumbnail_url"] == show.slides[0].image_url
    assert body["slides"][1] == {
        "order": 1,
        "template": "PROBLEM",
        "layout_type": "full_bleed",
        "title": "Title 1",
        "subtitle": "",
        "label": "problem",
        "image_url": show.slides[1].image_url,
        "duration": 3.0,
    }
    assert body["share_url"] is None  # no share link was issued for this slideshow
    assert body["created_at"].endswith("Z")

    [logged] = wait_deliveries(api, endpoint["_id"], lambda d: d and d[0]["status"] == "SUCCEEDED")
    assert logged["_id"] == got.headers["x-service-delivery-id"]
    assert logged["event"] == "slideshow.completed" and logged["event_id"] == event_id
    assert logged["attempt_count"] == 1 and logged["next_attempt_at"] is None
    [attempt] = logged["attempts"]
    assert attempt["attempt"] == 1 and attempt["status_code"] == 200 and attempt["error"] is None
    assert attempt["duration_ms"] >= 0 and attempt["next_attempt_at"] is None


def test_openapi_documents_the_events_as_they_are_delivered(gateway_url):
    doc = httpx.get(f"{gateway_url}/openapi.json", timeout=30).json()
    assert set(doc["webhooks"]) == {
        "slideshow.completed",
        "slideshow.failed",
        "quota.exceeded",
        "slideshow.published",
        "slideshow.publish_failed",
        "webhook.test",
    }
    for name, model in (
        ("slideshow.completed", "SlideshowEvent"),
        ("slideshow.failed", "SlideshowEvent"),
        ("quota.exceeded", "QuotaExceededEvent"),
        ("slideshow.published", "PublishEvent"),
        ("slideshow.publish_failed", "PublishEvent"),
        ("webhook.test", "WebhookTestEvent"),
    ):
        operation = doc["webhooks"][name]["post"]
        schema = operation["requestBody"]["content"]["application/json"]["schema"]
        assert schema["$ref"].endswith(f"/{model}")
        headers = {p["name"] for p in operation["parameters"] if p["in"] == "header"}
        assert headers == {
            "X-Service-Signature", "X-Service-Event", "X-Service-Delivery-Id",
            "webhook-id", "webhook-timestamp", "webhook-signature",
        }  # fmt: skip
    schemas = doc["components"]["schemas"]
    # The same fields the delivered bodies carry (asserted on real deliveries in the tests around).
    assert set(schemas["SlideshowEvent"]["properties"]) == {
        "slideshow_id", "organization_id", "app_id", "app_name", "status", "hook_text", "language",
        "slide_count", "template_set", "thumbnail_url", "image_urls", "slides", "share_url", "event",
        "created_at", "error",
    }  # fmt: skip
    assert set(schemas["QuotaExceededEvent"]["properties"]) == {
        "organization_id", "quota", "limit", "used", "plan", "period_start", "period_end", "event", "created_at",
    }  # fmt: skip
    assert set(schemas["Slide"]["properties"]) == {
        "order", "template", "layout_type", "title", "subtitle", "label", "image_url", "duration",
    }  # fmt: skip
    assert set(schemas["WebhookTestEvent"]["properties"]) == {
        "event", "created_at", "organization_id", "endpoint_id", "message",
    }  # fmt: skip


def test_failed_and_quota_events_and_filters_and_redelivery(api, receiver):
    org = api.org["organization_id"]
    everything = register(api, receiver.url("/all"))
    failed_only = register(api, receiver.url("/failed"), events=["slideshow.failed"])

    completed, completed_event_id = emit_completed(org)
    # The same event delivered again by Kafka (at-least-once) creates no second delivery.
    emit(topics.RENDERER_SLIDESHOWS, [(completed.slideshow.id, completed, org)], [completed_event_id])
    failed, _ = emit_completed(org, failed=True)
    quota = billing_pb2.QuotaExceeded(
        organization_id=org, quota="slideshows_per_month", limit=500, used=500, plan="pro"
    )
    quota.period_start.FromSeconds(1_790_000_000)
    quota.period_end.FromSeconds(1_792_000_000)
    emit(topics.BILLING_EVENTS, [(org, quota, org)])

    got = receiver.wait_for(lambda r: len(r) >= 3, path="/all")
    by_event = {r.headers["x-service-event"]: r.json() for r in got}
    assert set(by_event) == {"slideshow.completed", "slideshow.failed", "quota.exceeded"}
    fail = by_event["slideshow.failed"]
    assert fail["status"] == "FAILED" and fail["error"] == "The image source did not answer."
    assert fail["slideshow_id"] == failed.slideshow.id
    assert fail["thumbnail_url"] == "" and fail["image_urls"] == [] and fail["slides"] == []
    assert fail["share_url"] is None and fail["slide_count"] == 0
    assert by_event["quota.exceeded"] == {
        "organization_id": org,
        "quota": "slideshows_per_month",
        "limit": 500,
        "used": 500,
        "plan": "pro",
        "period_start": "2026-09-21T14:13:20.000Z",
        "period_end": "2026-10-14T17:46:40.000Z",
        "event": "quota.exceeded",
        "created_at": by_event["quota.exceeded"]["created_at"],
    }

    [only] = receiver.wait_for(lambda r: len(r) >= 1, path="/failed")
    assert only.headers["x-service-event"] == "slideshow.failed"
    assert deliveries(api, failed_only["_id"])[0]["event"] == "slideshow.failed"
    logged = wait_deliveries(
        api, everything["_id"], lambda d: len(d) == 3 and all(x["status"] == "SUCCEEDED" for x in d)
    )
    assert len({d["event_id"] for d in logged}) == 3
    assert len(receiver.received("/all")) == 3 and len(receiver.received("/failed")) == 1


def test_share_links_stay_with_their_organization_when_events_arrive_together(
    api, receiver, client_for, new_org
):
    """Events handled in one batch: each organization's payload carries its own share link, even
    for a slideshow id that another organization's event names too."""
    org = api.org["organization_id"]
    app = api.post("/v0/api/v1/apps", json={"name": "Shared Deck", "niche": "fitness"}).json()["body"]["_id"]
    started = api.post(f"/v0/api/v1/apps/{app}/slideshows", json={"template_key": "problem_solution"})
    assert started.status_code == 202, started.text
    slideshow_id = started.json()["body"]["slideshow_id"]
    deadline = time.monotonic() + 120
    while api.get(f"/v0/api/v1/slideshows/{slideshow_id}").json()["body"]["status"] != "READY":
        assert time.monotonic() < deadline, "the deck never became READY"
        time.sleep(0.3)
    share = api.post(f"/v0/api/slideshows/{slideshow_id}/share", json={})
    assert share.status_code == 201, share.text
    register(api, receiver.url("/mine"), events=["slideshow.completed"])

    other = new_org("pro")
    other_client = client_for(other["api_key"])
    register(other_client, receiver.url("/theirs"), events=["slideshow.completed"])
    mine = slideshow_event(org, app_id=app, slideshow_id=slideshow_id)
    theirs = slideshow_event(other["organization_id"], slideshow_id=slideshow_id)
    emit(
        topics.RENDERER_SLIDESHOWS,
        [(slideshow_id, theirs, other["organization_id"]), (slideshow_id, mine, org)],
    )
    # (The render's own completed event may reach /mine too, if it was still on its way.)
    to_me = receiver.wait_for(lambda r: len(r) >= 1, path="/mine")
    [to_them] = receiver.wait_for(lambda r: len(r) >= 1, path="/theirs")
    assert {r.json()["share_url"] for r in to_me} == {share.json()["body"]["url"]}
    assert to_them.json()["share_url"] is None
    assert to_them.json()["organization_id"] == other["organization_id"]


@needs_short_retries
def test_failing_receiver_gets_retries_with_the_same_delivery_id(api, receiver):
    receiver.script["/hook"] = [500, 302]  # a redirect is a failure, not followed
    endpoint = register(api, receiver.url())
    receiver.secrets["/hook"] = endpoint["secret"]
    emit_completed(api.org["organization_id"])

    got = receiver.wait_for(lambda r: len(r) >= 3)
    assert len({r.headers["x-service-delivery-id"] for r in got}) == 1
    assert len({r.body for r in got}) == 1
    assert all(r.signature_valid for r in got)
    assert not [r for r in receiver.received() if r.path == "/elsewhere"]

    [logged] = wait_deliveries(api, endpoint["_id"], lambda d: d and d[0]["status"] == "SUCCEEDED")
    assert logged["_id"] == got[0].headers["x-service-delivery-id"] and logged["attempt_count"] == 3
    codes = [(a["attempt"], a["status_code"]) for a in logged["attempts"]]
    assert codes == [(1, 500), (2, 302), (3, 200)]
    assert logged["attempts"][0]["error"] == "HTTP 500" and logged["attempts"][0]["next_attempt_at"]
    assert logged["attempts"][1]["next_attempt_at"] and logged["attempts"][2]["next_attempt_at"] is None


def test_410_disables_the_endpoint(api, receiver):
    receiver.script["/gone"] = [410]
    gone = register(api, receiver.url("/gone"))
    barrier = register(api, receiver.url("/barrier"))
    org = api.org["organization_id"]
    emit_completed(org)
    receiver.wait_for(lambda r: len(r) >= 1, path="/gone")
    receiver.wait_for(lambda r: len(r) >= 1, path="/barrier")
    [logged] = wait_deliveries(api, gone["_id"], lambda d: d and d[0]["status"] == "FAILED")
    assert logged["attempts"][0]["status_code"] == 410
    listed = {w["_id"]: w for w in api.get("/v0/api/webhooks").json()["data"]}
    assert listed[gone["_id"]]["enabled"] is False and listed[gone["_id"]]["disabled_reason"] == "gone"
    assert listed[barrier["_id"]]["enabled"] is True

    emit_completed(org)
    receiver.wait_for(lambda r: len(r) >= 2, path="/barrier")
    assert len(receiver.received("/gone")) == 1
    assert len(deliveries(api, gone["_id"])) == 1


def test_rotate_secret_signs_later_deliveries_with_the_new_secret(api, receiver):
    endpoint = register(api, receiver.url())
    rotated = api.post(f"/v0/api/webhooks/{endpoint['_id']}/rotate-secret")
    assert rotated.status_code == 200, rotated.text
    new = rotated.json()["body"]
    assert (
        new["_id"] == endpoint["_id"]
        and new["secret"].startswith("whsec_")
        and new["secret"] != endpoint["secret"]
    )
    assert "secret" not in api.get("/v0/api/webhooks").json()["data"][0]
    receiver.secrets["/hook"] = new["secret"]
    emit_completed(api.org["organization_id"])
    [got] = receiver.wait_for(lambda r: len(r) >= 1)
    assert got.signature_valid is True
    assert not verify_signature(endpoint["secret"], got.body, got.headers["x-service-signature"])
    assert Webhook(new["secret"]).verify(got.body, got.headers) == got.json()
    with pytest.raises(WebhookVerificationError):
        Webhook(endpoint["secret"]).verify(got.body, got.headers)


@needs_short_retries
def test_pending_retries_survive_a_sigkill_of_the_delivery_service(api, receiver):
    receiver.script["/hook"] = [500] * 6  # each of the 3 deliveries fails twice, then succeeds
    endpoint = register(api, receiver.url())
    org = api.org["organization_id"]
    for _ in range(3):
        emit_completed(org)
    receiver.wait_for(lambda r: len(r) >= 3)
    # Kill once the first attempts are on record, while every retry is still pending.
    wait_deliveries(api, endpoint["_id"], lambda d: len(d) == 3 and all(x["attempt_count"] >= 1 for x in d))
    pid_file = STATE / "pids" / "delivery.pid"
    old_pid = int(pid_file.read_text())
    os.kill(old_pid, signal.SIGKILL)

    # Generous bound: a restart under a fully loaded CI machine can take a while.
    got = receiver.wait_for(lambda r: len(r) >= 9, timeout=180)
    assert int(pid_file.read_text()) != old_pid  # the supervisor restarted it
    ids_seen: dict[str, int] = {}
    for r in got:
        ids_seen[r.headers["x-service-delivery-id"]] = ids_seen.get(r.headers["x-service-delivery-id"], 0) + 1
    assert len(ids_seen) == 3 and all(n == 3 for n in ids_seen.values())
    logged = wait_deliveries(
        api, endpoint["_id"], lambda d: len(d) == 3 and all(x["status"] == "SUCCEEDED" for x in d), timeout=30
    )
    assert {d["_id"] for d in logged} == set(ids_seen)
    assert all([a["status_code"] for a in d["attempts"]] == [500, 500, 200] for d in logged)


def test_many_events_to_three_endpoints_arrive_complete_and_signed(api, receiver):
    """Events fanned out to 3 endpoints: every delivery arrives exactly once per (endpoint,
    event), each with a valid signature. 100 events keep the suite fast; the issue's 1,000:
    DELIVERY_FANOUT_EVENTS=1000."""
    count = int(os.environ.get("DELIVERY_FANOUT_EVENTS", "100"))
    org = api.org["organization_id"]
    paths = ["/one", "/two", "/three"]
    for path in paths:
        receiver.secrets[path] = register(api, receiver.url(path), events=["quota.exceeded"])["secret"]
    events = [
        (org, billing_pb2.QuotaExceeded(organization_id=org, quota="apps", limit=i, used=i, plan="pro"), org)
        for i in range(count)
    ]
    emit(topics.BILLING_EVENTS, events)

    got = receiver.wait_for(lambda r: len(r) >= 3 * count, timeout=180)
    assert len(got) == 3 * count
    assert all(r.signature_valid for r in got)
    for path in paths:
        limits = sorted(r.json()["limit"] for r in got if r.path == path)
        assert limits == list(range(count))
    assert len({r.headers["x-service-delivery-id"] for r in got}) == 3 * count


# --- Standard Webhooks, endpoint management, test events, manual retries (issue 22) ---------


def standard_verified(secret: str, got) -> dict:
    """The body, after the standardwebhooks library verified the Standard Webhooks headers of a
    real delivery; the spec's headers must agree with them."""
    assert got.headers["webhook-id"] == got.headers["x-service-delivery-id"]
    assert abs(int(got.headers["webhook-timestamp"]) - time.time()) < 60
    assert got.headers["webhook-signature"].startswith("v1,")
    body = Webhook(secret).verify(got.body, got.headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(got.body + b" ", got.headers)
    return body


def error_code(resp: httpx.Response, status: int) -> str:
    assert resp.status_code == status, resp.text
    assert resp.json()["success"] is False
    return resp.json()["error"]["code"]


@needs_short_retries
def test_standard_webhooks_headers_verify_on_the_first_attempt_and_a_retry(api, receiver):
    receiver.script["/hook"] = [503]
    endpoint = register(api, receiver.url())
    secret = endpoint["secret"]
    assert base64_bytes(secret) == 32  # new secrets: whsec_ + standard base64 of 32 random bytes
    receiver.secrets["/hook"] = secret
    emit_completed(api.org["organization_id"])

    first, retry = receiver.wait_for(lambda r: len(r) >= 2)
    assert standard_verified(secret, first) == standard_verified(secret, retry) == first.json()
    assert first.signature_valid and retry.signature_valid  # X-Service-Signature as well
    assert first.headers["webhook-id"] == retry.headers["webhook-id"] and first.body == retry.body
    assert int(retry.headers["webhook-timestamp"]) >= int(first.headers["webhook-timestamp"])
    [logged] = wait_deliveries(api, endpoint["_id"], lambda d: d and d[0]["status"] == "SUCCEEDED")
    assert logged["_id"] == first.headers["webhook-id"]
    assert [a["status_code"] for a in logged["attempts"]] == [503, 200]


def base64_bytes(secret: str) -> int:
    import base64

    assert secret.startswith("whsec_")
    return len(base64.b64decode(secret.removeprefix("whsec_"), validate=True))


def test_test_event_is_delivered_signed_and_logged(api, receiver, client_for, new_org):
    # The filter does not apply: a test goes to the endpoint whatever it subscribed to.
    endpoint = register(api, receiver.url("/test"), events=["quota.exceeded"])
    receiver.secrets["/test"] = endpoint["secret"]
    resp = api.post(f"/v0/api/webhooks/{endpoint['_id']}/test")
    assert resp.status_code == 202, resp.text
    assert resp.json()["success"] is True and set(resp.json()["body"]) == {"delivery_id"}
    delivery_id = resp.json()["body"]["delivery_id"]
    assert delivery_id.startswith("whd_")

    [got] = receiver.wait_for(lambda r: len(r) >= 1, path="/test", timeout=30)
    assert got.signature_valid is True
    assert got.headers["x-service-event"] == "webhook.test"
    assert got.headers["x-service-delivery-id"] == delivery_id
    body = standard_verified(endpoint["secret"], got)
    assert body["event"] == "webhook.test" and body["endpoint_id"] == endpoint["_id"]
    assert body["organization_id"] == api.org["organization_id"] and body["created_at"].endswith("Z")
    assert set(body) == {"event", "created_at", "organization_id", "endpoint_id", "message"}

    [logged] = wait_deliveries(api, endpoint["_id"], lambda d: d and d[0]["status"] == "SUCCEEDED")
    assert logged["_id"] == delivery_id and logged["event"] == "webhook.test"
    assert [(a["attempt"], a["status_code"]) for a in logged["attempts"]] == [(1, 200)]

    assert error_code(api.post("/v0/api/webhooks/wh_unknown/test"), 404) == "WEBHOOK_NOT_FOUND"
    other = client_for(new_org("pro")["api_key"])
    assert error_code(other.post(f"/v0/api/webhooks/{endpoint['_id']}/test"), 404) == "WEBHOOK_NOT_FOUND"
    chat = api.post("/v0/api/v1/integrations/chat", json={"kind": "slack", "url": receiver.url("/chat")})
    chat_id = chat.json()["body"]["_id"]
    try:  # a chat integration is not a webhook endpoint
        assert error_code(api.post(f"/v0/api/webhooks/{chat_id}/test"), 404) == "WEBHOOK_NOT_FOUND"
    finally:
        api.delete(f"/v0/api/v1/integrations/chat/{chat_id}")
    assert len(receiver.received("/test")) == 1


def test_retry_sends_the_same_delivery_again_as_a_new_attempt(api, receiver, client_for, new_org):
    endpoint = register(api, receiver.url("/again"))
    secret = endpoint["secret"]
    delivery_id = api.post(f"/v0/api/webhooks/{endpoint['_id']}/test").json()["body"]["delivery_id"]
    [first] = receiver.wait_for(lambda r: len(r) >= 1, path="/again", timeout=30)
    wait_deliveries(api, endpoint["_id"], lambda d: d and d[0]["status"] == "SUCCEEDED")

    resp = api.post(f"/v0/api/webhooks/{endpoint['_id']}/deliveries/{delivery_id}/retry")
    assert resp.status_code == 202, resp.text
    assert resp.json() == {"success": True, "body": {"delivery_id": delivery_id}}
    _, again = receiver.wait_for(lambda r: len(r) >= 2, path="/again")
    assert again.body == first.body and again.headers["webhook-id"] == delivery_id
    assert again.headers["x-service-delivery-id"] == delivery_id
    assert standard_verified(secret, again) == standard_verified(secret, first)
    assert verify_signature(secret, again.body, again.headers["x-service-signature"])
    [logged] = wait_deliveries(
        api, endpoint["_id"], lambda d: d and d[0]["attempt_count"] == 2 and d[0]["status"] == "SUCCEEDED"
    )
    assert logged["_id"] == delivery_id
    assert [(a["attempt"], a["status_code"]) for a in logged["attempts"]] == [(1, 200), (2, 200)]

    base = f"/v0/api/webhooks/{endpoint['_id']}/deliveries"
    assert error_code(api.post(f"{base}/whd_unknown/retry"), 404) == "NOT_FOUND"
    assert error_code(api.post(f"/v0/api/webhooks/wh_unknown/deliveries/{delivery_id}/retry"), 404) == (
        "WEBHOOK_NOT_FOUND"
    )
    other = client_for(new_org("pro")["api_key"])
    assert error_code(other.post(f"{base}/{delivery_id}/retry"), 404) == "WEBHOOK_NOT_FOUND"
    # Their own endpoint with this organization's delivery id: still not found.
    theirs = register(other, receiver.url("/theirs"))
    assert error_code(
        other.post(f"/v0/api/webhooks/{theirs['_id']}/deliveries/{delivery_id}/retry"), 404
    ) == ("NOT_FOUND")
    # Another endpoint of the same organization does not own the delivery either.
    sibling = register(api, receiver.url("/sibling"))
    assert error_code(api.post(f"/v0/api/webhooks/{sibling['_id']}/deliveries/{delivery_id}/retry"), 404) == (
        "NOT_FOUND"
    )
    time.sleep(1)
    assert len(receiver.received("/again")) == 2 and not receiver.received("/theirs")


def test_patch_changes_fields_and_rechecks_the_url(api, receiver, client_for, new_org):
    endpoint = register(api, receiver.url("/before"), description="first")
    url = f"/v0/api/webhooks/{endpoint['_id']}"
    resp = api.patch(
        url, json={"url": receiver.url("/after"), "events": ["slideshow.failed"], "description": "second"}
    )
    assert resp.status_code == 200, resp.text
    body = resp.json()["body"]
    assert resp.json()["success"] is True and "secret" not in body
    assert body["_id"] == endpoint["_id"] and body["url"] == receiver.url("/after")
    assert body["events"] == ["slideshow.failed"] and body["description"] == "second"
    assert (
        body["enabled"] is True and body["failure_count"] == 0 and body["createdAt"] == endpoint["createdAt"]
    )
    only_description = api.patch(url, json={"description": ""}).json()["body"]
    assert only_description["url"] == receiver.url("/after") and only_description["description"] == ""
    assert api.patch(url, json={"events": []}).json()["body"]["events"] == ALL_EVENTS
    assert api.get("/v0/api/webhooks").json()["data"][0]["url"] == receiver.url("/after")

    for bad, field in (
        ({"url": "http://127.0.0.1/hook"}, "url"),
        ({"url": "not a url"}, "url"),
        ({"url": "https://user:pw@example.com/x"}, "url"),
        ({"url": 5}, "url"),
        ({"url": "https://example.com/" + "x" * 2100}, "url"),
        ({"events": ["slideshow.exploded"]}, "events"),
        ({"events": "slideshow.failed"}, "events"),
        ({"description": "x" * 501}, "description"),
        ({"enabled": "maybe"}, "enabled"),
        ({"secret": "whsec_mine"}, "secret"),
    ):
        resp = api.patch(url, json=bad)
        assert error_code(resp, 400) == "VALIDATION_ERROR", bad
        assert resp.json()["error"]["details"]["fields"][0]["field"].split(".")[0] == field, resp.text
    bad_json = api.patch(url, content=b"{", headers={"Content-Type": "application/json"})
    assert error_code(bad_json, 400) == "VALIDATION_ERROR"
    assert api.get("/v0/api/webhooks").json()["data"][0]["url"] == receiver.url("/after")  # unchanged

    assert error_code(api.patch("/v0/api/webhooks/wh_unknown", json={"enabled": False}), 404) == (
        "WEBHOOK_NOT_FOUND"
    )
    other = client_for(new_org("pro")["api_key"])
    assert error_code(other.patch(url, json={"description": "theirs"}), 404) == "WEBHOOK_NOT_FOUND"
    assert api.get("/v0/api/webhooks").json()["data"][0]["description"] == ""


def test_disable_and_reenable_reset_the_failure_count(api, receiver):
    receiver.script["/flaky"] = [410]
    endpoint = register(api, receiver.url("/flaky"))
    url = f"/v0/api/webhooks/{endpoint['_id']}"
    api.post(f"{url}/test")
    wait_deliveries(api, endpoint["_id"], lambda d: d and d[0]["status"] == "FAILED")
    [gone] = api.get("/v0/api/webhooks").json()["data"]
    assert (gone["enabled"], gone["disabled_reason"], gone["failure_count"]) == (False, "gone", 1)

    back = api.patch(url, json={"enabled": True})
    assert back.status_code == 200, back.text
    body = back.json()["body"]
    assert (body["enabled"], body["disabled_reason"], body["failure_count"]) == (True, None, 0)
    emit_completed(api.org["organization_id"])
    receiver.wait_for(lambda r: len(r) >= 2, path="/flaky", timeout=90)

    off = api.patch(url, json={"enabled": False}).json()["body"]
    assert (off["enabled"], off["disabled_reason"]) == (False, "manual")
    emit_completed(api.org["organization_id"])
    time.sleep(2)
    assert len(receiver.received("/flaky")) == 2  # nothing reaches a disabled endpoint
    on = api.patch(url, json={"enabled": True}).json()["body"]
    assert (on["enabled"], on["disabled_reason"], on["failure_count"]) == (True, None, 0)


def test_openapi_documents_the_management_routes(gateway_url):
    doc = httpx.get(f"{gateway_url}/openapi.json", timeout=30).json()
    paths = doc["paths"]

    def ref(op: dict, status: str) -> str:
        return op["responses"][status]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]

    patch = paths["/v0/api/webhooks/{id}"]["patch"]
    assert ref(patch, "200") == "WebhookOut" and {"400", "401", "403", "404", "429"} <= set(
        patch["responses"]
    )
    assert patch["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/UpdateWebhookBody"
    )
    test = paths["/v0/api/webhooks/{id}/test"]["post"]
    assert ref(test, "202") == "DeliveryQueued" and "200" not in test["responses"]
    assert {"401", "404"} <= set(test["responses"])
    retry = paths["/v0/api/webhooks/{id}/deliveries/{delivery_id}/retry"]["post"]
    assert ref(retry, "202") == "DeliveryQueued" and "404" in retry["responses"]
    assert "WEBHOOK_NOT_FOUND" in retry["responses"]["404"]["description"]
    assert "NOT_FOUND" in retry["responses"]["404"]["description"].replace("WEBHOOK_NOT_FOUND", "")
    schemas = doc["components"]["schemas"]
    assert set(schemas["UpdateWebhookBody"]["properties"]) == {"url", "events", "description", "enabled"}
    assert schemas["UpdateWebhookBody"]["additionalProperties"] is False
    assert (
        "failure_count" in schemas["Webhook"]["required"] and "secret" not in schemas["Webhook"]["properties"]
    )
    assert set(schemas["DeliveryRef"]["properties"]) == {"delivery_id"}
    assert "webhook.test" in schemas["Delivery"]["properties"]["event"]["enum"]
