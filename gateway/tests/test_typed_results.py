"""Typed results (no stack): routes call services only through gateway.operations, and a result
renders to the bytes the API has always sent."""

from __future__ import annotations

import ast
from pathlib import Path

import orjson
from gateway.mcp_tools import adapters
from gateway.models import (
    Done,
    KeyListEnvelope,
    MarketingAsset,
    NewKeyEnvelope,
    OEmbed,
    Slide,
    SlideshowDetail,
    SlideshowError,
    SlideshowResponse,
    UsageOut,
)
from gateway.responses import dump, render

GATEWAY = Path(__file__).resolve().parents[1] / "gateway"


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_routes_mcp_tools_and_console_reach_services_only_through_operations():
    adapters_dirs = [GATEWAY / "routes", GATEWAY / "mcp_tools", GATEWAY / "console"]
    offenders = {}
    for folder in adapters_dirs:
        for path in folder.glob("*.py"):
            bad = {m for m in _imports(path) if m == "kit.grpcx" or m.startswith("slides.")}
            if bad:
                offenders[path.name] = sorted(bad)
    assert offenders == {}


def _deck(status: str = "READY", **extra) -> dict:
    return {
        "_id": "ss_1",
        "app_id": "app_1",
        "hook_id": "hk_1",
        "hook_text_snapshot": "Stop scrolling — «this» 😀",
        "status": status,
        "language": "en",
        "template_set": "default",
        "createdAt": "2026-11-01T10:00:00.000Z",
        "app_name": "Fit </script> Co",
        "template_key": "problem_solution",
        "design": "classic",
        "slides": [
            {
                "order": 0,
                "template": "HOOK",
                "layout_type": "hero",
                "title": "Line\u2028break",
                "subtitle": "",
                "label": "",
                "image_url": "http://s3/x.png",
                "duration": 3.200000047683716,
            }
        ],
        "marketing_assets": [{"type": "caption", "text": "Go"}, {"type": "hashtags", "tags": ["#a", "#b"]}],
        "updatedAt": None,
        **extra,
    }


def test_a_rendered_result_is_the_bytes_of_its_json():
    answer = {"success": True, "body": _deck()}
    result = SlideshowResponse.model_validate(answer)
    assert render(result).body == orjson.dumps(answer)
    assert dump(result) == answer
    assert render(result).headers["content-type"] == "application/json"


def test_a_result_of_its_content_renders_that_content_in_its_order():
    failed = _deck("FAILED")
    failed["error"] = {"code": "RENDER_FAILED", "message": "x"}  # after updatedAt, as always sent
    content = {"success": True, "body": failed}
    result = SlideshowResponse.of(content)
    assert render(result).body == orjson.dumps(content)
    assert dump(result) == content  # the model holds exactly what is sent
    assert result.body.error is not None and result.body.error.code == "RENDER_FAILED"


def test_only_the_fields_the_operation_set_are_sent_and_success_always_is():
    assert dump(Done()) == {"success": True}
    no_thumb = OEmbed(html="<iframe>", width=1, height=2, title="t", provider_name="p", provider_url="u")
    assert "thumbnail_url" not in dump(no_thumb) and "version" not in dump(no_thumb)
    asset = MarketingAsset(type="hashtags", tags=["#a"])
    assert dump(asset) == {"type": "hashtags", "tags": ["#a"]}
    deck = SlideshowDetail.model_validate(_deck())
    assert "error" not in dump(deck)
    failed = SlideshowDetail.model_validate(_deck("FAILED", error={"code": "RENDER_FAILED", "message": "x"}))
    assert dump(failed)["error"] == {"code": "RENDER_FAILED", "message": "x"}


