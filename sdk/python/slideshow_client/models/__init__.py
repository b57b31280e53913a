"""Contains all the data models used in inputs/outputs"""

from .account import Account
from .account_connected_by import AccountConnectedBy
from .account_list import AccountList
from .account_response import AccountResponse
from .account_status import AccountStatus
from .api_key_out import ApiKeyOut
from .app_create import AppCreate
from .app_create_design import AppCreateDesign
from .app_create_image_source import AppCreateImageSource
from .app_created_out import AppCreatedOut
from .app_list import AppList
from .app_one import AppOne
from .app_out import AppOut
from .app_out_design import AppOutDesign
from .app_out_image_source import AppOutImageSource
from .app_out_status import AppOutStatus
from .app_update import AppUpdate
from .app_update_design import AppUpdateDesign
from .app_update_image_source import AppUpdateImageSource
from .app_update_status import AppUpdateStatus
from .app_updated_out import AppUpdatedOut
from .attempt import Attempt
from .body_upload_screenshot import BodyUploadScreenshot
from .chat import Chat
from .chat_events_item import ChatEventsItem
from .chat_kind import ChatKind
from .chat_list import ChatList
from .chat_response import ChatResponse
from .checkout_body import CheckoutBody
from .checkout_body_plan import CheckoutBodyPlan
from .connect_body import ConnectBody
from .connect_url import ConnectUrl
from .connect_url_response import ConnectUrlResponse
from .create_chat_body import CreateChatBody
from .create_chat_body_events_type_0_item import CreateChatBodyEventsType0Item
from .create_chat_body_kind import CreateChatBodyKind
from .create_key_body import CreateKeyBody
from .create_webhook_body import CreateWebhookBody
from .create_webhook_body_events_type_0_item import CreateWebhookBodyEventsType0Item
from .created_app import CreatedApp
from .created_app_status import CreatedAppStatus
from .delivery import Delivery
from .delivery_event import DeliveryEvent
from .delivery_list import DeliveryList
from .delivery_queued import DeliveryQueued
from .delivery_ref import DeliveryRef
from .delivery_status import DeliveryStatus
from .done import Done
from .error_detail import ErrorDetail
from .error_detail_details_type_0 import ErrorDetailDetailsType0
from .error_envelope import ErrorEnvelope
from .generate_body import GenerateBody
from .generate_body_variable_overrides_type_0 import GenerateBodyVariableOverridesType0
from .generate_response import GenerateResponse
from .hook_list import HookList
from .hook_one import HookOne
from .hook_out import HookOut
from .hook_out_category import HookOutCategory
from .hook_out_source import HookOutSource
from .hook_out_status import HookOutStatus
from .json_rpc_error import JsonRpcError
from .json_rpc_error_response import JsonRpcErrorResponse
from .key_list_envelope import KeyListEnvelope
from .list_apps_status_type_0 import ListAppsStatusType0
from .list_hooks_category_type_0 import ListHooksCategoryType0
from .list_hooks_sort_type_0 import ListHooksSortType0
from .list_hooks_status_type_0 import ListHooksStatusType0
from .list_slideshows_status_type_0 import ListSlideshowsStatusType0
from .login_body import LoginBody
from .marketing_asset import MarketingAsset
from .marketing_asset_type import MarketingAssetType
from .mcp_documentation_body import McpDocumentationBody
from .mcp_documentation_body_params import McpDocumentationBodyParams
from .mcp_documentation_response_mcp_documentation import McpDocumentationResponseMcpDocumentation
from .new_api_key_out import NewApiKeyOut
from .new_key_envelope import NewKeyEnvelope
from .niche import Niche
from .niche_list import NicheList
from .o_embed import OEmbed
from .oembed_format import OembedFormat
from .ok import Ok
from .organization_envelope import OrganizationEnvelope
from .organization_out import OrganizationOut
from .payment_webhook_body import PaymentWebhookBody
from .plan_limits_out import PlanLimitsOut
from .portal_body import PortalBody
from .publication import Publication
from .publication_list import PublicationList
from .publication_mode import PublicationMode
from .publish import Publish
from .publish_body import PublishBody
from .publish_body_mode import PublishBodyMode
from .publish_body_privacy_level_type_0 import PublishBodyPrivacyLevelType0
from .publish_event import PublishEvent
from .publish_event_event import PublishEventEvent
from .publish_event_mode import PublishEventMode
from .publish_event_status import PublishEventStatus
from .publish_mode import PublishMode
from .publish_response import PublishResponse
from .queued import Queued
from .quota_exceeded_event import QuotaExceededEvent
from .quota_exceeded_event_quota import QuotaExceededEventQuota
from .quota_use import QuotaUse
from .received import Received
from .refresh_app import RefreshApp
from .refresh_now_body import RefreshNowBody
from .refresh_now_data import RefreshNowData
from .refresh_now_out import RefreshNowOut
from .review_body import ReviewBody
from .review_body_status import ReviewBodyStatus
from .revoked_api_key_out import RevokedApiKeyOut
from .revoked_key_envelope import RevokedKeyEnvelope
from .session import Session
from .session_envelope import SessionEnvelope
from .share_body import ShareBody
from .share_out import ShareOut
from .share_request import ShareRequest
from .shared_zip_data import SharedZipData
from .shared_zip_response import SharedZipResponse
from .signup_body import SignupBody
from .slide import Slide
from .slideshow_detail import SlideshowDetail
from .slideshow_detail_status import SlideshowDetailStatus
from .slideshow_error import SlideshowError
from .slideshow_event import SlideshowEvent
from .slideshow_event_event import SlideshowEventEvent
from .slideshow_event_status import SlideshowEventStatus
from .slideshow_list import SlideshowList
from .slideshow_response import SlideshowResponse
from .slideshow_summary import SlideshowSummary
from .slideshow_summary_status import SlideshowSummaryStatus
from .stripe_redirect_envelope import StripeRedirectEnvelope
from .stripe_redirect_out import StripeRedirectOut
from .subscription_out import SubscriptionOut
from .success import Success
from .template import Template
from .template_variable import TemplateVariable
from .tik_tok_connect_body import TikTokConnectBody
from .unshare_body import UnshareBody
from .unshare_out import UnshareOut
from .update_webhook_body import UpdateWebhookBody
from .update_webhook_body_events_type_0_item import UpdateWebhookBodyEventsType0Item
from .updated_app import UpdatedApp
from .updated_app_status import UpdatedAppStatus
from .upload_response import UploadResponse
from .upload_url import UploadUrl
from .usage_envelope import UsageEnvelope
from .usage_out import UsageOut
from .usage_out_usage import UsageOutUsage
from .webhook import Webhook
from .webhook_events_item import WebhookEventsItem
from .webhook_list import WebhookList
from .webhook_out import WebhookOut
from .webhook_response import WebhookResponse
from .webhook_test_event import WebhookTestEvent
from .webhook_with_secret import WebhookWithSecret
from .webhook_with_secret_events_item import WebhookWithSecretEventsItem
from .zip_data import ZipData
from .zip_request import ZipRequest
from .zip_response import ZipResponse

