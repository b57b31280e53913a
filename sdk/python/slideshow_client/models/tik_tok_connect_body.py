from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="TikTokConnectBody")


@_attrs_define
class TikTokConnectBody:
    """
    Attributes:
        redirect_after (None | str | Unset): where the browser goes once the account is connected (with
            `tiktok=connected` and `account_id` added to its query): an absolute http(s) URL on the service's own host
            (PUBLIC_BASE_URL); default: a page saying so
    """

    redirect_after: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        redirect_after: None | str | Unset
        if isinstance(self.redirect_after, Unset):
            redirect_after = UNSET
        else:
            redirect_after = self.redirect_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if redirect_after is not UNSET:
            field_dict["redirect_after"] = redirect_after

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_redirect_after(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        redirect_after = _parse_redirect_after(d.pop("redirect_after", UNSET))

        tik_tok_connect_body = cls(
            redirect_after=redirect_after,
        )

        tik_tok_connect_body.additional_properties = d
        return tik_tok_connect_body

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
