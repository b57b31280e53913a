"""Screenshot upload: HTTP shape only; the renderer decodes the file and stores it."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request, UploadFile
from kit.errors import ServiceError, validation_error
from pydantic import BaseModel

from gateway.auth import Caller, require_caller
from gateway.errors import responses as error_responses
from gateway.operations import slideshows as ops
from gateway.responses import JSONResponse

router = APIRouter(tags=["uploads"])

MAX_BYTES = 10 * 1024 * 1024


class UploadUrl(BaseModel):
    url: str


class UploadResponse(BaseModel):
    success: bool = True
    body: UploadUrl


async def _read_capped(file: UploadFile) -> bytes:
    data = await file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ServiceError("PAYLOAD_TOO_LARGE", f"A screenshot may be at most {MAX_BYTES} bytes (10 MB).")
    if not data:
        raise validation_error([("file", "is empty")])
    return data


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
) -> JSONResponse:
    data = await _read_capped(file)
    result = await ops.upload_screenshot(
        request.app.state.backends, caller, data, file.filename or "", file.content_type or ""
    )
    return JSONResponse(result, status_code=201)
