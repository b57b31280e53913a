"""Delivery settings. Local defaults work out of the box; production sets the secrets.

WEBHOOK_SECRET_KEY: base64url 32-byte keys, comma separated as `id:key`, the first one encrypts
new secrets and tokens, every one decrypts (so keys can rotate). A bare key gets the id "k1".
WEBHOOK_CA_BUNDLE: PEM file of an extra trusted CA, added to the system CAs; empty (the default)
= the system CAs only. Only a configured file is ever trusted: the local stack configures
`.stack/<offset>/webhook-ca.pem` (scripts/stack.py), where the contract tests put their local CA.
The file is used once it exists and re-read when it changes, so a CA created after startup is
trusted too.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from kit.settings import DATABASE_SECRETS, STORAGE_SECRETS, KitSettings

# Spec part 6: retries after 1 min, 5 min, 30 min, 2 h, 12 h (six attempts in all).
DEFAULT_RETRY_SCHEDULE = "60,300,1800,7200,43200"


class Settings(KitSettings):
    # Secrets refused in production while they keep their local default.
    production_secrets: ClassVar[tuple[str, ...]] = (
        *DATABASE_SECRETS,
        *STORAGE_SECRETS,
        "webhook_secret_key",
    )
    service_name: str = "delivery"
    grpc_port: int = 20055

    webhook_secret_key: str = "k1:bG9jYWwtZGV2LW9ubHktd2ViaG9vay1rZXktMzJiISE="  # noqa: S105 - local default
    webhook_allow_private_networks: bool = False
    # PEM file of an extra CA trusted for webhook, chat and TikTok calls, used once it exists; empty = the system CAs only.
    webhook_ca_bundle: str = ""
    # Seconds between attempts, comma separated; its length + 1 = the number of attempts.
    webhook_retry_schedule: str = DEFAULT_RETRY_SCHEDULE
    webhook_timeout_seconds: float = 15.0
    # Share of each retry delay added at random (spreads retries of many deliveries).
    webhook_retry_jitter: float = 0.1
    webhook_concurrency: int = 64
    webhook_batch_size: int = 32
    # The sender's look while busy, and while the queue's notifications (NOTIFY delivery_queue) are
    # not heard (its listener reconnecting).
    webhook_poll_seconds: float = 0.5
    # The sender's look while it hears the queue's notifications (new deliveries, retries scheduled,
    # redeliveries wake every sender, replicas too) and no delivery is due sooner: it only bounds how
    # soon a sender finds one whose notification it missed (an idle stack's polls cost CPU).
    webhook_idle_poll_seconds: float = 10.0
    # A claimed attempt not finished within this time (the worker died) is retried.
    webhook_lease_seconds: float = 30.0

    # Upper bound of a Kafka fetch long-poll. Tansu (local broker) answers only when it runs out,
    # so it bounds the event-to-delivery latency there; a real broker answers as data arrives.
    event_fetch_max_wait_ms: int = 100
    # How long the event consumer's batch that is not full waits for more records after its first
    # (the added latency of an event arriving alone; nothing waits while no event arrives).
    event_batch_window_ms: int = 30

    # TikTok's API (Login Kit token endpoints, user info, Content Posting API).
    tiktok_api_base: str = "https://open.tiktokapis.com"
    # Where TikTok's authorize page is (the browser goes to {base}/v2/auth/authorize/).
    tiktok_auth_base: str = "https://www.tiktok.com"
    # The TikTok app's client key (Login Kit); empty = connecting by OAuth answers 503 UNAVAILABLE.
    tiktok_client_key: str = ""
    # The TikTok app's client secret (token exchange, refresh and revocation).
    tiktok_client_secret: str = ""
    # Status fetches a publish call makes before it answers (TikTok keeps working afterwards).
    tiktok_status_polls: int = 5
    # First wait between status fetches; the background follower doubles it up to 5 minutes.
    tiktok_status_poll_seconds: float = 1.0
    # The publish follower's look once no post was due for TIKTOK_FOLLOW_IDLE_AFTER_SECONDS (a new
    # post's first status check waits at most that long).
    tiktok_follow_idle_poll_seconds: float = 5.0
    # Seconds without a post due after which the follower looks every TIKTOK_FOLLOW_IDLE_POLL_SECONDS.
    tiktok_follow_idle_after_seconds: float = 30.0
    # An access token (about 24 h) is refreshed when it expires within this many seconds.
    tiktok_refresh_margin_seconds: int = 3600
    # A publish whose status is not final after this many seconds is given up (FAILED).
    tiktok_follow_max_seconds: int = 86400

    def retry_delays(self) -> list[float]:
        delays = [float(x) for x in self.webhook_retry_schedule.split(",") if x.strip()]
        if not delays or any(d < 0 for d in delays):
            raise ValueError("WEBHOOK_RETRY_SCHEDULE must be comma-separated non-negative seconds")
        return delays

    def ca_bundle_path(self) -> Path | None:
        """The configured extra CA's file, once it exists; None = the system CAs only."""
        if not self.webhook_ca_bundle:
            return None
        path = Path(self.webhook_ca_bundle)
        return path if path.is_file() else None
