from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

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

    def to_dict(self) -> dict[str, Any]:
        redirect_after: None | str | Unset
        if isinstance(self.redirect_after, Unset):
            redirect_after = UNSET
        else:
            redirect_after = self.redirect_after

        field_dict: dict[str, Any] = {}

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

        return tik_tok_connect_body
