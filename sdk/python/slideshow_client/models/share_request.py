from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ShareRequest")


@_attrs_define
class ShareRequest:
    """Body of POST /v0/api/slideshows/:id/share (all optional; an empty body is fine).

    Attributes:
        password (None | str | Unset): Protect the link with this password (set or replace; the token stays the same).
        rotate (bool | Unset): Issue a new token; the old one is dead at once (404). Default: False.
        remove_password (bool | Unset): Drop the password protection of the link. Default: False.
    """

    password: None | str | Unset = UNSET
    rotate: bool | Unset = False
    remove_password: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        password: None | str | Unset
        if isinstance(self.password, Unset):
            password = UNSET
        else:
            password = self.password

        rotate = self.rotate

        remove_password = self.remove_password

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if password is not UNSET:
            field_dict["password"] = password
        if rotate is not UNSET:
            field_dict["rotate"] = rotate
        if remove_password is not UNSET:
            field_dict["remove_password"] = remove_password

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        password = _parse_password(d.pop("password", UNSET))

        rotate = d.pop("rotate", UNSET)

        remove_password = d.pop("remove_password", UNSET)

        share_request = cls(
            password=password,
            rotate=rotate,
            remove_password=remove_password,
        )

        return share_request
