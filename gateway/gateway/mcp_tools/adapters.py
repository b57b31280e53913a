"""The operations' results -> the MCP tools' output models. Slideshows and the catalog are typed
results (gateway.models) read as attributes; the other resources are still REST-shaped dicts."""

from __future__ import annotations

from typing import Any

from gateway import models as rest
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


def mcp_status(rest_status: str) -> m.McpStatus:
    return REST_TO_MCP.get(rest_status.upper(), "PENDING")


def app_summary(d: rest.AppOut) -> m.AppSummary:
    return m.AppSummary(
        id=d.id,
        name=d.name,
        niche=d.niche,
        design=d.design or "classic",
        tagline=d.tagline,
        language=d.language or "en",
        status=d.status or "ACTIVE",
    )


def app_details(d: rest.AppOut) -> m.AppDetails:
    return m.AppDetails(
        id=d.id,
        name=d.name,
        niche=d.niche,
        language=d.language or "en",
        status=d.status or "ACTIVE",
        design=d.design or "classic",
        tagline=d.tagline,
        offer=d.description,
        audience=d.target_audience,
        value_props=list(d.value_props),
        pain_points=list(d.pain_points),
        differentiators=list(d.differentiators),
        links=m.AppLinks(ios_url=d.ios_url, android_url=d.android_url, website_url=d.website_url),
        colors=m.BrandColors(
            primary=d.brand_primary_color,
            secondary=d.brand_secondary_color,
            accent=d.brand_accent_color,
        ),
        image_source=d.image_source or "brand",
        screenshots=list(d.screenshots),
        photos=list(d.photos),
    )


def format_info(f: rest.FormatInfo) -> m.FormatInfo:
    return m.FormatInfo(
        key=f.key,
        name=f.name,
        description=f.description,
        slide_roles=list(f.slide_roles),
        variables=[
            m.FormatVariable(name=v.name, description=v.description, required=v.required) for v in f.variables
        ],
    )


def design_info(d: rest.DesignInfo) -> m.DesignInfo:
    return m.DesignInfo(key=d.key, name=d.name or d.key, description=d.description)


def _assets(d: rest.SlideshowDetail) -> tuple[str | None, list[str], str | None]:
    caption: str | None = None
    hashtags: list[str] = []
    cta: str | None = None
    for asset in d.marketing_assets:
        kind = asset.type.lower()
        if kind == "caption" and caption is None:
            caption = asset.text or ""
        elif kind == "hashtags":
            hashtags.extend(asset.tags or [])
        elif kind == "cta" and cta is None:
            cta = asset.text or ""
    return caption, hashtags, cta


def _slides(d: rest.SlideshowDetail) -> list[m.SlideOutput]:
    slides = [
        m.SlideOutput(
            order=x.order, role=x.template, title=x.title, subtitle=x.subtitle, image_url=x.image_url
        )
        for x in d.slides
    ]
    return sorted(slides, key=lambda x: x.order)


def _error(d: rest.SlideshowDetail, status: m.McpStatus) -> m.SlideshowError | None:
    if status != "FAILED":
        return None
    if d.error is not None:
        return m.SlideshowError(code=d.error.code or "RENDER_FAILED", message=d.error.message)
    return m.SlideshowError(code="RENDER_FAILED", message="Rendering failed.")


def slideshow(d: rest.SlideshowDetail) -> m.SlideshowOutput:
    status = mcp_status(d.status)
    completed = status == "COMPLETED"
    slides = _slides(d) if completed else []
    caption, hashtags, cta = _assets(d) if completed else (None, [], None)
    return m.SlideshowOutput(
        slideshow_id=d.id,
        app_id=d.app_id,
        app_name=d.app_name,
        status=status,
        hook_text=d.hook_text_snapshot,
        language=d.language,
        template_key=d.template_key,
        design=d.design,
        image_urls=[x.image_url for x in slides],
        slides=slides,
        caption=caption,
        hashtags=hashtags,
        cta=cta,
        error=_error(d, status),
        created_at=d.createdAt,
    )


def slideshow_summary(d: rest.SlideshowSummary) -> m.SlideshowSummary:
    return m.SlideshowSummary(
        slideshow_id=d.id,
        app_id=d.app_id,
        status=mcp_status(d.status),
        hook_text=d.hook_text_snapshot,
        created_at=d.createdAt,
    )


def hook(d: rest.GeneratedHook) -> m.HookIdea:
    return m.HookIdea(text=d.text, category=d.category, language=d.language)


def _int(d: dict[str, Any], key: str) -> int:
    try:
        return int(d.get(key) or 0)
    except (TypeError, ValueError):
        return 0


def usage(d: rest.UsageOut) -> m.UsageOutput:
    limits = d.limits
    used = {str(k): v.used for k, v in d.usage.items()}
    generated = used.get("slideshows_per_month", 0)
    return m.UsageOutput(
        plan=d.plan,
        status=d.status or "ACTIVE",
        limits=m.PlanLimits(
            apps=limits.apps,
            slideshows_per_month=limits.slideshows_per_month,
            hook_refreshes_per_month=limits.hook_refreshes_per_month,
            api_keys=limits.api_keys,
            publishing=limits.publishing,
            requests_per_minute=limits.requests_per_minute,
        ),
        used=used,
        slideshows_generated=generated,
        slideshows_remaining=max(0, limits.slideshows_per_month - generated),
        period_start=d.period_start,
        period_end=d.period_end,
    )


def publish(d: rest.Publish, slideshow_id: str, platform: str, mode: str) -> m.PublishOutput:
    return m.PublishOutput(
        slideshow_id=d.slideshow_id or slideshow_id,
        platform=d.platform or platform,
        mode=d.mode or mode,
        status=d.status or "SUBMITTED",
        publish_id=d.publish_id,
        privacy_level=d.privacy_level,
        already_published=d.already_published,
    )
