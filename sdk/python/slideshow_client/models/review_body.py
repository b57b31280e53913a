from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.review_body_status import ReviewBodyStatus

T = TypeVar("T", bound="ReviewBody")


@_attrs_define
class ReviewBody:
    """
    Attributes:
        status (ReviewBodyStatus): APPROVED: the hook may open decks; REJECTED: it never does
    """

    status: ReviewBodyStatus

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = ReviewBodyStatus(d.pop("status"))

        review_body = cls(
            status=status,
        )

        return review_body
