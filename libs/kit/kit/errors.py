"""Domain errors: ServiceError(code, message, details), free of any transport.

A service raises ServiceError(code, message); kit.grpcx sends the code string in the trailing
metadata with a matching gRPC status, and clients turn it back into ServiceError. The gateway
maps codes to HTTP statuses in one table (gateway/errors.py).
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """An expected failure with an API error code, e.g. ServiceError("APP_NOT_FOUND", "...")."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}

    def __repr__(self) -> str:
        return f"ServiceError({self.code!r}, {self.message!r})"


def validation_error(
    fields: list[tuple[str, str]], message: str = "Request validation failed."
) -> ServiceError:
    return ServiceError(
        "VALIDATION_ERROR", message, {"fields": [{"field": f, "message": m} for f, m in fields]}
    )
