from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_chat_body_events_type_0_item import CreateChatBodyEventsType0Item
from ..models.create_chat_body_kind import CreateChatBodyKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateChatBody")


@_attrs_define
class CreateChatBody:
    """
    Attributes:
        kind (CreateChatBodyKind):
        url (str): the chat tool's https:// incoming-webhook URL
        events (list[CreateChatBodyEventsType0Item] | None | Unset): event filter; default every event
    """

    kind: CreateChatBodyKind
    url: str
    events: list[CreateChatBodyEventsType0Item] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        url = self.url

        events: list[str] | None | Unset
        if isinstance(self.events, Unset):
            events = UNSET
        elif isinstance(self.events, list):
            events = []
            for events_type_0_item_data in self.events:
                events_type_0_item = events_type_0_item_data.value
                events.append(events_type_0_item)

        else:
            events = self.events

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "url": url,
            }
        )
        if events is not UNSET:
            field_dict["events"] = events

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = CreateChatBodyKind(d.pop("kind"))

        url = d.pop("url")

        def _parse_events(data: object) -> list[CreateChatBodyEventsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                events_type_0 = []
                _events_type_0 = data
                for events_type_0_item_data in _events_type_0:
                    events_type_0_item = CreateChatBodyEventsType0Item(events_type_0_item_data)

                    events_type_0.append(events_type_0_item)

                return events_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CreateChatBodyEventsType0Item] | None | Unset, data)

        events = _parse_events(d.pop("events", UNSET))

        create_chat_body = cls(
            kind=kind,
            url=url,
            events=events,
        )

        return create_chat_body
