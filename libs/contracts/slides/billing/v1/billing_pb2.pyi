import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Organization(_message.Message):
    __slots__ = ("id", "name", "plan", "status", "stripe_customer_id", "limits", "created_at", "rate_limit_override")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAN_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    STRIPE_CUSTOMER_ID_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    RATE_LIMIT_OVERRIDE_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    plan: str
    status: str
    stripe_customer_id: str
    limits: PlanLimits
    created_at: _timestamp_pb2.Timestamp
    rate_limit_override: int
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., plan: _Optional[str] = ..., status: _Optional[str] = ..., stripe_customer_id: _Optional[str] = ..., limits: _Optional[_Union[PlanLimits, _Mapping]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., rate_limit_override: _Optional[int] = ...) -> None: ...

class PlanLimits(_message.Message):
    __slots__ = ("apps", "slideshows_per_month", "hook_refreshes_per_month", "api_keys", "publishing", "requests_per_minute")
    APPS_FIELD_NUMBER: _ClassVar[int]
    SLIDESHOWS_PER_MONTH_FIELD_NUMBER: _ClassVar[int]
    HOOK_REFRESHES_PER_MONTH_FIELD_NUMBER: _ClassVar[int]
    API_KEYS_FIELD_NUMBER: _ClassVar[int]
    PUBLISHING_FIELD_NUMBER: _ClassVar[int]
    REQUESTS_PER_MINUTE_FIELD_NUMBER: _ClassVar[int]
    apps: int
    slideshows_per_month: int
    hook_refreshes_per_month: int
    api_keys: bool
    publishing: bool
    requests_per_minute: int
    def __init__(self, apps: _Optional[int] = ..., slideshows_per_month: _Optional[int] = ..., hook_refreshes_per_month: _Optional[int] = ..., api_keys: _Optional[bool] = ..., publishing: _Optional[bool] = ..., requests_per_minute: _Optional[int] = ...) -> None: ...

class AuthenticateRequest(_message.Message):
    __slots__ = ("token", "billing_access")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    BILLING_ACCESS_FIELD_NUMBER: _ClassVar[int]
    token: str
    billing_access: bool
    def __init__(self, token: _Optional[str] = ..., billing_access: _Optional[bool] = ...) -> None: ...

class AuthenticateResponse(_message.Message):
    __slots__ = ("organization", "principal_kind", "principal_id", "requests_per_minute")
    ORGANIZATION_FIELD_NUMBER: _ClassVar[int]
    PRINCIPAL_KIND_FIELD_NUMBER: _ClassVar[int]
    PRINCIPAL_ID_FIELD_NUMBER: _ClassVar[int]
    REQUESTS_PER_MINUTE_FIELD_NUMBER: _ClassVar[int]
    organization: Organization
    principal_kind: str
    principal_id: str
    requests_per_minute: int
    def __init__(self, organization: _Optional[_Union[Organization, _Mapping]] = ..., principal_kind: _Optional[str] = ..., principal_id: _Optional[str] = ..., requests_per_minute: _Optional[int] = ...) -> None: ...

class WatchPrincipalsRequest(_message.Message):
    __slots__ = ("acknowledged_sequence", "lease")
    ACKNOWLEDGED_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    LEASE_FIELD_NUMBER: _ClassVar[int]
    acknowledged_sequence: int
    lease: int
    def __init__(self, acknowledged_sequence: _Optional[int] = ..., lease: _Optional[int] = ...) -> None: ...

class WatchPrincipalsResponse(_message.Message):
    __slots__ = ("sequence", "organization_id", "lease_milliseconds", "lease")
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    LEASE_MILLISECONDS_FIELD_NUMBER: _ClassVar[int]
    LEASE_FIELD_NUMBER: _ClassVar[int]
    sequence: int
    organization_id: str
    lease_milliseconds: int
    lease: int
    def __init__(self, sequence: _Optional[int] = ..., organization_id: _Optional[str] = ..., lease_milliseconds: _Optional[int] = ..., lease: _Optional[int] = ...) -> None: ...

class CreateOrganizationRequest(_message.Message):
    __slots__ = ("name", "plan", "owner_email", "owner_password")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAN_FIELD_NUMBER: _ClassVar[int]
    OWNER_EMAIL_FIELD_NUMBER: _ClassVar[int]
    OWNER_PASSWORD_FIELD_NUMBER: _ClassVar[int]
    name: str
    plan: str
    owner_email: str
    owner_password: str
    def __init__(self, name: _Optional[str] = ..., plan: _Optional[str] = ..., owner_email: _Optional[str] = ..., owner_password: _Optional[str] = ...) -> None: ...

