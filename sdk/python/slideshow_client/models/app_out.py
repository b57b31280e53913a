from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.app_out_design import AppOutDesign
from ..models.app_out_image_source import AppOutImageSource
from ..models.app_out_status import AppOutStatus

T = TypeVar("T", bound="AppOut")


@_attrs_define
class AppOut:
    """
    Attributes:
        field_id (str): app_<id>
        organization_id (str):
        name (str):
        slug (str):
        niche (str):
        language (str):
        status (AppOutStatus):
        target_audience (str):
        description (str):
        tagline (str):
        ios_url (str):
        android_url (str):
        website_url (str):
        brand_primary_color (str):
        brand_secondary_color (str):
        brand_accent_color (str):
        screenshots (list[str]):
        photos (list[str]):
        value_props (list[str]):
        pain_points (list[str]):
        differentiators (list[str]):
        design (AppOutDesign):
        image_source (AppOutImageSource):
        created_at (str):
        updated_at (str):
    """

    field_id: str
    organization_id: str
    name: str
    slug: str
    niche: str
    language: str
    status: AppOutStatus
    target_audience: str
    description: str
    tagline: str
    ios_url: str
    android_url: str
    website_url: str
    brand_primary_color: str
    brand_secondary_color: str
    brand_accent_color: str
    screenshots: list[str]
    photos: list[str]
    value_props: list[str]
    pain_points: list[str]
    differentiators: list[str]
    design: AppOutDesign
    image_source: AppOutImageSource
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_id = self.field_id

        organization_id = self.organization_id

        name = self.name

        slug = self.slug

        niche = self.niche

        language = self.language

        status = self.status.value

        target_audience = self.target_audience

        description = self.description

        tagline = self.tagline

        ios_url = self.ios_url

        android_url = self.android_url

        website_url = self.website_url

        brand_primary_color = self.brand_primary_color

        brand_secondary_color = self.brand_secondary_color

        brand_accent_color = self.brand_accent_color

        screenshots = self.screenshots

        photos = self.photos

        value_props = self.value_props

        pain_points = self.pain_points

        differentiators = self.differentiators

        design = self.design.value

        image_source = self.image_source.value

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "_id": field_id,
                "organization_id": organization_id,
                "name": name,
                "slug": slug,
                "niche": niche,
                "language": language,
                "status": status,
                "target_audience": target_audience,
                "description": description,
                "tagline": tagline,
                "ios_url": ios_url,
                "android_url": android_url,
                "website_url": website_url,
                "brand_primary_color": brand_primary_color,
                "brand_secondary_color": brand_secondary_color,
                "brand_accent_color": brand_accent_color,
                "screenshots": screenshots,
                "photos": photos,
                "value_props": value_props,
                "pain_points": pain_points,
                "differentiators": differentiators,
                "design": design,
                "image_source": image_source,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field_id = d.pop("_id")

        organization_id = d.pop("organization_id")

        name = d.pop("name")

        slug = d.pop("slug")

        niche = d.pop("niche")

        language = d.pop("language")

        status = AppOutStatus(d.pop("status"))

        target_audience = d.pop("target_audience")

        description = d.pop("description")

        tagline = d.pop("tagline")

        ios_url = d.pop("ios_url")

        android_url = d.pop("android_url")

        website_url = d.pop("website_url")

        brand_primary_color = d.pop("brand_primary_color")

        brand_secondary_color = d.pop("brand_secondary_color")

        brand_accent_color = d.pop("brand_accent_color")

        screenshots = cast(list[str], d.pop("screenshots"))

        photos = cast(list[str], d.pop("photos"))

        value_props = cast(list[str], d.pop("value_props"))

        pain_points = cast(list[str], d.pop("pain_points"))

        differentiators = cast(list[str], d.pop("differentiators"))

        design = AppOutDesign(d.pop("design"))

        image_source = AppOutImageSource(d.pop("image_source"))

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        app_out = cls(
            field_id=field_id,
            organization_id=organization_id,
            name=name,
            slug=slug,
            niche=niche,
            language=language,
            status=status,
            target_audience=target_audience,
            description=description,
            tagline=tagline,
            ios_url=ios_url,
            android_url=android_url,
            website_url=website_url,
            brand_primary_color=brand_primary_color,
            brand_secondary_color=brand_secondary_color,
            brand_accent_color=brand_accent_color,
            screenshots=screenshots,
            photos=photos,
            value_props=value_props,
            pain_points=pain_points,
            differentiators=differentiators,
            design=design,
            image_source=image_source,
            created_at=created_at,
            updated_at=updated_at,
        )

        app_out.additional_properties = d
        return app_out

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
