"""Renderer settings (environment variables, working local defaults)."""

from typing import ClassVar

from kit.settings import DATABASE_SECRETS, STORAGE_SECRETS, KitSettings


class Settings(KitSettings):
    # Secrets refused in production while they keep their local default.
    production_secrets: ClassVar[tuple[str, ...]] = (*DATABASE_SECRETS, *STORAGE_SECRETS)
    service_name: str = "renderer"
    grpc_port: int = 20054

    # Decks drawn at once in this process (drawing is CPU-bound: one per process and one process
    # per core is the fastest). Busy or not, a process takes work from its Kafka partitions and,
    # when it has a free slot, the oldest claimable deck from Postgres.
    render_concurrency: int = 1
    # A claim's lease: a deck RENDERING for longer (its worker died) may be claimed again.
    render_lease_seconds: float = 30.0
    # How often an idle process looks for a claimable deck anyway; a newly queued deck wakes it at
    # once (Postgres NOTIFY renderer_queue).
    render_poll_seconds: float = 2.0
    # The look once no deck was claimed or announced for RENDER_IDLE_AFTER_SECONDS: what is left to
    # find then is a dead worker's lease running out or a notification lost while the listener
    # reconnected (an idle stack's looks cost CPU in every renderer process and in Postgres).
    render_idle_poll_seconds: float = 5.0
    # Seconds without a deck claimed or announced after which it looks every RENDER_IDLE_POLL_SECONDS.
    render_idle_after_seconds: float = 30.0
    # Slideshows QUEUED/RENDERING for longer than this are queued again by the sweeper.
    render_stuck_seconds: float = 120.0
    sweep_interval_seconds: float = 10.0
    # A quota hold older than this belongs to a generate request that died: its unit is given back.
    quota_hold_seconds: float = 30.0
    # A deck that keeps failing to finish (e.g. it crashes the worker) is FAILED after this.
    render_max_attempts: int = 5

    idempotency_ttl_hours: int = 24
    zip_url_seconds: int = 3600

    # Base URL of the upload links the API hands out (empty: PUBLIC_BASE_URL). In production a separate
    # registrable domain whose /v0/public/uploads/ path is routed to the gateway, so user content is
    # never same-site with the API (docs/operations.md, Browser security).
    uploads_base_url: str = ""

    upload_max_bytes: int = 10 * 1024 * 1024
    max_image_pixels: int = 25_000_000
    # Screenshots hosted elsewhere: size cap, timeout, and whether private hosts are allowed.
    screenshot_fetch_timeout_seconds: float = 10.0
    screenshot_allow_private_hosts: bool = False

    def uploads_base(self) -> str:
        return self.uploads_base_url or self.public_base_url
