from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Queued")


@_attrs_define
class Queued:
    """
    Attributes:
        slideshow_id (str):
        status (Literal['QUEUED']):
    """

    slideshow_id: str
    status: Literal["QUEUED"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        slideshow_id = self.slideshow_id

        status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "slideshow_id": slideshow_id,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        slideshow_id = d.pop("slideshow_id")

        status = cast(Literal["QUEUED"], d.pop("status"))
        if status != "QUEUED":
            raise ValueError(f"status must match const 'QUEUED', got '{status}'")

        queued = cls(
            slideshow_id=slideshow_id,
            status=status,
        )

        queued.additional_properties = d
        return queued

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
