from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.plan_limits_out import PlanLimitsOut
    from ..models.usage_out_usage import UsageOutUsage


T = TypeVar("T", bound="UsageOut")


@_attrs_define
class UsageOut:
    """
    Attributes:
        plan (str):
        status (str): ACTIVE | PAST_DUE | SUSPENDED
        limits (PlanLimitsOut):
        usage (UsageOutUsage): apps, slideshows_per_month, hook_refreshes
        period_start (None | str):
        period_end (None | str):
    """

    plan: str
    status: str
    limits: PlanLimitsOut
    usage: UsageOutUsage
    period_start: None | str
    period_end: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        plan = self.plan

        status = self.status

        limits = self.limits.to_dict()

        usage = self.usage.to_dict()

        period_start: None | str
        period_start = self.period_start

        period_end: None | str
        period_end = self.period_end

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "plan": plan,
                "status": status,
                "limits": limits,
                "usage": usage,
                "period_start": period_start,
                "period_end": period_end,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.plan_limits_out import PlanLimitsOut  # noqa: PLC0415
        from ..models.usage_out_usage import UsageOutUsage  # noqa: PLC0415

        d = dict(src_dict)
        plan = d.pop("plan")

        status = d.pop("status")

        limits = PlanLimitsOut.from_dict(d.pop("limits"))

        usage = UsageOutUsage.from_dict(d.pop("usage"))

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

        usage_out = cls(
            plan=plan,
            status=status,
            limits=limits,
            usage=usage,
            period_start=period_start,
            period_end=period_end,
        )

        usage_out.additional_properties = d
        return usage_out

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
