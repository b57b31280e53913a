import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from slides.common.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TemplateVariable(_message.Message):
    __slots__ = ("name", "description", "required")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    REQUIRED_FIELD_NUMBER: _ClassVar[int]
    name: str
    description: str
    required: bool
    def __init__(self, name: _Optional[str] = ..., description: _Optional[str] = ..., required: _Optional[bool] = ...) -> None: ...

class Template(_message.Message):
    __slots__ = ("key", "name", "description", "format", "slide_roles", "variables")
    KEY_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    SLIDE_ROLES_FIELD_NUMBER: _ClassVar[int]
    VARIABLES_FIELD_NUMBER: _ClassVar[int]
    key: str
    name: str
    description: str
    format: str
    slide_roles: _containers.RepeatedScalarFieldContainer[str]
    variables: _containers.RepeatedCompositeFieldContainer[TemplateVariable]
    def __init__(self, key: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., format: _Optional[str] = ..., slide_roles: _Optional[_Iterable[str]] = ..., variables: _Optional[_Iterable[_Union[TemplateVariable, _Mapping]]] = ...) -> None: ...

class Niche(_message.Message):
    __slots__ = ("key", "name", "languages", "templates")
    KEY_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    LANGUAGES_FIELD_NUMBER: _ClassVar[int]
    TEMPLATES_FIELD_NUMBER: _ClassVar[int]
    key: str
    name: str
    languages: _containers.RepeatedScalarFieldContainer[str]
    templates: _containers.RepeatedCompositeFieldContainer[Template]
    def __init__(self, key: _Optional[str] = ..., name: _Optional[str] = ..., languages: _Optional[_Iterable[str]] = ..., templates: _Optional[_Iterable[_Union[Template, _Mapping]]] = ...) -> None: ...

class Format(_message.Message):
    __slots__ = ("key", "name", "description", "slide_roles", "variables")
    KEY_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SLIDE_ROLES_FIELD_NUMBER: _ClassVar[int]
    VARIABLES_FIELD_NUMBER: _ClassVar[int]
    key: str
    name: str
    description: str
    slide_roles: _containers.RepeatedScalarFieldContainer[str]
    variables: _containers.RepeatedCompositeFieldContainer[TemplateVariable]
    def __init__(self, key: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., slide_roles: _Optional[_Iterable[str]] = ..., variables: _Optional[_Iterable[_Union[TemplateVariable, _Mapping]]] = ...) -> None: ...

class Design(_message.Message):
    __slots__ = ("key", "name", "description")
    KEY_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    key: str
    name: str
    description: str
    def __init__(self, key: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...

class ListNichesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListNichesResponse(_message.Message):
    __slots__ = ("niches",)
    NICHES_FIELD_NUMBER: _ClassVar[int]
    niches: _containers.RepeatedCompositeFieldContainer[Niche]
    def __init__(self, niches: _Optional[_Iterable[_Union[Niche, _Mapping]]] = ...) -> None: ...

class ListFormatsRequest(_message.Message):
    __slots__ = ("niche",)
    NICHE_FIELD_NUMBER: _ClassVar[int]
    niche: str
    def __init__(self, niche: _Optional[str] = ...) -> None: ...

class ListFormatsResponse(_message.Message):
    __slots__ = ("formats",)
    FORMATS_FIELD_NUMBER: _ClassVar[int]
    formats: _containers.RepeatedCompositeFieldContainer[Format]
    def __init__(self, formats: _Optional[_Iterable[_Union[Format, _Mapping]]] = ...) -> None: ...

class ListDesignsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListDesignsResponse(_message.Message):
    __slots__ = ("designs",)
    DESIGNS_FIELD_NUMBER: _ClassVar[int]
    designs: _containers.RepeatedCompositeFieldContainer[Design]
    def __init__(self, designs: _Optional[_Iterable[_Union[Design, _Mapping]]] = ...) -> None: ...

class Slide(_message.Message):
    __slots__ = ("order", "template", "layout_type", "title", "subtitle", "label", "image_url", "duration")
    ORDER_FIELD_NUMBER: _ClassVar[int]
    TEMPLATE_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_TYPE_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    SUBTITLE_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    IMAGE_URL_FIELD_NUMBER: _ClassVar[int]
    DURATION_FIELD_NUMBER: _ClassVar[int]
    order: int
    template: str
    layout_type: str
    title: str
    subtitle: str
    label: str
    image_url: str
    duration: float
    def __init__(self, order: _Optional[int] = ..., template: _Optional[str] = ..., layout_type: _Optional[str] = ..., title: _Optional[str] = ..., subtitle: _Optional[str] = ..., label: _Optional[str] = ..., image_url: _Optional[str] = ..., duration: _Optional[float] = ...) -> None: ...

class MarketingAsset(_message.Message):
    __slots__ = ("type", "text", "tags")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    TAGS_FIELD_NUMBER: _ClassVar[int]
    type: str
    text: str
    tags: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, type: _Optional[str] = ..., text: _Optional[str] = ..., tags: _Optional[_Iterable[str]] = ...) -> None: ...

