from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.slideshow_summary_status import SlideshowSummaryStatus

T = TypeVar("T", bound="SlideshowSummary")


@_attrs_define
class SlideshowSummary:
    """
    Attributes:
        field_id (str):
        app_id (str):
        hook_id (str):
        hook_text_snapshot (str):
        status (SlideshowSummaryStatus):
        language (str):
        template_set (str):
        created_at (None | str):
    """

    field_id: str
    app_id: str
    hook_id: str
    hook_text_snapshot: str
    status: SlideshowSummaryStatus
    language: str
    template_set: str
    created_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_id = self.field_id

        app_id = self.app_id

        hook_id = self.hook_id

        hook_text_snapshot = self.hook_text_snapshot

        status = self.status.value

        language = self.language

        template_set = self.template_set

        created_at: None | str
        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "_id": field_id,
                "app_id": app_id,
                "hook_id": hook_id,
                "hook_text_snapshot": hook_text_snapshot,
                "status": status,
                "language": language,
                "template_set": template_set,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field_id = d.pop("_id")

        app_id = d.pop("app_id")

        hook_id = d.pop("hook_id")

        hook_text_snapshot = d.pop("hook_text_snapshot")

        status = SlideshowSummaryStatus(d.pop("status"))

        language = d.pop("language")

        template_set = d.pop("template_set")

        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("createdAt"))

        slideshow_summary = cls(
            field_id=field_id,
            app_id=app_id,
            hook_id=hook_id,
            hook_text_snapshot=hook_text_snapshot,
            status=status,
            language=language,
            template_set=template_set,
            created_at=created_at,
        )

        slideshow_summary.additional_properties = d
        return slideshow_summary

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
