import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from slides.common.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Endpoint(_message.Message):
    __slots__ = ("id", "organization_id", "url", "events", "description", "secret", "enabled", "created_at", "disabled_reason", "failure_count")
    ID_FIELD_NUMBER: _ClassVar[int]
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SECRET_FIELD_NUMBER: _ClassVar[int]
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    DISABLED_REASON_FIELD_NUMBER: _ClassVar[int]
    FAILURE_COUNT_FIELD_NUMBER: _ClassVar[int]
    id: str
    organization_id: str
    url: str
    events: _containers.RepeatedScalarFieldContainer[str]
    description: str
    secret: str
    enabled: bool
    created_at: _timestamp_pb2.Timestamp
    disabled_reason: str
    failure_count: int
    def __init__(self, id: _Optional[str] = ..., organization_id: _Optional[str] = ..., url: _Optional[str] = ..., events: _Optional[_Iterable[str]] = ..., description: _Optional[str] = ..., secret: _Optional[str] = ..., enabled: _Optional[bool] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., disabled_reason: _Optional[str] = ..., failure_count: _Optional[int] = ...) -> None: ...

class CreateEndpointRequest(_message.Message):
    __slots__ = ("organization_id", "url", "events", "description")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    url: str
    events: _containers.RepeatedScalarFieldContainer[str]
    description: str
    def __init__(self, organization_id: _Optional[str] = ..., url: _Optional[str] = ..., events: _Optional[_Iterable[str]] = ..., description: _Optional[str] = ...) -> None: ...

class CreateEndpointResponse(_message.Message):
    __slots__ = ("endpoint",)
    ENDPOINT_FIELD_NUMBER: _ClassVar[int]
    endpoint: Endpoint
    def __init__(self, endpoint: _Optional[_Union[Endpoint, _Mapping]] = ...) -> None: ...

class ListEndpointsRequest(_message.Message):
    __slots__ = ("organization_id",)
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    def __init__(self, organization_id: _Optional[str] = ...) -> None: ...

class ListEndpointsResponse(_message.Message):
    __slots__ = ("endpoints",)
    ENDPOINTS_FIELD_NUMBER: _ClassVar[int]
    endpoints: _containers.RepeatedCompositeFieldContainer[Endpoint]
    def __init__(self, endpoints: _Optional[_Iterable[_Union[Endpoint, _Mapping]]] = ...) -> None: ...

