from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.publication_mode import PublicationMode

T = TypeVar("T", bound="Publication")


@_attrs_define
class Publication:
    """
    Attributes:
        field_id (str): pub_<id>
        slideshow_id (str):
        platform (Literal['tiktok']):
        mode (PublicationMode):
        status (str): the status recorded last: PENDING (being posted) or TikTok's PROCESSING_DOWNLOAD (not final,
            followed in the background), then SEND_TO_USER_INBOX, PUBLISH_COMPLETE or FAILED (final)
        privacy_level (None | str): direct posts: the privacy level asked for
        publish_id (None | str): the platform's publish id; null until the post was made
        post_ids (list[str]): PUBLISH_COMPLETE: TikTok's ids of the public post, when given
        fail_reason (None | str): FAILED: TikTok's fail_reason (or why it was given up)
        created_at (None | str):
        updated_at (None | str): when the status (or the record) last changed
    """

    field_id: str
    slideshow_id: str
    platform: Literal["tiktok"]
    mode: PublicationMode
    status: str
    privacy_level: None | str
    publish_id: None | str
    post_ids: list[str]
    fail_reason: None | str
    created_at: None | str
    updated_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_id = self.field_id

        slideshow_id = self.slideshow_id

        platform = self.platform

        mode = self.mode.value

        status = self.status

        privacy_level: None | str
        privacy_level = self.privacy_level

        publish_id: None | str
        publish_id = self.publish_id

        post_ids = self.post_ids

        fail_reason: None | str
        fail_reason = self.fail_reason

        created_at: None | str
        created_at = self.created_at

        updated_at: None | str
        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "_id": field_id,
                "slideshow_id": slideshow_id,
                "platform": platform,
                "mode": mode,
                "status": status,
                "privacy_level": privacy_level,
                "publish_id": publish_id,
                "post_ids": post_ids,
                "fail_reason": fail_reason,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field_id = d.pop("_id")

        slideshow_id = d.pop("slideshow_id")

        platform = cast(Literal["tiktok"], d.pop("platform"))
        if platform != "tiktok":
            raise ValueError(f"platform must match const 'tiktok', got '{platform}'")

        mode = PublicationMode(d.pop("mode"))

        status = d.pop("status")

        def _parse_privacy_level(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        privacy_level = _parse_privacy_level(d.pop("privacy_level"))

        def _parse_publish_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        publish_id = _parse_publish_id(d.pop("publish_id"))

        post_ids = cast(list[str], d.pop("post_ids"))

        def _parse_fail_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        fail_reason = _parse_fail_reason(d.pop("fail_reason"))

        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("createdAt"))

        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updatedAt"))

        publication = cls(
            field_id=field_id,
            slideshow_id=slideshow_id,
            platform=platform,
            mode=mode,
            status=status,
            privacy_level=privacy_level,
            publish_id=publish_id,
            post_ids=post_ids,
            fail_reason=fail_reason,
            created_at=created_at,
            updated_at=updated_at,
        )

        publication.additional_properties = d
        return publication

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
