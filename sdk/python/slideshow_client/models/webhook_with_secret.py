from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_with_secret_events_item import WebhookWithSecretEventsItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookWithSecret")


@_attrs_define
class WebhookWithSecret:
    """
    Attributes:
        field_id (str): wh_<id>
        url (str):
        events (list[WebhookWithSecretEventsItem]):
        description (str):
        enabled (bool):
        failure_count (int): consecutive failed attempts; reset by a success or by enabling the endpoint again
        created_at (None | str):
        secret (str): whsec_...; shown only on creation and rotation
        disabled_reason (None | str | Unset): "gone" after the endpoint answered 410, "manual" when disabled by PATCH
    """

    field_id: str
    url: str
    events: list[WebhookWithSecretEventsItem]
    description: str
    enabled: bool
    failure_count: int
    created_at: None | str
    secret: str
    disabled_reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_id = self.field_id

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        description = self.description

        enabled = self.enabled

        failure_count = self.failure_count

        created_at: None | str
        created_at = self.created_at

        secret = self.secret

        disabled_reason: None | str | Unset
        if isinstance(self.disabled_reason, Unset):
            disabled_reason = UNSET
        else:
            disabled_reason = self.disabled_reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "_id": field_id,
                "url": url,
                "events": events,
                "description": description,
                "enabled": enabled,
                "failure_count": failure_count,
                "createdAt": created_at,
                "secret": secret,
            }
        )
        if disabled_reason is not UNSET:
            field_dict["disabled_reason"] = disabled_reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field_id = d.pop("_id")

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = WebhookWithSecretEventsItem(events_item_data)

            events.append(events_item)

        description = d.pop("description")

        enabled = d.pop("enabled")

        failure_count = d.pop("failure_count")

        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("createdAt"))

        secret = d.pop("secret")

        def _parse_disabled_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason", UNSET))

        webhook_with_secret = cls(
            field_id=field_id,
            url=url,
            events=events,
            description=description,
            enabled=enabled,
            failure_count=failure_count,
            created_at=created_at,
            secret=secret,
            disabled_reason=disabled_reason,
        )

        webhook_with_secret.additional_properties = d
        return webhook_with_secret

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
