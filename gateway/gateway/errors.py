"""The one error envelope and the one table mapping API error codes to HTTP statuses."""

from __future__ import annotations

import functools
import re
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.routing import iter_route_contexts
from kit import logs
from kit.errors import ServiceError
from kit.outages import unavailable_error
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import compile_path

from gateway.responses import JSONResponse

log = logs.get(__name__)

# Seconds a client is told to wait (Retry-After) when a backing service is unavailable: about a
# restart, or a few of the gRPC channel's reconnection attempts.
UNAVAILABLE_RETRY_AFTER = 5

HTTP_STATUS: dict[str, int] = {
    "VALIDATION_ERROR": 400,
    "TEMPLATE_KEY_REQUIRED": 400,
    "NICHE_NOT_REGISTERED": 400,
    "NO_IMAGE_SOURCE": 400,
    "INVALID_SIGNATURE": 400,
    "UNAUTHORIZED": 401,
    "PASSWORD_REQUIRED": 401,
    "QUOTA_EXCEEDED": 402,
    "PLAN_LACKS_API": 403,
    "ORGANIZATION_SUSPENDED": 403,
    "PLAN_UPGRADE_REQUIRED": 403,
    "FORBIDDEN": 403,
    "NOT_FOUND": 404,
    "APP_NOT_FOUND": 404,
    "NO_ACTIVE_APPS": 404,
    "SLIDESHOW_NOT_FOUND": 404,
    "METHOD_NOT_ALLOWED": 405,
    "SLUG_EXISTS": 409,
    "IDEMPOTENCY_KEY_REUSED": 409,
    "CONFLICT": 409,
    "EMAIL_EXISTS": 409,
    "SLIDESHOW_NOT_READY": 409,
    "NO_CONNECTED_ACCOUNT": 409,
    "RECONNECT_REQUIRED": 409,
    "PAYLOAD_TOO_LARGE": 413,
    "UNSUPPORTED_MEDIA_TYPE": 415,
    "RATE_LIMITED": 429,
    "INTERNAL": 500,
    "ZIP_GENERATION_FAILED": 500,
    "ZIP_UPLOAD_FAILED": 500,
    "NOT_IMPLEMENTED": 501,
    "UPSTREAM_ERROR": 502,
    "UNAVAILABLE": 503,
}


def http_status(code: str) -> int:
    if code in HTTP_STATUS:
        return HTTP_STATUS[code]
    if code.endswith("_NOT_FOUND"):
        return 404
    if code.endswith("_REQUIRED") or code.startswith("INVALID_"):
        return 400
    return 400


class ErrorDetail(BaseModel):
    code: str
    message: str
    details: dict[str, Any] | None = None


class ErrorEnvelope(BaseModel):
    success: bool = False
    error: ErrorDetail


def responses(*codes: str) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses=` for the given error codes (grouped by HTTP status)."""
    out: dict[int | str, dict[str, Any]] = {}
    for code in codes:
        status = http_status(code)
        entry = out.setdefault(status, {"model": ErrorEnvelope, "description": ""})
        entry["description"] = ", ".join(filter(None, [entry["description"], code]))
    return out


def error_response(
    code: str, message: str, details: dict[str, Any] | None = None, headers: dict[str, str] | None = None
) -> JSONResponse:
    body: dict[str, Any] = {"success": False, "error": {"code": code, "message": message}}
    if details:
        body["error"]["details"] = details
    return JSONResponse(body, status_code=http_status(code), headers=headers)


def _field_name(loc: tuple[Any, ...]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header", "cookie")]
    return ".".join(parts) or "body"


METHOD_ORDER = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


@functools.cache
def _path_regex(path: str) -> re.Pattern[str]:
    return compile_path(path)[0]


def allowed_methods(request: Request) -> list[str]:
    """The methods of every route whose path matches the request's (FastAPI has one route per
    method, and Starlette's 405 names only the first route that matched the path). As in OpenAPI,
    a concrete path (/hooks/refresh-now) is its own resource, not an instance of a templated one
    (/hooks/{id})."""
    path = request.scope.get("path", "")
    concrete: set[str] = set()
    templated: set[str] = set()
    for context in iter_route_contexts(request.app.router.routes):
        if context.path and context.methods and _path_regex(context.path).match(path):
            (templated if "{" in context.path else concrete).update(m.upper() for m in context.methods)
    methods = concrete or templated
    return sorted(methods, key=lambda m: (METHOD_ORDER.index(m) if m in METHOD_ORDER else 99, m))


def install(app: FastAPI) -> None:
    @app.exception_handler(ServiceError)
    async def service_error(request: Request, err: ServiceError) -> JSONResponse:
        headers = {}
        if err.code == "UNAUTHORIZED":
            headers["WWW-Authenticate"] = "Bearer"
        if err.code == "RATE_LIMITED" and "retry_after" in err.details:
            headers["Retry-After"] = str(err.details["retry_after"])
        if err.code == "UNAVAILABLE":
            headers["Retry-After"] = str(UNAVAILABLE_RETRY_AFTER)
        if err.code in ("INTERNAL",):
            return error_response(err.code, "Internal error.", headers=headers)
        return error_response(err.code, err.message, err.details, headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, err: RequestValidationError) -> JSONResponse:
        fields = []
        for e in err.errors():
            msg = str(e.get("msg", "invalid value")).removeprefix("Value error, ")
            if e.get("type") == "json_invalid":
                fields.append({"field": "body", "message": "Malformed JSON body."})
                continue
            fields.append({"field": _field_name(tuple(e.get("loc", ()))), "message": msg})
        return error_response("VALIDATION_ERROR", "Request validation failed.", {"fields": fields})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, err: StarletteHTTPException) -> JSONResponse:
        if err.status_code == 404:
            return error_response("NOT_FOUND", "No such route.")
        if err.status_code == 405:
            headers = dict(err.headers or {})
            allowed = allowed_methods(request)
            if allowed:  # every method of the path, not only those of the route Starlette tried
                headers["Allow"] = ", ".join(allowed)
            return JSONResponse(
                {"success": False, "error": {"code": "METHOD_NOT_ALLOWED", "message": "Method not allowed."}},
                status_code=405,
                headers=headers,
            )
        code = {400: "VALIDATION_ERROR", 401: "UNAUTHORIZED", 413: "PAYLOAD_TOO_LARGE"}.get(
            err.status_code, "ERROR"
        )
        error: dict[str, Any] = {"code": code, "message": str(err.detail)}
        if code == "VALIDATION_ERROR":  # a body FastAPI could not read at all (e.g. not UTF-8)
            error["message"] = "Request validation failed."
            error["details"] = {"fields": [{"field": "body", "message": f"{err.detail}."}]}
        return JSONResponse(
            {"success": False, "error": error}, status_code=err.status_code, headers=dict(err.headers or {})
        )

    @app.exception_handler(Exception)
    async def unexpected(request: Request, err: Exception) -> JSONResponse:
        unavailable = unavailable_error(err)
        if unavailable is not None:
            log.warning("a dependency is unreachable", path=request.url.path, error=repr(err))
            return await service_error(request, unavailable)
        log.exception("unhandled error", path=request.url.path)
        return error_response("INTERNAL", "Internal error.")
