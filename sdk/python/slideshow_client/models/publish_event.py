from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.publish_event_event import PublishEventEvent
from ..models.publish_event_mode import PublishEventMode
from ..models.publish_event_status import PublishEventStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="PublishEvent")


@_attrs_define
class PublishEvent:
    """
    Attributes:
        event (PublishEventEvent):
        created_at (str): ISO 8601 UTC time TikTok's final status was seen
        organization_id (str):
        slideshow_id (str):
        app_id (str):
        account_id (str): The connected account posted with (acct_<id>)
        publication_id (str): The publish record (pub_<id>), `_id` of the publish call's answer
        platform (Literal['tiktok']):
        mode (PublishEventMode):
        privacy_level (str):
        publish_id (str): TikTok's publish id
        status (PublishEventStatus): TikTok's final status: PUBLISH_COMPLETE (direct post live), SEND_TO_USER_INBOX
            (draft in the creator's inbox), FAILED (publish_failed)
        post_ids (list[str]): TikTok's ids of the public post, when it gives them
        fail_reason (None | str): publish_failed: TikTok's fail_reason; null otherwise
        error (None | str | Unset): publish_failed only: what went wrong, in a sentence
    """

    event: PublishEventEvent
    created_at: str
    organization_id: str
    slideshow_id: str
    app_id: str
    account_id: str
    publication_id: str
    platform: Literal["tiktok"]
    mode: PublishEventMode
    privacy_level: str
    publish_id: str
    status: PublishEventStatus
    post_ids: list[str]
    fail_reason: None | str
    error: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event = self.event.value

        created_at = self.created_at

        organization_id = self.organization_id

        slideshow_id = self.slideshow_id

        app_id = self.app_id

        account_id = self.account_id

        publication_id = self.publication_id

        platform = self.platform

        mode = self.mode.value

        privacy_level = self.privacy_level

        publish_id = self.publish_id

        status = self.status.value

        post_ids = self.post_ids

        fail_reason: None | str
        fail_reason = self.fail_reason

        error: None | str | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        else:
            error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "created_at": created_at,
                "organization_id": organization_id,
                "slideshow_id": slideshow_id,
                "app_id": app_id,
                "account_id": account_id,
                "publication_id": publication_id,
                "platform": platform,
                "mode": mode,
                "privacy_level": privacy_level,
                "publish_id": publish_id,
                "status": status,
                "post_ids": post_ids,
                "fail_reason": fail_reason,
            }
        )
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event = PublishEventEvent(d.pop("event"))

        created_at = d.pop("created_at")

        organization_id = d.pop("organization_id")

        slideshow_id = d.pop("slideshow_id")

        app_id = d.pop("app_id")

        account_id = d.pop("account_id")

        publication_id = d.pop("publication_id")

        platform = cast(Literal["tiktok"], d.pop("platform"))
        if platform != "tiktok":
            raise ValueError(f"platform must match const 'tiktok', got '{platform}'")

        mode = PublishEventMode(d.pop("mode"))

        privacy_level = d.pop("privacy_level")

        publish_id = d.pop("publish_id")

        status = PublishEventStatus(d.pop("status"))

        post_ids = cast(list[str], d.pop("post_ids"))

        def _parse_fail_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        fail_reason = _parse_fail_reason(d.pop("fail_reason"))

        def _parse_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error = _parse_error(d.pop("error", UNSET))

        publish_event = cls(
            event=event,
            created_at=created_at,
            organization_id=organization_id,
            slideshow_id=slideshow_id,
            app_id=app_id,
            account_id=account_id,
            publication_id=publication_id,
            platform=platform,
            mode=mode,
            privacy_level=privacy_level,
            publish_id=publish_id,
            status=status,
            post_ids=post_ids,
            fail_reason=fail_reason,
            error=error,
        )

        publish_event.additional_properties = d
        return publish_event

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
