"""Schema-driven fuzzing of the Apps routes (schemathesis over the running gateway's /openapi.json):
no input, valid or not, may produce a 5xx, and every 4xx carries the error envelope."""

from __future__ import annotations

import uuid

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode

APPS_PATHS = r"^/v0/api/v1/apps(/\{id\})?$"
EXAMPLES = 12  # per operation and generation mode: 5 operations x 2 modes x 12, bounded


@pytest.fixture(scope="module")
def fuzz_key(create_org, set_rate_limit) -> str:
    """A Pro key whose organization may send far more than the default per-minute limit."""
    org = create_org(f"Fuzz {uuid.uuid4().hex[:6]}", "pro")
    set_rate_limit(org["organization_id"], 100_000)
    return org["api_key"]


@pytest.fixture(scope="module")
def existing_app(gateway_url, fuzz_key) -> str:
    resp = httpx.post(
        f"{gateway_url}/v0/api/v1/apps",
        json={"name": "Fuzz Target", "niche": "fitness"},
        headers={"Authorization": f"Bearer {fuzz_key}"},
        timeout=30,
    )
    assert resp.status_code == 201, resp.text
    return resp.json()["body"]["_id"]


def check_response(case, response) -> None:
    where = f"{case.method} {case.formatted_path} {case.query} {case.body!r}"
    assert response.status_code < 500, f"{where} -> {response.status_code} {response.text[:500]}"
    if response.status_code >= 400:
        body = response.json()
        assert body["success"] is False, where
        assert isinstance(body["error"]["code"], str) and body["error"]["code"].isupper(), where
        assert isinstance(body["error"]["message"], str) and body["error"]["message"], where
    else:
        assert response.json()["success"] is True, where


def fuzz(
    operation, base_url: str, headers: dict[str, str], mode: GenerationMode, path_parameters=None
) -> None:
    strategy = operation.as_strategy(generation_mode=mode, headers=headers, path_parameters=path_parameters)

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=True,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy)
    def run(case) -> None:
        check_response(case, case.call(base_url=base_url, timeout=30))

    run()


def test_apps_routes_never_fail_with_5xx(gateway_url, fuzz_key, existing_app):
    schema = schemathesis.openapi.from_url(f"{gateway_url}/openapi.json").include(path_regex=APPS_PATHS)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) == 5
    headers = {"Authorization": f"Bearer {fuzz_key}"}
    for operation in operations:
        # A path id is any string, so GET/DELETE of one app have nothing to make invalid.
        only_id = operation.method.upper() in ("GET", "DELETE") and "{id}" in operation.path
        for mode in (
            (GenerationMode.POSITIVE,) if only_id else (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
        ):
            fuzz(operation, gateway_url, headers, mode)
        if operation.method.upper() == "PUT":  # bodies against a real app, not only unknown ids
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                fuzz(operation, gateway_url, headers, mode, {"id": existing_app})
