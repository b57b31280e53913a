"""Every route's JSON answer is exactly an instance of the response_model it declares.

Against the running stack: one scenario goes through the REST API (a Pro organization with an
app, a rendered deck, a share, a webhook, a chat integration, keys, uploads, sessions) and
records each 2xx JSON answer under its route. Each one must validate against the route's
declared model and dump back to the same JSON (mode="json", by_alias, the keys sent): an extra
key, a missing required key or a wrong type fails. Every route that declares a model is either
exercised here or named in NOT_EXERCISED with the reason, so a new route cannot slip by.

`GATEWAY_RECORD_RESPONSES=<file>` also writes the recorded answers (ids and times masked) to
compare the API's JSON before and after a change of the gateway.
"""

from __future__ import annotations

import json
import os
import re
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.routing import APIRoute, iter_route_contexts
from gateway.app import create_app
from pydantic import TypeAdapter
from testkit.delivery import Receiver, local_ca

STATE = Path(__file__).resolve().parents[2] / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0")

# Routes whose success needs something the local stack lacks (each still has its error answers
# checked by the contract tests): (method, path) -> why.
NOT_EXERCISED = {
    ("POST", "/v0/mcp"): "JSON-RPC over the MCP transport (tests/contract/test_mcp.py, the MCP client)",
    ("POST", "/v0/public/billing/payment-webhook"): "needs events signed with Stripe's webhook secret",
    ("POST", "/v0/api/v1/billing/checkout"): "needs Stripe (the local stack has none: 503)",
    ("POST", "/v0/api/v1/billing/portal"): "needs Stripe (the local stack has none: 503)",
    ("POST", "/v0/api/v1/apps/{id}/social-accounts"): "needs TikTok (checks the token)",
    ("POST", "/v0/api/v1/apps/{id}/social-accounts/tiktok/connect"): "needs TikTok OAuth settings",
    ("DELETE", "/v0/api/v1/apps/{id}/social-accounts/{account_id}"): "needs a connected TikTok account",
    ("POST", "/v0/api/v1/slideshows/{id}/publish"): "needs a connected TikTok account",
    ("POST", "/v0/api/webhooks/{id}/deliveries/{delivery_id}/retry"): "needs a delivery given up on",
}


def _png() -> bytes:
    from io import BytesIO

    from PIL import Image

    out = BytesIO()
    Image.new("RGB", (64, 128), (40, 90, 160)).save(out, "PNG")
    return out.getvalue()


def declared_models() -> dict[tuple[str, str], tuple[Any, bool]]:
    """(method, path) -> (response_model, response_model_exclude_none) of every route."""
    out: dict[tuple[str, str], tuple[Any, bool]] = {}
    for context in iter_route_contexts(create_app().routes):
        route = context.original_route
        if isinstance(route, APIRoute) and route.response_model is not None:
            for method in route.methods:
                path = context.path_format or route.path_format
                out[(method, path)] = (route.response_model, route.response_model_exclude_none)
    return out


class Recorder:
    def __init__(self, client: httpx.Client) -> None:
        self.client = client
        self.answers: dict[tuple[str, str], list[Any]] = {}

    def __call__(self, method: str, template: str, expect: int = 200, **kw: Any) -> Any:
        params = kw.pop("path", {})
        client = kw.pop("client", self.client)
        resp = client.request(method, template.format(**params), **kw)
        assert resp.status_code == expect, (method, template, resp.status_code, resp.text)
        body = resp.json()
        self.answers.setdefault((method, template), []).append(body)
        return body


@pytest.fixture(scope="module")
def recorded(gateway_url: str, new_org) -> Iterator[dict[tuple[str, str], list[Any]]]:
    org = new_org("pro")
    receiver = Receiver(local_ca(STATE))
    with httpx.Client(
        base_url=gateway_url, headers={"Authorization": f"Bearer {org['api_key']}"}, timeout=60
    ) as api:
        rec = Recorder(api)
        try:
            _scenario(rec, api, gateway_url, receiver)
        finally:
            receiver.close()
        yield rec.answers


