from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.quota_exceeded_event_quota import QuotaExceededEventQuota

T = TypeVar("T", bound="QuotaExceededEvent")


@_attrs_define
class QuotaExceededEvent:
    """
    Attributes:
        event (Literal['quota.exceeded']):
        created_at (str): ISO 8601 UTC time of the event
        organization_id (str):
        quota (QuotaExceededEventQuota):
        limit (int):
        used (int):
        plan (str):
        period_start (None | str): Start of the billing period (ISO 8601 UTC)
        period_end (None | str): End of the billing period (ISO 8601 UTC)
    """

    event: Literal["quota.exceeded"]
    created_at: str
    organization_id: str
    quota: QuotaExceededEventQuota
    limit: int
    used: int
    plan: str
    period_start: None | str
    period_end: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event = self.event

        created_at = self.created_at

        organization_id = self.organization_id

        quota = self.quota.value

        limit = self.limit

        used = self.used

        plan = self.plan

        period_start: None | str
        period_start = self.period_start

        period_end: None | str
        period_end = self.period_end

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "created_at": created_at,
                "organization_id": organization_id,
                "quota": quota,
                "limit": limit,
                "used": used,
                "plan": plan,
                "period_start": period_start,
                "period_end": period_end,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event = cast(Literal["quota.exceeded"], d.pop("event"))
        if event != "quota.exceeded":
            raise ValueError(f"event must match const 'quota.exceeded', got '{event}'")

        created_at = d.pop("created_at")

        organization_id = d.pop("organization_id")

        quota = QuotaExceededEventQuota(d.pop("quota"))

        limit = d.pop("limit")

        used = d.pop("used")

        plan = d.pop("plan")

        def _parse_period_start(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        period_start = _parse_period_start(d.pop("period_start"))

        def _parse_period_end(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        period_end = _parse_period_end(d.pop("period_end"))

        quota_exceeded_event = cls(
            event=event,
            created_at=created_at,
            organization_id=organization_id,
            quota=quota,
            limit=limit,
            used=used,
            plan=plan,
            period_start=period_start,
            period_end=period_end,
        )

        quota_exceeded_event.additional_properties = d
        return quota_exceeded_event

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