class SlideshowError(_message.Message):
    __slots__ = ("code", "message")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    code: str
    message: str
    def __init__(self, code: _Optional[str] = ..., message: _Optional[str] = ...) -> None: ...

class Slideshow(_message.Message):
    __slots__ = ("id", "organization_id", "app_id", "hook_id", "hook_text_snapshot", "status", "language", "template_set", "template_key", "design", "slides", "marketing_assets", "error", "created_at", "updated_at", "app_name")
    ID_FIELD_NUMBER: _ClassVar[int]
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    HOOK_ID_FIELD_NUMBER: _ClassVar[int]
    HOOK_TEXT_SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    TEMPLATE_SET_FIELD_NUMBER: _ClassVar[int]
    TEMPLATE_KEY_FIELD_NUMBER: _ClassVar[int]
    DESIGN_FIELD_NUMBER: _ClassVar[int]
    SLIDES_FIELD_NUMBER: _ClassVar[int]
    MARKETING_ASSETS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    APP_NAME_FIELD_NUMBER: _ClassVar[int]
    id: str
    organization_id: str
    app_id: str
    hook_id: str
    hook_text_snapshot: str
    status: str
    language: str
    template_set: str
    template_key: str
    design: str
    slides: _containers.RepeatedCompositeFieldContainer[Slide]
    marketing_assets: _containers.RepeatedCompositeFieldContainer[MarketingAsset]
    error: SlideshowError
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    app_name: str
    def __init__(self, id: _Optional[str] = ..., organization_id: _Optional[str] = ..., app_id: _Optional[str] = ..., hook_id: _Optional[str] = ..., hook_text_snapshot: _Optional[str] = ..., status: _Optional[str] = ..., language: _Optional[str] = ..., template_set: _Optional[str] = ..., template_key: _Optional[str] = ..., design: _Optional[str] = ..., slides: _Optional[_Iterable[_Union[Slide, _Mapping]]] = ..., marketing_assets: _Optional[_Iterable[_Union[MarketingAsset, _Mapping]]] = ..., error: _Optional[_Union[SlideshowError, _Mapping]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., app_name: _Optional[str] = ...) -> None: ...

class GenerateSlideshowRequest(_message.Message):
    __slots__ = ("organization_id", "app_id", "template_key", "variable_overrides", "idempotency_key", "request_fingerprint", "design", "non_string_overrides")
    class VariableOverridesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    TEMPLATE_KEY_FIELD_NUMBER: _ClassVar[int]
    VARIABLE_OVERRIDES_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    REQUEST_FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    DESIGN_FIELD_NUMBER: _ClassVar[int]
    NON_STRING_OVERRIDES_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    app_id: str
    template_key: str
    variable_overrides: _containers.ScalarMap[str, str]
    idempotency_key: str
    request_fingerprint: str
    design: str
    non_string_overrides: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, organization_id: _Optional[str] = ..., app_id: _Optional[str] = ..., template_key: _Optional[str] = ..., variable_overrides: _Optional[_Mapping[str, str]] = ..., idempotency_key: _Optional[str] = ..., request_fingerprint: _Optional[str] = ..., design: _Optional[str] = ..., non_string_overrides: _Optional[_Iterable[str]] = ...) -> None: ...

class GenerateSlideshowResponse(_message.Message):
    __slots__ = ("slideshow_id", "status")
    SLIDESHOW_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    slideshow_id: str
    status: str
    def __init__(self, slideshow_id: _Optional[str] = ..., status: _Optional[str] = ...) -> None: ...

class GetSlideshowRequest(_message.Message):
    __slots__ = ("organization_id", "slideshow_id", "app_checked_by_caller")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    SLIDESHOW_ID_FIELD_NUMBER: _ClassVar[int]
    APP_CHECKED_BY_CALLER_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    slideshow_id: str
    app_checked_by_caller: bool
    def __init__(self, organization_id: _Optional[str] = ..., slideshow_id: _Optional[str] = ..., app_checked_by_caller: _Optional[bool] = ...) -> None: ...