class DeleteEndpointRequest(_message.Message):
    __slots__ = ("organization_id", "endpoint_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    ENDPOINT_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    endpoint_id: str
    def __init__(self, organization_id: _Optional[str] = ..., endpoint_id: _Optional[str] = ...) -> None: ...

class DeleteEndpointResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RotateEndpointSecretRequest(_message.Message):
    __slots__ = ("organization_id", "endpoint_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    ENDPOINT_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    endpoint_id: str
    def __init__(self, organization_id: _Optional[str] = ..., endpoint_id: _Optional[str] = ...) -> None: ...

class RotateEndpointSecretResponse(_message.Message):
    __slots__ = ("endpoint",)
    ENDPOINT_FIELD_NUMBER: _ClassVar[int]
    endpoint: Endpoint
    def __init__(self, endpoint: _Optional[_Union[Endpoint, _Mapping]] = ...) -> None: ...

class Attempt(_message.Message):
    __slots__ = ("attempt", "status_code", "duration_ms", "error", "next_attempt_at", "created_at")
    ATTEMPT_FIELD_NUMBER: _ClassVar[int]
    STATUS_CODE_FIELD_NUMBER: _ClassVar[int]
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    NEXT_ATTEMPT_AT_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    attempt: int
    status_code: int
    duration_ms: int
    error: str
    next_attempt_at: _timestamp_pb2.Timestamp
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, attempt: _Optional[int] = ..., status_code: _Optional[int] = ..., duration_ms: _Optional[int] = ..., error: _Optional[str] = ..., next_attempt_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class Delivery(_message.Message):
    __slots__ = ("id", "endpoint_id", "event", "event_id", "status", "attempt_count", "next_attempt_at", "created_at", "attempts")
    ID_FIELD_NUMBER: _ClassVar[int]
    ENDPOINT_ID_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    ATTEMPT_COUNT_FIELD_NUMBER: _ClassVar[int]
    NEXT_ATTEMPT_AT_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    ATTEMPTS_FIELD_NUMBER: _ClassVar[int]
    id: str
    endpoint_id: str
    event: str
    event_id: str
    status: str
    attempt_count: int
    next_attempt_at: _timestamp_pb2.Timestamp
    created_at: _timestamp_pb2.Timestamp
    attempts: _containers.RepeatedCompositeFieldContainer[Attempt]
    def __init__(self, id: _Optional[str] = ..., endpoint_id: _Optional[str] = ..., event: _Optional[str] = ..., event_id: _Optional[str] = ..., status: _Optional[str] = ..., attempt_count: _Optional[int] = ..., next_attempt_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., attempts: _Optional[_Iterable[_Union[Attempt, _Mapping]]] = ...) -> None: ...

class ListDeliveriesRequest(_message.Message):
    __slots__ = ("organization_id", "endpoint_id", "page")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    ENDPOINT_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    endpoint_id: str
    page: _common_pb2.PageRequest
    def __init__(self, organization_id: _Optional[str] = ..., endpoint_id: _Optional[str] = ..., page: _Optional[_Union[_common_pb2.PageRequest, _Mapping]] = ...) -> None: ...

class ListDeliveriesResponse(_message.Message):
    __slots__ = ("deliveries", "page")
    DELIVERIES_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    deliveries: _containers.RepeatedCompositeFieldContainer[Delivery]
    page: _common_pb2.PageInfo
    def __init__(self, deliveries: _Optional[_Iterable[_Union[Delivery, _Mapping]]] = ..., page: _Optional[_Union[_common_pb2.PageInfo, _Mapping]] = ...) -> None: ...

class UpdateEndpointRequest(_message.Message):
    __slots__ = ("organization_id", "endpoint_id", "url", "events", "update_events", "description", "enabled")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    ENDPOINT_ID_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    UPDATE_EVENTS_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    endpoint_id: str
    url: str
    events: _containers.RepeatedScalarFieldContainer[str]
    update_events: bool
    description: str
    enabled: bool
    def __init__(self, organization_id: _Optional[str] = ..., endpoint_id: _Optional[str] = ..., url: _Optional[str] = ..., events: _Optional[_Iterable[str]] = ..., update_events: _Optional[bool] = ..., description: _Optional[str] = ..., enabled: _Optional[bool] = ...) -> None: ...

class UpdateEndpointResponse(_message.Message):
    __slots__ = ("endpoint",)
    ENDPOINT_FIELD_NUMBER: _ClassVar[int]
    endpoint: Endpoint
    def __init__(self, endpoint: _Optional[_Union[Endpoint, _Mapping]] = ...) -> None: ...

class TestEndpointRequest(_message.Message):
    __slots__ = ("organization_id", "endpoint_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    ENDPOINT_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    endpoint_id: str
    def __init__(self, organization_id: _Optional[str] = ..., endpoint_id: _Optional[str] = ...) -> None: ...

class TestEndpointResponse(_message.Message):
    __slots__ = ("delivery_id",)
    DELIVERY_ID_FIELD_NUMBER: _ClassVar[int]
    delivery_id: str
    def __init__(self, delivery_id: _Optional[str] = ...) -> None: ...

class RetryDeliveryRequest(_message.Message):
    __slots__ = ("organization_id", "endpoint_id", "delivery_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    ENDPOINT_ID_FIELD_NUMBER: _ClassVar[int]
    DELIVERY_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    endpoint_id: str
    delivery_id: str
    def __init__(self, organization_id: _Optional[str] = ..., endpoint_id: _Optional[str] = ..., delivery_id: _Optional[str] = ...) -> None: ...

class RetryDeliveryResponse(_message.Message):
    __slots__ = ("delivery_id",)
    DELIVERY_ID_FIELD_NUMBER: _ClassVar[int]
    delivery_id: str
    def __init__(self, delivery_id: _Optional[str] = ...) -> None: ...

class ChatIntegration(_message.Message):
    __slots__ = ("id", "organization_id", "kind", "url", "events", "enabled", "created_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    organization_id: str
    kind: str
    url: str
    events: _containers.RepeatedScalarFieldContainer[str]
    enabled: bool
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., organization_id: _Optional[str] = ..., kind: _Optional[str] = ..., url: _Optional[str] = ..., events: _Optional[_Iterable[str]] = ..., enabled: _Optional[bool] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CreateChatIntegrationRequest(_message.Message):
    __slots__ = ("organization_id", "kind", "url", "events")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    kind: str
    url: str
    events: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, organization_id: _Optional[str] = ..., kind: _Optional[str] = ..., url: _Optional[str] = ..., events: _Optional[_Iterable[str]] = ...) -> None: ...

class CreateChatIntegrationResponse(_message.Message):
    __slots__ = ("integration",)
    INTEGRATION_FIELD_NUMBER: _ClassVar[int]
    integration: ChatIntegration
    def __init__(self, integration: _Optional[_Union[ChatIntegration, _Mapping]] = ...) -> None: ...

class ListChatIntegrationsRequest(_message.Message):
    __slots__ = ("organization_id",)
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    def __init__(self, organization_id: _Optional[str] = ...) -> None: ...

class ListChatIntegrationsResponse(_message.Message):
    __slots__ = ("integrations",)
    INTEGRATIONS_FIELD_NUMBER: _ClassVar[int]
    integrations: _containers.RepeatedCompositeFieldContainer[ChatIntegration]
    def __init__(self, integrations: _Optional[_Iterable[_Union[ChatIntegration, _Mapping]]] = ...) -> None: ...

class DeleteChatIntegrationRequest(_message.Message):
    __slots__ = ("organization_id", "integration_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    INTEGRATION_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    integration_id: str
    def __init__(self, organization_id: _Optional[str] = ..., integration_id: _Optional[str] = ...) -> None: ...

class DeleteChatIntegrationResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class TestChatIntegrationRequest(_message.Message):
    __slots__ = ("organization_id", "integration_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    INTEGRATION_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    integration_id: str
    def __init__(self, organization_id: _Optional[str] = ..., integration_id: _Optional[str] = ...) -> None: ...

class TestChatIntegrationResponse(_message.Message):
    __slots__ = ("delivery_id",)
    DELIVERY_ID_FIELD_NUMBER: _ClassVar[int]
    delivery_id: str
    def __init__(self, delivery_id: _Optional[str] = ...) -> None: ...

class ListChatDeliveriesRequest(_message.Message):
    __slots__ = ("organization_id", "integration_id", "page")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    INTEGRATION_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    integration_id: str
    page: _common_pb2.PageRequest
    def __init__(self, organization_id: _Optional[str] = ..., integration_id: _Optional[str] = ..., page: _Optional[_Union[_common_pb2.PageRequest, _Mapping]] = ...) -> None: ...

class ListChatDeliveriesResponse(_message.Message):
    __slots__ = ("deliveries", "page")
    DELIVERIES_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    deliveries: _containers.RepeatedCompositeFieldContainer[Delivery]
    page: _common_pb2.PageInfo
    def __init__(self, deliveries: _Optional[_Iterable[_Union[Delivery, _Mapping]]] = ..., page: _Optional[_Union[_common_pb2.PageInfo, _Mapping]] = ...) -> None: ...

class SocialAccount(_message.Message):
    __slots__ = ("id", "organization_id", "app_id", "platform", "open_id", "display_name", "created_at", "status", "avatar_url", "connected_by")
    ID_FIELD_NUMBER: _ClassVar[int]
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    PLATFORM_FIELD_NUMBER: _ClassVar[int]
    OPEN_ID_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    AVATAR_URL_FIELD_NUMBER: _ClassVar[int]
    CONNECTED_BY_FIELD_NUMBER: _ClassVar[int]
    id: str
    organization_id: str
    app_id: str
    platform: str
    open_id: str
    display_name: str
    created_at: _timestamp_pb2.Timestamp
    status: str
    avatar_url: str
    connected_by: str
    def __init__(self, id: _Optional[str] = ..., organization_id: _Optional[str] = ..., app_id: _Optional[str] = ..., platform: _Optional[str] = ..., open_id: _Optional[str] = ..., display_name: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., status: _Optional[str] = ..., avatar_url: _Optional[str] = ..., connected_by: _Optional[str] = ...) -> None: ...

class ConnectSocialAccountRequest(_message.Message):
    __slots__ = ("organization_id", "app_id", "platform", "access_token", "open_id", "display_name")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    PLATFORM_FIELD_NUMBER: _ClassVar[int]
    ACCESS_TOKEN_FIELD_NUMBER: _ClassVar[int]
    OPEN_ID_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    app_id: str
    platform: str
    access_token: str
    open_id: str
    display_name: str
    def __init__(self, organization_id: _Optional[str] = ..., app_id: _Optional[str] = ..., platform: _Optional[str] = ..., access_token: _Optional[str] = ..., open_id: _Optional[str] = ..., display_name: _Optional[str] = ...) -> None: ...

class ConnectSocialAccountResponse(_message.Message):
    __slots__ = ("account",)
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    account: SocialAccount
    def __init__(self, account: _Optional[_Union[SocialAccount, _Mapping]] = ...) -> None: ...

class ListSocialAccountsRequest(_message.Message):
    __slots__ = ("organization_id", "app_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    app_id: str
    def __init__(self, organization_id: _Optional[str] = ..., app_id: _Optional[str] = ...) -> None: ...

class ListSocialAccountsResponse(_message.Message):
    __slots__ = ("accounts",)
    ACCOUNTS_FIELD_NUMBER: _ClassVar[int]
    accounts: _containers.RepeatedCompositeFieldContainer[SocialAccount]
    def __init__(self, accounts: _Optional[_Iterable[_Union[SocialAccount, _Mapping]]] = ...) -> None: ...

class DeleteSocialAccountRequest(_message.Message):
    __slots__ = ("organization_id", "app_id", "account_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    app_id: str
    account_id: str
    def __init__(self, organization_id: _Optional[str] = ..., app_id: _Optional[str] = ..., account_id: _Optional[str] = ...) -> None: ...

class DeleteSocialAccountResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Publish(_message.Message):
    __slots__ = ("id", "slideshow_id", "account_id", "platform", "mode", "publish_id", "status", "privacy_level", "created_at", "existing", "fail_reason", "post_ids", "updated_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    SLIDESHOW_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    PLATFORM_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    PUBLISH_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PRIVACY_LEVEL_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    EXISTING_FIELD_NUMBER: _ClassVar[int]
    FAIL_REASON_FIELD_NUMBER: _ClassVar[int]
    POST_IDS_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    slideshow_id: str
    account_id: str
    platform: str
    mode: str
    publish_id: str
    status: str
    privacy_level: str
    created_at: _timestamp_pb2.Timestamp
    existing: bool
    fail_reason: str
    post_ids: _containers.RepeatedScalarFieldContainer[str]
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., slideshow_id: _Optional[str] = ..., account_id: _Optional[str] = ..., platform: _Optional[str] = ..., mode: _Optional[str] = ..., publish_id: _Optional[str] = ..., status: _Optional[str] = ..., privacy_level: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., existing: _Optional[bool] = ..., fail_reason: _Optional[str] = ..., post_ids: _Optional[_Iterable[str]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class PublishSlideshowRequest(_message.Message):
    __slots__ = ("organization_id", "slideshow_id", "platform", "mode", "privacy_level")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    SLIDESHOW_ID_FIELD_NUMBER: _ClassVar[int]
    PLATFORM_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    PRIVACY_LEVEL_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    slideshow_id: str
    platform: str
    mode: str
    privacy_level: str
    def __init__(self, organization_id: _Optional[str] = ..., slideshow_id: _Optional[str] = ..., platform: _Optional[str] = ..., mode: _Optional[str] = ..., privacy_level: _Optional[str] = ...) -> None: ...

class PublishSlideshowResponse(_message.Message):
    __slots__ = ("publish",)
    PUBLISH_FIELD_NUMBER: _ClassVar[int]
    publish: Publish
    def __init__(self, publish: _Optional[_Union[Publish, _Mapping]] = ...) -> None: ...

class ListPublicationsRequest(_message.Message):
    __slots__ = ("organization_id", "slideshow_id", "page")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    SLIDESHOW_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    slideshow_id: str
    page: _common_pb2.PageRequest
    def __init__(self, organization_id: _Optional[str] = ..., slideshow_id: _Optional[str] = ..., page: _Optional[_Union[_common_pb2.PageRequest, _Mapping]] = ...) -> None: ...

class ListPublicationsResponse(_message.Message):
    __slots__ = ("publications", "page")
    PUBLICATIONS_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    publications: _containers.RepeatedCompositeFieldContainer[Publish]
    page: _common_pb2.PageInfo
    def __init__(self, publications: _Optional[_Iterable[_Union[Publish, _Mapping]]] = ..., page: _Optional[_Union[_common_pb2.PageInfo, _Mapping]] = ...) -> None: ...

class StartTikTokConnectRequest(_message.Message):
    __slots__ = ("organization_id", "app_id", "redirect_after")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    REDIRECT_AFTER_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    app_id: str
    redirect_after: str
    def __init__(self, organization_id: _Optional[str] = ..., app_id: _Optional[str] = ..., redirect_after: _Optional[str] = ...) -> None: ...

class StartTikTokConnectResponse(_message.Message):
    __slots__ = ("url",)
    URL_FIELD_NUMBER: _ClassVar[int]
    url: str
    def __init__(self, url: _Optional[str] = ...) -> None: ...

class FinishTikTokConnectRequest(_message.Message):
    __slots__ = ("state", "code", "error", "error_description", "session_organization_id")
    STATE_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    ERROR_DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SESSION_ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    state: str
    code: str
    error: str
    error_description: str
    session_organization_id: str
    def __init__(self, state: _Optional[str] = ..., code: _Optional[str] = ..., error: _Optional[str] = ..., error_description: _Optional[str] = ..., session_organization_id: _Optional[str] = ...) -> None: ...

class FinishTikTokConnectResponse(_message.Message):
    __slots__ = ("outcome", "message", "redirect_url", "account", "error")
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    REDIRECT_URL_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    outcome: str
    message: str
    redirect_url: str
    account: SocialAccount
    error: str
    def __init__(self, outcome: _Optional[str] = ..., message: _Optional[str] = ..., redirect_url: _Optional[str] = ..., account: _Optional[_Union[SocialAccount, _Mapping]] = ..., error: _Optional[str] = ...) -> None: ...
