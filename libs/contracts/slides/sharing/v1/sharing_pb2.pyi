import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Share(_message.Message):
    __slots__ = ("token", "url", "embed_url", "password_protected", "slideshow_id", "organization_id", "created_at")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    EMBED_URL_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_PROTECTED_FIELD_NUMBER: _ClassVar[int]
    SLIDESHOW_ID_FIELD_NUMBER: _ClassVar[int]
    ORGANIZATION_ID_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    token: str
    url: str
    embed_url: str
    password_protected: bool
    slideshow_id: str
    organization_id: str
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, token: _Optional[str] = ..., url: _Optional[str] = ..., embed_url: _Optional[str] = ..., password_protected: _Optional[bool] = ..., slideshow_id: _Optional[str] = ..., organization_id: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

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
