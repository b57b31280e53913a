"""Share passwords hashed with argon2id (application.Passwords). Hashing is CPU work: it runs in a
thread, never inside a unit of work."""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import Argon2Error

from sharing.settings import Settings


class Argon2Passwords:
    def __init__(self, settings: Settings):
        self.hasher = PasswordHasher(
            time_cost=settings.password_hash_time_cost,
            memory_cost=settings.password_hash_memory_kib,
            parallelism=settings.password_hash_parallelism,
        )

    async def hash(self, password: str) -> str:
        return await asyncio.to_thread(self.hasher.hash, password)

    async def verify(self, password_hash: str, password: str) -> bool:
        try:
            return await asyncio.to_thread(self.hasher.verify, password_hash, password)
        except Argon2Error:
            return False
