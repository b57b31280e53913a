from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.account_connected_by import AccountConnectedBy
from ..models.account_status import AccountStatus

T = TypeVar("T", bound="Account")


@_attrs_define
class Account:
    """
    Attributes:
        field_id (str): acct_<id>
        app_id (str):
        platform (Literal['tiktok']):
        open_id (str):
        display_name (str):
        avatar_url (None | str): the TikTok avatar (OAuth connections); null when unknown
        status (AccountStatus): RECONNECT_REQUIRED: TikTok no longer accepts the account's authorization (revoked, or
            the refresh token expired after a year): connect it again; publishing answers RECONNECT_REQUIRED
        connected_by (AccountConnectedBy): oauth: through TikTok's authorize page (tokens refreshed automatically);
            token: given
        created_at (None | str):
    """

    field_id: str
    app_id: str
    platform: Literal["tiktok"]
    open_id: str
    display_name: str
    avatar_url: None | str
    status: AccountStatus
    connected_by: AccountConnectedBy
    created_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_id = self.field_id

        app_id = self.app_id

        platform = self.platform

        open_id = self.open_id

        display_name = self.display_name

        avatar_url: None | str
        avatar_url = self.avatar_url

        status = self.status.value

        connected_by = self.connected_by.value

        created_at: None | str
        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "_id": field_id,
                "app_id": app_id,
                "platform": platform,
                "open_id": open_id,
                "display_name": display_name,
                "avatar_url": avatar_url,
                "status": status,
                "connected_by": connected_by,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field_id = d.pop("_id")

        app_id = d.pop("app_id")

        platform = cast(Literal["tiktok"], d.pop("platform"))
        if platform != "tiktok":
            raise ValueError(f"platform must match const 'tiktok', got '{platform}'")

        open_id = d.pop("open_id")

        display_name = d.pop("display_name")

        def _parse_avatar_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        avatar_url = _parse_avatar_url(d.pop("avatar_url"))

        status = AccountStatus(d.pop("status"))

        connected_by = AccountConnectedBy(d.pop("connected_by"))

        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("createdAt"))

        account = cls(
            field_id=field_id,
            app_id=app_id,
            platform=platform,
            open_id=open_id,
            display_name=display_name,
            avatar_url=avatar_url,
            status=status,
            connected_by=connected_by,
            created_at=created_at,
        )

        account.additional_properties = d
        return account

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
