"""The ten MCP tools. Each one calls the same operation as its REST route (gateway.operations),
then reshapes the REST-style answer into the tool's declared output model."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from gateway.mcp_tools import adapters as a
from gateway.mcp_tools import context
from gateway.mcp_tools import models as m
from gateway.operations import apps, billing, delivery, hooks, slideshows

AppId = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="Id of one of your apps (app_...), as returned by list_apps.",
    ),
]
SlideshowId = Annotated[
    str,
    Field(
        min_length=1, max_length=100, description="Slideshow id (ss_...), as returned by generate_slideshow."
    ),
]


async def list_apps(
    status: Annotated[
        Literal["ACTIVE", "ARCHIVED"] | None,
        Field(description="Only apps in this status: ACTIVE or ARCHIVED. Omit for all apps."),
    ] = None,
    page: Annotated[int, Field(ge=1, le=10_000, description="1-indexed page number. Default 1.")] = 1,
    limit: Annotated[int, Field(ge=1, le=100, description="Apps per page, 1-100. Default 50.")] = 50,
) -> m.ListAppsOutput:
    """List the apps of your organization with their id, name, niche, default design and tagline.
    Start here: the app id is what the other tools need."""
    result = await apps.list_apps(*context.args(), page=page, limit=limit, status=status)
    return m.ListAppsOutput(
        apps=[a.app_summary(x) for x in result.data],
        page=result.page or page,
        limit=result.limit or limit,
        total=result.total,
    )


async def get_app(app_id: AppId) -> m.AppDetails:
    """Full positioning of one app: offer (description), target audience, value propositions,
    pain points, differentiators, store links and brand colors. Use it to write on-brand copy or
    to pick a format. Unknown id: error APP_NOT_FOUND."""
    return a.app_details((await apps.get_app(*context.args(), app_id=app_id)).body)


async def list_formats(
    niche: Annotated[
        str | None,
        Field(
            max_length=40,
            description="Only the formats offered to apps of this niche (an app's `niche` from list_apps). "
            "Omit for every format.",
        ),
    ] = None,
) -> m.ListFormatsOutput:
    """List slideshow formats (narrative shapes such as problem_solution). A format's `key` is the
    `template_key` of generate_slideshow; the app's niche decides which keys it accepts."""
    result = await slideshows.list_formats(context.get().backends, niche=niche or "")
    return m.ListFormatsOutput(niche=niche or None, formats=[a.format_info(x) for x in result.data])


async def list_design_templates() -> m.ListDesignsOutput:
    """List the visual designs a slideshow can be rendered with (for example classic, inspo,
    editorial-split, brand-studio). Pass a design's `key` as generate_slideshow.design."""
    result = await slideshows.list_designs(context.get().backends)
    return m.ListDesignsOutput(designs=[a.design_info(x) for x in result.data])


async def generate_slideshow(
    app_id: AppId,
    template_key: Annotated[
        str,
        Field(
            min_length=1,
            max_length=80,
            description="Format key from list_formats (e.g. problem_solution); must be offered by the app's niche.",
        ),
    ],
    variable_overrides: Annotated[
        dict[str, str] | None,
        Field(
            description="Optional values for the format's variables (names from list_formats), all strings."
        ),
    ] = None,
    design: Annotated[
        str | None,
        Field(max_length=40, description="Design key from list_design_templates. Default: the app's design."),
    ] = None,
    idempotency_key: Annotated[
        str | None,
        Field(
            max_length=255,
            description="Optional key making a retry safe: the same key with the same arguments within "
            "24 h returns the first slideshow and consumes no quota.",
        ),
    ] = None,
) -> m.GenerateOutput:
    """Start generating a 6-slide slideshow for an app. Asynchronous: returns at once with a
    slideshow_id and status PENDING, and consumes one unit of the monthly slideshow quota
    (QUOTA_EXCEEDED when none is left). Then call get_slideshow with the id until its status is
    COMPLETED or FAILED (rendering usually takes under a minute)."""
    result = await slideshows.generate(
        *context.args(),
        app_id=app_id,
        template_key=template_key,
        variable_overrides=variable_overrides or {},
        idempotency_key=idempotency_key or "",
        design=design or "",
    )
    return m.GenerateOutput(slideshow_id=result.body.slideshow_id, status=a.mcp_status(result.body.status))


