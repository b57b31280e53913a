"""Which failures mean "a dependency is unreachable right now" (retry shortly), in one place.

A lost or refused Postgres connection (server restarting, connection terminated, pool exhausted),
an object store that cannot be reached or answers 5xx, a broker that is away, a socket that timed
out: the request could not be served now and may be retried, so it answers UNAVAILABLE (gRPC
UNAVAILABLE, HTTP 503 with Retry-After), never INTERNAL. The database and transports reconnect by
themselves on the next use (SQLAlchemy drops the dead pool, urllib3 and aiokafka dial again).

Libraries are looked up in sys.modules: one a process never imported cannot have raised."""

from __future__ import annotations

import sys

from kit.errors import ServiceError

MESSAGE = "A dependency of the service is unavailable; retry shortly."
# (module, class names) whose instances are connection-level failures.
TRANSIENT: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("psycopg", ("OperationalError", "InterfaceError")),
    ("sqlalchemy.exc", ("TimeoutError", "DisconnectionError")),
    ("urllib3.exceptions", ("HTTPError",)),  # connect, read, protocol and retry errors
    ("minio.error", ("ServerError",)),  # the store answered 5xx
    ("aiokafka.errors", ("KafkaConnectionError", "KafkaTimeoutError", "NodeNotReadyError")),
    ("redis.exceptions", ("ConnectionError", "TimeoutError")),
)


def _transient_classes() -> tuple[type[BaseException], ...]:
    found: list[type[BaseException]] = [ConnectionError, TimeoutError]
    for module_name, names in TRANSIENT:
        module = sys.modules.get(module_name)
        if module is not None:
            found += [getattr(module, name) for name in names if hasattr(module, name)]
    return tuple(found)


def is_transient(err: BaseException) -> bool:
    """True for a connection-level failure, also when wrapped (SQLAlchemy's DBAPIError keeps the
    driver's error in .orig; other wrappers chain it as __cause__)."""
    classes = _transient_classes()
    seen: set[int] = set()
    current: BaseException | None = err
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, classes) or getattr(current, "connection_invalidated", False):
            return True
        orig = getattr(current, "orig", None)
        current = orig if isinstance(orig, BaseException) else (current.__cause__ or current.__context__)
    return False


def unavailable_error(err: BaseException) -> ServiceError | None:
    """ServiceError("UNAVAILABLE") for a connection-level failure, else None."""
    return ServiceError("UNAVAILABLE", MESSAGE) if is_transient(err) else None
