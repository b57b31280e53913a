"""OpenTelemetry tracing across the gateway, gRPC and Kafka. Spans are exported over OTLP
only when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise the API's no-op tracer costs nothing.
Context travels in gRPC metadata and in the event envelope (W3C traceparent)."""

from __future__ import annotations

import os
from collections.abc import Mapping

from opentelemetry import context, propagate, trace

tracer = trace.get_tracer("slides")


def configure(service_name: str) -> None:
    if not os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT"):
        return
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
