from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PortalBody")


@_attrs_define
class PortalBody:
    """
    Attributes:
        return_url (None | str | Unset): Where the Portal's back link goes; absolute http(s) URL on the host of the
            public base URL (PUBLIC_BASE_URL).
    """

    return_url: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        return_url: None | str | Unset
        if isinstance(self.return_url, Unset):
            return_url = UNSET
        else:
            return_url = self.return_url

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if return_url is not UNSET:
            field_dict["return_url"] = return_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_return_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        return_url = _parse_return_url(d.pop("return_url", UNSET))

        portal_body = cls(
            return_url=return_url,
        )

        return portal_body
