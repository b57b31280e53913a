from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebhookTestEvent")


@_attrs_define
class WebhookTestEvent:
    """
    Attributes:
        event (Literal['webhook.test']):
        created_at (str): ISO 8601 UTC time the test was requested
        organization_id (str):
        endpoint_id (str): The endpoint the test was sent to (wh_<id>)
        message (str):
    """

    event: Literal["webhook.test"]
    created_at: str
    organization_id: str
    endpoint_id: str
    message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event = self.event

        created_at = self.created_at

        organization_id = self.organization_id

        endpoint_id = self.endpoint_id

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "created_at": created_at,
                "organization_id": organization_id,
                "endpoint_id": endpoint_id,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event = cast(Literal["webhook.test"], d.pop("event"))
        if event != "webhook.test":
            raise ValueError(f"event must match const 'webhook.test', got '{event}'")

        created_at = d.pop("created_at")

        organization_id = d.pop("organization_id")

        endpoint_id = d.pop("endpoint_id")

        message = d.pop("message")

        webhook_test_event = cls(
            event=event,
            created_at=created_at,
            organization_id=organization_id,
            endpoint_id=endpoint_id,
            message=message,
        )

        webhook_test_event.additional_properties = d
        return webhook_test_event

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
