from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlanLimitsOut")


@_attrs_define
class PlanLimitsOut:
    """
    Attributes:
        apps (int):
        slideshows_per_month (int):
        hook_refreshes_per_month (int):
        api_keys (bool):
        publishing (bool):
        requests_per_minute (int):
    """

    apps: int
    slideshows_per_month: int
    hook_refreshes_per_month: int
    api_keys: bool
    publishing: bool
    requests_per_minute: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        apps = self.apps

        slideshows_per_month = self.slideshows_per_month

        hook_refreshes_per_month = self.hook_refreshes_per_month

        api_keys = self.api_keys

        publishing = self.publishing

        requests_per_minute = self.requests_per_minute

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "apps": apps,
                "slideshows_per_month": slideshows_per_month,
                "hook_refreshes_per_month": hook_refreshes_per_month,
                "api_keys": api_keys,
                "publishing": publishing,
                "requests_per_minute": requests_per_minute,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        apps = d.pop("apps")

        slideshows_per_month = d.pop("slideshows_per_month")

        hook_refreshes_per_month = d.pop("hook_refreshes_per_month")

        api_keys = d.pop("api_keys")

        publishing = d.pop("publishing")

        requests_per_minute = d.pop("requests_per_minute")

        plan_limits_out = cls(
            apps=apps,
            slideshows_per_month=slideshows_per_month,
            hook_refreshes_per_month=hook_refreshes_per_month,
            api_keys=api_keys,
            publishing=publishing,
            requests_per_minute=requests_per_minute,
        )

        plan_limits_out.additional_properties = d
        return plan_limits_out

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