def test_mcp_reads_the_typed_results():
    out = adapters.slideshow(SlideshowDetail.model_validate(_deck()))
    assert out.status == "COMPLETED" and out.caption == "Go" and out.hashtags == ["#a", "#b"]
    assert out.image_urls == ["http://s3/x.png"] and out.slides[0].role == "HOOK"
    failed = adapters.slideshow(SlideshowDetail.model_validate(_deck("FAILED", error=None)))
    assert failed.status == "FAILED" and failed.error is not None and failed.error.code == "RENDER_FAILED"
    assert failed.slides == [] and failed.caption is None
    with_error = SlideshowDetail.model_validate(_deck("FAILED"))
    with_error.error = SlideshowError(code="NO_HOOK", message="none")
    assert adapters.slideshow(with_error).error == adapters.m.SlideshowError(code="NO_HOOK", message="none")
    assert adapters.slideshow(SlideshowDetail.model_validate(_deck("RENDERING"))).status == "PENDING"
    usage = UsageOut.model_validate(
        {
            "plan": "pro",
            "status": "ACTIVE",
            "limits": {
                "apps": 5,
                "slideshows_per_month": 100,
                "hook_refreshes_per_month": 10,
                "api_keys": True,
                "publishing": True,
                "requests_per_minute": 120,
            },
            "usage": {"slideshows_per_month": {"limit": 100, "used": 30}, "apps": {"limit": 5, "used": 1}},
            "period_start": None,
            "period_end": None,
        }
    )
    mcp = adapters.usage(usage)
    assert mcp.slideshows_generated == 30 and mcp.slideshows_remaining == 70
    assert mcp.used == {"slideshows_per_month": 30, "apps": 1} and mcp.limits.apps == 5


def test_slide_fields_are_the_webhook_payloads_too():
    assert list(Slide.model_fields) == [
        "order",
        "template",
        "layout_type",
        "title",
        "subtitle",
        "label",
        "image_url",
        "duration",
    ]


def test_an_api_key_keeps_its_last_use_for_the_console_but_rest_does_not_send_it():
    listed = KeyListEnvelope.model_validate(
        {
            "success": True,
            "data": [
                {
                    "_id": "key_1",
                    "name": "ci",
                    "prefix": "sk_live_ab",
                    "createdAt": "2026-11-25T10:00:00Z",
                    "lastUsedAt": "2026-11-25T11:00:00Z",
                }
            ],
            "page": 1,
            "limit": 50,
            "total": 1,
        }
    )
    assert listed.data[0].last_used_at == "2026-11-25T11:00:00Z"
    assert render(listed).body == (
        b'{"success":true,"data":[{"_id":"key_1","name":"ci","prefix":"sk_live_ab",'
        b'"createdAt":"2026-11-25T10:00:00Z"}],"page":1,"limit":50,"total":1}'
    )
    created = NewKeyEnvelope.model_validate(
        {
            "success": True,
            "body": {
                "_id": "key_2",
                "name": "x",
                "prefix": "sk_live_cd",
                "createdAt": None,
                "lastUsedAt": None,
            }
            | {"key": "sk_live_cdef"},
        }
    )
    assert created.body.last_used_at is None
    assert list(dump(created)["body"]) == ["_id", "name", "prefix", "createdAt", "key"]


def test_the_apps_list_is_prerendered_in_the_app_json_order_and_read_as_models():
    from gateway.operations import apps as apps_ops
    from google.protobuf import timestamp_pb2
    from slides.catalog.v1 import catalog_pb2

    app = catalog_pb2.App(
        id="app_1",
        organization_id="org_1",
        name="Fit",
        slug="fit",
        niche="fitness",
        language="en",
        status="ACTIVE",
        design="classic",
        image_source="brand",
        tagline="Stronger daily",
        value_props=["a"],
        created_at=timestamp_pb2.Timestamp(seconds=1_700_000_000),
        updated_at=timestamp_pb2.Timestamp(seconds=1_700_000_100),
    )
    resp = catalog_pb2.ListAppsResponse(apps=[app])
    resp.page.page, resp.page.limit, resp.page.total = 1, 50, 1
    listed, size = apps_ops._list_result(resp)
    expected = {"success": True, "data": [apps_ops.app_json(app)], "page": 1, "limit": 50, "total": 1}
    body = render(listed).body
    assert body == orjson.dumps(expected) and size == len(body)
    # The JSON's key order is app_json's, not AppOut's; the model dumps to the same content.
    assert list(orjson.loads(body)["data"][0]) == list(apps_ops.app_json(app))
    assert dump(listed) == expected
    assert listed.data[0].tagline == "Stronger daily" and listed.model_fields_set == set(expected)
    summary = adapters.app_summary(listed.data[0])
    assert (summary.id, summary.name, summary.design, summary.status) == ("app_1", "Fit", "classic", "ACTIVE")
    details = adapters.app_details(listed.data[0])
    assert details.value_props == ["a"] and details.links.ios_url == ""
    empty = catalog_pb2.ListAppsResponse()
    empty.page.page, empty.page.limit, empty.page.total = 2, 50, 1
    assert (
        render(apps_ops._list_result(empty)[0]).body
        == b'{"success":true,"data":[],"page":2,"limit":50,"total":1}'
    )
