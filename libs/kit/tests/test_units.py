"""Kit pieces that need no I/O."""

import string

import grpc
import pytest
from kit import ids
from kit.errors import ServiceError, validation_error
from kit.grpcerrors import grpc_status_for
from kit.kafka import unpack
from kit.outbox import envelope
from slides.catalog.v1 import catalog_pb2


def test_new_id_has_prefix_and_random_part():
    a, b = ids.new_id("app"), ids.new_id("app")
    assert a.startswith("app_") and len(a) == 24 and a != b
    assert ids.has_prefix(a, "app") and not ids.has_prefix(a, "org") and not ids.has_prefix("app_", "app")


def test_random_parts_use_every_character_of_the_alphabet_and_only_it():
    drawn = "".join(ids.random_base62(31) for _ in range(400))
    assert len(drawn) == 400 * 31
    assert set(drawn) == set(string.ascii_letters + string.digits)
    assert all(len(ids.random_base62(n)) == n for n in (0, 1, 20, 300))
    # Uniform: each of the 62 characters near 1/62 of 12,400 draws (200; far outside chance below).
    counts = [drawn.count(c) for c in set(drawn)]
    assert min(counts) > 120 and max(counts) < 290


def test_unknown_prefix_is_refused():
    with pytest.raises(ValueError):
        ids.new_id("nope")


@pytest.mark.parametrize(
    ("code", "status"),
    [
        ("APP_NOT_FOUND", grpc.StatusCode.NOT_FOUND),
        ("NO_ACTIVE_APPS", grpc.StatusCode.NOT_FOUND),
        ("VALIDATION_ERROR", grpc.StatusCode.INVALID_ARGUMENT),
        ("TEMPLATE_KEY_REQUIRED", grpc.StatusCode.INVALID_ARGUMENT),
        ("QUOTA_EXCEEDED", grpc.StatusCode.RESOURCE_EXHAUSTED),
        ("PLAN_LACKS_API", grpc.StatusCode.PERMISSION_DENIED),
        ("SLUG_EXISTS", grpc.StatusCode.ALREADY_EXISTS),
    ],
)
def test_error_codes_map_to_grpc_statuses(code, status):
    assert grpc_status_for(code) == status


def test_validation_error_lists_fields():
    err = validation_error([("name", "too short"), ("niche", "required")])
    assert err.code == "VALIDATION_ERROR"
    assert err.details == {
        "fields": [{"field": "name", "message": "too short"}, {"field": "niche", "message": "required"}]
    }
    assert isinstance(err, ServiceError)


def test_envelope_round_trip():
    msg = catalog_pb2.AppDeleted(organization_id="org_x", app_id="app_y")
    env = envelope(msg, "org_x")
    assert env.event_type == "slides.catalog.v1.AppDeleted" and env.event_id.startswith("evt_")
    back = unpack(type(env).FromString(env.SerializeToString()))
    assert back == msg


def test_trace_context_rides_in_the_envelope():
    from kit import tracing
    from opentelemetry import trace
    from opentelemetry.sdk.trace import TracerProvider

    tracer = TracerProvider().get_tracer("test")
    with tracer.start_as_current_span("write") as span:
        env = envelope(catalog_pb2.AppDeleted(app_id="app_1"))
        trace_id = span.get_span_context().trace_id
    assert env.trace_context["traceparent"].split("-")[1] == f"{trace_id:032x}"
    restored = trace.get_current_span(tracing.extract(env.trace_context)).get_span_context()
    assert restored.trace_id == trace_id


def test_a_batch_span_links_every_message_trace(monkeypatch):
    from kit import tracing
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    exported = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exported))
    tracer = provider.get_tracer("test")
    carriers, trace_ids = [], []
    for name in ("a", "b"):
        with tracer.start_as_current_span(name) as span:
            carriers.append(envelope(catalog_pb2.AppDeleted(app_id="app_1")).trace_context)
            trace_ids.append(span.get_span_context().trace_id)
    carriers.append({})  # a message without a trace adds no link

    monkeypatch.setattr(tracing, "tracer", tracer)
    monkeypatch.setattr(tracing, "_exporting", True)
    with tracing.batch_span("consume batch", carriers):
        pass
    [batch] = [s for s in exported.get_finished_spans() if s.name == "consume batch"]
    assert [link.context.trace_id for link in batch.links] == trace_ids
