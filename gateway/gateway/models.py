"""The typed results of gateway.operations: the response models the REST routes declare, which
the routes render as JSON and the MCP tools and the console read as attributes.

Operations build them from the services' answers; `responses.render` turns one into the
API's JSON (by alias, only the fields the operation set, so optional keys stay absent exactly
as the contract says). Below the operations in the gateway's layers: imports no route, tool
or operation."""

from __future__ import annotations

from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ModelWrapValidatorHandler, PrivateAttr, model_validator


class Envelope(BaseModel):
    """`success: true` first, always in the JSON (whether or not the operation passed it)."""

    success: bool = True
    # The JSON content this result was validated from (Envelope.of), rendered as it is.
    _content: Any = PrivateAttr(default=None)

    def model_post_init(self, context: Any, /) -> None:
        self.__pydantic_fields_set__.add("success")

    @classmethod
    def of(cls, content: dict[str, Any]) -> Self:
        """The result validated from the JSON content an operation built (one pass in
        pydantic-core: cheaper than model_construct per nested model). The content is kept and is
        what REST renders (responses.render): the read paths skip a second serialization, and the
        bytes are the content's, key order included. tests/test_response_models.py checks that
        every answer dumps back from its model unchanged."""
        result = cls.model_validate(content)
        result._content = content
        return result

    @classmethod
    def prerendered(cls, content: Any, **fields: Any) -> Self:
        """A result of values validated before (memoized models) whose JSON was rendered once
        (an orjson.Fragment, or the JSON value): nothing is validated or serialized again, REST
        sends `content` as it is. For read paths that keep answers (the apps list and app reads);
        tests/test_response_models.py checks that the content is the model's JSON."""
        # What model_construct does, without its per-field default handling (about 10 us on the
        # apps list's miss path): every field is given except, maybe, success (always True).
        result = cls.__new__(cls)
        object.__setattr__(result, "__dict__", {"success": True, **fields})
        object.__setattr__(result, "__pydantic_fields_set__", {"success", *fields})
        object.__setattr__(result, "__pydantic_extra__", None)
        object.__setattr__(result, "__pydantic_private__", {"_content": content})
        return result


# --- auth ------------------------------------------------------------------------------------


class Session(BaseModel):
    session_token: str
    organization_id: str


class SessionEnvelope(Envelope):
    body: Session


class Done(Envelope):
    pass


# --- apps ----------------------------------------------------------------------------------------

AppStatus = Literal["ACTIVE", "ARCHIVED"]
Design = Literal["classic", "inspo", "editorial-split", "brand-studio"]
ImageSource = Literal["brand", "screenshots", "photos", "stock", "ai"]


