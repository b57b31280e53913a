"""Owner passwords: argon2id (billing.application.Passwords), hashed off the event loop."""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

# OWASP's argon2id baseline (19 MiB, 2 passes): every test organization has an owner password,
# so the library default (64 MiB, 3 passes) would dominate signup time on small machines.
_hasher = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)
# Verified against when the e-mail is unknown, so both failures cost the same time.
_DUMMY_HASH = _hasher.hash("not-a-real-password-0000")


def _verify(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


class Argon2Passwords:
    async def hash(self, password: str) -> str:
        return await asyncio.to_thread(_hasher.hash, password)

    async def verify(self, password_hash: str | None, password: str) -> bool:
        return await asyncio.to_thread(
            _verify, _DUMMY_HASH if password_hash is None else password_hash, password
        )
