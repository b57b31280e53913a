from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.json_rpc_error import JsonRpcError


T = TypeVar("T", bound="JsonRpcErrorResponse")


@_attrs_define
class JsonRpcErrorResponse:
    """The JSON-RPC 2.0 error answer to a body that is not a JSON-RPC 2.0 message.

    Attributes:
        jsonrpc (Literal['2.0']):
        id (int | None | str):
        error (JsonRpcError):
    """

    jsonrpc: Literal["2.0"]
    id: int | None | str
    error: JsonRpcError
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        jsonrpc = self.jsonrpc

        id: int | None | str
        id = self.id

        error = self.error.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "jsonrpc": jsonrpc,
                "id": id,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.json_rpc_error import JsonRpcError  # noqa: PLC0415

        d = dict(src_dict)
        jsonrpc = cast(Literal["2.0"], d.pop("jsonrpc"))
        if jsonrpc != "2.0":
            raise ValueError(f"jsonrpc must match const '2.0', got '{jsonrpc}'")

        def _parse_id(data: object) -> int | None | str:
            if data is None:
                return data
            return cast(int | None | str, data)

        id = _parse_id(d.pop("id"))

        error = JsonRpcError.from_dict(d.pop("error"))

        json_rpc_error_response = cls(
            jsonrpc=jsonrpc,
            id=id,
            error=error,
        )

        json_rpc_error_response.additional_properties = d
        return json_rpc_error_response

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