class CreateOrganizationResponse(_message.Message):
    __slots__ = ("organization", "api_key")
    ORGANIZATION_FIELD_NUMBER: _ClassVar[int]
    API_KEY_FIELD_NUMBER: _ClassVar[int]
    organization: Organization
    api_key: ApiKey
    def __init__(self, organization: _Optional[_Union[Organization, _Mapping]] = ..., api_key: _Optional[_Union[ApiKey, _Mapping]] = ...) -> None: ...

class GetOrganizationRequest(_message.Message):
    __slots__ = ("organization_id",)
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    def __init__(self, organization_id: _Optional[str] = ...) -> None: ...

class GetOrganizationResponse(_message.Message):
    __slots__ = ("organization", "subscription")
    ORGANIZATION_FIELD_NUMBER: _ClassVar[int]
    SUBSCRIPTION_FIELD_NUMBER: _ClassVar[int]
    organization: Organization
    subscription: Subscription
    def __init__(self, organization: _Optional[_Union[Organization, _Mapping]] = ..., subscription: _Optional[_Union[Subscription, _Mapping]] = ...) -> None: ...

class Subscription(_message.Message):
    __slots__ = ("id", "status", "plan", "current_period_start", "current_period_end")
    ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PLAN_FIELD_NUMBER: _ClassVar[int]
    CURRENT_PERIOD_START_FIELD_NUMBER: _ClassVar[int]
    CURRENT_PERIOD_END_FIELD_NUMBER: _ClassVar[int]
    id: str
    status: str
    plan: str
    current_period_start: _timestamp_pb2.Timestamp
    current_period_end: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., status: _Optional[str] = ..., plan: _Optional[str] = ..., current_period_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., current_period_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class SetPlanRequest(_message.Message):
    __slots__ = ("organization_id", "plan")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    plan: str
    def __init__(self, organization_id: _Optional[str] = ..., plan: _Optional[str] = ...) -> None: ...

class SetPlanResponse(_message.Message):
    __slots__ = ("organization",)
    ORGANIZATION_FIELD_NUMBER: _ClassVar[int]
    organization: Organization
    def __init__(self, organization: _Optional[_Union[Organization, _Mapping]] = ...) -> None: ...

class SetRateLimitRequest(_message.Message):
    __slots__ = ("organization_id", "requests_per_minute")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    REQUESTS_PER_MINUTE_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    requests_per_minute: int
    def __init__(self, organization_id: _Optional[str] = ..., requests_per_minute: _Optional[int] = ...) -> None: ...

class SetRateLimitResponse(_message.Message):
    __slots__ = ("organization",)
    ORGANIZATION_FIELD_NUMBER: _ClassVar[int]
    organization: Organization
    def __init__(self, organization: _Optional[_Union[Organization, _Mapping]] = ...) -> None: ...

class ListActiveOrganizationsRequest(_message.Message):
    __slots__ = ("min_plan",)
    MIN_PLAN_FIELD_NUMBER: _ClassVar[int]
    min_plan: str
    def __init__(self, min_plan: _Optional[str] = ...) -> None: ...

class ListActiveOrganizationsResponse(_message.Message):
    __slots__ = ("organizations",)
    ORGANIZATIONS_FIELD_NUMBER: _ClassVar[int]
    organizations: _containers.RepeatedCompositeFieldContainer[Organization]
    def __init__(self, organizations: _Optional[_Iterable[_Union[Organization, _Mapping]]] = ...) -> None: ...

