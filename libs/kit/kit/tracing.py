"""OpenTelemetry tracing across the gateway, gRPC and Kafka. Spans are exported over OTLP
only when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise the API's no-op tracer costs nothing.
Context travels in gRPC metadata and in the event envelope (W3C traceparent)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from typing import Any

from opentelemetry import context, propagate, trace

tracer = trace.get_tracer("slides")
_exporting = False


def configure(service_name: str) -> None:
    global _exporting
    if not os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT"):
        return
    _exporting = True
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    trace.set_tracer_provider(provider)


def inject() -> dict[str, str]:
    """The current trace context as W3C headers (empty when there is no active span)."""
    carrier: dict[str, str] = {}
    propagate.inject(carrier)
    return carrier


def extract(carrier: Mapping[str, str]) -> context.Context:
    return propagate.extract(dict(carrier))


def server_span(name: str, carrier: Mapping[str, Any], kind: trace.SpanKind) -> Any:
    """A span continuing the caller's trace, made current; when nothing exports spans this is a
    plain no-op context, so hot request paths skip the context parsing altogether."""
    if not _exporting:
        return contextlib.nullcontext()
    parent = extract({k: str(v) for k, v in carrier.items()})
    return trace.use_span(tracer.start_span(name, context=parent, kind=kind), end_on_exit=True)


def batch_span(name: str, carriers: list[Mapping[str, Any]]) -> Any:
    """One consumer span for work done on many messages at once, linked to each message's trace
    (a span has one parent); a no-op context when nothing exports spans."""
    if not _exporting:
        return contextlib.nullcontext()
    links = []
    for carrier in carriers:
        linked = trace.get_current_span(extract({k: str(v) for k, v in carrier.items()})).get_span_context()
        if linked.is_valid:
            links.append(trace.Link(linked))
    span = tracer.start_span(name, kind=trace.SpanKind.CONSUMER, links=links)
    return trace.use_span(span, end_on_exit=True)
