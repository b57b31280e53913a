"""Typed identifiers: a type prefix, an underscore and an opaque random part."""

import secrets
import string

_ALPHABET = string.ascii_letters + string.digits

PREFIXES = (
    "app",
    "org",
    "hk",
    "ss",
    "shr",
    "key",
    "usr",
    "wh",
    "whd",
    "chat",
    "acct",
    "pub",
    "evt",
    "job",
    "sub",
)


def random_base62(length: int) -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(length))


def new_id(prefix: str) -> str:
    if prefix not in PREFIXES:
        raise ValueError(f"unknown id prefix {prefix!r}")
    return f"{prefix}_{random_base62(20)}"


def has_prefix(value: str, prefix: str) -> bool:
    return isinstance(value, str) and value.startswith(prefix + "_") and len(value) > len(prefix) + 1
