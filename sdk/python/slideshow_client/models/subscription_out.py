from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SubscriptionOut")


@_attrs_define
class SubscriptionOut:
    """
    Attributes:
        id (str):
        status (str): ACTIVE | TRIALING | PAST_DUE | CANCELED
        plan (str):
        current_period_start (None | str):
        current_period_end (None | str):
    """

    id: str
    status: str
    plan: str
    current_period_start: None | str
    current_period_end: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status = self.status

        plan = self.plan

        current_period_start: None | str
        current_period_start = self.current_period_start

        current_period_end: None | str
        current_period_end = self.current_period_end

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "plan": plan,
                "current_period_start": current_period_start,
                "current_period_end": current_period_end,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        status = d.pop("status")

        plan = d.pop("plan")

        def _parse_current_period_start(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        current_period_start = _parse_current_period_start(d.pop("current_period_start"))

        def _parse_current_period_end(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        current_period_end = _parse_current_period_end(d.pop("current_period_end"))

        subscription_out = cls(
            id=id,
            status=status,
            plan=plan,
            current_period_start=current_period_start,
            current_period_end=current_period_end,
        )

        subscription_out.additional_properties = d
        return subscription_out

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
