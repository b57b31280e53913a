from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.refresh_now_body import RefreshNowBody
from ...models.refresh_now_out import RefreshNowOut
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: None | RefreshNowBody | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v0/api/v1/hooks/refresh-now",
    }

    if isinstance(body, RefreshNowBody):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | RefreshNowOut | None:
    if response.status_code == 202:
        response_202 = RefreshNowOut.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

    if response.status_code == 402:
        response_402 = ErrorEnvelope.from_dict(response.json())

        return response_402

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())

        return response_404

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
) -> Response[ErrorEnvelope | RefreshNowOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: None | RefreshNowBody | Unset = UNSET,
) -> Response[ErrorEnvelope | RefreshNowOut]:
    """Refresh hooks now (Starter+, one per hour per organization, one hook_refreshes unit)

     New hooks appear in GET /v0/api/v1/hooks in the background, typically within seconds. 429
    RATE_LIMITED carries Retry-After (seconds until the hour is over).

    Args:
        body (None | RefreshNowBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | RefreshNowOut]
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
    body: None | RefreshNowBody | Unset = UNSET,
) -> ErrorEnvelope | RefreshNowOut | None:
    """Refresh hooks now (Starter+, one per hour per organization, one hook_refreshes unit)

     New hooks appear in GET /v0/api/v1/hooks in the background, typically within seconds. 429
    RATE_LIMITED carries Retry-After (seconds until the hour is over).

    Args:
        body (None | RefreshNowBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | RefreshNowOut
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: None | RefreshNowBody | Unset = UNSET,
) -> Response[ErrorEnvelope | RefreshNowOut]:
    """Refresh hooks now (Starter+, one per hour per organization, one hook_refreshes unit)

     New hooks appear in GET /v0/api/v1/hooks in the background, typically within seconds. 429
    RATE_LIMITED carries Retry-After (seconds until the hour is over).

    Args:
        body (None | RefreshNowBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | RefreshNowOut]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: None | RefreshNowBody | Unset = UNSET,
) -> ErrorEnvelope | RefreshNowOut | None:
    """Refresh hooks now (Starter+, one per hour per organization, one hook_refreshes unit)

     New hooks appear in GET /v0/api/v1/hooks in the background, typically within seconds. 429
    RATE_LIMITED carries Retry-After (seconds until the hour is over).

    Args:
        body (None | RefreshNowBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | RefreshNowOut
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
