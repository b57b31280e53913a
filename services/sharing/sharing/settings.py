from typing import ClassVar

from kit.settings import DATABASE_SECRETS, KitSettings


class Settings(KitSettings):
    # Secrets refused in production while they keep their local default.
    production_secrets: ClassVar[tuple[str, ...]] = (*DATABASE_SECRETS, "share_secret_key")
    service_name: str = "sharing"
    grpc_port: int = 20056
    # Master secret of share links: derives the key that encrypts stored tokens (Fernet) and the
    # key that signs password cookies (HMAC). Rotating it invalidates cookies and makes stored
    # tokens unreadable (links keep resolving by hash, but cannot be shown again: rotate them).
    share_secret_key: str = "local-dev-share-secret-change-me"  # noqa: S105 - local default only
    provider_name: str = "Slideshow Marketing Service"
    # Wrong passwords allowed per token and client IP within the window, then 429.
    password_max_failures: int = 5
    password_window_seconds: int = 300
    # argon2id parameters of share passwords: OWASP's baseline (19 MiB, 2 passes, 1 lane); share
    # passwords guard public decks, and wrong guesses are throttled per token and IP anyway.
    password_hash_time_cost: int = 2
    password_hash_memory_kib: int = 19456
    password_hash_parallelism: int = 1
    # Lifetime of the cookie set by a right password.
    cookie_ttl_seconds: int = 86400
    # Default oEmbed frame size (9:16, like the slides).
    embed_width: int = 360
    embed_height: int = 640
