from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.connect_url_response import ConnectUrlResponse
from ...models.error_envelope import ErrorEnvelope
from ...models.tik_tok_connect_body import TikTokConnectBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: None | TikTokConnectBody | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v0/api/v1/apps/{id}/social-accounts/tiktok/connect".format(
            id=quote(str(id), safe=""),
        ),
    }

    if isinstance(body, TikTokConnectBody):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ConnectUrlResponse | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = ConnectUrlResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

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
) -> Response[ConnectUrlResponse | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: None | TikTokConnectBody | Unset = UNSET,
) -> Response[ConnectUrlResponse | ErrorEnvelope]:
    """Start connecting a TikTok account to an app by OAuth (TikTok Login Kit)

     Answers the URL of TikTok's authorize page. After the user agrees, TikTok sends the browser to GET
    /v0/public/oauth/tiktok/callback, which stores the account (tokens encrypted, refreshed before they
    expire) and redirects to `redirect_after` or shows a page. Reconnecting replaces the tokens and
    keeps the account id. 503 UNAVAILABLE when the server has no TikTok client key.

    Args:
        id (str):
        body (None | TikTokConnectBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConnectUrlResponse | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: None | TikTokConnectBody | Unset = UNSET,
) -> ConnectUrlResponse | ErrorEnvelope | None:
    """Start connecting a TikTok account to an app by OAuth (TikTok Login Kit)

     Answers the URL of TikTok's authorize page. After the user agrees, TikTok sends the browser to GET
    /v0/public/oauth/tiktok/callback, which stores the account (tokens encrypted, refreshed before they
    expire) and redirects to `redirect_after` or shows a page. Reconnecting replaces the tokens and
    keeps the account id. 503 UNAVAILABLE when the server has no TikTok client key.

    Args:
        id (str):
        body (None | TikTokConnectBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConnectUrlResponse | ErrorEnvelope
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: None | TikTokConnectBody | Unset = UNSET,
) -> Response[ConnectUrlResponse | ErrorEnvelope]:
    """Start connecting a TikTok account to an app by OAuth (TikTok Login Kit)

     Answers the URL of TikTok's authorize page. After the user agrees, TikTok sends the browser to GET
    /v0/public/oauth/tiktok/callback, which stores the account (tokens encrypted, refreshed before they
    expire) and redirects to `redirect_after` or shows a page. Reconnecting replaces the tokens and
    keeps the account id. 503 UNAVAILABLE when the server has no TikTok client key.

    Args:
        id (str):
        body (None | TikTokConnectBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConnectUrlResponse | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: None | TikTokConnectBody | Unset = UNSET,
) -> ConnectUrlResponse | ErrorEnvelope | None:
    """Start connecting a TikTok account to an app by OAuth (TikTok Login Kit)

     Answers the URL of TikTok's authorize page. After the user agrees, TikTok sends the browser to GET
    /v0/public/oauth/tiktok/callback, which stores the account (tokens encrypted, refreshed before they
    expire) and redirects to `redirect_after` or shows a page. Reconnecting replaces the tokens and
    keeps the account id. 503 UNAVAILABLE when the server has no TikTok client key.

    Args:
        id (str):
        body (None | TikTokConnectBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConnectUrlResponse | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
