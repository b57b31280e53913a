"""Structured JSON logs; request id and organization id ride along in context variables."""

import logging
import sys
from contextvars import ContextVar

import structlog

request_id_var: ContextVar[str] = ContextVar("request_id", default="")
organization_id_var: ContextVar[str] = ContextVar("organization_id", default="")


def _add_context(_logger, _name, event_dict):
    if rid := request_id_var.get():
        event_dict.setdefault("request_id", rid)
    if oid := organization_id_var.get():
        event_dict.setdefault("organization_id", oid)
    return event_dict


def configure(service: str, level: str = "INFO") -> None:
    logging.basicConfig(format="%(message)s", stream=sys.stdout, level=level.upper())
    for noisy in ("aiokafka", "kafka", "urllib3", "httpx", "alembic"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            _add_context,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info,
            structlog.processors.JSONRenderer(),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level.upper())),
        logger_factory=structlog.PrintLoggerFactory(),
        cache_logger_on_first_use=True,
    )
    structlog.contextvars.bind_contextvars(service=service)


def get(name: str = "") -> structlog.stdlib.BoundLogger:
    return structlog.get_logger(name)
