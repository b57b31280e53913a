"""REST-shaped dicts (what the operations return) -> the MCP tools' output models."""

from __future__ import annotations

from typing import Any

from gateway.mcp_tools import models as m

# API.md: REST QUEUED and RENDERING = MCP PENDING; READY = COMPLETED; FAILED = FAILED.
REST_TO_MCP: dict[str, m.McpStatus] = {
    "QUEUED": "PENDING",
    "RENDERING": "PENDING",
    "READY": "COMPLETED",
    "FAILED": "FAILED",
}
MCP_TO_REST: dict[str, list[str]] = {
    "PENDING": ["QUEUED", "RENDERING"],
    "COMPLETED": ["READY"],
    "FAILED": ["FAILED"],
}


def unwrap(result: Any) -> dict[str, Any]:
    """The single item of an operation result: its `body` when it is an envelope."""
    if isinstance(result, dict):
        body = result.get("body")
        return body if isinstance(body, dict) else result
    return {}


def items(result: Any) -> list[dict[str, Any]]:
    """The `data` list of a collection result."""
    data = result.get("data") if isinstance(result, dict) else None
    return [x for x in data if isinstance(x, dict)] if isinstance(data, list) else []


def s(d: dict[str, Any], *keys: str) -> str:
    for key in keys:
        value = d.get(key)
        if value:
            return str(value)
    return ""


