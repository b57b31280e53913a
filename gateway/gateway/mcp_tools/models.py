"""Structured outputs of the MCP tools (each tool declares one as its outputSchema)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

McpStatus = Literal["PENDING", "COMPLETED", "FAILED"]


class AppSummary(BaseModel):
    id: str = Field(description="App id (app_...). Pass it to get_app, generate_slideshow, generate_hooks.")
    name: str = Field(description="App name.")
    niche: str = Field(description="The app's niche; it decides which formats (template keys) it offers.")
    design: str = Field(description="Default visual design of the app's slideshows (e.g. classic).")
    tagline: str = Field(description="One-line positioning of the app; empty when not set.")
    language: str = Field(description="ISO language code of the app's content (e.g. en).")
    status: str = Field(description="ACTIVE or ARCHIVED.")


class ListAppsOutput(BaseModel):
    apps: list[AppSummary] = Field(description="Apps of this page, newest first.")
    page: int = Field(description="1-indexed page number returned.")
    limit: int = Field(description="Page size used.")
    total: int = Field(description="Number of apps matching the filter, over all pages.")


class AppLinks(BaseModel):
    ios_url: str = Field(description="App Store URL; empty when not set.")
    android_url: str = Field(description="Play Store URL; empty when not set.")
    website_url: str = Field(description="Marketing site URL; empty when not set.")


class BrandColors(BaseModel):
    primary: str = Field(description="Primary brand color (hex); empty when not set.")
    secondary: str = Field(description="Secondary brand color (hex); empty when not set.")
    accent: str = Field(description="Accent brand color (hex); empty when not set.")


class AppDetails(BaseModel):
    id: str = Field(description="App id (app_...).")
    name: str = Field(description="App name.")
    niche: str = Field(description="The app's niche.")
    language: str = Field(description="ISO language code of the app's content.")
    status: str = Field(description="ACTIVE or ARCHIVED.")
    design: str = Field(description="Default visual design (see list_design_templates).")
    tagline: str = Field(description="One-line positioning; empty when not set.")
    offer: str = Field(description="What the app offers: its description (the full positioning text).")
    audience: str = Field(description="Who the app is for (target audience).")
    value_props: list[str] = Field(description="Value propositions, most important first.")
    pain_points: list[str] = Field(description="Pain points of the audience that the app solves.")
    differentiators: list[str] = Field(description="What sets the app apart from alternatives.")
    links: AppLinks = Field(description="Store and website links.")
    colors: BrandColors = Field(description="Brand colors used by the brand-based imagery.")
    image_source: str = Field(
        description="Where the slide imagery comes from: brand (generated from the brand colors and niche), "
        "screenshots (the app's screenshots), photos (the app's photos), stock (stock photography) or "
        "ai (AI-generated imagery)."
    )
    screenshots: list[str] = Field(description="URLs of the app's uploaded screenshots.")
    photos: list[str] = Field(description="URLs of the app's uploaded photos (at most 24).")


class FormatVariable(BaseModel):
    name: str = Field(description="Variable name, usable as a key of generate_slideshow.variable_overrides.")
    description: str = Field(description="What the variable fills in.")
    required: bool = Field(description="Whether the format needs a value for it.")


class FormatInfo(BaseModel):
    key: str = Field(description="Format key: pass it as generate_slideshow.template_key.")
    name: str = Field(description="Human name of the format.")
    description: str = Field(description="The narrative shape of the deck.")
    slide_roles: list[str] = Field(
        description="Role of each of the 6 slides, in order (HOOK, PROBLEM, ... CTA)."
    )
    variables: list[FormatVariable] = Field(description="Variables the format accepts as overrides.")


class ListFormatsOutput(BaseModel):
    niche: str | None = Field(description="The niche the list is restricted to, or null for every format.")
    formats: list[FormatInfo] = Field(description="Available slideshow formats.")


class DesignInfo(BaseModel):
    key: str = Field(description="Design key: pass it as generate_slideshow.design.")
    name: str = Field(description="Human name of the design.")
    description: str = Field(description="What the design looks like.")


class ListDesignsOutput(BaseModel):
    designs: list[DesignInfo] = Field(
        description="Visual designs (for example classic, inspo, editorial-split)."
    )


class GenerateOutput(BaseModel):
    slideshow_id: str = Field(description="Id of the new slideshow (ss_...). Poll it with get_slideshow.")
    status: McpStatus = Field(
        description="PENDING right after generation (rendering runs in the background)."
    )


class SlideOutput(BaseModel):
    order: int = Field(description="Position of the slide in the deck (the list is sorted by it).")
    role: str = Field(description="Role of the slide (HOOK, PROBLEM, POINT, PROOF, SOLUTION, CTA, ...).")
    title: str = Field(description="Main text on the slide.")
    subtitle: str = Field(description="Secondary text; may be empty.")
    image_url: str = Field(description="URL of the rendered 1080x1920 PNG; fetchable without credentials.")


class SlideshowError(BaseModel):
    code: str = Field(description="Machine-readable failure code.")
    message: str = Field(description="What went wrong.")


class SlideshowOutput(BaseModel):
    slideshow_id: str = Field(description="Slideshow id (ss_...).")
    app_id: str = Field(description="Id of the app the slideshow promotes.")
    app_name: str = Field(description="Name of that app; empty when unknown.")
    status: McpStatus = Field(description="PENDING (queued or rendering), COMPLETED or FAILED.")
    hook_text: str = Field(description="The hook the deck opens with.")
    language: str = Field(description="Language of the slide texts and assets.")
    template_key: str = Field(description="Format used (see list_formats).")
    design: str = Field(description="Visual design used.")
    image_urls: list[str] = Field(description="Slide image URLs in order; empty until COMPLETED.")
    slides: list[SlideOutput] = Field(description="The slides in order; empty until COMPLETED.")
    caption: str | None = Field(description="Post caption (when COMPLETED), else null.")
    hashtags: list[str] = Field(description="Hashtags for the post (at most 5); empty until COMPLETED.")
    cta: str | None = Field(description="Call to action (when COMPLETED), else null.")
    error: SlideshowError | None = Field(description="Why rendering failed (only when FAILED), else null.")
    created_at: str | None = Field(description="Creation time, ISO 8601 UTC.")


class SlideshowSummary(BaseModel):
    slideshow_id: str = Field(description="Slideshow id (ss_...).")
    app_id: str = Field(description="Id of the app it promotes.")
    status: McpStatus = Field(description="PENDING, COMPLETED or FAILED.")
    hook_text: str = Field(description="The hook the deck opens with.")
    created_at: str | None = Field(description="Creation time, ISO 8601 UTC.")


class ListSlideshowsOutput(BaseModel):
    slideshows: list[SlideshowSummary] = Field(description="Recent slideshows, newest first.")
    total: int = Field(description="Number of slideshows matching the filters.")


class HookIdea(BaseModel):
    text: str = Field(description="The hook: a short opener for the first slide.")
    category: str = Field(
        description="Hook category (problem, curiosity, social_proof, listicle, contrarian or story)."
    )
    language: str = Field(description="Language of the hook.")


class GenerateHooksOutput(BaseModel):
    app_id: str = Field(description="The app the hooks were written for.")
    hooks: list[HookIdea] = Field(description="The brainstormed hooks.")


class PlanLimits(BaseModel):
    apps: int = Field(description="Maximum number of apps.")
    slideshows_per_month: int = Field(description="Slideshows that may be generated per billing period.")
    hook_refreshes_per_month: int = Field(description="Hook library refreshes per billing period.")
    api_keys: bool = Field(description="Whether API keys (and so MCP) are available.")
    publishing: bool = Field(description="Whether publish_slideshow is available.")
    requests_per_minute: int = Field(description="Shared REST + MCP request limit per minute.")


class UsageOutput(BaseModel):
    plan: str = Field(description="free, starter, pro or business.")
    status: str = Field(description="Organization status: ACTIVE, PAST_DUE or SUSPENDED.")
    limits: PlanLimits = Field(description="Limits of the plan.")
    used: dict[str, int] = Field(
        description="Units used this period per quota kind (apps, slideshows_per_month, hook_refreshes)."
    )
    slideshows_generated: int = Field(description="Slideshows generated in the current billing period.")
    slideshows_remaining: int = Field(description="Slideshows that can still be generated this period.")
    period_start: str | None = Field(description="Start of the current billing period, ISO 8601 UTC.")
    period_end: str | None = Field(description="End of the current billing period, ISO 8601 UTC.")


class PublishOutput(BaseModel):
    slideshow_id: str = Field(description="The published slideshow.")
    platform: str = Field(description="Platform published to (tiktok).")
    mode: str = Field(description="draft (sent to the creator's inbox) or direct (posted).")
    status: str = Field(description="State of the publication as reported by the platform integration.")
    publish_id: str = Field(description="Platform-side id of the publication; empty when not given.")
    privacy_level: str = Field(description="Privacy level used for a direct post; empty for drafts.")
    already_published: bool = Field(
        description="True when this slideshow had already been published to this account: the recorded "
        "publication is returned and nothing is posted again."
    )
