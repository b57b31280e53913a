from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.app_create_design import AppCreateDesign
from ..models.app_create_image_source import AppCreateImageSource
from ..types import UNSET, Unset

T = TypeVar("T", bound="AppCreate")


@_attrs_define
class AppCreate:
    """Body of POST /v0/api/v1/apps. Unknown keys are refused (400 VALIDATION_ERROR naming them).

    Attributes:
        name (str): 2-80 characters
        slug (str | Unset): optional; auto-generated from the name, unique per organization
        niche (str | Unset): 2-40 characters
        language (str | Unset): ISO code, 2-8 characters, default "en"
        target_audience (None | str | Unset): free text, at most 400 characters
        description (None | str | Unset): at most 4000 characters
        tagline (None | str | Unset): at most 200 characters
        ios_url (None | str | Unset): app-store URL (http or https)
        android_url (None | str | Unset): play-store URL (http or https)
        website_url (None | str | Unset): marketing site URL (http or https)
        brand_primary_color (None | str | Unset): #RGB or #RRGGBB
        brand_secondary_color (None | str | Unset): #RGB or #RRGGBB
        brand_accent_color (None | str | Unset): #RGB or #RRGGBB
        screenshots (list[str] | None | Unset): image URLs, at most 12
        photos (list[str] | None | Unset): photo URLs from POST /v0/api/v1/uploads/screenshots, at most 24
        value_props (list[str] | None | Unset): at most 12, each 1-200 characters
        pain_points (list[str] | None | Unset): at most 12, each 1-200 characters
        differentiators (list[str] | None | Unset): at most 12, each 1-200 characters
        design (AppCreateDesign | Unset): default classic
        image_source (AppCreateImageSource | Unset): brand (imagery from the brand colors and niche), screenshots (the
            app's screenshots), photos (the app's photos), stock (stock photography) or ai (generated imagery); screenshots
            and photos need at least one URL and stock and ai a configured provider, else generating is 400 NO_IMAGE_SOURCE;
            default brand
    """

    name: str
    slug: str | Unset = UNSET
    niche: str | Unset = UNSET
    language: str | Unset = UNSET
    target_audience: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    tagline: None | str | Unset = UNSET
    ios_url: None | str | Unset = UNSET
    android_url: None | str | Unset = UNSET
    website_url: None | str | Unset = UNSET
    brand_primary_color: None | str | Unset = UNSET
    brand_secondary_color: None | str | Unset = UNSET
    brand_accent_color: None | str | Unset = UNSET
    screenshots: list[str] | None | Unset = UNSET
    photos: list[str] | None | Unset = UNSET
    value_props: list[str] | None | Unset = UNSET
    pain_points: list[str] | None | Unset = UNSET
    differentiators: list[str] | None | Unset = UNSET
    design: AppCreateDesign | Unset = UNSET
    image_source: AppCreateImageSource | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        slug = self.slug

        niche = self.niche

        language = self.language

        target_audience: None | str | Unset
        if isinstance(self.target_audience, Unset):
            target_audience = UNSET
        else:
            target_audience = self.target_audience

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        tagline: None | str | Unset
        if isinstance(self.tagline, Unset):
            tagline = UNSET
        else:
            tagline = self.tagline

        ios_url: None | str | Unset
        if isinstance(self.ios_url, Unset):
            ios_url = UNSET
        else:
            ios_url = self.ios_url

        android_url: None | str | Unset
        if isinstance(self.android_url, Unset):
            android_url = UNSET
        else:
            android_url = self.android_url

        website_url: None | str | Unset
        if isinstance(self.website_url, Unset):
            website_url = UNSET
        else:
            website_url = self.website_url

        brand_primary_color: None | str | Unset
        if isinstance(self.brand_primary_color, Unset):
            brand_primary_color = UNSET
        else:
            brand_primary_color = self.brand_primary_color

        brand_secondary_color: None | str | Unset
        if isinstance(self.brand_secondary_color, Unset):
            brand_secondary_color = UNSET
        else:
            brand_secondary_color = self.brand_secondary_color

        brand_accent_color: None | str | Unset
        if isinstance(self.brand_accent_color, Unset):
            brand_accent_color = UNSET
        else:
            brand_accent_color = self.brand_accent_color

        screenshots: list[str] | None | Unset
        if isinstance(self.screenshots, Unset):
            screenshots = UNSET
        elif isinstance(self.screenshots, list):
            screenshots = self.screenshots

        else:
            screenshots = self.screenshots

        photos: list[str] | None | Unset
        if isinstance(self.photos, Unset):
            photos = UNSET
        elif isinstance(self.photos, list):
            photos = self.photos

        else:
            photos = self.photos

        value_props: list[str] | None | Unset
        if isinstance(self.value_props, Unset):
            value_props = UNSET
        elif isinstance(self.value_props, list):
            value_props = self.value_props

        else:
            value_props = self.value_props

        pain_points: list[str] | None | Unset
        if isinstance(self.pain_points, Unset):
            pain_points = UNSET
        elif isinstance(self.pain_points, list):
            pain_points = self.pain_points

        else:
            pain_points = self.pain_points

        differentiators: list[str] | None | Unset
        if isinstance(self.differentiators, Unset):
            differentiators = UNSET
        elif isinstance(self.differentiators, list):
            differentiators = self.differentiators

        else:
            differentiators = self.differentiators

        design: str | Unset = UNSET
        if not isinstance(self.design, Unset):
            design = self.design.value

        image_source: str | Unset = UNSET
        if not isinstance(self.image_source, Unset):
            image_source = self.image_source.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if slug is not UNSET:
            field_dict["slug"] = slug
        if niche is not UNSET:
            field_dict["niche"] = niche
        if language is not UNSET:
            field_dict["language"] = language
        if target_audience is not UNSET:
            field_dict["target_audience"] = target_audience
        if description is not UNSET:
            field_dict["description"] = description
        if tagline is not UNSET:
            field_dict["tagline"] = tagline
        if ios_url is not UNSET:
            field_dict["ios_url"] = ios_url
        if android_url is not UNSET:
            field_dict["android_url"] = android_url
        if website_url is not UNSET:
            field_dict["website_url"] = website_url
        if brand_primary_color is not UNSET:
            field_dict["brand_primary_color"] = brand_primary_color
        if brand_secondary_color is not UNSET:
            field_dict["brand_secondary_color"] = brand_secondary_color
        if brand_accent_color is not UNSET:
            field_dict["brand_accent_color"] = brand_accent_color
        if screenshots is not UNSET:
            field_dict["screenshots"] = screenshots
        if photos is not UNSET:
            field_dict["photos"] = photos
        if value_props is not UNSET:
            field_dict["value_props"] = value_props
        if pain_points is not UNSET:
            field_dict["pain_points"] = pain_points
        if differentiators is not UNSET:
            field_dict["differentiators"] = differentiators
        if design is not UNSET:
            field_dict["design"] = design
        if image_source is not UNSET:
            field_dict["image_source"] = image_source

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        slug = d.pop("slug", UNSET)

        niche = d.pop("niche", UNSET)

        language = d.pop("language", UNSET)

        def _parse_target_audience(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        target_audience = _parse_target_audience(d.pop("target_audience", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_tagline(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tagline = _parse_tagline(d.pop("tagline", UNSET))

        def _parse_ios_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ios_url = _parse_ios_url(d.pop("ios_url", UNSET))

        def _parse_android_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        android_url = _parse_android_url(d.pop("android_url", UNSET))

        def _parse_website_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        website_url = _parse_website_url(d.pop("website_url", UNSET))

        def _parse_brand_primary_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        brand_primary_color = _parse_brand_primary_color(d.pop("brand_primary_color", UNSET))

        def _parse_brand_secondary_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        brand_secondary_color = _parse_brand_secondary_color(d.pop("brand_secondary_color", UNSET))

        def _parse_brand_accent_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        brand_accent_color = _parse_brand_accent_color(d.pop("brand_accent_color", UNSET))

        def _parse_screenshots(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                screenshots_type_0 = cast(list[str], data)

                return screenshots_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        screenshots = _parse_screenshots(d.pop("screenshots", UNSET))

        def _parse_photos(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                photos_type_0 = cast(list[str], data)

                return photos_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        photos = _parse_photos(d.pop("photos", UNSET))

        def _parse_value_props(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                value_props_type_0 = cast(list[str], data)

                return value_props_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        value_props = _parse_value_props(d.pop("value_props", UNSET))

        def _parse_pain_points(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                pain_points_type_0 = cast(list[str], data)

                return pain_points_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        pain_points = _parse_pain_points(d.pop("pain_points", UNSET))

        def _parse_differentiators(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                differentiators_type_0 = cast(list[str], data)

                return differentiators_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        differentiators = _parse_differentiators(d.pop("differentiators", UNSET))

        _design = d.pop("design", UNSET)
        design: AppCreateDesign | Unset
        if isinstance(_design, Unset):
            design = UNSET
        else:
            design = AppCreateDesign(_design)

        _image_source = d.pop("image_source", UNSET)
        image_source: AppCreateImageSource | Unset
        if isinstance(_image_source, Unset):
            image_source = UNSET
        else:
            image_source = AppCreateImageSource(_image_source)

        app_create = cls(
            name=name,
            slug=slug,
            niche=niche,
            language=language,
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
        )

        return app_create