class AppOut(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    id: str = Field(alias="_id", description="app_<id>")
    organization_id: str
    name: str
    slug: str
    niche: str
    language: str
    status: AppStatus
    target_audience: str
    description: str
    tagline: str
    ios_url: str
    android_url: str
    website_url: str
    brand_primary_color: str
    brand_secondary_color: str
    brand_accent_color: str
    screenshots: list[str]
    photos: list[str]
    value_props: list[str]
    pain_points: list[str]
    differentiators: list[str]
    design: Design
    image_source: ImageSource
    createdAt: str
    updatedAt: str


# The apps reads are pre-rendered (Envelope.prerendered): their JSON keeps the operation's key
# order (operations.apps.app_json), which is not AppOut's field order.
class AppList(Envelope):
    data: list[AppOut]
    page: int
    limit: int
    total: int


class AppOne(Envelope):
    body: AppOut


class CreatedApp(BaseModel):
    id: str = Field(alias="_id")
    slug: str
    name: str
    status: AppStatus
    createdAt: str


class AppCreatedOut(Envelope):
    body: CreatedApp


class UpdatedApp(BaseModel):
    id: str = Field(alias="_id")
    name: str
    status: AppStatus


class AppUpdatedOut(Envelope):
    body: UpdatedApp


class Success(Envelope):
    pass


# --- API keys ----------------------------------------------------------------------------------


class ApiKeyOut(BaseModel):
    id: str = Field(alias="_id")
    name: str
    prefix: str = Field(description="First characters of the key, for recognising it")
    createdAt: str | None = Field(default=None, description="ISO 8601 UTC")
    # When the key was last used (the console shows it): kept from the operation's JSON
    # (`lastUsedAt`), not a field of the REST answer.
    _last_used_at: str | None = PrivateAttr(default=None)

    @model_validator(mode="wrap")
    @classmethod
    def _keep_last_used(cls, data: Any, handler: ModelWrapValidatorHandler[Self]) -> Self:
        key = handler(data)
        if isinstance(data, dict):
            key._last_used_at = data.get("lastUsedAt")
        return key

    @property
    def last_used_at(self) -> str | None:
        return self._last_used_at


class NewApiKeyOut(ApiKeyOut):
    key: str = Field(description="The full secret: shown only in this answer")


class RevokedApiKeyOut(ApiKeyOut):
    revokedAt: str | None = Field(default=None, description="ISO 8601 UTC")


class NewKeyEnvelope(Envelope):
    body: NewApiKeyOut


class KeyListEnvelope(Envelope):
    data: list[ApiKeyOut]
    page: int = Field(description="always 1: every active key is returned in one page")
    limit: int
    total: int


class RevokedKeyEnvelope(Envelope):
    body: RevokedApiKeyOut


# --- billing: the payment webhook ---------------------------------------------------------------


class Received(BaseModel):
    received: bool = True
    duplicate: bool | None = Field(
        default=None, description="Present (true) when the event id was seen before"
    )


# --- billing: usage, organization, Stripe redirects ----------------------------------------------


class PlanLimitsOut(BaseModel):
    apps: int
    slideshows_per_month: int
    hook_refreshes_per_month: int
    api_keys: bool
    publishing: bool
    requests_per_minute: int


class QuotaUse(BaseModel):
    limit: int
    used: int


class UsageOut(BaseModel):
    plan: str
    status: str = Field(description="ACTIVE | PAST_DUE | SUSPENDED")
    limits: PlanLimitsOut
    usage: dict[str, QuotaUse] = Field(description="apps, slideshows_per_month, hook_refreshes")
    period_start: str | None
    period_end: str | None


class UsageEnvelope(Envelope):
    body: UsageOut


class SubscriptionOut(BaseModel):
    id: str
    status: str = Field(description="ACTIVE | TRIALING | PAST_DUE | CANCELED")
    plan: str
    current_period_start: str | None
    current_period_end: str | None


class OrganizationOut(BaseModel):
    id: str = Field(alias="_id")
    name: str
    plan: str
    status: str
    stripe_customer_id: str | None
    limits: PlanLimitsOut
    rate_limit_override: int | None
    subscription: SubscriptionOut | None = Field(description="Latest billing-provider subscription, if any")
    createdAt: str | None


class OrganizationEnvelope(Envelope):
    body: OrganizationOut


class StripeRedirectOut(BaseModel):
    id: str = Field(description="Stripe's session id (cs_... for Checkout, bps_... for the Portal)")
    url: str = Field(description="Send the customer's browser here")


class StripeRedirectEnvelope(Envelope):
    body: StripeRedirectOut


# --- share links -------------------------------------------------------------------------------


class ShareBody(BaseModel):
    token: str = Field(description="32 characters, base64url")
    url: str = Field(description="{PUBLIC_BASE_URL}/share/<token>")
    embed_url: str = Field(description="{PUBLIC_BASE_URL}/embed/<token> (frameable)")
    password_protected: bool
    createdAt: str | None = Field(description="when this token was issued")


class ShareOut(Envelope):
    body: ShareBody


class UnshareBody(BaseModel):
    disabled: bool = Field(description="true when a live link was disabled by this call")


class UnshareOut(Envelope):
    body: UnshareBody


# --- public share pages ------------------------------------------------------------------------


class OEmbed(BaseModel):
    """oEmbed 1.0 `rich` response (thumbnail_* only once the deck is READY)."""

    version: str = "1.0"
    type: str = "rich"
    html: str = Field(description="an iframe of the embed page")
    width: int
    height: int
    title: str
    provider_name: str
    provider_url: str
    thumbnail_url: str | None = None
    thumbnail_width: int | None = None
    thumbnail_height: int | None = None


class SharedZipData(BaseModel):
    url: str = Field(description="presigned download URL, valid for about 1 hour")
    expires_at: str | None
    cached: bool


class SharedZipResponse(Envelope):
    data: SharedZipData


# --- slideshows, the niche catalog, uploads ---------------------------------------------------

Status = Literal["QUEUED", "RENDERING", "READY", "FAILED"]


class Queued(BaseModel):
    slideshow_id: str
    status: Literal["QUEUED"]


class GenerateResponse(Envelope):
    body: Queued


class SlideshowSummary(BaseModel):
    id: str = Field(alias="_id")
    app_id: str
    hook_id: str
    hook_text_snapshot: str
    status: Status
    language: str
    template_set: str
    createdAt: str | None


class Slide(BaseModel):
    order: int = Field(description="0-based")
    template: str = Field(description="the slide's role: HOOK, PROBLEM, POINT, PROOF, SOLUTION, CTA, ...")
    layout_type: str
    title: str
    subtitle: str
    label: str
    image_url: str = Field(description="1080x1920 PNG, fetchable without credentials")
    duration: float = Field(description="seconds")


class MarketingAsset(BaseModel):
    type: Literal["caption", "hashtags", "cta"]
    text: str | None = Field(None, description="caption and cta")
    tags: list[str] | None = Field(None, description="hashtags (at most 5)")


class SlideshowError(BaseModel):
    code: str
    message: str


class SlideshowDetail(SlideshowSummary):
    app_name: str
    template_key: str
    design: str
    slides: list[Slide]
    marketing_assets: list[MarketingAsset]
    error: SlideshowError | None = Field(None, description="present when status is FAILED")
    updatedAt: str | None


class SlideshowList(Envelope):
    data: list[SlideshowSummary]
    page: int
    limit: int
    total: int


class SlideshowResponse(Envelope):
    body: SlideshowDetail


class ZipData(BaseModel):
    url: str = Field(description="presigned download URL, valid about 1 hour")
    expires_at: str
    cached: bool = Field(description="true when a previously built bundle is returned")


class ZipResponse(Envelope):
    data: ZipData


class TemplateVariable(BaseModel):
    name: str
    description: str
    required: bool


class Template(BaseModel):
    key: str
    name: str
    description: str
    format: str
    slide_roles: list[str]
    variables: list[TemplateVariable]


class Niche(BaseModel):
    key: str
    name: str
    languages: list[str]
    templates: list[Template]


class FormatInfo(BaseModel):
    """A format (narrative shape) of the catalog: MCP's list_formats."""

    key: str
    name: str
    description: str
    slide_roles: list[str]
    variables: list[TemplateVariable]


class FormatList(Envelope):
    data: list[FormatInfo]


class DesignInfo(BaseModel):
    key: str
    name: str
    description: str


class DesignList(Envelope):
    data: list[DesignInfo]


class NicheList(Envelope):
    data: list[Niche]
    page: int = 1
    limit: int
    total: int


class UploadUrl(BaseModel):
    url: str


class UploadResponse(Envelope):
    body: UploadUrl


# --- hooks -----------------------------------------------------------------------------------

HookCategory = Literal["problem", "curiosity", "social_proof", "listicle", "contrarian", "story"]
HookStatus = Literal["APPROVED", "PENDING", "REJECTED"]
HookSource = Literal["seed", "generated", "llm", "manual"]


class HookOut(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    id: str = Field(alias="_id", description="hk_<id>")
    organization_id: str
    text: str = Field(description="the opener text")
    category: HookCategory
    language: str = Field(description="ISO language code")
    niche: str = Field(description='niche key, lower snake_case ("Fitness & Health" -> "fitness_and_health")')
    source: HookSource = Field(
        description="seed (written when the app was created, or on the fly for a first deck), "
        "generated (built-in writer during a refresh), llm (LLM provider), manual (added by an operator)"
    )
    status: HookStatus = Field(
        description="REJECTED when a hook breaks the rules (too long, banned words); otherwise "
        "APPROVED when the built-in writer wrote it, PENDING (awaiting review) when an LLM did. "
        "Only APPROVED hooks open decks."
    )
    performance_score: float = Field(
        ge=0,
        le=100,
        description="0-100; starts from an opener heuristic (about 45-70) and drops by 2 each time "
        "the hook opens a deck, so openers rotate",
    )
    createdAt: str


class HookList(Envelope):
    data: list[HookOut]
    page: int
    limit: int
    total: int


class HookOne(Envelope):
    body: HookOut


class RefreshApp(BaseModel):
    id: str
    name: str
    niche: str
    language: str


class RefreshNowData(BaseModel):
    jobs_started: int
    apps: list[RefreshApp]


class RefreshNowOut(Envelope):
    data: RefreshNowData


class GeneratedHook(BaseModel):
    """A brainstormed hook (MCP's generate_hooks): not stored, so `_id` is null."""

    id: str | None = Field(alias="_id")
    organization_id: str
    text: str
    category: str
    language: str
    niche: str
    source: str
    status: str
    performance_score: float
    createdAt: str | None


class GeneratedHooks(Envelope):
    data: list[GeneratedHook]


# --- outgoing webhooks ---------------------------------------------------------------------------

WebhookEvent = Literal[
    "slideshow.completed",
    "slideshow.failed",
    "quota.exceeded",
    "slideshow.published",
    "slideshow.publish_failed",
]
# What a delivery can carry: the subscribable events plus the test event sent on request.
DeliveredEvent = Literal[
    "slideshow.completed",
    "slideshow.failed",
    "quota.exceeded",
    "slideshow.published",
    "slideshow.publish_failed",
    "webhook.test",
]


class Ok(Envelope):
    pass


class Webhook(BaseModel):
    id: str = Field(alias="_id", description="wh_<id>")
    url: str
    events: list[WebhookEvent]
    description: str
    enabled: bool
    disabled_reason: str | None = Field(
        None, description='"gone" after the endpoint answered 410, "manual" when disabled by PATCH'
    )
    failure_count: int = Field(
        description="consecutive failed attempts; reset by a success or by enabling the endpoint again"
    )
    createdAt: str | None


class WebhookWithSecret(Webhook):
    secret: str = Field(description="whsec_...; shown only on creation and rotation")


class WebhookResponse(Envelope):
    body: WebhookWithSecret


class WebhookOut(Envelope):
    body: Webhook


class DeliveryRef(BaseModel):
    delivery_id: str = Field(description="whd_<id>; sent as `X-Service-Delivery-Id` and `webhook-id`")


class DeliveryQueued(Envelope):
    body: DeliveryRef


class WebhookList(Envelope):
    data: list[Webhook]
    page: int
    limit: int
    total: int


class Attempt(BaseModel):
    attempt: int = Field(description="1-based attempt number")
    status_code: int | None = Field(description="HTTP status of the answer; null when none was received")
    duration_ms: int
    error: str | None
    next_attempt_at: str | None = Field(
        description="when the next attempt was scheduled; null after the last one"
    )
    createdAt: str | None


class Delivery(BaseModel):
    id: str = Field(alias="_id", description="delivery id, sent as X-Service-Delivery-Id on every attempt")
    event: DeliveredEvent
    event_id: str
    status: Literal["PENDING", "SUCCEEDED", "FAILED"]
    attempt_count: int
    next_attempt_at: str | None
    createdAt: str | None
    attempts: list[Attempt]


class DeliveryList(Envelope):
    data: list[Delivery]
    page: int
    limit: int
    total: int


# --- chat integrations --------------------------------------------------------------------------


class Chat(BaseModel):
    id: str = Field(alias="_id", description="chat_<id>")
    kind: Literal["slack", "discord"]
    url: str = Field(description="full on creation; lists show only the host and the last characters")
    events: list[WebhookEvent]
    enabled: bool
    createdAt: str | None


class ChatResponse(Envelope):
    body: Chat


class ChatList(Envelope):
    data: list[Chat]
    page: int
    limit: int
    total: int


# --- connected social accounts and publishing ---------------------------------------------------


class Account(BaseModel):
    id: str = Field(alias="_id", description="acct_<id>")
    app_id: str
    platform: Literal["tiktok"]
    open_id: str
    display_name: str
    avatar_url: str | None = Field(description="the TikTok avatar (OAuth connections); null when unknown")
    status: Literal["CONNECTED", "RECONNECT_REQUIRED"] = Field(
        description="RECONNECT_REQUIRED: TikTok no longer accepts the account's authorization (revoked, "
        "or the refresh token expired after a year): connect it again; publishing answers RECONNECT_REQUIRED"
    )
    connected_by: Literal["oauth", "token"] = Field(
        description="oauth: through TikTok's authorize page (tokens refreshed automatically); token: given"
    )
    createdAt: str | None


class AccountResponse(Envelope):
    body: Account


class AccountList(Envelope):
    data: list[Account]
    page: int
    limit: int
    total: int


class Publish(BaseModel):
    id: str = Field(alias="_id", description="pub_<id>")
    publish_id: str = Field(description="the platform's publish id")
    status: str = Field(
        description="platform status: PROCESSING_DOWNLOAD, SEND_TO_USER_INBOX, PUBLISH_COMPLETE, FAILED; "
        "followed in the background until final (then slideshow.published or slideshow.publish_failed)"
    )
    fail_reason: str | None = Field(description="FAILED: TikTok's fail_reason (or why it was given up)")
    post_ids: list[str] = Field(description="PUBLISH_COMPLETE: TikTok's ids of the public post, when given")
    platform: Literal["tiktok"]
    mode: Literal["draft", "direct"]
    privacy_level: str
    slideshow_id: str
    account_id: str
    already_published: bool = Field(
        description="true when this slideshow was already published to this account"
    )
    createdAt: str | None


class PublishResponse(Envelope):
    body: Publish


class Publication(BaseModel):
    id: str = Field(alias="_id", description="pub_<id>")
    slideshow_id: str
    platform: Literal["tiktok"]
    mode: Literal["draft", "direct"]
    status: str = Field(
        description="the status recorded last: PENDING (being posted) or TikTok's PROCESSING_DOWNLOAD "
        "(not final, followed in the background), then SEND_TO_USER_INBOX, PUBLISH_COMPLETE or FAILED (final)"
    )
    privacy_level: str | None = Field(description="direct posts: the privacy level asked for")
    publish_id: str | None = Field(description="the platform's publish id; null until the post was made")
    post_ids: list[str] = Field(description="PUBLISH_COMPLETE: TikTok's ids of the public post, when given")
    fail_reason: str | None = Field(description="FAILED: TikTok's fail_reason (or why it was given up)")
    createdAt: str | None
    updatedAt: str | None = Field(description="when the status (or the record) last changed")


class PublicationList(Envelope):
    data: list[Publication]
    page: int
    limit: int
    total: int


class ConnectUrl(BaseModel):
    url: str = Field(
        description="TikTok's authorize page: send the user's browser there (client_key, response_type=code, "
        "scope, redirect_uri, a signed single-use state valid 10 minutes, code_challenge with S256)"
    )


class ConnectUrlResponse(Envelope):
    body: ConnectUrl
