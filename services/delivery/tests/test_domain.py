"""Delivery rules without I/O: signatures, bodies, retry schedule, chat shapes, encryption."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from cryptography.exceptions import InvalidTag
from delivery import domain
from delivery.crypto import KeyRing
from delivery.settings import DEFAULT_RETRY_SCHEDULE, Settings
from kit.errors import ServiceError

KEY_A = "a:" + "QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUE="
KEY_B = "b:" + "QkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkI="


def test_signature_is_hmac_sha256_of_the_raw_body_with_the_secret_string():
    import hashlib
    import hmac

    body = b'{"event":"slideshow.completed"}'
    secret = "whsec_abc"  # noqa: S105 - test value
    expected = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    assert domain.signature(secret, body) == expected
    assert domain.verify_signature(secret, body, expected)
    assert not domain.verify_signature("whsec_other", body, expected)
    assert not domain.verify_signature(secret, body + b"\n", expected)


def test_webhook_body_has_payload_at_top_level_plus_event_and_created_at():
    when = datetime(2026, 11, 22, 2, 18, 3, 123000, tzinfo=UTC)
    body = json.loads(domain.webhook_body("quota.exceeded", {"quota": "apps", "used": 3}, when))
    assert body == {
        "quota": "apps",
        "used": 3,
        "event": "quota.exceeded",
        "created_at": "2026-11-22T02:18:03.123Z",
    }


def test_slideshow_payload_completed_and_failed():
    show = {
        "id": "ss_1",
        "organization_id": "org_1",
        "app_id": "app_1",
        "app_name": "A",
        "hook_text_snapshot": "h",
        "language": "en",
        "template_set": "default",
        "error_message": "boom",
        "slides": [
            {"order": 1, "image_url": "u1"},
            {"order": 0, "image_url": "u0"},
        ],
    }
    done = domain.slideshow_payload(show, "https://x/share/t", failed=False)
    assert done["image_urls"] == ["u0", "u1"] and done["thumbnail_url"] == "u0" and done["slide_count"] == 2
    assert done["status"] == "COMPLETED" and done["share_url"] == "https://x/share/t" and "error" not in done
    failed = domain.slideshow_payload(show, "https://x/share/t", failed=True)
    assert failed["status"] == "FAILED" and failed["error"] == "boom"
    assert failed["image_urls"] == [] and failed["thumbnail_url"] == "" and failed["slides"] == []
    assert set(done) | {"error"} == set(failed)


def test_retry_schedule_six_attempts_with_small_jitter():
    assert Settings.model_fields["webhook_retry_schedule"].default == DEFAULT_RETRY_SCHEDULE
    delays = Settings(webhook_retry_schedule=DEFAULT_RETRY_SCHEDULE).retry_delays()
    assert delays == [60, 300, 1800, 7200, 43200]
    now = datetime(2026, 1, 1, tzinfo=UTC)
    for attempt, delay in enumerate(delays, start=1):
        at = domain.next_attempt_at(delays, attempt, now, 0.1)
        assert at is not None
        assert timedelta(seconds=delay) <= at - now <= timedelta(seconds=delay * 1.1)
    assert domain.next_attempt_at(delays, 6, now, 0.1) is None
    assert Settings(webhook_retry_schedule="1,2").retry_delays() == [1.0, 2.0]
    with pytest.raises(ValueError):
        Settings(webhook_retry_schedule="1,-2").retry_delays()


def test_success_is_2xx_only():
    assert domain.is_success(200) and domain.is_success(204) and domain.is_success(299)
    assert not any(domain.is_success(c) for c in (0, 199, 301, 302, 304, 400, 410, 500))


def test_events_filter():
    assert domain.clean_events([]) == list(domain.EVENTS)
    assert domain.clean_events(["quota.exceeded", "slideshow.completed"]) == [
        "slideshow.completed",
        "quota.exceeded",
    ]
    with pytest.raises(ServiceError):
        domain.clean_events(["slideshow.deleted"])


def test_chat_shapes():
    payload = domain.slideshow_payload(
        {
            "id": "ss_1",
            "organization_id": "o",
            "app_id": "a",
            "app_name": "<b>",
            "slides": [{"order": 0, "image_url": "u0"}],
        },
        None,
        failed=False,
    )
    slack = domain.slack_message("slideshow.completed", payload)
    [att] = slack["attachments"]
    assert (
        att["title"] == "Slideshow ready for &lt;b&gt;"
        and att["image_url"] == "u0"
        and att["color"] == "#2eb67d"
    )
    discord = domain.discord_message("slideshow.completed", payload)
    [embed] = discord["embeds"]
    assert embed["color"] == 0x2EB67D and embed["image"] == {"url": "u0"}
    assert all(set(f) == {"name", "value", "inline"} for f in embed["fields"])


def test_keyring_encrypts_with_the_first_key_and_decrypts_with_any():
    old = KeyRing(KEY_A)
    key_id, blob = old.encrypt("whsec_x", "wh_1")
    assert key_id == "a" and b"whsec_x" not in blob
    rotated = KeyRing(f"{KEY_B},{KEY_A}")
    assert rotated.decrypt(key_id, blob, "wh_1") == "whsec_x"
    assert rotated.encrypt("t", "c")[0] == "b"
    with pytest.raises(InvalidTag):
        rotated.decrypt(key_id, blob, "wh_2")  # bound to its row
    with pytest.raises(ValueError):
        KeyRing("short")


def test_publish_validation():
    assert domain.clean_publish("tiktok", "draft", "") == ("tiktok", "draft", "SELF_ONLY")
    with pytest.raises(ServiceError) as err:
        domain.clean_publish("instagram", "later", "EVERYONE")
    assert {f["field"] for f in err.value.details["fields"]} == {"platform", "mode", "privacy_level"}


# --- Standard Webhooks ----------------------------------------------------------------


def test_new_secrets_are_whsec_and_standard_base64_of_32_random_bytes():
    import base64

    one, two = domain.new_secret(), domain.new_secret()
    assert one != two and one.startswith("whsec_")
    assert len(base64.b64decode(one.removeprefix("whsec_"), validate=True)) == 32
    assert domain.standard_key(one) == base64.b64decode(one.removeprefix("whsec_"))


def test_standard_signature_verifies_with_the_standardwebhooks_library():
    import time

    from standardwebhooks import Webhook, WebhookVerificationError

    secret = domain.new_secret()
    body = domain.webhook_body("webhook.test", {"message": "hi ✓"}, datetime.now(UTC))
    now = int(time.time())
    headers = domain.delivery_headers(secret, "webhook.test", "whd_123", body, now)
    assert headers["webhook-id"] == headers["X-Service-Delivery-Id"] == "whd_123"
    assert headers["webhook-timestamp"] == str(now) and headers["webhook-signature"].startswith("v1,")
    assert domain.verify_signature(secret, body, headers["X-Service-Signature"])
    assert Webhook(secret).verify(body, headers) == json.loads(body)
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(body + b" ", headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(domain.new_secret()).verify(body, headers)


def test_secrets_made_before_standard_webhooks_keep_working():
    """Old secrets were whsec_ + base64url (43 chars). When the library can decode the suffix,
    Webhook(secret) verifies; when it cannot, the secret's UTF-8 bytes are the key."""
    import binascii
    import secrets
    import time

    from standardwebhooks import Webhook

    seen = {"decodes": 0, "raw": 0}
    for _ in range(64):
        old = "whsec_" + secrets.token_urlsafe(32)
        body = b'{"event":"quota.exceeded"}'
        headers = domain.delivery_headers(old, "quota.exceeded", "whd_1", body, int(time.time()))
        assert domain.verify_signature(old, body, headers["X-Service-Signature"])
        try:
            receiver = Webhook(old)
            seen["decodes"] += 1
        except binascii.Error:
            receiver = Webhook(old.encode())
            seen["raw"] += 1
        receiver.verify(body, headers)
    assert seen["decodes"] and seen["raw"]


def test_test_event_bodies_for_webhooks_and_chat():
    payload = domain.webhook_test_payload("org_1", "wh_1")
    body = json.loads(domain.webhook_body(domain.WEBHOOK_TEST, payload, datetime.now(UTC)))
    assert body["event"] == "webhook.test" and body["endpoint_id"] == "wh_1"
    assert set(body) == {"event", "created_at", "organization_id", "endpoint_id", "message"}
    slack = json.loads(domain.chat_body("slack", domain.WEBHOOK_TEST, payload))
    assert slack["attachments"][0]["title"].startswith("Test message")
    discord = json.loads(domain.chat_body("discord", domain.WEBHOOK_TEST, payload))
    assert discord["embeds"][0]["title"].startswith("Test message") and "image" not in discord["embeds"][0]
    assert domain.WEBHOOK_TEST not in domain.EVENTS  # not subscribable
