from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.slideshow_event_event import SlideshowEventEvent
from ..models.slideshow_event_status import SlideshowEventStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.slide import Slide


T = TypeVar("T", bound="SlideshowEvent")


@_attrs_define
class SlideshowEvent:
    """
    Attributes:
        event (SlideshowEventEvent):
        created_at (str): ISO 8601 UTC time of the event
        slideshow_id (str):
        organization_id (str):
        app_id (str):
        app_name (str):
        status (SlideshowEventStatus):
        hook_text (str):
        language (str):
        slide_count (int): 6 when completed, 0 when failed
        template_set (str):
        thumbnail_url (str): URL of the first slide; empty when failed
        image_urls (list[str]): The slides' PNG URLs in order; empty when failed
        slides (list[Slide]): Empty when failed
        share_url (None | str): The live share link; null when sharing is off
        error (None | str | Unset): slideshow.failed only: what went wrong
    """

    event: SlideshowEventEvent
    created_at: str
    slideshow_id: str
    organization_id: str
    app_id: str
    app_name: str
    status: SlideshowEventStatus
    hook_text: str
    language: str
    slide_count: int
    template_set: str
    thumbnail_url: str
    image_urls: list[str]
    slides: list[Slide]
    share_url: None | str
    error: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event = self.event.value

        created_at = self.created_at

        slideshow_id = self.slideshow_id

        organization_id = self.organization_id

        app_id = self.app_id

        app_name = self.app_name

        status = self.status.value

        hook_text = self.hook_text

        language = self.language

        slide_count = self.slide_count

        template_set = self.template_set

        thumbnail_url = self.thumbnail_url

        image_urls = self.image_urls

        slides = []
        for slides_item_data in self.slides:
            slides_item = slides_item_data.to_dict()
            slides.append(slides_item)

        share_url: None | str
        share_url = self.share_url

        error: None | str | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        else:
            error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "created_at": created_at,
                "slideshow_id": slideshow_id,
                "organization_id": organization_id,
                "app_id": app_id,
                "app_name": app_name,
                "status": status,
                "hook_text": hook_text,
                "language": language,
                "slide_count": slide_count,
                "template_set": template_set,
                "thumbnail_url": thumbnail_url,
                "image_urls": image_urls,
                "slides": slides,
                "share_url": share_url,
            }
        )
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.slide import Slide  # noqa: PLC0415

        d = dict(src_dict)
        event = SlideshowEventEvent(d.pop("event"))

        created_at = d.pop("created_at")

        slideshow_id = d.pop("slideshow_id")

        organization_id = d.pop("organization_id")

        app_id = d.pop("app_id")

        app_name = d.pop("app_name")

        status = SlideshowEventStatus(d.pop("status"))

        hook_text = d.pop("hook_text")

        language = d.pop("language")

        slide_count = d.pop("slide_count")

        template_set = d.pop("template_set")

        thumbnail_url = d.pop("thumbnail_url")

        image_urls = cast(list[str], d.pop("image_urls"))

        slides = []
        _slides = d.pop("slides")
        for slides_item_data in _slides:
            slides_item = Slide.from_dict(slides_item_data)

            slides.append(slides_item)

        def _parse_share_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        share_url = _parse_share_url(d.pop("share_url"))

        def _parse_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error = _parse_error(d.pop("error", UNSET))

        slideshow_event = cls(
            event=event,
            created_at=created_at,
            slideshow_id=slideshow_id,
            organization_id=organization_id,
            app_id=app_id,
            app_name=app_name,
            status=status,
            hook_text=hook_text,
            language=language,
            slide_count=slide_count,
            template_set=template_set,
            thumbnail_url=thumbnail_url,
            image_urls=image_urls,
            slides=slides,
            share_url=share_url,
            error=error,
        )

        slideshow_event.additional_properties = d
        return slideshow_event

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
