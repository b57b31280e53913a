"""Domain errors carried across gRPC.

A service raises ServiceError(code, message); the gRPC layer sends the code string in the
trailing metadata and a matching gRPC status; clients turn it back into ServiceError. The
gateway maps codes to HTTP statuses in one table (gateway/errors.py).
"""

from __future__ import annotations

import json
from typing import Any

import grpc

CODE_KEY = "x-error-code"
DETAILS_KEY = "x-error-details"

# Code string -> gRPC status. Anything not listed is INVALID_ARGUMENT when it ends in
# _REQUIRED/_ERROR, NOT_FOUND when it ends in _NOT_FOUND, else FAILED_PRECONDITION.
GRPC_STATUS: dict[str, grpc.StatusCode] = {
    "VALIDATION_ERROR": grpc.StatusCode.INVALID_ARGUMENT,
    "UNAUTHORIZED": grpc.StatusCode.UNAUTHENTICATED,
    "PLAN_LACKS_API": grpc.StatusCode.PERMISSION_DENIED,
    "ORGANIZATION_SUSPENDED": grpc.StatusCode.PERMISSION_DENIED,
    "PLAN_UPGRADE_REQUIRED": grpc.StatusCode.PERMISSION_DENIED,
    "QUOTA_EXCEEDED": grpc.StatusCode.RESOURCE_EXHAUSTED,
    "RATE_LIMITED": grpc.StatusCode.RESOURCE_EXHAUSTED,
    "SLUG_EXISTS": grpc.StatusCode.ALREADY_EXISTS,
    "IDEMPOTENCY_KEY_REUSED": grpc.StatusCode.ALREADY_EXISTS,
    "INTERNAL": grpc.StatusCode.INTERNAL,
    "UNAVAILABLE": grpc.StatusCode.UNAVAILABLE,
}


def grpc_status_for(code: str) -> grpc.StatusCode:
    if code in GRPC_STATUS:
        return GRPC_STATUS[code]
    if code.endswith("_NOT_FOUND") or code == "NO_ACTIVE_APPS":
        return grpc.StatusCode.NOT_FOUND
    if code.endswith("_REQUIRED") or code.endswith("_ERROR") or code.startswith("INVALID_"):
        return grpc.StatusCode.INVALID_ARGUMENT
    return grpc.StatusCode.FAILED_PRECONDITION


class ServiceError(Exception):
    """An expected failure with an API error code, e.g. ServiceError("APP_NOT_FOUND", "...")."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}

    def __repr__(self) -> str:
        return f"ServiceError({self.code!r}, {self.message!r})"

    def trailing_metadata(self) -> tuple[tuple[str, str], ...]:
        return ((CODE_KEY, self.code), (DETAILS_KEY, json.dumps(self.details)))

    @classmethod
    def from_rpc_error(cls, err: grpc.aio.AioRpcError | grpc.RpcError) -> ServiceError:
        meta = dict(err.trailing_metadata() or ())  # type: ignore[union-attr]
        code = meta.get(CODE_KEY)
        if code:
            try:
                details = json.loads(meta.get(DETAILS_KEY) or "{}")
            except ValueError:
                details = {}
            return cls(str(code), err.details() or code, details)  # type: ignore[union-attr]
        status = err.code()  # type: ignore[union-attr]
        if status in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED):
            return cls("UNAVAILABLE", "A backing service is unavailable; retry shortly.")
        return cls("INTERNAL", "Internal error.")


def validation_error(
    fields: list[tuple[str, str]], message: str = "Request validation failed."
) -> ServiceError:
    return ServiceError(
        "VALIDATION_ERROR", message, {"fields": [{"field": f, "message": m} for f, m in fields]}
    )
