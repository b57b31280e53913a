"""The generated SDKs in sdk/ (`make sdk`) against the running stack: the Python client
(openapi-python-client) drives the main flow -- create an app, generate a slideshow, poll until
READY, fetch the ZIP -- and both SDKs were generated from the document the gateway serves."""

from __future__ import annotations

import io
import json
import re
import time
import uuid
import zipfile
from pathlib import Path

import httpx
import pytest
from slideshow_client import AuthenticatedClient
from slideshow_client.api.apps import create_app, get_app
from slideshow_client.api.slideshows import generate, get_slideshow, get_zip
from slideshow_client.models import (
    AppCreate,
    AppCreatedOut,
    ErrorEnvelope,
    GenerateBody,
    GenerateResponse,
    SlideshowDetailStatus,
    SlideshowResponse,
    ZipResponse,
)

SDK = Path(__file__).resolve().parents[2] / "sdk"
RENDER_TIMEOUT = 150


@pytest.fixture(scope="module")
def org(new_org, set_rate_limit) -> dict[str, str]:
    made = new_org("pro")
    set_rate_limit(made["organization_id"], 100_000)  # polling a render would hit the per-minute limit
    return made


@pytest.fixture
def sdk_client(gateway_url: str, org: dict[str, str]):
    with AuthenticatedClient(
        base_url=gateway_url, token=org["api_key"], timeout=httpx.Timeout(30), raise_on_unexpected_status=True
    ) as client:
        yield client


def test_sdk_document_is_the_served_document(gateway_url: str) -> None:
    served = httpx.get(f"{gateway_url}/openapi.json", timeout=30)
    assert served.status_code == 200
    committed = json.loads((SDK / "openapi.json").read_text())
    assert committed == served.json(), "sdk/ was generated from another document: run make sdk and commit"


def test_typescript_types_name_every_path_and_operation() -> None:
    document = json.loads((SDK / "openapi.json").read_text())
    types = (SDK / "typescript" / "schema.d.ts").read_text()
    for path, item in document["paths"].items():
        assert f'"{path}": {{' in types, path
        for method, operation in item.items():
            assert re.search(rf"^\s+{operation['operationId']}: {{$", types, re.M), (method, path)
    for name in document["components"]["schemas"]:
        assert re.search(rf"^\s+{name}: {{$", types, re.M), name


def test_main_flow_through_the_generated_python_client(sdk_client: AuthenticatedClient) -> None:
    created = create_app.sync(
        client=sdk_client,
        body=AppCreate(
            name=f"SDK Zen {uuid.uuid4().hex[:6]}",
            niche="meditation",
            value_props=["Calm in five minutes"],
            pain_points=["Racing thoughts at night"],
        ),
    )
    assert isinstance(created, AppCreatedOut), created
    app_id = created.body.field_id
    fetched = get_app.sync(app_id, client=sdk_client)
    assert fetched is not None and not isinstance(fetched, ErrorEnvelope), fetched
    assert fetched.body.field_id == app_id

    queued = generate.sync(
        app_id,
        client=sdk_client,
        body=GenerateBody(template_key="problem_solution"),
        idempotency_key=uuid.uuid4().hex,
    )
    assert isinstance(queued, GenerateResponse), queued
    assert queued.body.status == "QUEUED"
    slideshow_id = queued.body.slideshow_id

    deadline = time.monotonic() + RENDER_TIMEOUT
    while True:
        deck = get_slideshow.sync(slideshow_id, client=sdk_client)
        assert isinstance(deck, SlideshowResponse), deck
        if deck.body.status in (SlideshowDetailStatus.READY, SlideshowDetailStatus.FAILED):
            break
        assert time.monotonic() < deadline, f"{slideshow_id} did not finish"
        time.sleep(0.25)
    assert deck.body.status is SlideshowDetailStatus.READY, deck.body.error
    assert deck.body.field_id == slideshow_id and deck.body.app_id == app_id
    assert len(deck.body.slides) == 6

    bundle = get_zip.sync(slideshow_id, client=sdk_client)
    assert isinstance(bundle, ZipResponse), bundle
    download = httpx.get(bundle.data.url, timeout=60)
    assert download.status_code == 200
    with zipfile.ZipFile(io.BytesIO(download.content)) as archive:
        names = set(archive.namelist())
    assert {f"slides/{i:02d}.png" for i in range(1, 7)} <= names and "metadata.json" in names


def test_errors_come_back_as_the_generated_error_envelope(sdk_client: AuthenticatedClient) -> None:
    missing = get_slideshow.sync_detailed("ss_" + "0" * 24, client=sdk_client)
    assert missing.status_code == 404
    assert isinstance(missing.parsed, ErrorEnvelope)
    assert missing.parsed.success is False and missing.parsed.error.code == "SLIDESHOW_NOT_FOUND"

    anonymous = AuthenticatedClient(base_url=str(sdk_client._base_url), token="sk_live_" + "x" * 40)
    with anonymous:
        denied = get_app.sync_detailed("app_" + "0" * 24, client=anonymous)
    assert denied.status_code == 401 and isinstance(denied.parsed, ErrorEnvelope)
    assert denied.parsed.error.code == "UNAUTHORIZED"
