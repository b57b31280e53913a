from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.generate_body_variable_overrides_type_0 import GenerateBodyVariableOverridesType0


T = TypeVar("T", bound="GenerateBody")


@_attrs_define
class GenerateBody:
    """Body of POST /v0/api/v1/apps/:id/slideshows. Unknown keys are refused (400 VALIDATION_ERROR).

    Example:
        {'template_key': 'problem_solution', 'variable_overrides': {}}

    Attributes:
        template_key (str): required: a template key of the app's niche (GET /v0/api/v1/niches)
        variable_overrides (GenerateBodyVariableOverridesType0 | None | Unset): optional object: template variable name
            -> string value (non-strings are a VALIDATION_ERROR); missing ones are chosen automatically
        design (None | str | Unset): optional design override (classic, inspo, editorial-split, brand-studio)
    """

    template_key: str
    variable_overrides: GenerateBodyVariableOverridesType0 | None | Unset = UNSET
    design: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.generate_body_variable_overrides_type_0 import GenerateBodyVariableOverridesType0  # noqa: PLC0415

        template_key = self.template_key

        variable_overrides: dict[str, Any] | None | Unset
        if isinstance(self.variable_overrides, Unset):
            variable_overrides = UNSET
        elif isinstance(self.variable_overrides, GenerateBodyVariableOverridesType0):
            variable_overrides = self.variable_overrides.to_dict()
        else:
            variable_overrides = self.variable_overrides

        design: None | str | Unset
        if isinstance(self.design, Unset):
            design = UNSET
        else:
            design = self.design

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "template_key": template_key,
            }
        )
        if variable_overrides is not UNSET:
            field_dict["variable_overrides"] = variable_overrides
        if design is not UNSET:
            field_dict["design"] = design

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.generate_body_variable_overrides_type_0 import GenerateBodyVariableOverridesType0  # noqa: PLC0415

        d = dict(src_dict)
        template_key = d.pop("template_key")

        def _parse_variable_overrides(data: object) -> GenerateBodyVariableOverridesType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                variable_overrides_type_0 = GenerateBodyVariableOverridesType0.from_dict(data)

                return variable_overrides_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GenerateBodyVariableOverridesType0 | None | Unset, data)

        variable_overrides = _parse_variable_overrides(d.pop("variable_overrides", UNSET))

        def _parse_design(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        design = _parse_design(d.pop("design", UNSET))

        generate_body = cls(
            template_key=template_key,
            variable_overrides=variable_overrides,
            design=design,
        )

        return generate_body
