from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.publish_body_mode import PublishBodyMode
from ..models.publish_body_privacy_level_type_0 import PublishBodyPrivacyLevelType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="PublishBody")


@_attrs_define
class PublishBody:
    """
    Attributes:
        platform (Literal['tiktok'] | Unset):  Default: 'tiktok'.
        mode (PublishBodyMode | Unset): draft: to the creator's TikTok inbox; direct: posted at once Default:
            PublishBodyMode.DRAFT.
        privacy_level (None | PublishBodyPrivacyLevelType0 | Unset): direct posts; default SELF_ONLY
    """

    platform: Literal["tiktok"] | Unset = "tiktok"
    mode: PublishBodyMode | Unset = PublishBodyMode.DRAFT
    privacy_level: None | PublishBodyPrivacyLevelType0 | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        platform = self.platform

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        privacy_level: None | str | Unset
        if isinstance(self.privacy_level, Unset):
            privacy_level = UNSET
        elif isinstance(self.privacy_level, PublishBodyPrivacyLevelType0):
            privacy_level = self.privacy_level.value
        else:
            privacy_level = self.privacy_level

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if platform is not UNSET:
            field_dict["platform"] = platform
        if mode is not UNSET:
            field_dict["mode"] = mode
        if privacy_level is not UNSET:
            field_dict["privacy_level"] = privacy_level

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        platform = cast(Literal["tiktok"] | Unset, d.pop("platform", UNSET))
        if platform != "tiktok" and not isinstance(platform, Unset):
            raise ValueError(f"platform must match const 'tiktok', got '{platform}'")

        _mode = d.pop("mode", UNSET)
        mode: PublishBodyMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = PublishBodyMode(_mode)

        def _parse_privacy_level(data: object) -> None | PublishBodyPrivacyLevelType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                privacy_level_type_0 = PublishBodyPrivacyLevelType0(data)

                return privacy_level_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PublishBodyPrivacyLevelType0 | Unset, data)

        privacy_level = _parse_privacy_level(d.pop("privacy_level", UNSET))

        publish_body = cls(
            platform=platform,
            mode=mode,
            privacy_level=privacy_level,
        )

        return publish_body
