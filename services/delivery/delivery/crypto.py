"""Encryption at rest of endpoint secrets and social-account tokens (AES-256-GCM), and the
signatures of OAuth states (HMAC-SHA256 with a key derived from the same keys).

Each ciphertext records the id of the key that made it, so keys can rotate: the first
configured key encrypts, every configured key decrypts. The row id is bound in as associated
data, so a ciphertext copied onto another row does not decrypt. Likewise the first key signs
and every key verifies (in constant time).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

NONCE_BYTES = 12


class KeyRing:
    def __init__(self, spec: str):
        self.keys: dict[str, AESGCM] = {}
        self.mac_keys: dict[str, bytes] = {}
        self.primary = ""
        for i, item in enumerate(p.strip() for p in spec.split(",") if p.strip()):
            key_id, sep, material = item.partition(":")
            if not sep:
                key_id, material = f"k{i + 1}", item
            raw = base64.urlsafe_b64decode(material + "=" * (-len(material) % 4))
            if len(raw) != 32:
                raise ValueError(f"WEBHOOK_SECRET_KEY {key_id!r} must be 32 bytes (base64url)")
            self.keys[key_id] = AESGCM(raw)
            # A key of its own for signing, derived from the encryption key (never used as it is).
            self.mac_keys[key_id] = hmac.new(raw, b"slides/delivery/mac/v1", hashlib.sha256).digest()
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

    def sign(self, message: str) -> str:
        """base64url (no padding) HMAC-SHA256 of `message` with the primary key."""
        return _mac(self.mac_keys[self.primary], message)

    def verify(self, message: str, signature: str) -> bool:
        """Whether any configured key made `signature` for `message` (constant-time compares)."""
        ok = False
        for key in self.mac_keys.values():
            ok |= hmac.compare_digest(_mac(key, message).encode(), signature.encode("ascii", "replace"))
        return ok


def _mac(key: bytes, message: str) -> str:
    digest = hmac.new(key, message.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
