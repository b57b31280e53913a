from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.json_rpc_error_response import JsonRpcErrorResponse
from ...models.mcp_documentation_body import McpDocumentationBody
from ...models.mcp_documentation_response_mcp_documentation import McpDocumentationResponseMcpDocumentation
from ...types import Response


def _get_kwargs(
    *,
    body: McpDocumentationBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v0/mcp",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorEnvelope | JsonRpcErrorResponse | McpDocumentationResponseMcpDocumentation | None:
    if response.status_code == 200:
        response_200 = McpDocumentationResponseMcpDocumentation.from_dict(response.json())

        return response_200

    if response.status_code == 202:
        response_202 = cast(Any, None)
        return response_202

    if response.status_code == 400:
        response_400 = JsonRpcErrorResponse.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())

        return response_403

    if response.status_code == 415:
        response_415 = ErrorEnvelope.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | ErrorEnvelope | JsonRpcErrorResponse | McpDocumentationResponseMcpDocumentation]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: McpDocumentationBody,
) -> Response[Any | ErrorEnvelope | JsonRpcErrorResponse | McpDocumentationResponseMcpDocumentation]:
    """MCP server (stateless Streamable HTTP, JSON responses)

     JSON-RPC 2.0 over HTTP POST (`Accept: application/json, text/event-stream`), same
    `Authorization: Bearer <API key>` and shared per-minute limit as REST (one request = one unit).
    Tools: list_apps, get_app, list_formats, list_design_templates, generate_slideshow,
    get_slideshow, list_slideshows, generate_hooks, get_usage, publish_slideshow; their input
    and output schemas come from `tools/list`. Tool failures are results with `isError: true`
    and `structuredContent.error.code` set to the REST error code. See docs/mcp.md.

    Args:
        body (McpDocumentationBody): A JSON-RPC 2.0 message (request, or notification without id).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | JsonRpcErrorResponse | McpDocumentationResponseMcpDocumentation]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: McpDocumentationBody,
) -> Any | ErrorEnvelope | JsonRpcErrorResponse | McpDocumentationResponseMcpDocumentation | None:
    """MCP server (stateless Streamable HTTP, JSON responses)

     JSON-RPC 2.0 over HTTP POST (`Accept: application/json, text/event-stream`), same
    `Authorization: Bearer <API key>` and shared per-minute limit as REST (one request = one unit).
    Tools: list_apps, get_app, list_formats, list_design_templates, generate_slideshow,
    get_slideshow, list_slideshows, generate_hooks, get_usage, publish_slideshow; their input
    and output schemas come from `tools/list`. Tool failures are results with `isError: true`
    and `structuredContent.error.code` set to the REST error code. See docs/mcp.md.

    Args:
        body (McpDocumentationBody): A JSON-RPC 2.0 message (request, or notification without id).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | JsonRpcErrorResponse | McpDocumentationResponseMcpDocumentation
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: McpDocumentationBody,
) -> Response[Any | ErrorEnvelope | JsonRpcErrorResponse | McpDocumentationResponseMcpDocumentation]:
    """MCP server (stateless Streamable HTTP, JSON responses)

     JSON-RPC 2.0 over HTTP POST (`Accept: application/json, text/event-stream`), same
    `Authorization: Bearer <API key>` and shared per-minute limit as REST (one request = one unit).
    Tools: list_apps, get_app, list_formats, list_design_templates, generate_slideshow,
    get_slideshow, list_slideshows, generate_hooks, get_usage, publish_slideshow; their input
    and output schemas come from `tools/list`. Tool failures are results with `isError: true`
    and `structuredContent.error.code` set to the REST error code. See docs/mcp.md.

    Args:
        body (McpDocumentationBody): A JSON-RPC 2.0 message (request, or notification without id).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | JsonRpcErrorResponse | McpDocumentationResponseMcpDocumentation]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: McpDocumentationBody,
) -> Any | ErrorEnvelope | JsonRpcErrorResponse | McpDocumentationResponseMcpDocumentation | None:
    """MCP server (stateless Streamable HTTP, JSON responses)

     JSON-RPC 2.0 over HTTP POST (`Accept: application/json, text/event-stream`), same
    `Authorization: Bearer <API key>` and shared per-minute limit as REST (one request = one unit).
    Tools: list_apps, get_app, list_formats, list_design_templates, generate_slideshow,
    get_slideshow, list_slideshows, generate_hooks, get_usage, publish_slideshow; their input
    and output schemas come from `tools/list`. Tool failures are results with `isError: true`
    and `structuredContent.error.code` set to the REST error code. See docs/mcp.md.

    Args:
        body (McpDocumentationBody): A JSON-RPC 2.0 message (request, or notification without id).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | JsonRpcErrorResponse | McpDocumentationResponseMcpDocumentation
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
