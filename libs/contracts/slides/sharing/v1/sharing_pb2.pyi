import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PageKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PAGE_KIND_UNSPECIFIED: _ClassVar[PageKind]
    PAGE_KIND_SHARE: _ClassVar[PageKind]
    PAGE_KIND_EMBED: _ClassVar[PageKind]
PAGE_KIND_UNSPECIFIED: PageKind
PAGE_KIND_SHARE: PageKind
PAGE_KIND_EMBED: PageKind

class Share(_message.Message):
    __slots__ = ("token", "url", "embed_url", "password_protected", "slideshow_id", "organization_id", "created_at", "id", "app_id")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    EMBED_URL_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_PROTECTED_FIELD_NUMBER: _ClassVar[int]
    SLIDESHOW_ID_FIELD_NUMBER: _ClassVar[int]
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    token: str
    url: str
    embed_url: str
    password_protected: bool
    slideshow_id: str
    organization_id: str
    created_at: _timestamp_pb2.Timestamp
    id: str
    app_id: str
    def __init__(self, token: _Optional[str] = ..., url: _Optional[str] = ..., embed_url: _Optional[str] = ..., password_protected: _Optional[bool] = ..., slideshow_id: _Optional[str] = ..., organization_id: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., id: _Optional[str] = ..., app_id: _Optional[str] = ...) -> None: ...

