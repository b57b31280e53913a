from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mcp_documentation_body_params import McpDocumentationBodyParams


T = TypeVar("T", bound="McpDocumentationBody")


@_attrs_define
class McpDocumentationBody:
    """A JSON-RPC 2.0 message (request, or notification without id).

    Attributes:
        jsonrpc (Literal['2.0']):
        method (str):
        params (McpDocumentationBodyParams | Unset):
        id (int | str | Unset):
    """

    jsonrpc: Literal["2.0"]
    method: str
    params: McpDocumentationBodyParams | Unset = UNSET
    id: int | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        jsonrpc = self.jsonrpc

        method = self.method

        params: dict[str, Any] | Unset = UNSET
        if not isinstance(self.params, Unset):
            params = self.params.to_dict()

        id: int | str | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "jsonrpc": jsonrpc,
                "method": method,
            }
        )
        if params is not UNSET:
            field_dict["params"] = params
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.mcp_documentation_body_params import McpDocumentationBodyParams  # noqa: PLC0415

        d = dict(src_dict)
        jsonrpc = cast(Literal["2.0"], d.pop("jsonrpc"))
        if jsonrpc != "2.0":
            raise ValueError(f"jsonrpc must match const '2.0', got '{jsonrpc}'")

        method = d.pop("method")

        _params = d.pop("params", UNSET)
        params: McpDocumentationBodyParams | Unset
        if isinstance(_params, Unset):
            params = UNSET
        else:
            params = McpDocumentationBodyParams.from_dict(_params)

        def _parse_id(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        id = _parse_id(d.pop("id", UNSET))

        mcp_documentation_body = cls(
            jsonrpc=jsonrpc,
            method=method,
            params=params,
            id=id,
        )

        mcp_documentation_body.additional_properties = d
        return mcp_documentation_body

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