def _wait_ready(api: httpx.Client, slideshow_id: str, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = api.get(f"/v0/api/v1/slideshows/{slideshow_id}").json()["body"]["status"]
        if status in ("READY", "FAILED"):
            assert status == "READY"
            return
        time.sleep(0.5)
    raise AssertionError(f"{slideshow_id} not READY within {timeout}s")


def _scenario(rec: Recorder, api: httpx.Client, gateway_url: str, receiver: Receiver) -> None:
    rec("GET", "/healthz")
    # Sessions.
    email = f"models-{uuid.uuid4().hex[:10]}@example.com"
    # From a loopback address of its own: sign-up and login are limited per client address.
    n = uuid.uuid4().int
    address = f"127.{(n >> 16) % 254 + 1}.{(n >> 8) % 256}.{n % 254 + 1}"
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(base_url=gateway_url, timeout=30, transport=transport) as anon:
        signup = {"email": email, "password": "a long password 123", "organization_name": "Models"}
        rec("POST", "/v0/auth/signup", 201, client=anon, json=signup)
        token = rec(
            "POST", "/v0/auth/login", client=anon, json={"email": email, "password": signup["password"]}
        )
        bearer = {"Authorization": f"Bearer {token['body']['session_token']}"}
        rec("POST", "/v0/auth/logout", client=anon, headers=bearer)

    # API keys, usage, organization.
    key = rec("POST", "/v0/api/v1/api-keys", 201, json={"name": "models"})["body"]
    rec("GET", "/v0/api/v1/api-keys")
    rec("DELETE", "/v0/api/v1/api-keys/{key_id}", path={"key_id": key["_id"]})
    rec("GET", "/v0/api/v1/usage")
    rec("GET", "/v0/api/v1/organization")

    # Apps and the catalog.
    app = rec("POST", "/v0/api/v1/apps", 201, json={"name": "Models Fit", "niche": "fitness"})["body"]
    rec("POST", "/v0/api/v1/apps", 201, json={"name": "Gone Fit", "niche": "fitness"})
    gone = rec.answers[("POST", "/v0/api/v1/apps")][-1]["body"]["_id"]
    rec("GET", "/v0/api/v1/apps")
    rec("GET", "/v0/api/v1/apps/{id}", path={"id": app["_id"]})
    rec("PUT", "/v0/api/v1/apps/{id}", path={"id": app["_id"]}, json={"tagline": "Stronger daily"})
    rec("DELETE", "/v0/api/v1/apps/{id}", path={"id": gone})
    rec("GET", "/v0/api/v1/niches")
    png = {"file": ("shot.png", _png(), "image/png")}
    rec("POST", "/v0/api/v1/uploads/screenshots", 201, files=png)

    # A deck: generate, read, list, ZIP, share, oEmbed, the shared ZIP, unshare.
    queued = rec(
        "POST",
        "/v0/api/v1/apps/{id}/slideshows",
        202,
        path={"id": app["_id"]},
        json={"template_key": "problem_solution"},
    )
    ss_id = queued["body"]["slideshow_id"]
    rec("GET", "/v0/api/v1/slideshows/{id}", path={"id": ss_id})
    _wait_ready(api, ss_id)
    rec("GET", "/v0/api/v1/slideshows/{id}", path={"id": ss_id})
    rec("GET", "/v0/api/v1/slideshows")
    rec("GET", "/v0/api/v1/slideshows", params={"status": "READY", "app_id": app["_id"], "limit": 5})
    rec("GET", "/v0/api/v1/slideshows/{id}/zip", path={"id": ss_id})
    rec("GET", "/v0/api/v1/slideshows/{id}/publications", path={"id": ss_id})
    rec("GET", "/v0/api/v1/apps/{id}/social-accounts", path={"id": app["_id"]})
    share = rec("POST", "/v0/api/slideshows/{id}/share", 201, path={"id": ss_id}, json={})["body"]
    with httpx.Client(base_url=gateway_url, timeout=60) as anon:
        rec("GET", "/v0/public/oembed", client=anon, params={"url": share["url"]})
        rec("POST", "/v0/public/share/{token}/zip", client=anon, path={"token": share["token"]}, json={})
    rec("DELETE", "/v0/api/slideshows/{id}/share", path={"id": ss_id})

    # Hooks (the deck above needed some).
    hooks = rec("GET", "/v0/api/v1/hooks", params={"app_id": app["_id"]})
    assert hooks["data"], hooks
    rec("PATCH", "/v0/api/v1/hooks/{id}", path={"id": hooks["data"][0]["_id"]}, json={"status": "APPROVED"})
    rec("POST", "/v0/api/v1/hooks/refresh-now", 202, json={"app_id": app["_id"]})

    # Webhooks and chat integrations (their deliveries to an address nobody answers).
    url = receiver.url("/hook")
    wh = rec("POST", "/v0/api/webhooks", 201, json={"url": url, "description": "models"})["body"]
    rec("GET", "/v0/api/webhooks")
    rec("PATCH", "/v0/api/webhooks/{id}", path={"id": wh["_id"]}, json={"description": "renamed"})
    rec("POST", "/v0/api/webhooks/{id}/rotate-secret", path={"id": wh["_id"]})
    rec("POST", "/v0/api/webhooks/{id}/test", 202, path={"id": wh["_id"]})
    rec("GET", "/v0/api/webhooks/{id}/deliveries", path={"id": wh["_id"]})
    rec("DELETE", "/v0/api/webhooks/{id}", path={"id": wh["_id"]})
    chat_url = receiver.url("/services/T1/B2/models")
    chat = rec("POST", "/v0/api/v1/integrations/chat", 201, json={"kind": "slack", "url": chat_url})["body"]
    rec("GET", "/v0/api/v1/integrations/chat")
    rec("POST", "/v0/api/v1/integrations/chat/{id}/test", 202, path={"id": chat["_id"]})
    rec("GET", "/v0/api/v1/integrations/chat/{id}/deliveries", path={"id": chat["_id"]})
    rec("DELETE", "/v0/api/v1/integrations/chat/{id}", path={"id": chat["_id"]})


def test_every_route_with_a_model_is_exercised_or_excused(recorded):
    declared = set(declared_models())
    assert not set(NOT_EXERCISED) - declared, "NOT_EXERCISED names a route that does not exist"
    missing = declared - set(recorded) - set(NOT_EXERCISED)
    assert not missing, f"routes with a response_model the scenario does not exercise: {sorted(missing)}"


def test_every_answer_is_its_declared_model(recorded):
    models = declared_models()
    checked = 0
    for (method, path), answers in sorted(recorded.items()):
        model, exclude_none = models[(method, path)]
        for body in answers:
            adapter = TypeAdapter(model)
            parsed = adapter.validate_python(body)
            again = adapter.dump_python(
                parsed, mode="json", by_alias=True, exclude_unset=True, exclude_none=exclude_none
            )
            assert again == body, (method, path, body)
            checked += 1
    assert checked >= 40
    out = os.environ.get("GATEWAY_RECORD_RESPONSES")
    if out:
        with open(out, "w") as f:
            json.dump(
                {f"{m} {p}": [_mask(b) for b in a] for (m, p), a in sorted(recorded.items())}, f, indent=1
            )


_VOLATILE = re.compile(
    r"(?:app|ss|hook|wh|whd|chat|key|org|acct|pub)_[0-9A-Za-z_-]+|\d{4}-\d\d-\d\dT[0-9:.]+Z?|"
    r"sk_live_[0-9A-Za-z_-]+|whsec_[0-9A-Za-z+/=_-]+|[0-9a-f]{32,}|X-Amz-[A-Za-z]+=[^&\"]+"
)


def _mask(value: Any) -> Any:
    """Ids, times, secrets and signatures in string values replaced by `*` (keys kept)."""
    if isinstance(value, dict):
        return {k: _mask(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_mask(v) for v in value]
    return _VOLATILE.sub("*", value) if isinstance(value, str) else value


def test_the_check_catches_a_wrong_shape():
    """The comparison above refuses an extra key, a missing one and a wrong type."""
    models = declared_models()
    model, _ = models[("GET", "/v0/api/v1/usage")]
    good = {
        "success": True,
        "body": {
            "plan": "pro",
            "status": "ACTIVE",
            "limits": {
                "apps": 1,
                "slideshows_per_month": 1,
                "hook_refreshes_per_month": 1,
                "api_keys": True,
                "publishing": True,
                "requests_per_minute": 1,
            },
            "usage": {"apps": {"limit": 1, "used": 0}},
            "period_start": None,
            "period_end": None,
        },
    }

    def same(body: dict[str, Any]) -> bool:
        try:
            parsed = model.model_validate(body)
        except ValueError:
            return False
        return parsed.model_dump(mode="json", by_alias=True, exclude_unset=True) == body

    assert same(good)
    assert not same({**good, "extra": 1})
    assert not same({"success": True, "body": {k: v for k, v in good["body"].items() if k != "plan"}})
    assert not same(
        {"success": True, "body": {**good["body"], "limits": {**good["body"]["limits"], "apps": "1"}}}
    )