class GetShareForSlideshowRequest(_message.Message):
    __slots__ = ("organization_id", "slideshow_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    SLIDESHOW_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    slideshow_id: str
    def __init__(self, organization_id: _Optional[str] = ..., slideshow_id: _Optional[str] = ...) -> None: ...

class GetShareForSlideshowResponse(_message.Message):
    __slots__ = ("enabled", "share")
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    SHARE_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    share: Share
    def __init__(self, enabled: _Optional[bool] = ..., share: _Optional[_Union[Share, _Mapping]] = ...) -> None: ...

class GetSharesForSlideshowsRequest(_message.Message):
    __slots__ = ("slideshows",)
    SLIDESHOWS_FIELD_NUMBER: _ClassVar[int]
    slideshows: _containers.RepeatedCompositeFieldContainer[GetShareForSlideshowRequest]
    def __init__(self, slideshows: _Optional[_Iterable[_Union[GetShareForSlideshowRequest, _Mapping]]] = ...) -> None: ...

class GetSharesForSlideshowsResponse(_message.Message):
    __slots__ = ("shares",)
    SHARES_FIELD_NUMBER: _ClassVar[int]
    shares: _containers.RepeatedCompositeFieldContainer[GetShareForSlideshowResponse]
    def __init__(self, shares: _Optional[_Iterable[_Union[GetShareForSlideshowResponse, _Mapping]]] = ...) -> None: ...

class CreateShareRequest(_message.Message):
    __slots__ = ("organization_id", "slideshow_id", "password", "rotate")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    SLIDESHOW_ID_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    ROTATE_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    slideshow_id: str
    password: str
    rotate: bool
    def __init__(self, organization_id: _Optional[str] = ..., slideshow_id: _Optional[str] = ..., password: _Optional[str] = ..., rotate: _Optional[bool] = ...) -> None: ...

class CreateShareResponse(_message.Message):
    __slots__ = ("share", "created")
    SHARE_FIELD_NUMBER: _ClassVar[int]
    CREATED_FIELD_NUMBER: _ClassVar[int]
    share: Share
    created: bool
    def __init__(self, share: _Optional[_Union[Share, _Mapping]] = ..., created: _Optional[bool] = ...) -> None: ...

class DisableShareRequest(_message.Message):
    __slots__ = ("organization_id", "slideshow_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    SLIDESHOW_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    slideshow_id: str
    def __init__(self, organization_id: _Optional[str] = ..., slideshow_id: _Optional[str] = ...) -> None: ...

class DisableShareResponse(_message.Message):
    __slots__ = ("disabled",)
    DISABLED_FIELD_NUMBER: _ClassVar[int]
    disabled: bool
    def __init__(self, disabled: _Optional[bool] = ...) -> None: ...

class RenderPageRequest(_message.Message):
    __slots__ = ("token", "kind", "auth_cookie")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    AUTH_COOKIE_FIELD_NUMBER: _ClassVar[int]
    token: str
    kind: PageKind
    auth_cookie: str
    def __init__(self, token: _Optional[str] = ..., kind: _Optional[_Union[PageKind, str]] = ..., auth_cookie: _Optional[str] = ...) -> None: ...

class RenderPageResponse(_message.Message):
    __slots__ = ("status_code", "html", "headers")
    class HeadersEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    STATUS_CODE_FIELD_NUMBER: _ClassVar[int]
    HTML_FIELD_NUMBER: _ClassVar[int]
    HEADERS_FIELD_NUMBER: _ClassVar[int]
    status_code: int
    html: str
    headers: _containers.ScalarMap[str, str]
    def __init__(self, status_code: _Optional[int] = ..., html: _Optional[str] = ..., headers: _Optional[_Mapping[str, str]] = ...) -> None: ...

class SubmitPasswordRequest(_message.Message):
    __slots__ = ("token", "password", "client_ip")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    CLIENT_IP_FIELD_NUMBER: _ClassVar[int]
    token: str
    password: str
    client_ip: str
    def __init__(self, token: _Optional[str] = ..., password: _Optional[str] = ..., client_ip: _Optional[str] = ...) -> None: ...

class SubmitPasswordResponse(_message.Message):
    __slots__ = ("status_code", "html", "headers", "cookie_value", "cookie_paths", "cookie_max_age")
    class HeadersEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    STATUS_CODE_FIELD_NUMBER: _ClassVar[int]
    HTML_FIELD_NUMBER: _ClassVar[int]
    HEADERS_FIELD_NUMBER: _ClassVar[int]
    COOKIE_VALUE_FIELD_NUMBER: _ClassVar[int]
    COOKIE_PATHS_FIELD_NUMBER: _ClassVar[int]
    COOKIE_MAX_AGE_FIELD_NUMBER: _ClassVar[int]
    status_code: int
    html: str
    headers: _containers.ScalarMap[str, str]
    cookie_value: str
    cookie_paths: _containers.RepeatedScalarFieldContainer[str]
    cookie_max_age: int
    def __init__(self, status_code: _Optional[int] = ..., html: _Optional[str] = ..., headers: _Optional[_Mapping[str, str]] = ..., cookie_value: _Optional[str] = ..., cookie_paths: _Optional[_Iterable[str]] = ..., cookie_max_age: _Optional[int] = ...) -> None: ...

class GetOembedRequest(_message.Message):
    __slots__ = ("url", "maxwidth", "maxheight")
    URL_FIELD_NUMBER: _ClassVar[int]
    MAXWIDTH_FIELD_NUMBER: _ClassVar[int]
    MAXHEIGHT_FIELD_NUMBER: _ClassVar[int]
    url: str
    maxwidth: int
    maxheight: int
    def __init__(self, url: _Optional[str] = ..., maxwidth: _Optional[int] = ..., maxheight: _Optional[int] = ...) -> None: ...

class GetOembedResponse(_message.Message):
    __slots__ = ("version", "type", "html", "width", "height", "title", "provider_name", "provider_url", "thumbnail_url", "thumbnail_width", "thumbnail_height")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    HTML_FIELD_NUMBER: _ClassVar[int]
    WIDTH_FIELD_NUMBER: _ClassVar[int]
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    PROVIDER_NAME_FIELD_NUMBER: _ClassVar[int]
    PROVIDER_URL_FIELD_NUMBER: _ClassVar[int]
    THUMBNAIL_URL_FIELD_NUMBER: _ClassVar[int]
    THUMBNAIL_WIDTH_FIELD_NUMBER: _ClassVar[int]
    THUMBNAIL_HEIGHT_FIELD_NUMBER: _ClassVar[int]
    version: str
    type: str
    html: str
    width: int
    height: int
    title: str
    provider_name: str
    provider_url: str
    thumbnail_url: str
    thumbnail_width: int
    thumbnail_height: int
    def __init__(self, version: _Optional[str] = ..., type: _Optional[str] = ..., html: _Optional[str] = ..., width: _Optional[int] = ..., height: _Optional[int] = ..., title: _Optional[str] = ..., provider_name: _Optional[str] = ..., provider_url: _Optional[str] = ..., thumbnail_url: _Optional[str] = ..., thumbnail_width: _Optional[int] = ..., thumbnail_height: _Optional[int] = ...) -> None: ...

class GetShareZipRequest(_message.Message):
    __slots__ = ("token", "password", "auth_cookie", "client_ip")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    AUTH_COOKIE_FIELD_NUMBER: _ClassVar[int]
    CLIENT_IP_FIELD_NUMBER: _ClassVar[int]
    token: str
    password: str
    auth_cookie: str
    client_ip: str
    def __init__(self, token: _Optional[str] = ..., password: _Optional[str] = ..., auth_cookie: _Optional[str] = ..., client_ip: _Optional[str] = ...) -> None: ...

class GetShareZipResponse(_message.Message):
    __slots__ = ("url", "expires_at", "cached")
    URL_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_AT_FIELD_NUMBER: _ClassVar[int]
    CACHED_FIELD_NUMBER: _ClassVar[int]
    url: str
    expires_at: _timestamp_pb2.Timestamp
    cached: bool
    def __init__(self, url: _Optional[str] = ..., expires_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., cached: _Optional[bool] = ...) -> None: ...

class ShareChanged(_message.Message):
    __slots__ = ("organization_id", "slideshow_id", "app_id", "enabled", "url")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    SLIDESHOW_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    slideshow_id: str
    app_id: str
    enabled: bool
    url: str
    def __init__(self, organization_id: _Optional[str] = ..., slideshow_id: _Optional[str] = ..., app_id: _Optional[str] = ..., enabled: _Optional[bool] = ..., url: _Optional[str] = ...) -> None: ...
