from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Slide")


@_attrs_define
class Slide:
    """
    Attributes:
        order (int): 0-based
        template (str): the slide's role: HOOK, PROBLEM, POINT, PROOF, SOLUTION, CTA, ...
        layout_type (str):
        title (str):
        subtitle (str):
        label (str):
        image_url (str): 1080x1920 PNG, fetchable without credentials
        duration (float): seconds
    """

    order: int
    template: str
    layout_type: str
    title: str
    subtitle: str
    label: str
    image_url: str
    duration: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        order = self.order

        template = self.template

        layout_type = self.layout_type

        title = self.title

        subtitle = self.subtitle

        label = self.label

        image_url = self.image_url

        duration = self.duration

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "order": order,
                "template": template,
                "layout_type": layout_type,
                "title": title,
                "subtitle": subtitle,
                "label": label,
                "image_url": image_url,
                "duration": duration,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        order = d.pop("order")

        template = d.pop("template")

        layout_type = d.pop("layout_type")

        title = d.pop("title")

        subtitle = d.pop("subtitle")

        label = d.pop("label")

        image_url = d.pop("image_url")

        duration = d.pop("duration")

        slide = cls(
            order=order,
            template=template,
            layout_type=layout_type,
            title=title,
            subtitle=subtitle,
            label=label,
            image_url=image_url,
            duration=duration,
        )

        slide.additional_properties = d
        return slide

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
