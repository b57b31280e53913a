from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.publish_mode import PublishMode

T = TypeVar("T", bound="Publish")


@_attrs_define
class Publish:
    """
    Attributes:
        field_id (str): pub_<id>
        publish_id (str): the platform's publish id
        status (str): platform status: PROCESSING_DOWNLOAD, SEND_TO_USER_INBOX, PUBLISH_COMPLETE, FAILED; followed in
            the background until final (then slideshow.published or slideshow.publish_failed)
        fail_reason (None | str): FAILED: TikTok's fail_reason (or why it was given up)
        post_ids (list[str]): PUBLISH_COMPLETE: TikTok's ids of the public post, when given
        platform (Literal['tiktok']):
        mode (PublishMode):
        privacy_level (str):
        slideshow_id (str):
        account_id (str):
        already_published (bool): true when this slideshow was already published to this account
        created_at (None | str):
    """

    field_id: str
    publish_id: str
    status: str
    fail_reason: None | str
    post_ids: list[str]
    platform: Literal["tiktok"]
    mode: PublishMode
    privacy_level: str
    slideshow_id: str
    account_id: str
    already_published: bool
    created_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_id = self.field_id

        publish_id = self.publish_id

        status = self.status

        fail_reason: None | str
        fail_reason = self.fail_reason

        post_ids = self.post_ids

        platform = self.platform

        mode = self.mode.value

        privacy_level = self.privacy_level

        slideshow_id = self.slideshow_id

        account_id = self.account_id

        already_published = self.already_published

        created_at: None | str
        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "_id": field_id,
                "publish_id": publish_id,
                "status": status,
                "fail_reason": fail_reason,
                "post_ids": post_ids,
                "platform": platform,
                "mode": mode,
                "privacy_level": privacy_level,
                "slideshow_id": slideshow_id,
                "account_id": account_id,
                "already_published": already_published,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field_id = d.pop("_id")

        publish_id = d.pop("publish_id")

        status = d.pop("status")

        def _parse_fail_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        fail_reason = _parse_fail_reason(d.pop("fail_reason"))

        post_ids = cast(list[str], d.pop("post_ids"))

        platform = cast(Literal["tiktok"], d.pop("platform"))
        if platform != "tiktok":
            raise ValueError(f"platform must match const 'tiktok', got '{platform}'")

        mode = PublishMode(d.pop("mode"))

        privacy_level = d.pop("privacy_level")

        slideshow_id = d.pop("slideshow_id")

        account_id = d.pop("account_id")

        already_published = d.pop("already_published")

        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("createdAt"))

        publish = cls(
            field_id=field_id,
            publish_id=publish_id,
            status=status,
            fail_reason=fail_reason,
            post_ids=post_ids,
            platform=platform,
            mode=mode,
            privacy_level=privacy_level,
            slideshow_id=slideshow_id,
            account_id=account_id,
            already_published=already_published,
            created_at=created_at,
        )

        publish.additional_properties = d
        return publish

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
