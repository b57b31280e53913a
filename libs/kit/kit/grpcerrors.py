"""ServiceError over gRPC, without the rest of kit.grpcx (a light import for slidectl): the error's
code and details travel in the trailing metadata next to a matching gRPC status, and a failed
call's metadata turns back into the same ServiceError."""

from __future__ import annotations

import json

import grpc

from kit.errors import ServiceError

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


# Statuses of a call our server never answered, without an error code of ours: unreachable or gone
# (UNAVAILABLE), out of time (DEADLINE_EXCEEDED), or CANCELLED: what gRPC answers for a call it had
# received but not yet handed to a handler when the server shut down (grpc/grpc#41785). That call
# did nothing: our servers stop by refusing new calls (UNAVAILABLE with our code) and letting every
# running handler answer before the gRPC server shuts down (kit.grpcx.Server.stop), so a stop never
# cancels a handler that had begun.
NO_ANSWER = frozenset(
    {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.CANCELLED}
)


def grpc_status_for(code: str) -> grpc.StatusCode:
    if code in GRPC_STATUS:
        return GRPC_STATUS[code]
    if code.endswith("_NOT_FOUND") or code == "NO_ACTIVE_APPS":
        return grpc.StatusCode.NOT_FOUND
    if code.endswith("_REQUIRED") or code.endswith("_ERROR") or code.startswith("INVALID_"):
        return grpc.StatusCode.INVALID_ARGUMENT
    return grpc.StatusCode.FAILED_PRECONDITION


def trailing_metadata(err: ServiceError) -> tuple[tuple[str, str], ...]:
    """The error's code and details as the trailing metadata of a failed RPC."""
    return ((CODE_KEY, err.code), (DETAILS_KEY, json.dumps(err.details)))


def error_from_rpc(err: grpc.aio.AioRpcError | grpc.RpcError) -> ServiceError:
    """The ServiceError a failed RPC carries (UNAVAILABLE or INTERNAL when it carries none)."""
    meta = dict(err.trailing_metadata() or ())  # type: ignore[union-attr]
    code = meta.get(CODE_KEY)
    if code:
        try:
            details = json.loads(meta.get(DETAILS_KEY) or "{}")
        except ValueError:
            details = {}
        return ServiceError(str(code), err.details() or code, details)  # type: ignore[union-attr]
    status = err.code()  # type: ignore[union-attr]
    if status in NO_ANSWER:
        return ServiceError("UNAVAILABLE", "A backing service is unavailable; retry shortly.")
    return ServiceError("INTERNAL", "Internal error.")
