"""Screenshot upload: HTTP shape only; the renderer decodes the file, re-encodes it and stores
it. Reads go through GET /v0/public/uploads/<org>/<file> here: the gateway fetches the object
with its own credentials and answers with the type it decides (the stored format), whatever the
query string asks, with nosniff and an inline Content-Disposition, so an upload never becomes
a page. In production the upload and slide hosts belong on a separate registrable domain
(docs/operations.md)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI, Request, UploadFile
from fastapi.responses import Response
from kit.errors import ServiceError, validation_error
from kit.storage import Storage
from kit.text import problem

from gateway.auth import Caller, require_caller
from gateway.errors import responses as error_responses
from gateway.models import UploadResponse
from gateway.operations import slideshows as ops
from gateway.responses import render
from gateway.routes.public import public_rate_limit
from gateway.routing import Router

router = Router(tags=["uploads"])

MAX_BYTES = 10 * 1024 * 1024
UPLOAD_NAME = re.compile(r"^[A-Za-z0-9_-]{16,64}\.(png|jpg|webp)$")
ORG_ID = re.compile(r"^org_[A-Za-z0-9_-]{1,64}$")
CONTENT_TYPES = {"png": "image/png", "jpg": "image/jpeg", "webp": "image/webp"}


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    app.state.upload_storage = Storage(app.state.settings)
    yield


async def _read_capped(file: UploadFile) -> bytes:
    data = await file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ServiceError("PAYLOAD_TOO_LARGE", f"A screenshot may be at most {MAX_BYTES} bytes (10 MB).")
    if not data:
        raise validation_error([("file", "is empty")])
    return data


def _check_part_text(file: UploadFile) -> None:
    """The part's file name and type are text of the caller's like any other field (edge hygiene,
    gateway.edge): no control characters, line breaks or bidi overrides."""
    bad = []
    if found := problem(file.filename or "", multiline=False):
        bad.append(("filename", found))
    if found := problem(file.content_type or "", multiline=False):
        bad.append(("file", f"has a Content-Type that {found}"))
    if bad:
        raise validation_error(bad, "Request validation failed: remove the characters named below.")


@router.post(
    "/v0/api/v1/uploads/screenshots",
    status_code=201,
    response_model=UploadResponse,
    summary="Upload a screenshot (multipart field `file`: PNG, JPEG or WebP, at most 10 MB)",
    description="The file is decoded to check it. The returned public URL can be put in an app's `screenshots`.",
    responses=error_responses(
        "VALIDATION_ERROR",
        "PAYLOAD_TOO_LARGE",
        "UNAUTHORIZED",
        "PLAN_LACKS_API",
        "ORGANIZATION_SUSPENDED",
        "RATE_LIMITED",
    ),
)
async def upload_screenshot(
    request: Request, file: UploadFile, caller: Caller = Depends(require_caller)
) -> Response:
    _check_part_text(file)
    data = await _read_capped(file)
    result = await ops.upload_screenshot(
        request.app.state.backends, caller, data, file.filename or "", file.content_type or ""
    )
    return render(result, status_code=201)


@router.get(
    "/v0/public/uploads/{organization_id}/{name}",
    response_class=Response,
    summary="An uploaded screenshot (the URL the upload returned; no credentials)",
    description=(
        "The re-encoded image with a fixed Content-Type, `Content-Disposition: inline`, "
        "`X-Content-Type-Options: nosniff` and a sandboxing CSP; query parameters (such as "
        "`response-content-type`) are ignored."
    ),
    responses={
        200: {"content": {"image/png": {}, "image/jpeg": {}, "image/webp": {}}, "description": "The image"},
        **error_responses("NOT_FOUND", "RATE_LIMITED"),
    },
    dependencies=[Depends(public_rate_limit)],
)
async def read_upload(organization_id: str, name: str, request: Request) -> Response:
    if not ORG_ID.match(organization_id) or not UPLOAD_NAME.match(name):
        raise ServiceError("NOT_FOUND", "No such upload.")
    storage: Storage = request.app.state.upload_storage
    try:
        data = await storage.get(f"uploads/{organization_id}/{name}")
    except Exception:
        raise ServiceError("NOT_FOUND", "No such upload.") from None
    return Response(
        data,
        media_type=CONTENT_TYPES[name.rsplit(".", 1)[1]],
        headers={
            "Content-Disposition": f'inline; filename="{name}"',
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "default-src 'none'; sandbox",
            "Cache-Control": "public, max-age=86400",
        },
    )
