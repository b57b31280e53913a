from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.chat_events_item import ChatEventsItem
from ..models.chat_kind import ChatKind

T = TypeVar("T", bound="Chat")


@_attrs_define
class Chat:
    """
    Attributes:
        field_id (str): chat_<id>
        kind (ChatKind):
        url (str): full on creation; lists show only the host and the last characters
        events (list[ChatEventsItem]):
        enabled (bool):
        created_at (None | str):
    """

    field_id: str
    kind: ChatKind
    url: str
    events: list[ChatEventsItem]
    enabled: bool
    created_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_id = self.field_id

        kind = self.kind.value

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        enabled = self.enabled

        created_at: None | str
        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "_id": field_id,
                "kind": kind,
                "url": url,
                "events": events,
                "enabled": enabled,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field_id = d.pop("_id")

        kind = ChatKind(d.pop("kind"))

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = ChatEventsItem(events_item_data)

            events.append(events_item)

        enabled = d.pop("enabled")

        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("createdAt"))

        chat = cls(
            field_id=field_id,
            kind=kind,
            url=url,
            events=events,
            enabled=enabled,
            created_at=created_at,
        )

        chat.additional_properties = d
        return chat

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
