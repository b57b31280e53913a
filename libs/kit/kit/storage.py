"""Object store (S3 / MinIO API) through the `minio` client. Objects under public/ are
readable without credentials by their unguessable key; everything else needs a presigned URL."""

from __future__ import annotations

import asyncio
import io
import json
from datetime import timedelta

from minio import Minio
from minio.deleteobjects import DeleteObject

from kit.settings import KitSettings

PUBLIC_PREFIX = "public/"


class Storage:
    def __init__(self, settings: KitSettings):
        self.settings = settings
        self.bucket = settings.s3_bucket
        self.client = Minio(
            settings.s3_endpoint,
            access_key=settings.s3_access_key,
            secret_key=settings.s3_secret_key,
            secure=settings.s3_secure,
            region="us-east-1",
        )

    def ensure_bucket_sync(self) -> None:
        if not self.client.bucket_exists(self.bucket):
            try:
                self.client.make_bucket(self.bucket)
            except Exception:
                if not self.client.bucket_exists(self.bucket):
                    raise
        policy = {
            "Version": "2012-10-17",
            "Statement": [
                {
                    "Effect": "Allow",
                    "Principal": {"AWS": ["*"]},
                    "Action": ["s3:GetObject"],
                    "Resource": [f"arn:aws:s3:::{self.bucket}/{PUBLIC_PREFIX}*"],
                }
            ],
        }
        self.client.set_bucket_policy(self.bucket, json.dumps(policy))

    async def ensure_bucket(self) -> None:
        await asyncio.to_thread(self.ensure_bucket_sync)

    async def put(self, key: str, data: bytes, content_type: str, content_disposition: str = "") -> None:
        headers = {"Content-Disposition": content_disposition} if content_disposition else None
        await asyncio.to_thread(
            self.client.put_object,
            self.bucket,
            key,
            io.BytesIO(data),
            len(data),
            content_type=content_type,
            metadata=headers,  # type: ignore[arg-type]
        )

    async def get(self, key: str) -> bytes:
        def _get() -> bytes:
            resp = self.client.get_object(self.bucket, key)
            try:
                return resp.read()
            finally:
                resp.close()
                resp.release_conn()

        return await asyncio.to_thread(_get)

    async def exists(self, key: str) -> bool:
        def _stat() -> bool:
            try:
                self.client.stat_object(self.bucket, key)
                return True
            except Exception:
                return False

        return await asyncio.to_thread(_stat)

    def public_url(self, key: str) -> str:
        return f"{self.settings.s3_public_url.rstrip('/')}/{key}"

    async def presigned_get(self, key: str, expires: timedelta = timedelta(hours=1)) -> str:
        return await asyncio.to_thread(self.client.presigned_get_object, self.bucket, key, expires=expires)

    async def remove_prefix(self, prefix: str) -> int:
        def _remove() -> int:
            keys = [
                o.object_name for o in self.client.list_objects(self.bucket, prefix=prefix, recursive=True)
            ]
            if not keys:
                return 0
            errors = list(self.client.remove_objects(self.bucket, [DeleteObject(k) for k in keys]))
            if errors:
                raise RuntimeError(f"failed to delete {len(errors)} objects under {prefix}")
            return len(keys)

        return await asyncio.to_thread(_remove)
