from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.checkout_body_plan import CheckoutBodyPlan
from ..types import UNSET, Unset

T = TypeVar("T", bound="CheckoutBody")


@_attrs_define
class CheckoutBody:
    """
    Attributes:
        plan (CheckoutBodyPlan): The paid plan to subscribe to: starter, pro or business
        success_url (None | str | Unset): Where Stripe sends the customer after paying; absolute http(s) URL on the host
            of the public base URL (PUBLIC_BASE_URL). Stripe replaces {CHECKOUT_SESSION_ID} in it. Default: the console's
            usage page.
        cancel_url (None | str | Unset): Where Stripe sends the customer on cancel; absolute http(s) URL on the host of
            the public base URL (PUBLIC_BASE_URL).
    """

    plan: CheckoutBodyPlan
    success_url: None | str | Unset = UNSET
    cancel_url: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        plan = self.plan.value

        success_url: None | str | Unset
        if isinstance(self.success_url, Unset):
            success_url = UNSET
        else:
            success_url = self.success_url

        cancel_url: None | str | Unset
        if isinstance(self.cancel_url, Unset):
            cancel_url = UNSET
        else:
            cancel_url = self.cancel_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "plan": plan,
            }
        )
        if success_url is not UNSET:
            field_dict["success_url"] = success_url
        if cancel_url is not UNSET:
            field_dict["cancel_url"] = cancel_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        plan = CheckoutBodyPlan(d.pop("plan"))

        def _parse_success_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        success_url = _parse_success_url(d.pop("success_url", UNSET))

        def _parse_cancel_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cancel_url = _parse_cancel_url(d.pop("cancel_url", UNSET))

        checkout_body = cls(
            plan=plan,
            success_url=success_url,
            cancel_url=cancel_url,
        )

        return checkout_body
