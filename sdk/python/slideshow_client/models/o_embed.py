from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="OEmbed")


@_attrs_define
class OEmbed:
    """oEmbed 1.0 `rich` response (thumbnail_* only once the deck is READY).

    Attributes:
        html (str): an iframe of the embed page
        width (int):
        height (int):
        title (str):
        provider_name (str):
        provider_url (str):
        version (str | Unset):  Default: '1.0'.
        type_ (str | Unset):  Default: 'rich'.
        thumbnail_url (None | str | Unset):
        thumbnail_width (int | None | Unset):
        thumbnail_height (int | None | Unset):
    """

    html: str
    width: int
    height: int
    title: str
    provider_name: str
    provider_url: str
    version: str | Unset = "1.0"
    type_: str | Unset = "rich"
    thumbnail_url: None | str | Unset = UNSET
    thumbnail_width: int | None | Unset = UNSET
    thumbnail_height: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        html = self.html

        width = self.width

        height = self.height

        title = self.title

        provider_name = self.provider_name

        provider_url = self.provider_url

        version = self.version

        type_ = self.type_

        thumbnail_url: None | str | Unset
        if isinstance(self.thumbnail_url, Unset):
            thumbnail_url = UNSET
        else:
            thumbnail_url = self.thumbnail_url

        thumbnail_width: int | None | Unset
        if isinstance(self.thumbnail_width, Unset):
            thumbnail_width = UNSET
        else:
            thumbnail_width = self.thumbnail_width

        thumbnail_height: int | None | Unset
        if isinstance(self.thumbnail_height, Unset):
            thumbnail_height = UNSET
        else:
            thumbnail_height = self.thumbnail_height

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "html": html,
                "width": width,
                "height": height,
                "title": title,
                "provider_name": provider_name,
                "provider_url": provider_url,
            }
        )
        if version is not UNSET:
            field_dict["version"] = version
        if type_ is not UNSET:
            field_dict["type"] = type_
        if thumbnail_url is not UNSET:
            field_dict["thumbnail_url"] = thumbnail_url
        if thumbnail_width is not UNSET:
            field_dict["thumbnail_width"] = thumbnail_width
        if thumbnail_height is not UNSET:
            field_dict["thumbnail_height"] = thumbnail_height

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        html = d.pop("html")

        width = d.pop("width")

        height = d.pop("height")

        title = d.pop("title")

        provider_name = d.pop("provider_name")

        provider_url = d.pop("provider_url")

        version = d.pop("version", UNSET)

        type_ = d.pop("type", UNSET)

        def _parse_thumbnail_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        thumbnail_url = _parse_thumbnail_url(d.pop("thumbnail_url", UNSET))

        def _parse_thumbnail_width(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        thumbnail_width = _parse_thumbnail_width(d.pop("thumbnail_width", UNSET))

        def _parse_thumbnail_height(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        thumbnail_height = _parse_thumbnail_height(d.pop("thumbnail_height", UNSET))

        o_embed = cls(
            html=html,
            width=width,
            height=height,
            title=title,
            provider_name=provider_name,
            provider_url=provider_url,
            version=version,
            type_=type_,
            thumbnail_url=thumbnail_url,
            thumbnail_width=thumbnail_width,
            thumbnail_height=thumbnail_height,
        )

        o_embed.additional_properties = d
        return o_embed

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
