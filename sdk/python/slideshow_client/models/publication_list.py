from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.publication import Publication


T = TypeVar("T", bound="PublicationList")


@_attrs_define
class PublicationList:
    """
    Attributes:
        data (list[Publication]):
        page (int):
        limit (int):
        total (int):
        success (bool | Unset):  Default: True.
    """

    data: list[Publication]
    page: int
    limit: int
    total: int
    success: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        page = self.page

        limit = self.limit

        total = self.total

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "page": page,
                "limit": limit,
                "total": total,
            }
        )
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.publication import Publication  # noqa: PLC0415

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = Publication.from_dict(data_item_data)

            data.append(data_item)

        page = d.pop("page")

        limit = d.pop("limit")

        total = d.pop("total")

        success = d.pop("success", UNSET)

        publication_list = cls(
            data=data,
            page=page,
            limit=limit,
            total=total,
            success=success,
        )

        publication_list.additional_properties = d
        return publication_list

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
