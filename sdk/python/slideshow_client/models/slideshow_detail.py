from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.slideshow_detail_status import SlideshowDetailStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.marketing_asset import MarketingAsset
    from ..models.slide import Slide
    from ..models.slideshow_error import SlideshowError


T = TypeVar("T", bound="SlideshowDetail")


@_attrs_define
class SlideshowDetail:
    """
    Attributes:
        field_id (str):
        app_id (str):
        hook_id (str):
        hook_text_snapshot (str):
        status (SlideshowDetailStatus):
        language (str):
        template_set (str):
        created_at (None | str):
        app_name (str):
        template_key (str):
        design (str):
        slides (list[Slide]):
        marketing_assets (list[MarketingAsset]):
        updated_at (None | str):
        error (None | SlideshowError | Unset): present when status is FAILED
    """

    field_id: str
    app_id: str
    hook_id: str
    hook_text_snapshot: str
    status: SlideshowDetailStatus
    language: str
    template_set: str
    created_at: None | str
    app_name: str
    template_key: str
    design: str
    slides: list[Slide]
    marketing_assets: list[MarketingAsset]
    updated_at: None | str
    error: None | SlideshowError | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.slideshow_error import SlideshowError  # noqa: PLC0415

        field_id = self.field_id

        app_id = self.app_id

        hook_id = self.hook_id

        hook_text_snapshot = self.hook_text_snapshot

        status = self.status.value

        language = self.language

        template_set = self.template_set

        created_at: None | str
        created_at = self.created_at

        app_name = self.app_name

        template_key = self.template_key

        design = self.design

        slides = []
        for slides_item_data in self.slides:
            slides_item = slides_item_data.to_dict()
            slides.append(slides_item)

        marketing_assets = []
        for marketing_assets_item_data in self.marketing_assets:
            marketing_assets_item = marketing_assets_item_data.to_dict()
            marketing_assets.append(marketing_assets_item)

        updated_at: None | str
        updated_at = self.updated_at

        error: dict[str, Any] | None | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        elif isinstance(self.error, SlideshowError):
            error = self.error.to_dict()
        else:
            error = self.error

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
                "app_name": app_name,
                "template_key": template_key,
                "design": design,
                "slides": slides,
                "marketing_assets": marketing_assets,
                "updatedAt": updated_at,
            }
        )
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.marketing_asset import MarketingAsset  # noqa: PLC0415
        from ..models.slide import Slide  # noqa: PLC0415
        from ..models.slideshow_error import SlideshowError  # noqa: PLC0415

        d = dict(src_dict)
        field_id = d.pop("_id")

        app_id = d.pop("app_id")

        hook_id = d.pop("hook_id")

        hook_text_snapshot = d.pop("hook_text_snapshot")

        status = SlideshowDetailStatus(d.pop("status"))

        language = d.pop("language")

        template_set = d.pop("template_set")

        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("createdAt"))

        app_name = d.pop("app_name")

        template_key = d.pop("template_key")

        design = d.pop("design")

        slides = []
        _slides = d.pop("slides")
        for slides_item_data in _slides:
            slides_item = Slide.from_dict(slides_item_data)

            slides.append(slides_item)

        marketing_assets = []
        _marketing_assets = d.pop("marketing_assets")
        for marketing_assets_item_data in _marketing_assets:
            marketing_assets_item = MarketingAsset.from_dict(marketing_assets_item_data)

            marketing_assets.append(marketing_assets_item)

        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updatedAt"))

        def _parse_error(data: object) -> None | SlideshowError | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = SlideshowError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SlideshowError | Unset, data)

        error = _parse_error(d.pop("error", UNSET))

        slideshow_detail = cls(
            field_id=field_id,
            app_id=app_id,
            hook_id=hook_id,
            hook_text_snapshot=hook_text_snapshot,
            status=status,
            language=language,
            template_set=template_set,
            created_at=created_at,
            app_name=app_name,
            template_key=template_key,
            design=design,
            slides=slides,
            marketing_assets=marketing_assets,
            updated_at=updated_at,
            error=error,
        )

        slideshow_detail.additional_properties = d
        return slideshow_detail

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
