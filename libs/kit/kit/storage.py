"""Object store (S3 / MinIO API) through the `minio` client. Objects under public/ are
readable without credentials by their unguessable key through S3_PUBLIC_URL (a CDN, or a read
grant on public/* that the operator sets up); everything else needs a presigned URL.

Credentials: S3_ACCESS_KEY/S3_SECRET_KEY when set, else AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY,
else the pod's IAM role (IRSA web identity token, EKS Pod Identity, ECS or instance metadata)
through minio.credentials.IamAwsProvider. The app sets a bucket policy only in local runs
(S3_SET_PUBLIC_POLICY, off in production)."""

from __future__ import annotations

import asyncio
import io
import json
import os
import re
from datetime import timedelta

import certifi
import urllib3
from minio import Minio
from minio.credentials import ChainedProvider, EnvAWSProvider, IamAwsProvider, Provider, StaticProvider
from minio.deleteobjects import DeleteObject

from kit.settings import KitSettings

PUBLIC_PREFIX = "public/"


def credentials_provider(settings: KitSettings) -> Provider:
    """Static keys when both are set; otherwise the AWS environment variables, then the pod's
    IAM role (IRSA: AWS_WEB_IDENTITY_TOKEN_FILE + AWS_ROLE_ARN; EKS Pod Identity; metadata)."""
    if settings.s3_access_key and settings.s3_secret_key:
        return StaticProvider(settings.s3_access_key, settings.s3_secret_key)
    if settings.s3_access_key or settings.s3_secret_key:
        raise ValueError("S3_ACCESS_KEY and S3_SECRET_KEY go together (leave both empty for IAM roles)")
    return ChainedProvider([EnvAWSProvider(), IamAwsProvider()])


def _http_client(settings: KitSettings) -> urllib3.PoolManager:
    """The minio client's own pool settings, with the object store's CA and bounded waits: a store
    that cannot be reached fails in seconds (the caller answers UNAVAILABLE, a render is queued
    again) instead of the client's default five minutes per attempt."""
    return urllib3.PoolManager(
        timeout=urllib3.Timeout(
            connect=settings.s3_connect_timeout_seconds, read=settings.s3_read_timeout_seconds
        ),
        maxsize=10,
        cert_reqs="CERT_REQUIRED",
        ca_certs=settings.s3_ca_file or os.environ.get("SSL_CERT_FILE") or certifi.where(),
        # A store that accepted the connection and then went silent is retried once, not three times.
        retries=urllib3.Retry(total=3, read=1, backoff_factor=0.2, status_forcelist=[500, 502, 503, 504]),
    )


class Storage:
    def __init__(self, settings: KitSettings):
        self.settings = settings
        self.bucket = settings.s3_bucket
        self.client = Minio(
            settings.s3_endpoint,
            secure=settings.s3_secure,
            region=settings.s3_region or None,
            credentials=credentials_provider(settings),
            http_client=_http_client(settings),
        )

    def ensure_bucket_sync(self) -> None:
        s = self.settings
        if s.s3_create_bucket and not self.client.bucket_exists(self.bucket):
            try:
                self.client.make_bucket(self.bucket)
            except Exception:
                if not self.client.bucket_exists(self.bucket):
                    raise
        if not s.s3_set_public_policy:
            return
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
        if not (self.settings.s3_create_bucket or self.settings.s3_set_public_policy):
            return  # provisioned by the platform: nothing to do, and no permission needed for it
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

    async def presigned_get(
        self, key: str, expires: timedelta = timedelta(hours=1), download_name: str = ""
    ) -> str:
        """A GET URL for the object; `download_name` makes the answer an attachment of that name
        (S3's response-content-disposition override, signed into the URL)."""
        headers = None
        if download_name:
            safe = re.sub(r"[^A-Za-z0-9._-]", "-", download_name)[:120] or "download"
            headers = {"response-content-disposition": f'attachment; filename="{safe}"'}
        return await asyncio.to_thread(
            self.client.presigned_get_object,
            self.bucket,
            key,
            expires=expires,
            response_headers=headers,  # type: ignore[arg-type]
        )

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
