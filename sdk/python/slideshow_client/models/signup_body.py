from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SignupBody")


@_attrs_define
class SignupBody:
    """
    Attributes:
        email (str):
        password (str):
        organization_name (str):
    """

    email: str
    password: str
    organization_name: str

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        password = self.password

        organization_name = self.organization_name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
                "password": password,
                "organization_name": organization_name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        password = d.pop("password")

        organization_name = d.pop("organization_name")

        signup_body = cls(
            email=email,
            password=password,
            organization_name=organization_name,
        )

        return signup_body