async def get_slideshow(slideshow_id: SlideshowId) -> m.SlideshowOutput:
    """Poll one slideshow. status is PENDING (queued or rendering), COMPLETED (then image_urls,
    slides, caption, hashtags and cta are filled) or FAILED (then `error` says why). Unknown id:
    error SLIDESHOW_NOT_FOUND."""
    return a.slideshow((await slideshows.get_slideshow(*context.args(), slideshow_id=slideshow_id)).body)


async def list_slideshows(
    app_id: Annotated[
        str | None,
        Field(max_length=100, description="Only slideshows of this app (app_...). Omit for all apps."),
    ] = None,
    status: Annotated[
        Literal["PENDING", "COMPLETED", "FAILED"] | None,
        Field(description="Only slideshows in this status: PENDING, COMPLETED or FAILED. Omit for all."),
    ] = None,
    limit: Annotated[
        int, Field(ge=1, le=100, description="How many recent slideshows, 1-100. Default 20.")
    ] = 20,
) -> m.ListSlideshowsOutput:
    """List recent slideshows, newest first, optionally filtered by app and by status."""
    statuses = a.MCP_TO_REST[status] if status else []
    result = await slideshows.list_slideshows(
        *context.args(), page=1, limit=limit, app_id=app_id or "", statuses=statuses
    )
    return m.ListSlideshowsOutput(
        slideshows=[a.slideshow_summary(x) for x in result.data], total=result.total
    )


async def generate_hooks(
    app_id: AppId,
    count: Annotated[int, Field(ge=1, le=50, description="How many hooks to write, 1-50. Default 10.")] = 10,
    category: Annotated[
        Literal["problem", "curiosity", "social_proof", "listicle", "contrarian", "story"] | None,
        Field(description="Only hooks of this category. Omit to mix every category."),
    ] = None,
) -> m.GenerateHooksOutput:
    """Brainstorm hooks (short openers for the first slide) from the app's pain points and offer.
    Nothing is stored: each call gives fresh ideas (their id is empty)."""
    result = await hooks.generate_hooks(*context.args(), app_id=app_id, count=count, category=category or "")
    return m.GenerateHooksOutput(app_id=app_id, hooks=[a.hook(x) for x in result.data])


async def get_usage() -> m.UsageOutput:
    """Your plan, its limits, and what was used in the current billing period (slideshows
    generated, apps, hook refreshes), with the period's start and end."""
    return a.usage(await billing.get_usage(*context.args()))


async def publish_slideshow(
    slideshow_id: SlideshowId,
    mode: Annotated[
        Literal["draft", "direct"],
        Field(
            description="Required (publishing cannot be undone): draft: sent to the creator's TikTok "
            "inbox to finish there; direct: posted at once."
        ),
    ],
    privacy_level: Annotated[
        Literal["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"] | None,
        Field(
            description="Who can see a direct post. Default: the account's default (SELF_ONLY when unknown)."
        ),
    ] = None,
    platform: Annotated[
        Literal["tiktok"], Field(description="Where to publish. Only tiktok is supported.")
    ] = "tiktok",
) -> m.PublishOutput:
    """Publish a COMPLETED slideshow to the app's connected TikTok account. Cannot be undone; a
    repeat for the same slideshow returns the recorded publication (already_published true)
    instead of posting again. Needs a plan with publishing (Pro or Business). Errors: SLIDESHOW_NOT_READY (not COMPLETED), PLAN_UPGRADE_REQUIRED
    (plan without publishing), NO_CONNECTED_ACCOUNT (connect the account first), RECONNECT_REQUIRED
    (TikTok no longer accepts the account: connect it again), VALIDATION_ERROR (a privacy level the
    creator lacks)."""
    result = await delivery.publish(
        *context.args(),
        slideshow_id=slideshow_id,
        platform=platform,
        mode=mode,
        privacy_level=privacy_level or "",
    )
    return a.publish(result.body, slideshow_id, platform, mode)
