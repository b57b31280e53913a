"""Helpers of the whole-system checks: Pro organizations with one of every kind of resource."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx
from slides.billing.v1 import billing_pb2

# Webhook and chat targets nobody listens on (the stack allows private networks); deliveries
# to them fail and retry quietly, which is all these tests need.
DEAD_HOOK_URL = "https://127.0.0.1:9/hook"
DEAD_CHAT_URL = "https://127.0.0.1:9/slack"
READY_TIMEOUT = 60.0
# Cases the schemathesis run sent, reported in the terminal summary.
FUZZ_CASES = {"run": 0}


def make_org(new_org: Callable[..., dict[str, str]], billing_stub: Any) -> dict[str, str]:
    """A fresh Pro organization whose per-minute limit does not get in the way of fuzzing."""
    org = new_org("pro")
    billing_stub.SetRateLimit(
        billing_pb2.SetRateLimitRequest(organization_id=org["organization_id"], requests_per_minute=100_000),
        timeout=30,
    )
    return org


def ok(resp: httpx.Response, status: int) -> dict[str, Any]:
    assert resp.status_code == status, (
        f"{resp.request.method} {resp.request.url} -> {resp.status_code} {resp.text}"
    )
    return resp.json()


def wait_ready(client: httpx.Client, slideshow_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + READY_TIMEOUT
    while True:
        body = ok(client.get(f"/v0/api/v1/slideshows/{slideshow_id}"), 200)["body"]
        if body["status"] in ("READY", "FAILED") or time.monotonic() > deadline:
            assert body["status"] == "READY", body
            return body
        time.sleep(0.3)


def seed(client: httpx.Client, *, ready: bool, social: bool = True) -> dict[str, str]:
    """One of every resource kind; returns their ids (and the share token). Without `social`
    no TikTok account is connected, so nothing can publish to the real TikTok API."""
    app_id = ok(client.post("/v0/api/v1/apps", json={"name": "System Target", "niche": "fitness"}), 201)[
        "body"
    ]["_id"]
    slideshow_id = ok(
        client.post(f"/v0/api/v1/apps/{app_id}/slideshows", json={"template_key": "problem_solution"}), 202
    )["body"]["slideshow_id"]
    if ready:
        wait_ready(client, slideshow_id)
    share = ok(client.post(f"/v0/api/slideshows/{slideshow_id}/share", json={}), 201)["body"]
    webhook_id = ok(client.post("/v0/api/webhooks", json={"url": DEAD_HOOK_URL}), 201)["body"]["_id"]
    chat_id = ok(
        client.post("/v0/api/v1/integrations/chat", json={"kind": "slack", "url": DEAD_CHAT_URL}), 201
    )["body"]["_id"]
    account_id = ""
    if social:
        account_id = ok(
            client.post(
                f"/v0/api/v1/apps/{app_id}/social-accounts",
                json={"platform": "tiktok", "access_token": "t0k"},
            ),
            201,
        )["body"]["_id"]
    key_id = ok(client.post("/v0/api/v1/api-keys", json={"name": "spare"}), 201)["body"]["_id"]
    delivery_id = ok(client.post(f"/v0/api/webhooks/{webhook_id}/test"), 202)["body"]["delivery_id"]
    return {
        "app_id": app_id,
        "slideshow_id": slideshow_id,
        "share_token": share["token"],
        "webhook_id": webhook_id,
        "chat_id": chat_id,
        "account_id": account_id,
        "key_id": key_id,
        "delivery_id": delivery_id,
        "hook_id": first_hook(client),
    }


def first_hook(client: httpx.Client, timeout: float = 60) -> str:
    """A hook of the organization (the app's seed arrives in the background)."""
    deadline = time.monotonic() + timeout
    while True:
        data = ok(client.get("/v0/api/v1/hooks", params={"limit": 1}), 200)["data"]
        if data:
            return data[0]["_id"]
        assert time.monotonic() < deadline, "no hook was seeded"
        time.sleep(0.5)
