from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ShareBody")


@_attrs_define
class ShareBody:
    """
    Attributes:
        token (str): 32 characters, base64url
        url (str): {PUBLIC_BASE_URL}/share/<token>
        embed_url (str): {PUBLIC_BASE_URL}/embed/<token> (frameable)
        password_protected (bool):
        created_at (None | str): when this token was issued
    """

    token: str
    url: str
    embed_url: str
    password_protected: bool
    created_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        url = self.url

        embed_url = self.embed_url

        password_protected = self.password_protected

        created_at: None | str
        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "token": token,
                "url": url,
                "embed_url": embed_url,
                "password_protected": password_protected,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        url = d.pop("url")

        embed_url = d.pop("embed_url")

        password_protected = d.pop("password_protected")

        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("createdAt"))

        share_body = cls(
            token=token,
            url=url,
            embed_url=embed_url,
            password_protected=password_protected,
            created_at=created_at,
        )

        share_body.additional_properties = d
        return share_body

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
