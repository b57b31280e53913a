"""Chat integrations against the running stack: local HTTPS receivers stand in for Slack's and
Discord's incoming-webhook URLs and check the message shapes (attachments / embeds)."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from kit import topics
from slides.billing.v1 import billing_pb2
from testkit.delivery import Receiver, local_ca, publish_events, slideshow_event

STATE = Path(__file__).resolve().parents[2] / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0")


@pytest.fixture(scope="module")
def receiver(stack_env) -> Iterator[Receiver]:
    r = Receiver(local_ca(STATE))
    yield r
    r.close()


def emit(topic: str, key: str, message, org: str) -> None:
    asyncio.run(publish_events(os.environ["KAFKA_BOOTSTRAP"], topic, [(key, message, org)]))


def test_chat_integration_rules(api, client_for, new_org, receiver):
    for body in (
        {"kind": "slack", "url": "http://hooks.example.com/x"},
        {"kind": "teams", "url": receiver.url("/x")},
        {"kind": "discord", "url": receiver.url("/x"), "events": ["slideshow.deleted"]},
        {"kind": "slack"},
        {"kind": "discord", "url": "https://user:pw@discord.example.com/api/webhooks/1"},
    ):
        resp = api.post("/v0/api/v1/integrations/chat", json=body)
        assert resp.status_code == 400, (body, resp.text)
        assert resp.json()["error"]["code"] == "VALIDATION_ERROR"

    created = api.post(
        "/v0/api/v1/integrations/chat",
        json={"kind": "slack", "url": receiver.url("/services/T1/B2/secretpart")},
    )
    assert created.status_code == 201, created.text
    chat = created.json()["body"]
    assert chat["_id"].startswith("chat_") and chat["kind"] == "slack" and chat["enabled"] is True
    assert chat["url"] == receiver.url("/services/T1/B2/secretpart")
    assert chat["events"] == [
        "slideshow.completed",
        "slideshow.failed",
        "quota.exceeded",
        "slideshow.published",
        "slideshow.publish_failed",
    ]

    listed = api.get("/v0/api/v1/integrations/chat").json()
    assert listed["total"] == 1 and listed["data"][0]["_id"] == chat["_id"]
    assert "secretpart" not in listed["data"][0]["url"]  # the URL is a credential: masked in lists
    # (and encrypted at rest: delivery's services/delivery/tests/test_stored_rows.py)
    assert api.get("/v0/api/webhooks").json()["data"] == []  # chat is not listed as a webhook

    other = client_for(new_org("pro")["api_key"])
    assert other.delete(f"/v0/api/v1/integrations/chat/{chat['_id']}").status_code == 404
    assert api.delete(f"/v0/api/v1/integrations/chat/{chat['_id']}").json() == {"success": True}
    again = api.delete(f"/v0/api/v1/integrations/chat/{chat['_id']}")
    assert again.status_code == 404 and again.json()["error"]["code"] == "INTEGRATION_NOT_FOUND"


def test_slack_and_discord_receive_native_messages(api, receiver):
    org = api.org["organization_id"]
    for kind in ("slack", "discord"):
        resp = api.post("/v0/api/v1/integrations/chat", json={"kind": kind, "url": receiver.url(f"/{kind}")})
        assert resp.status_code == 201, resp.text
    completed = slideshow_event(org)
    emit(topics.RENDERER_SLIDESHOWS, completed.slideshow.id, completed, org)
    failed = slideshow_event(org, failed=True)
    emit(topics.RENDERER_SLIDESHOWS, failed.slideshow.id, failed, org)
    quota = billing_pb2.QuotaExceeded(organization_id=org, quota="apps", limit=10, used=10, plan="pro")
    emit(topics.BILLING_EVENTS, org, quota, org)

    slack = receiver.wait_for(lambda r: len(r) >= 3, path="/slack", timeout=90)
    assert all("x-service-signature" not in r.headers for r in slack)
    by_title = {r.json()["attachments"][0]["title"]: r.json() for r in slack}
    ready = by_title["Slideshow ready for Focus &lt;Timer&gt; &amp; Co"]  # Slack escaping of & < >
    assert set(ready) == {"text", "attachments"}
    [att] = ready["attachments"]
    assert att["color"].startswith("#") and att["image_url"] == completed.slideshow.slides[0].image_url
    assert att["title_link"] == completed.slideshow.slides[0].image_url
    assert {"title": "Slides", "value": "6", "short": True} in att["fields"]
    assert all(set(f) == {"title", "value", "short"} for f in att["fields"])
    failed_att = by_title["Slideshow failed for Focus &lt;Timer&gt; &amp; Co"]["attachments"][0]
    assert "image_url" not in failed_att and failed_att["text"] == "The image source did not answer."
    assert "Quota exceeded: apps" in by_title

    discord = receiver.wait_for(lambda r: len(r) >= 3, path="/discord")
    embeds = {r.json()["embeds"][0]["title"]: r.json()["embeds"][0] for r in discord}
    ready_embed = embeds["Slideshow ready for Focus <Timer> & Co"]
    assert isinstance(ready_embed["color"], int)
    assert ready_embed["image"] == {"url": completed.slideshow.slides[0].image_url}
    assert ready_embed["description"] == completed.slideshow.hook_text_snapshot
    assert {"name": "Slideshow", "value": completed.slideshow.id, "inline": True} in ready_embed["fields"]
    assert "image" not in embeds["Slideshow failed for Focus <Timer> & Co"]
    assert "Quota exceeded: apps" in embeds

    for c in api.get("/v0/api/v1/integrations/chat").json()["data"]:
        assert api.delete(f"/v0/api/v1/integrations/chat/{c['_id']}").status_code == 200


def test_chat_test_message_and_deliveries_log(api, client_for, new_org, receiver):
    created = api.post(
        "/v0/api/v1/integrations/chat", json={"kind": "discord", "url": receiver.url("/probe")}
    )
    assert created.status_code == 201, created.text
    chat_id = created.json()["body"]["_id"]
    base = f"/v0/api/v1/integrations/chat/{chat_id}"
    empty = api.get(f"{base}/deliveries").json()
    assert (empty["success"], empty["data"], empty["page"], empty["limit"], empty["total"]) == (
        True,
        [],
        1,
        20,
        0,
    )

    first = api.post(f"{base}/test")
    assert first.status_code == 202, first.text
    assert first.json()["success"] is True and set(first.json()["body"]) == {"delivery_id"}
    [got] = receiver.wait_for(lambda r: len(r) >= 1, path="/probe", timeout=30)
    [embed] = got.json()["embeds"]
    assert embed["title"].startswith("Test message") and embed["fields"][0]["value"] == chat_id
    assert "x-service-signature" not in got.headers and "webhook-signature" not in got.headers
    second = api.post(f"{base}/test").json()["body"]["delivery_id"]
    receiver.wait_for(lambda r: len(r) >= 2, path="/probe")

    def log(**params) -> dict:
        resp = api.get(f"{base}/deliveries", params=params)
        assert resp.status_code == 200, resp.text
        return resp.json()

    deadline = time.monotonic() + 20
    while not all(d["status"] == "SUCCEEDED" for d in log()["data"]) or log()["total"] < 2:
        assert time.monotonic() < deadline, log()
        time.sleep(0.3)
    listed = log()
    assert listed["total"] == 2 and [d["_id"] for d in listed["data"]][0] == second  # newest first
    assert {d["_id"] for d in listed["data"]} == {first.json()["body"]["delivery_id"], second}
    for d in listed["data"]:
        assert d["event"] == "webhook.test" and d["attempt_count"] == 1
        [attempt] = d["attempts"]
        assert attempt["status_code"] == 200 and attempt["createdAt"] and attempt["error"] is None
    paged = log(limit=1, page=2)
    assert (paged["page"], paged["limit"], paged["total"]) == (2, 1, 2)
    assert [d["_id"] for d in paged["data"]] == [listed["data"][1]["_id"]]
    for bad in ({"limit": 101}, {"limit": 0}, {"page": 0}, {"page": "x"}):
        resp = api.get(f"{base}/deliveries", params=bad)
        assert resp.status_code == 400 and resp.json()["error"]["code"] == "VALIDATION_ERROR", bad

    webhook = api.post("/v0/api/webhooks", json={"url": receiver.url("/wh")}).json()["body"]["_id"]
    other = client_for(new_org("pro")["api_key"])
    try:
        for client, path in (
            (api, "/v0/api/v1/integrations/chat/chat_unknown"),
            (api, f"/v0/api/v1/integrations/chat/{webhook}"),  # a webhook endpoint is not a chat integration
            (other, base),
        ):
            for resp in (client.post(f"{path}/test"), client.get(f"{path}/deliveries")):
                assert resp.status_code == 404, (path, resp.text)
                assert resp.json()["error"]["code"] == "INTEGRATION_NOT_FOUND"
    finally:
        api.delete(f"/v0/api/webhooks/{webhook}")
        api.delete(base)
    assert len(receiver.received("/probe")) == 2
