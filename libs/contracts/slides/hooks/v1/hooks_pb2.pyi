import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from slides.common.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Hook(_message.Message):
    __slots__ = ("id", "organization_id", "text", "category", "language", "niche", "source", "status", "performance_score", "created_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    NICHE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_SCORE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    organization_id: str
    text: str
    category: str
    language: str
    niche: str
    source: str
    status: str
    performance_score: float
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., organization_id: _Optional[str] = ..., text: _Optional[str] = ..., category: _Optional[str] = ..., language: _Optional[str] = ..., niche: _Optional[str] = ..., source: _Optional[str] = ..., status: _Optional[str] = ..., performance_score: _Optional[float] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListHooksRequest(_message.Message):
    __slots__ = ("organization_id", "page", "niche", "language", "category", "status", "q", "sort", "known_version")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    NICHE_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    Q_FIELD_NUMBER: _ClassVar[int]
    SORT_FIELD_NUMBER: _ClassVar[int]
    KNOWN_VERSION_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    page: _common_pb2.PageRequest
    niche: str
    language: str
    category: str
    status: str
    q: str
    sort: str
    known_version: int
    def __init__(self, organization_id: _Optional[str] = ..., page: _Optional[_Union[_common_pb2.PageRequest, _Mapping]] = ..., niche: _Optional[str] = ..., language: _Optional[str] = ..., category: _Optional[str] = ..., status: _Optional[str] = ..., q: _Optional[str] = ..., sort: _Optional[str] = ..., known_version: _Optional[int] = ...) -> None: ...

class ListHooksResponse(_message.Message):
    __slots__ = ("hooks", "page", "version", "unchanged")
    HOOKS_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    UNCHANGED_FIELD_NUMBER: _ClassVar[int]
    hooks: _containers.RepeatedCompositeFieldContainer[Hook]
    page: _common_pb2.PageInfo
    version: int
    unchanged: bool
    def __init__(self, hooks: _Optional[_Iterable[_Union[Hook, _Mapping]]] = ..., page: _Optional[_Union[_common_pb2.PageInfo, _Mapping]] = ..., version: _Optional[int] = ..., unchanged: _Optional[bool] = ...) -> None: ...

class RefreshApp(_message.Message):
    __slots__ = ("id", "name", "niche", "language")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    NICHE_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    niche: str
    language: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., niche: _Optional[str] = ..., language: _Optional[str] = ...) -> None: ...

class RefreshNowRequest(_message.Message):
    __slots__ = ("organization_id", "app_id")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    app_id: str
    def __init__(self, organization_id: _Optional[str] = ..., app_id: _Optional[str] = ...) -> None: ...

class RefreshNowResponse(_message.Message):
    __slots__ = ("jobs_started", "apps")
    JOBS_STARTED_FIELD_NUMBER: _ClassVar[int]
    APPS_FIELD_NUMBER: _ClassVar[int]
    jobs_started: int
    apps: _containers.RepeatedCompositeFieldContainer[RefreshApp]
    def __init__(self, jobs_started: _Optional[int] = ..., apps: _Optional[_Iterable[_Union[RefreshApp, _Mapping]]] = ...) -> None: ...

class RefreshDailyRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RefreshDailyResponse(_message.Message):
    __slots__ = ("organizations", "jobs_started")
    ORGANIZATIONS_FIELD_NUMBER: _ClassVar[int]
    JOBS_STARTED_FIELD_NUMBER: _ClassVar[int]
    organizations: int
    jobs_started: int
    def __init__(self, organizations: _Optional[int] = ..., jobs_started: _Optional[int] = ...) -> None: ...

class PickHookRequest(_message.Message):
    __slots__ = ("organization_id", "app_id", "niche", "language", "categories")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    NICHE_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    CATEGORIES_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    app_id: str
    niche: str
    language: str
    categories: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, organization_id: _Optional[str] = ..., app_id: _Optional[str] = ..., niche: _Optional[str] = ..., language: _Optional[str] = ..., categories: _Optional[_Iterable[str]] = ...) -> None: ...

class PickHookResponse(_message.Message):
    __slots__ = ("hook",)
    HOOK_FIELD_NUMBER: _ClassVar[int]
    hook: Hook
    def __init__(self, hook: _Optional[_Union[Hook, _Mapping]] = ...) -> None: ...

class GenerateHooksRequest(_message.Message):
    __slots__ = ("organization_id", "app_id", "count", "category")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    app_id: str
    count: int
    category: str
    def __init__(self, organization_id: _Optional[str] = ..., app_id: _Optional[str] = ..., count: _Optional[int] = ..., category: _Optional[str] = ...) -> None: ...

class GenerateHooksResponse(_message.Message):
    __slots__ = ("hooks",)
    HOOKS_FIELD_NUMBER: _ClassVar[int]
    hooks: _containers.RepeatedCompositeFieldContainer[Hook]
    def __init__(self, hooks: _Optional[_Iterable[_Union[Hook, _Mapping]]] = ...) -> None: ...

class ReviewHookRequest(_message.Message):
    __slots__ = ("organization_id", "hook_id", "status")
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    HOOK_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    organization_id: str
    hook_id: str
    status: str
    def __init__(self, organization_id: _Optional[str] = ..., hook_id: _Optional[str] = ..., status: _Optional[str] = ...) -> None: ...

class ReviewHookResponse(_message.Message):
    __slots__ = ("hook",)
    HOOK_FIELD_NUMBER: _ClassVar[int]
    hook: Hook
    def __init__(self, hook: _Optional[_Union[Hook, _Mapping]] = ...) -> None: ...

class RefreshRequested(_message.Message):
    __slots__ = ("job_id", "organization_id", "app_id", "trigger")
    JOB_ID_FIELD_NUMBER: _ClassVar[int]
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    TRIGGER_FIELD_NUMBER: _ClassVar[int]
    job_id: str
    organization_id: str
    app_id: str
    trigger: str
    def __init__(self, job_id: _Optional[str] = ..., organization_id: _Optional[str] = ..., app_id: _Optional[str] = ..., trigger: _Optional[str] = ...) -> None: ...
