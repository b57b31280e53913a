"""The OpenAPI document states what every operation can answer (in-process, no stack)."""

from __future__ import annotations

from gateway.app import create_app


def test_every_operation_documents_503_unavailable_with_retry_after():
    """Any operation needs a service behind the gateway; while it is down the operation answers
    503 UNAVAILABLE in the error envelope with Retry-After, and the document says so."""
    schema = create_app().openapi()
    operations = [(path, method, op) for path, item in schema["paths"].items() for method, op in item.items()]
    assert operations
    for path, method, op in operations:
        answer = op["responses"].get("503")
        assert answer is not None, (method, path)
        assert "UNAVAILABLE" in answer["description"], (method, path)
        assert answer["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/ErrorEnvelope"
        }
        assert answer["headers"]["Retry-After"] == {"$ref": "#/components/headers/Retry-After"}, (
            method,
            path,
        )
