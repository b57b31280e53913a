from typing import Any, ClassVar

from kit.settings import DATABASE_SECRETS, KitSettings


class Settings(KitSettings):
    # Secrets refused in production while they keep their local default.
    production_secrets: ClassVar[tuple[str, ...]] = (*DATABASE_SECRETS, "stripe_webhook_secret")
    service_name: str = "billing"
    grpc_port: int = 20051
    # Overrides of the plan table, e.g. PLAN_LIMITS='{"free": {"apps": 2}}' (merged over the defaults).
    plan_limits: dict[str, dict[str, Any]] = {}
    stripe_webhook_secret: str = "whsec_test_local"  # noqa: S105 - local default only
    stripe_tolerance_seconds: int = 300
    # smtp://[user:password@]host:port ; empty = e-mails are written to the log.
    smtp_url: str = ""
    mail_from: str = "billing@slides.local"
    mail_poll_seconds: float = 1.0
    mail_max_attempts: int = 8
    session_days: int = 30
    # Login throttling: failed attempts allowed per window, per (e-mail, client address) and per
    # client address; after login_backoff_after_failures failures of one (e-mail, address), each
    # further attempt waits 2^(n - that) seconds after the previous one.
    login_window_seconds: int = 900
    login_max_failures_per_email: int = 10
    login_max_failures_per_ip: int = 100
    login_backoff_after_failures: int = 5
    # Sign-ups per client address per window.
    signup_window_seconds: int = 3600
    signup_max_per_ip: int = 10