def strs(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


def mcp_status(rest_status: str) -> m.McpStatus:
    return REST_TO_MCP.get(rest_status.upper(), "PENDING")


def app_summary(d: dict[str, Any]) -> m.AppSummary:
    return m.AppSummary(
        id=s(d, "_id"),
        name=s(d, "name"),
        niche=s(d, "niche"),
        design=s(d, "design") or "classic",
        tagline=s(d, "tagline"),
        language=s(d, "language") or "en",
        status=s(d, "status") or "ACTIVE",
    )


def app_details(d: dict[str, Any]) -> m.AppDetails:
    return m.AppDetails(
        id=s(d, "_id"),
        name=s(d, "name"),
        niche=s(d, "niche"),
        language=s(d, "language") or "en",
        status=s(d, "status") or "ACTIVE",
        design=s(d, "design") or "classic",
        tagline=s(d, "tagline"),
        offer=s(d, "description"),
        audience=s(d, "target_audience"),
        value_props=strs(d.get("value_props")),
        pain_points=strs(d.get("pain_points")),
        differentiators=strs(d.get("differentiators")),
        links=m.AppLinks(
            ios_url=s(d, "ios_url"), android_url=s(d, "android_url"), website_url=s(d, "website_url")
        ),
        colors=m.BrandColors(
            primary=s(d, "brand_primary_color"),
            secondary=s(d, "brand_secondary_color"),
            accent=s(d, "brand_accent_color"),
        ),
        image_source=s(d, "image_source") or "brand",
        screenshots=strs(d.get("screenshots")),
        photos=strs(d.get("photos")),
    )


def format_info(d: dict[str, Any]) -> m.FormatInfo:
    return m.FormatInfo(
        key=s(d, "key"),
        name=s(d, "name"),
        description=s(d, "description"),
        slide_roles=strs(d.get("slide_roles")),
        variables=[
            m.FormatVariable(
                name=s(v, "name"), description=s(v, "description"), required=bool(v.get("required"))
            )
            for v in d.get("variables") or []
            if isinstance(v, dict)
        ],
    )


def design_info(d: dict[str, Any]) -> m.DesignInfo:
    return m.DesignInfo(key=s(d, "key"), name=s(d, "name") or s(d, "key"), description=s(d, "description"))


def _assets(d: dict[str, Any]) -> tuple[str | None, list[str], str | None]:
    caption: str | None = None
    hashtags: list[str] = []
    cta: str | None = None
    for asset in d.get("marketing_assets") or []:
        kind = str(asset.get("type", "")).lower()
        if kind == "caption" and caption is None:
            caption = str(asset.get("text") or "")
        elif kind == "hashtags":
            hashtags.extend(strs(asset.get("tags")))
        elif kind == "cta" and cta is None:
            cta = str(asset.get("text") or "")
    return caption, hashtags, cta


def _slides(d: dict[str, Any]) -> list[m.SlideOutput]:
    slides = [
        m.SlideOutput(
            order=int(x.get("order", i)),
            role=s(x, "template"),
            title=s(x, "title"),
            subtitle=s(x, "subtitle"),
            image_url=s(x, "image_url"),
        )
        for i, x in enumerate(d.get("slides") or [])
        if isinstance(x, dict)
    ]
    return sorted(slides, key=lambda x: x.order)


def _error(d: dict[str, Any], status: m.McpStatus) -> m.SlideshowError | None:
    err = d.get("error")
    if status != "FAILED":
        return None
    if isinstance(err, dict):
        return m.SlideshowError(code=s(err, "code") or "RENDER_FAILED", message=s(err, "message"))
    return m.SlideshowError(code="RENDER_FAILED", message=str(err or "Rendering failed."))


def slideshow(d: dict[str, Any]) -> m.SlideshowOutput:
    status = mcp_status(s(d, "status"))
    completed = status == "COMPLETED"
    slides = _slides(d) if completed else []
    caption, hashtags, cta = _assets(d) if completed else (None, [], None)
    return m.SlideshowOutput(
        slideshow_id=s(d, "_id"),
        app_id=s(d, "app_id"),
        app_name=s(d, "app_name"),
        status=status,
        hook_text=s(d, "hook_text_snapshot"),
        language=s(d, "language"),
        template_key=s(d, "template_key"),
        design=s(d, "design"),
        image_urls=[x.image_url for x in slides],
        slides=slides,
        caption=caption,
        hashtags=hashtags,
        cta=cta,
        error=_error(d, status),
        created_at=d.get("createdAt"),
    )


def slideshow_summary(d: dict[str, Any]) -> m.SlideshowSummary:
    full = slideshow(d)
    return m.SlideshowSummary(
        slideshow_id=full.slideshow_id,
        app_id=full.app_id,
        status=full.status,
        hook_text=full.hook_text,
        created_at=full.created_at,
    )


def hook(d: dict[str, Any]) -> m.HookIdea:
    return m.HookIdea(text=s(d, "text"), category=s(d, "category"), language=s(d, "language"))


def _int(d: dict[str, Any], key: str) -> int:
    try:
        return int(d.get(key) or 0)
    except (TypeError, ValueError):
        return 0


def usage(d: dict[str, Any]) -> m.UsageOutput:
    limits = d.get("limits") or {}
    # operations.billing.get_usage: "usage": {quota kind: {"limit": n, "used": n}}
    used = {str(k): _int(v, "used") for k, v in (d.get("usage") or {}).items() if isinstance(v, dict)}
    generated = used.get("slideshows_per_month", 0)
    per_month = _int(limits, "slideshows_per_month")
    return m.UsageOutput(
        plan=s(d, "plan"),
        status=s(d, "status") or "ACTIVE",
        limits=m.PlanLimits(
            apps=_int(limits, "apps"),
            slideshows_per_month=per_month,
            hook_refreshes_per_month=_int(limits, "hook_refreshes_per_month"),
            api_keys=bool(limits.get("api_keys")),
            publishing=bool(limits.get("publishing")),
            requests_per_minute=_int(limits, "requests_per_minute"),
        ),
        used=used,
        slideshows_generated=generated,
        slideshows_remaining=max(0, per_month - generated),
        period_start=d.get("period_start"),
        period_end=d.get("period_end"),
    )


def publish(d: dict[str, Any], slideshow_id: str, platform: str, mode: str) -> m.PublishOutput:
    return m.PublishOutput(
        slideshow_id=s(d, "slideshow_id") or slideshow_id,
        platform=s(d, "platform") or platform,
        mode=s(d, "mode") or mode,
        status=s(d, "status") or "SUBMITTED",
        publish_id=s(d, "publish_id"),
        privacy_level=s(d, "privacy_level"),
        already_published=bool(d.get("already_published")),
    )
