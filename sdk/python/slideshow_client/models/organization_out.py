from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.plan_limits_out import PlanLimitsOut
    from ..models.subscription_out import SubscriptionOut


T = TypeVar("T", bound="OrganizationOut")


@_attrs_define
class OrganizationOut:
    """
    Attributes:
        field_id (str):
        name (str):
        plan (str):
        status (str):
        stripe_customer_id (None | str):
        limits (PlanLimitsOut):
        rate_limit_override (int | None):
        subscription (None | SubscriptionOut): Latest billing-provider subscription, if any
        created_at (None | str):
    """

    field_id: str
    name: str
    plan: str
    status: str
    stripe_customer_id: None | str
    limits: PlanLimitsOut
    rate_limit_override: int | None
    subscription: None | SubscriptionOut
    created_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.subscription_out import SubscriptionOut  # noqa: PLC0415

        field_id = self.field_id

        name = self.name

        plan = self.plan

        status = self.status

        stripe_customer_id: None | str
        stripe_customer_id = self.stripe_customer_id

        limits = self.limits.to_dict()

        rate_limit_override: int | None
        rate_limit_override = self.rate_limit_override

        subscription: dict[str, Any] | None
        if isinstance(self.subscription, SubscriptionOut):
            subscription = self.subscription.to_dict()
        else:
            subscription = self.subscription

        created_at: None | str
        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "_id": field_id,
                "name": name,
                "plan": plan,
                "status": status,
                "stripe_customer_id": stripe_customer_id,
                "limits": limits,
                "rate_limit_override": rate_limit_override,
                "subscription": subscription,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.plan_limits_out import PlanLimitsOut  # noqa: PLC0415
        from ..models.subscription_out import SubscriptionOut  # noqa: PLC0415

        d = dict(src_dict)
        field_id = d.pop("_id")

        name = d.pop("name")

        plan = d.pop("plan")

        status = d.pop("status")

        def _parse_stripe_customer_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        stripe_customer_id = _parse_stripe_customer_id(d.pop("stripe_customer_id"))

        limits = PlanLimitsOut.from_dict(d.pop("limits"))

        def _parse_rate_limit_override(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rate_limit_override = _parse_rate_limit_override(d.pop("rate_limit_override"))

        def _parse_subscription(data: object) -> None | SubscriptionOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                subscription_type_0 = SubscriptionOut.from_dict(data)

                return subscription_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SubscriptionOut, data)

        subscription = _parse_subscription(d.pop("subscription"))

        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("createdAt"))

        organization_out = cls(
            field_id=field_id,
            name=name,
            plan=plan,
            status=status,
            stripe_customer_id=stripe_customer_id,
            limits=limits,
            rate_limit_override=rate_limit_override,
            subscription=subscription,
            created_at=created_at,
        )

        organization_out.additional_properties = d
        return organization_out

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
