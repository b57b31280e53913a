from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.created_app_status import CreatedAppStatus

T = TypeVar("T", bound="CreatedApp")


@_attrs_define
class CreatedApp:
    """
    Attributes:
        field_id (str):
        slug (str):
        name (str):
        status (CreatedAppStatus):
        created_at (str):
    """

    field_id: str
    slug: str
    name: str
    status: CreatedAppStatus
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_id = self.field_id

        slug = self.slug

        name = self.name

        status = self.status.value

        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "_id": field_id,
                "slug": slug,
                "name": name,
                "status": status,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field_id = d.pop("_id")

        slug = d.pop("slug")

        name = d.pop("name")

        status = CreatedAppStatus(d.pop("status"))

        created_at = d.pop("createdAt")

        created_app = cls(
            field_id=field_id,
            slug=slug,
            name=name,
            status=status,
            created_at=created_at,
        )

        created_app.additional_properties = d
        return created_app

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
