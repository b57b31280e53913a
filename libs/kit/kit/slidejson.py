"""The JSON of a rendered slide and of a marketing asset (`renderer_pb2.Slide` /
`MarketingAsset`, the renderer's contract): one mapping for every place that shows them, namely
the gateway's slideshow answers (REST, and MCP and the console through them), the renderer's
ZIP `metadata.json` and delivery's webhook payloads. Key order is part of the bytes sent."""

from __future__ import annotations

from typing import Any

from slides.renderer.v1 import renderer_pb2


def slide_json(s: renderer_pb2.Slide) -> dict[str, Any]:
    return {
        "order": s.order,
        "template": s.template,
        "layout_type": s.layout_type,
        "title": s.title,
        "subtitle": s.subtitle,
        "label": s.label,
        "image_url": s.image_url,
        "duration": s.duration,
    }


def asset_json(a: renderer_pb2.MarketingAsset) -> dict[str, Any]:
    """A hashtags asset shows its tags, any other its text."""
    if a.type == "hashtags":
        return {"type": a.type, "tags": list(a.tags)}
    return {"type": a.type, "text": a.text}
