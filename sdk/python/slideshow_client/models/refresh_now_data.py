from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.refresh_app import RefreshApp


T = TypeVar("T", bound="RefreshNowData")


@_attrs_define
class RefreshNowData:
    """
    Attributes:
        jobs_started (int):
        apps (list[RefreshApp]):
    """

    jobs_started: int
    apps: list[RefreshApp]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        jobs_started = self.jobs_started

        apps = []
        for apps_item_data in self.apps:
            apps_item = apps_item_data.to_dict()
            apps.append(apps_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "jobs_started": jobs_started,
                "apps": apps,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.refresh_app import RefreshApp  # noqa: PLC0415

        d = dict(src_dict)
        jobs_started = d.pop("jobs_started")

        apps = []
        _apps = d.pop("apps")
        for apps_item_data in _apps:
            apps_item = RefreshApp.from_dict(apps_item_data)

            apps.append(apps_item)

        refresh_now_data = cls(
            jobs_started=jobs_started,
            apps=apps,
        )

        refresh_now_data.additional_properties = d
        return refresh_now_data

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
