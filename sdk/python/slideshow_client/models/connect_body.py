from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ConnectBody")


@_attrs_define
class ConnectBody:
    """
    Attributes:
        platform (Literal['tiktok']):
        access_token (str): the account's user access token (printable ASCII, as OAuth tokens are); stored encrypted,
            never returned
        open_id (None | str | Unset):
        display_name (None | str | Unset):
    """

    platform: Literal["tiktok"]
    access_token: str
    open_id: None | str | Unset = UNSET
    display_name: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        platform = self.platform

        access_token = self.access_token

        open_id: None | str | Unset
        if isinstance(self.open_id, Unset):
            open_id = UNSET
        else:
            open_id = self.open_id

        display_name: None | str | Unset
        if isinstance(self.display_name, Unset):
            display_name = UNSET
        else:
            display_name = self.display_name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "platform": platform,
                "access_token": access_token,
            }
        )
        if open_id is not UNSET:
            field_dict["open_id"] = open_id
        if display_name is not UNSET:
            field_dict["display_name"] = display_name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        platform = cast(Literal["tiktok"], d.pop("platform"))
        if platform != "tiktok":
            raise ValueError(f"platform must match const 'tiktok', got '{platform}'")

        access_token = d.pop("access_token")

        def _parse_open_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        open_id = _parse_open_id(d.pop("open_id", UNSET))

        def _parse_display_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        display_name = _parse_display_name(d.pop("display_name", UNSET))

        connect_body = cls(
            platform=platform,
            access_token=access_token,
            open_id=open_id,
            display_name=display_name,
        )

        return connect_body