class GetSlideshowResponse(_message.Message):
    __slots__ = ("slideshow",)
    SLIDESHOW_FIELD_NUMBER: _ClassVar[int]
    slideshow: Slideshow
    def __init__(self, slideshow: _Optional[_Union[Slideshow, _Mapping]] = ...) -> None: ...

class ListSlideshowsRequest(_message.Message):
    __slots__ = ("organization_id", "page", "app_id", "statuses", "app_checked_by_caller", "known_version")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    STATUSES_FIELD_NUMBER: _ClassVar[int]
    APP_CHECKED_BY_CALLER_FIELD_NUMBER: _ClassVar[int]
    KNOWN_VERSION_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    page: _common_pb2.PageRequest
    app_id: str
    statuses: _containers.RepeatedScalarFieldContainer[str]
    app_checked_by_caller: bool
    known_version: int
    def __init__(self, organization_id: _Optional[str] = ..., page: _Optional[_Union[_common_pb2.PageRequest, _Mapping]] = ..., app_id: _Optional[str] = ..., statuses: _Optional[_Iterable[str]] = ..., app_checked_by_caller: _Optional[bool] = ..., known_version: _Optional[int] = ...) -> None: ...

class ListSlideshowsResponse(_message.Message):
    __slots__ = ("slideshows", "page", "version", "unchanged")
    SLIDESHOWS_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    UNCHANGED_FIELD_NUMBER: _ClassVar[int]
    slideshows: _containers.RepeatedCompositeFieldContainer[Slideshow]
    page: _common_pb2.PageInfo
    version: int
    unchanged: bool
    def __init__(self, slideshows: _Optional[_Iterable[_Union[Slideshow, _Mapping]]] = ..., page: _Optional[_Union[_common_pb2.PageInfo, _Mapping]] = ..., version: _Optional[int] = ..., unchanged: _Optional[bool] = ...) -> None: ...

class GetZipRequest(_message.Message):
    __slots__ = ("organization_id", "slideshow_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    SLIDESHOW_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    slideshow_id: str
    def __init__(self, organization_id: _Optional[str] = ..., slideshow_id: _Optional[str] = ...) -> None: ...

class GetZipResponse(_message.Message):
    __slots__ = ("url", "expires_at", "cached")
    URL_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_AT_FIELD_NUMBER: _ClassVar[int]
    CACHED_FIELD_NUMBER: _ClassVar[int]
    url: str
    expires_at: _timestamp_pb2.Timestamp
    cached: bool
    def __init__(self, url: _Optional[str] = ..., expires_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., cached: _Optional[bool] = ...) -> None: ...

class UploadScreenshotRequest(_message.Message):
    __slots__ = ("organization_id", "content", "filename", "content_type")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    FILENAME_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    content: bytes
    filename: str
    content_type: str
    def __init__(self, organization_id: _Optional[str] = ..., content: _Optional[bytes] = ..., filename: _Optional[str] = ..., content_type: _Optional[str] = ...) -> None: ...

class UploadScreenshotResponse(_message.Message):
    __slots__ = ("url",)
    URL_FIELD_NUMBER: _ClassVar[int]
    url: str
    def __init__(self, url: _Optional[str] = ...) -> None: ...

class RenderRequested(_message.Message):
    __slots__ = ("slideshow_id", "organization_id")
    SLIDESHOW_ID_FIELD_NUMBER: _ClassVar[int]
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    slideshow_id: str
    organization_id: str
    def __init__(self, slideshow_id: _Optional[str] = ..., organization_id: _Optional[str] = ...) -> None: ...

class SlideshowCompleted(_message.Message):
    __slots__ = ("slideshow",)
    SLIDESHOW_FIELD_NUMBER: _ClassVar[int]
    slideshow: Slideshow
    def __init__(self, slideshow: _Optional[_Union[Slideshow, _Mapping]] = ...) -> None: ...

class SlideshowFailed(_message.Message):
    __slots__ = ("slideshow",)
    SLIDESHOW_FIELD_NUMBER: _ClassVar[int]
    slideshow: Slideshow
    def __init__(self, slideshow: _Optional[_Union[Slideshow, _Mapping]] = ...) -> None: ...
