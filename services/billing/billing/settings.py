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
    # Stripe secret API key (sk_live_... / sk_test_... / rk_...) for Checkout and the Billing
    # Portal; empty = self-serve billing is off (checkout and portal answer 503 UNAVAILABLE).
    stripe_secret_key: str = ""
    # Base URL of Stripe's API; empty = https://api.stripe.com (tests point it at a local stand-in).
    stripe_api_base: str = ""
    # Timeout of one Stripe API request, seconds.
    stripe_timeout_seconds: float = 8.0
    # Retries of a Stripe API request that failed on the network or that Stripe marks retryable.
    stripe_max_network_retries: int = 1
    # Where Checkout sends the customer after paying when the caller names no success_url
    # (appended to PUBLIC_BASE_URL; Stripe fills in {CHECKOUT_SESSION_ID}).
    checkout_success_path: str = "/console/usage?checkout=success&session_id={CHECKOUT_SESSION_ID}"
    # Where Checkout sends the customer on cancel when the caller names no cancel_url.
    checkout_cancel_path: str = "/console/usage?checkout=canceled"
    # The Billing Portal's return link when the caller names no return_url.
    portal_return_path: str = "/console/usage"
    # smtp://[user:password@]host:port ; empty = e-mails are written to the log.
    smtp_url: str = ""
    mail_from: str = "billing@slides.local"
    mail_poll_seconds: float = 1.0
    # The mail worker's poll once nothing was sent for MAIL_IDLE_AFTER_SECONDS (its own replica's
    # writes wake it at once: the poll only finds retries and other replicas' mails).
    mail_idle_poll_seconds: float = 5.0
    # Seconds without a mail sent after which the mail worker polls every MAIL_IDLE_POLL_SECONDS.
    mail_idle_after_seconds: float = 30.0
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