__all__ = (
    "Account",
    "AccountConnectedBy",
    "AccountList",
    "AccountResponse",
    "AccountStatus",
    "ApiKeyOut",
    "AppCreate",
    "AppCreateDesign",
    "AppCreatedOut",
    "AppCreateImageSource",
    "AppList",
    "AppOne",
    "AppOut",
    "AppOutDesign",
    "AppOutImageSource",
    "AppOutStatus",
    "AppUpdate",
    "AppUpdateDesign",
    "AppUpdatedOut",
    "AppUpdateImageSource",
    "AppUpdateStatus",
    "Attempt",
    "BodyUploadScreenshot",
    "Chat",
    "ChatEventsItem",
    "ChatKind",
    "ChatList",
    "ChatResponse",
    "CheckoutBody",
    "CheckoutBodyPlan",
    "ConnectBody",
    "ConnectUrl",
    "ConnectUrlResponse",
    "CreateChatBody",
    "CreateChatBodyEventsType0Item",
    "CreateChatBodyKind",
    "CreatedApp",
    "CreatedAppStatus",
    "CreateKeyBody",
    "CreateWebhookBody",
    "CreateWebhookBodyEventsType0Item",
    "Delivery",
    "DeliveryEvent",
    "DeliveryList",
    "DeliveryQueued",
    "DeliveryRef",
    "DeliveryStatus",
    "Done",
    "ErrorDetail",
    "ErrorDetailDetailsType0",
    "ErrorEnvelope",
    "GenerateBody",
    "GenerateBodyVariableOverridesType0",
    "GenerateResponse",
    "HookList",
    "HookOne",
    "HookOut",
    "HookOutCategory",
    "HookOutSource",
    "HookOutStatus",
    "JsonRpcError",
    "JsonRpcErrorResponse",
    "KeyListEnvelope",
    "ListAppsStatusType0",
    "ListHooksCategoryType0",
    "ListHooksSortType0",
    "ListHooksStatusType0",
    "ListSlideshowsStatusType0",
    "LoginBody",
    "MarketingAsset",
    "MarketingAssetType",
    "McpDocumentationBody",
    "McpDocumentationBodyParams",
    "McpDocumentationResponseMcpDocumentation",
    "NewApiKeyOut",
    "NewKeyEnvelope",
    "Niche",
    "NicheList",
    "OEmbed",
    "OembedFormat",
    "Ok",
    "OrganizationEnvelope",
    "OrganizationOut",
    "PaymentWebhookBody",
    "PlanLimitsOut",
    "PortalBody",
    "Publication",
    "PublicationList",
    "PublicationMode",
    "Publish",
    "PublishBody",
    "PublishBodyMode",
    "PublishBodyPrivacyLevelType0",
    "PublishEvent",
    "PublishEventEvent",
    "PublishEventMode",
    "PublishEventStatus",
    "PublishMode",
    "PublishResponse",
    "Queued",
    "QuotaExceededEvent",
    "QuotaExceededEventQuota",
    "QuotaUse",
    "Received",
    "RefreshApp",
    "RefreshNowBody",
    "RefreshNowData",
    "RefreshNowOut",
    "ReviewBody",
    "ReviewBodyStatus",
    "RevokedApiKeyOut",
    "RevokedKeyEnvelope",
    "Session",
    "SessionEnvelope",
    "ShareBody",
    "SharedZipData",
    "SharedZipResponse",
    "ShareOut",
    "ShareRequest",
    "SignupBody",
    "Slide",
    "SlideshowDetail",
    "SlideshowDetailStatus",
    "SlideshowError",
    "SlideshowEvent",
    "SlideshowEventEvent",
    "SlideshowEventStatus",
    "SlideshowList",
    "SlideshowResponse",
    "SlideshowSummary",
    "SlideshowSummaryStatus",
    "StripeRedirectEnvelope",
    "StripeRedirectOut",
    "SubscriptionOut",
    "Success",
    "Template",
    "TemplateVariable",
    "TikTokConnectBody",
    "UnshareBody",
    "UnshareOut",
    "UpdatedApp",
    "UpdatedAppStatus",
    "UpdateWebhookBody",
    "UpdateWebhookBodyEventsType0Item",
    "UploadResponse",
    "UploadUrl",
    "UsageEnvelope",
    "UsageOut",
    "UsageOutUsage",
    "Webhook",
    "WebhookEventsItem",
    "WebhookList",
    "WebhookOut",
    "WebhookResponse",
    "WebhookTestEvent",
    "WebhookWithSecret",
    "WebhookWithSecretEventsItem",
    "ZipData",
    "ZipRequest",
    "ZipResponse",
)
