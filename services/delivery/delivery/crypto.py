"""Encryption at rest of endpoint secrets and social-account tokens (AES-256-GCM).

Each ciphertext records the id of the key that made it, so keys can rotate: the first
configured key encrypts, every configured key decrypts. The row id is bound in as associated
data, so a ciphertext copied onto another row does not decrypt.
"""

from __future__ import annotations

import base64
import os

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

NONCE_BYTES = 12


class KeyRing:
    def __init__(self, spec: str):
        self.keys: dict[str, AESGCM] = {}
        self.primary = ""
        for i, item in enumerate(p.strip() for p in spec.split(",") if p.strip()):
            key_id, sep, material = item.partition(":")
            if not sep:
                key_id, material = f"k{i + 1}", item
            raw = base64.urlsafe_b64decode(material + "=" * (-len(material) % 4))
            if len(raw) != 32:
                raise ValueError(f"WEBHOOK_SECRET_KEY {key_id!r} must be 32 bytes (base64url)")
            self.keys[key_id] = AESGCM(raw)
            self.primary = self.primary or key_id
        if not self.primary:
            raise ValueError("WEBHOOK_SECRET_KEY is empty")

    def encrypt(self, plaintext: str, context: str) -> tuple[str, bytes]:
        nonce = os.urandom(NONCE_BYTES)
        sealed = self.keys[self.primary].encrypt(nonce, plaintext.encode(), context.encode())
        return self.primary, nonce + sealed

    def decrypt(self, key_id: str, blob: bytes, context: str) -> str:
        if key_id not in self.keys:
            raise ValueError(f"encryption key {key_id!r} is not configured")
        nonce, sealed = blob[:NONCE_BYTES], blob[NONCE_BYTES:]
        return self.keys[key_id].decrypt(nonce, sealed, context.encode()).decode()
