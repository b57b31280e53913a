"""Outgoing URLs of delivery: the platform's one SSRF guard, kit.netguard (moved there so the
renderer's screenshot fetch uses the very same rule)."""

from kit.netguard import (
    MAX_URL_LENGTH,
    IPAddress,
    Target,
    UrlRefused,
    check,
    is_forbidden,
    parse,
    pinned_url,
    resolve,
)

__all__ = [
    "MAX_URL_LENGTH",
    "IPAddress",
    "Target",
    "UrlRefused",
    "check",
    "is_forbidden",
    "parse",
    "pinned_url",
    "resolve",
]
