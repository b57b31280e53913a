import datetime

from google.protobuf import field_mask_pb2 as _field_mask_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from slides.common.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class App(_message.Message):
    __slots__ = ("id", "organization_id", "name", "slug", "niche", "language", "status", "target_audience", "description", "ios_url", "android_url", "website_url", "brand_primary_color", "brand_secondary_color", "brand_accent_color", "screenshots", "value_props", "pain_points", "differentiators", "design", "tagline", "image_source", "created_at", "updated_at", "photos")
    ID_FIELD_NUMBER: _ClassVar[int]
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SLUG_FIELD_NUMBER: _ClassVar[int]
    NICHE_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    TARGET_AUDIENCE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    IOS_URL_FIELD_NUMBER: _ClassVar[int]
    ANDROID_URL_FIELD_NUMBER: _ClassVar[int]
    WEBSITE_URL_FIELD_NUMBER: _ClassVar[int]
    BRAND_PRIMARY_COLOR_FIELD_NUMBER: _ClassVar[int]
    BRAND_SECONDARY_COLOR_FIELD_NUMBER: _ClassVar[int]
    BRAND_ACCENT_COLOR_FIELD_NUMBER: _ClassVar[int]
    SCREENSHOTS_FIELD_NUMBER: _ClassVar[int]
    VALUE_PROPS_FIELD_NUMBER: _ClassVar[int]
    PAIN_POINTS_FIELD_NUMBER: _ClassVar[int]
    DIFFERENTIATORS_FIELD_NUMBER: _ClassVar[int]
    DESIGN_FIELD_NUMBER: _ClassVar[int]
    TAGLINE_FIELD_NUMBER: _ClassVar[int]
    IMAGE_SOURCE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    PHOTOS_FIELD_NUMBER: _ClassVar[int]
    id: str
    organization_id: str
    name: str
    slug: str
    niche: str
    language: str
    status: str
    target_audience: str
    description: str
    ios_url: str
    android_url: str
    website_url: str
    brand_primary_color: str
    brand_secondary_color: str
    brand_accent_color: str
    screenshots: _containers.RepeatedScalarFieldContainer[str]
    value_props: _containers.RepeatedScalarFieldContainer[str]
    pain_points: _containers.RepeatedScalarFieldContainer[str]
    differentiators: _containers.RepeatedScalarFieldContainer[str]
    design: str
    tagline: str
    image_source: str
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    photos: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, id: _Optional[str] = ..., organization_id: _Optional[str] = ..., name: _Optional[str] = ..., slug: _Optional[str] = ..., niche: _Optional[str] = ..., language: _Optional[str] = ..., status: _Optional[str] = ..., target_audience: _Optional[str] = ..., description: _Optional[str] = ..., ios_url: _Optional[str] = ..., android_url: _Optional[str] = ..., website_url: _Optional[str] = ..., brand_primary_color: _Optional[str] = ..., brand_secondary_color: _Optional[str] = ..., brand_accent_color: _Optional[str] = ..., screenshots: _Optional[_Iterable[str]] = ..., value_props: _Optional[_Iterable[str]] = ..., pain_points: _Optional[_Iterable[str]] = ..., differentiators: _Optional[_Iterable[str]] = ..., design: _Optional[str] = ..., tagline: _Optional[str] = ..., image_source: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., photos: _Optional[_Iterable[str]] = ...) -> None: ...

class ListAppsRequest(_message.Message):
    __slots__ = ("organization_id", "page", "status")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    page: _common_pb2.PageRequest
    status: str
    def __init__(self, organization_id: _Optional[str] = ..., page: _Optional[_Union[_common_pb2.PageRequest, _Mapping]] = ..., status: _Optional[str] = ...) -> None: ...

class ListAppsResponse(_message.Message):
    __slots__ = ("apps", "page")
    APPS_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    apps: _containers.RepeatedCompositeFieldContainer[App]
    page: _common_pb2.PageInfo
    def __init__(self, apps: _Optional[_Iterable[_Union[App, _Mapping]]] = ..., page: _Optional[_Union[_common_pb2.PageInfo, _Mapping]] = ...) -> None: ...

class GetAppRequest(_message.Message):
    __slots__ = ("organization_id", "app_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    app_id: str
    def __init__(self, organization_id: _Optional[str] = ..., app_id: _Optional[str] = ...) -> None: ...

class GetAppResponse(_message.Message):
    __slots__ = ("app",)
    APP_FIELD_NUMBER: _ClassVar[int]
    app: App
    def __init__(self, app: _Optional[_Union[App, _Mapping]] = ...) -> None: ...

class CreateAppRequest(_message.Message):
    __slots__ = ("organization_id", "app")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    APP_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    app: App
    def __init__(self, organization_id: _Optional[str] = ..., app: _Optional[_Union[App, _Mapping]] = ...) -> None: ...

class CreateAppResponse(_message.Message):
    __slots__ = ("app",)
    APP_FIELD_NUMBER: _ClassVar[int]
    app: App
    def __init__(self, app: _Optional[_Union[App, _Mapping]] = ...) -> None: ...

class UpdateAppRequest(_message.Message):
    __slots__ = ("organization_id", "app_id", "app", "update_mask")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    APP_FIELD_NUMBER: _ClassVar[int]
    UPDATE_MASK_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    app_id: str
    app: App
    update_mask: _field_mask_pb2.FieldMask
    def __init__(self, organization_id: _Optional[str] = ..., app_id: _Optional[str] = ..., app: _Optional[_Union[App, _Mapping]] = ..., update_mask: _Optional[_Union[_field_mask_pb2.FieldMask, _Mapping]] = ...) -> None: ...

class UpdateAppResponse(_message.Message):
    __slots__ = ("app",)
    APP_FIELD_NUMBER: _ClassVar[int]
    app: App
    def __init__(self, app: _Optional[_Union[App, _Mapping]] = ...) -> None: ...

class DeleteAppRequest(_message.Message):
    __slots__ = ("organization_id", "app_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    app_id: str
    def __init__(self, organization_id: _Optional[str] = ..., app_id: _Optional[str] = ...) -> None: ...

class DeleteAppResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class WatchAppsRequest(_message.Message):
    __slots__ = ("acknowledged_sequence", "lease")
    ACKNOWLEDGED_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    LEASE_FIELD_NUMBER: _ClassVar[int]
    acknowledged_sequence: int
    lease: int
    def __init__(self, acknowledged_sequence: _Optional[int] = ..., lease: _Optional[int] = ...) -> None: ...

class WatchAppsResponse(_message.Message):
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

class AppCreated(_message.Message):
    __slots__ = ("app",)
    APP_FIELD_NUMBER: _ClassVar[int]
    app: App
    def __init__(self, app: _Optional[_Union[App, _Mapping]] = ...) -> None: ...

class AppUpdated(_message.Message):
    __slots__ = ("app",)
    APP_FIELD_NUMBER: _ClassVar[int]
    app: App
    def __init__(self, app: _Optional[_Union[App, _Mapping]] = ...) -> None: ...

class AppDeleted(_message.Message):
    __slots__ = ("organization_id", "app_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    app_id: str
    def __init__(self, organization_id: _Optional[str] = ..., app_id: _Optional[str] = ...) -> None: ...