class ApiKey(_message.Message):
    __slots__ = ("id", "name", "key", "prefix", "created_at", "revoked_at", "organization_id", "last_used_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    PREFIX_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    REVOKED_AT_FIELD_NUMBER: _ClassVar[int]
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    LAST_USED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    key: str
    prefix: str
    created_at: _timestamp_pb2.Timestamp
    revoked_at: _timestamp_pb2.Timestamp
    organization_id: str
    last_used_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., key: _Optional[str] = ..., prefix: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., revoked_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., organization_id: _Optional[str] = ..., last_used_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CreateApiKeyRequest(_message.Message):
    __slots__ = ("organization_id", "name")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    name: str
    def __init__(self, organization_id: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class CreateApiKeyResponse(_message.Message):
    __slots__ = ("api_key",)
    API_KEY_FIELD_NUMBER: _ClassVar[int]
    api_key: ApiKey
    def __init__(self, api_key: _Optional[_Union[ApiKey, _Mapping]] = ...) -> None: ...

class ListApiKeysRequest(_message.Message):
    __slots__ = ("organization_id",)
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    def __init__(self, organization_id: _Optional[str] = ...) -> None: ...

class ListApiKeysResponse(_message.Message):
    __slots__ = ("api_keys",)
    API_KEYS_FIELD_NUMBER: _ClassVar[int]
    api_keys: _containers.RepeatedCompositeFieldContainer[ApiKey]
    def __init__(self, api_keys: _Optional[_Iterable[_Union[ApiKey, _Mapping]]] = ...) -> None: ...

class RevokeApiKeyRequest(_message.Message):
    __slots__ = ("organization_id", "key_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    key_id: str
    def __init__(self, organization_id: _Optional[str] = ..., key_id: _Optional[str] = ...) -> None: ...

class RevokeApiKeyResponse(_message.Message):
    __slots__ = ("api_key",)
    API_KEY_FIELD_NUMBER: _ClassVar[int]
    api_key: ApiKey
    def __init__(self, api_key: _Optional[_Union[ApiKey, _Mapping]] = ...) -> None: ...

class ApiKeyUse(_message.Message):
    __slots__ = ("key_id", "used_at")
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    USED_AT_FIELD_NUMBER: _ClassVar[int]
    key_id: str
    used_at: _timestamp_pb2.Timestamp
    def __init__(self, key_id: _Optional[str] = ..., used_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class RecordApiKeyUseRequest(_message.Message):
    __slots__ = ("uses",)
    USES_FIELD_NUMBER: _ClassVar[int]
    uses: _containers.RepeatedCompositeFieldContainer[ApiKeyUse]
    def __init__(self, uses: _Optional[_Iterable[_Union[ApiKeyUse, _Mapping]]] = ...) -> None: ...

class RecordApiKeyUseResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SignupRequest(_message.Message):
    __slots__ = ("email", "password", "organization_name", "client_ip")
    EMAIL_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    ORGANIZATION_NAME_FIELD_NUMBER: _ClassVar[int]
    CLIENT_IP_FIELD_NUMBER: _ClassVar[int]
    email: str
    password: str
    organization_name: str
    client_ip: str
    def __init__(self, email: _Optional[str] = ..., password: _Optional[str] = ..., organization_name: _Optional[str] = ..., client_ip: _Optional[str] = ...) -> None: ...

class SignupResponse(_message.Message):
    __slots__ = ("session_token", "organization_id")
    SESSION_TOKEN_FIELD_NUMBER: _ClassVar[int]
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    session_token: str
    organization_id: str
    def __init__(self, session_token: _Optional[str] = ..., organization_id: _Optional[str] = ...) -> None: ...

class LoginRequest(_message.Message):
    __slots__ = ("email", "password", "client_ip")
    EMAIL_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    CLIENT_IP_FIELD_NUMBER: _ClassVar[int]
    email: str
    password: str
    client_ip: str
    def __init__(self, email: _Optional[str] = ..., password: _Optional[str] = ..., client_ip: _Optional[str] = ...) -> None: ...

class LoginResponse(_message.Message):
    __slots__ = ("session_token", "organization_id")
    SESSION_TOKEN_FIELD_NUMBER: _ClassVar[int]
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    session_token: str
    organization_id: str
    def __init__(self, session_token: _Optional[str] = ..., organization_id: _Optional[str] = ...) -> None: ...

class LogoutRequest(_message.Message):
    __slots__ = ("session_token",)
    SESSION_TOKEN_FIELD_NUMBER: _ClassVar[int]
    session_token: str
    def __init__(self, session_token: _Optional[str] = ...) -> None: ...

class LogoutResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ConsumeQuotaRequest(_message.Message):
    __slots__ = ("organization_id", "quota", "amount", "idempotency_key")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    QUOTA_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    quota: str
    amount: int
    idempotency_key: str
    def __init__(self, organization_id: _Optional[str] = ..., quota: _Optional[str] = ..., amount: _Optional[int] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ConsumeQuotaResponse(_message.Message):
    __slots__ = ("used", "limit")
    USED_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    used: int
    limit: int
    def __init__(self, used: _Optional[int] = ..., limit: _Optional[int] = ...) -> None: ...

class ReleaseQuotaRequest(_message.Message):
    __slots__ = ("organization_id", "quota", "amount", "idempotency_key")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    QUOTA_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    quota: str
    amount: int
    idempotency_key: str
    def __init__(self, organization_id: _Optional[str] = ..., quota: _Optional[str] = ..., amount: _Optional[int] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ReleaseQuotaResponse(_message.Message):
    __slots__ = ("used", "limit")
    USED_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    used: int
    limit: int
    def __init__(self, used: _Optional[int] = ..., limit: _Optional[int] = ...) -> None: ...

class GetUsageRequest(_message.Message):
    __slots__ = ("organization_id",)
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    def __init__(self, organization_id: _Optional[str] = ...) -> None: ...

class QuotaUsage(_message.Message):
    __slots__ = ("quota", "limit", "used")
    QUOTA_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    USED_FIELD_NUMBER: _ClassVar[int]
    quota: str
    limit: int
    used: int
    def __init__(self, quota: _Optional[str] = ..., limit: _Optional[int] = ..., used: _Optional[int] = ...) -> None: ...

class GetUsageResponse(_message.Message):
    __slots__ = ("plan", "limits", "usage", "period_start", "period_end", "status")
    PLAN_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    USAGE_FIELD_NUMBER: _ClassVar[int]
    PERIOD_START_FIELD_NUMBER: _ClassVar[int]
    PERIOD_END_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    plan: str
    limits: PlanLimits
    usage: _containers.RepeatedCompositeFieldContainer[QuotaUsage]
    period_start: _timestamp_pb2.Timestamp
    period_end: _timestamp_pb2.Timestamp
    status: str
    def __init__(self, plan: _Optional[str] = ..., limits: _Optional[_Union[PlanLimits, _Mapping]] = ..., usage: _Optional[_Iterable[_Union[QuotaUsage, _Mapping]]] = ..., period_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., period_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., status: _Optional[str] = ...) -> None: ...

class HandleBillingEventRequest(_message.Message):
    __slots__ = ("payload", "signature_header")
    PAYLOAD_FIELD_NUMBER: _ClassVar[int]
    SIGNATURE_HEADER_FIELD_NUMBER: _ClassVar[int]
    payload: bytes
    signature_header: str
    def __init__(self, payload: _Optional[bytes] = ..., signature_header: _Optional[str] = ...) -> None: ...

class HandleBillingEventResponse(_message.Message):
    __slots__ = ("duplicate", "event_id", "event_type")
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    EVENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    duplicate: bool
    event_id: str
    event_type: str
    def __init__(self, duplicate: _Optional[bool] = ..., event_id: _Optional[str] = ..., event_type: _Optional[str] = ...) -> None: ...

class CreateCheckoutSessionRequest(_message.Message):
    __slots__ = ("organization_id", "plan", "success_url", "cancel_url")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAN_FIELD_NUMBER: _ClassVar[int]
    SUCCESS_URL_FIELD_NUMBER: _ClassVar[int]
    CANCEL_URL_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    plan: str
    success_url: str
    cancel_url: str
    def __init__(self, organization_id: _Optional[str] = ..., plan: _Optional[str] = ..., success_url: _Optional[str] = ..., cancel_url: _Optional[str] = ...) -> None: ...

class CreateCheckoutSessionResponse(_message.Message):
    __slots__ = ("id", "url")
    ID_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    id: str
    url: str
    def __init__(self, id: _Optional[str] = ..., url: _Optional[str] = ...) -> None: ...

class CreateBillingPortalSessionRequest(_message.Message):
    __slots__ = ("organization_id", "return_url")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    RETURN_URL_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    return_url: str
    def __init__(self, organization_id: _Optional[str] = ..., return_url: _Optional[str] = ...) -> None: ...

class CreateBillingPortalSessionResponse(_message.Message):
    __slots__ = ("id", "url")
    ID_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    id: str
    url: str
    def __init__(self, id: _Optional[str] = ..., url: _Optional[str] = ...) -> None: ...

class QuotaExceeded(_message.Message):
    __slots__ = ("organization_id", "quota", "limit", "used", "plan", "period_start", "period_end")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    QUOTA_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    USED_FIELD_NUMBER: _ClassVar[int]
    PLAN_FIELD_NUMBER: _ClassVar[int]
    PERIOD_START_FIELD_NUMBER: _ClassVar[int]
    PERIOD_END_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    quota: str
    limit: int
    used: int
    plan: str
    period_start: _timestamp_pb2.Timestamp
    period_end: _timestamp_pb2.Timestamp
    def __init__(self, organization_id: _Optional[str] = ..., quota: _Optional[str] = ..., limit: _Optional[int] = ..., used: _Optional[int] = ..., plan: _Optional[str] = ..., period_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., period_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class OrganizationChanged(_message.Message):
    __slots__ = ("organization",)
    ORGANIZATION_FIELD_NUMBER: _ClassVar[int]
    organization: Organization
    def __init__(self, organization: _Optional[_Union[Organization, _Mapping]] = ...) -> None: ...

class ApiKeyRevoked(_message.Message):
    __slots__ = ("organization_id", "key_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    key_id: str
    def __init__(self, organization_id: _Optional[str] = ..., key_id: _Optional[str] = ...) -> None: ...
