from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.hook_out_category import HookOutCategory
from ..models.hook_out_source import HookOutSource
from ..models.hook_out_status import HookOutStatus

T = TypeVar("T", bound="HookOut")


@_attrs_define
class HookOut:
    """
    Attributes:
        field_id (str): hk_<id>
        organization_id (str):
        text (str): the opener text
        category (HookOutCategory):
        language (str): ISO language code
        niche (str): niche key, lower snake_case ("Fitness & Health" -> "fitness_and_health")
        source (HookOutSource): seed (written when the app was created, or on the fly for a first deck), generated
            (built-in writer during a refresh), llm (LLM provider), manual (added by an operator)
        status (HookOutStatus): REJECTED when a hook breaks the rules (too long, banned words); otherwise APPROVED when
            the built-in writer wrote it, PENDING (awaiting review) when an LLM did. Only APPROVED hooks open decks.
        performance_score (float): 0-100; starts from an opener heuristic (about 45-70) and drops by 2 each time the
            hook opens a deck, so openers rotate
        created_at (str):
    """

    field_id: str
    organization_id: str
    text: str
    category: HookOutCategory
    language: str
    niche: str
    source: HookOutSource
    status: HookOutStatus
    performance_score: float
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_id = self.field_id

        organization_id = self.organization_id

        text = self.text

        category = self.category.value

        language = self.language

        niche = self.niche

        source = self.source.value

        status = self.status.value

        performance_score = self.performance_score

        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "_id": field_id,
                "organization_id": organization_id,
                "text": text,
                "category": category,
                "language": language,
                "niche": niche,
                "source": source,
                "status": status,
                "performance_score": performance_score,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field_id = d.pop("_id")

        organization_id = d.pop("organization_id")

        text = d.pop("text")

        category = HookOutCategory(d.pop("category"))

        language = d.pop("language")

        niche = d.pop("niche")

        source = HookOutSource(d.pop("source"))

        status = HookOutStatus(d.pop("status"))

        performance_score = d.pop("performance_score")

        created_at = d.pop("createdAt")

        hook_out = cls(
            field_id=field_id,
            organization_id=organization_id,
            text=text,
            category=category,
            language=language,
            niche=niche,
            source=source,
            status=status,
            performance_score=performance_score,
            created_at=created_at,
        )

        hook_out.additional_properties = d
        return hook_out

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
