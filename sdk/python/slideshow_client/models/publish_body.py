from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

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
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

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
        field_dict.update(self.additional_properties)
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

        publish_body.additional_properties = d
        return publish_body

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
