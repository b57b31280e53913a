from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    code: str | Unset = "",
    state: str | Unset = "",
    scopes: str | Unset = "",
    error: str | Unset = "",
    error_description: str | Unset = "",
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["code"] = code

    params["state"] = state

    params["scopes"] = scopes

    params["error"] = error

    params["error_description"] = error_description

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v0/public/oauth/tiktok/callback",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorEnvelope | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 303:
        response_303 = cast(Any, None)
        return response_303

    if response.status_code == 400:
        response_400 = cast(Any, None)
        return response_400

    if response.status_code == 403:
        response_403 = cast(Any, None)
        return response_403

    if response.status_code == 404:
        response_404 = cast(Any, None)
        return response_404

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())

        return response_429

    if response.status_code == 502:
        response_502 = cast(Any, None)
        return response_502

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | ErrorEnvelope | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = "",
    state: str | Unset = "",
    scopes: str | Unset = "",
    error: str | Unset = "",
    error_description: str | Unset = "",
) -> Response[Any | ErrorEnvelope | str]:
    """TikTok's OAuth redirect (the browser comes back here from TikTok's authorize page)

     Checks the state (signature, expiry, single use, and the organization of the browser's session when
    it has one), exchanges the code at TikTok with the PKCE verifier, stores the tokens encrypted with
    the account's display name and avatar, then redirects (303) to the `redirect_after` given when
    connecting, or shows a page. A replayed, expired, forged or other organization's state, or TikTok's
    `error` (the user declined), changes nothing and shows a page saying so.

    Args:
        code (str | Unset): as TikTok sends it Default: ''.
        state (str | Unset): as TikTok sends it Default: ''.
        scopes (str | Unset): as TikTok sends it Default: ''.
        error (str | Unset): as TikTok sends it Default: ''.
        error_description (str | Unset): as TikTok sends it Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | str]
    """

    kwargs = _get_kwargs(
        code=code,
        state=state,
        scopes=scopes,
        error=error,
        error_description=error_description,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = "",
    state: str | Unset = "",
    scopes: str | Unset = "",
    error: str | Unset = "",
    error_description: str | Unset = "",
) -> Any | ErrorEnvelope | str | None:
    """TikTok's OAuth redirect (the browser comes back here from TikTok's authorize page)

     Checks the state (signature, expiry, single use, and the organization of the browser's session when
    it has one), exchanges the code at TikTok with the PKCE verifier, stores the tokens encrypted with
    the account's display name and avatar, then redirects (303) to the `redirect_after` given when
    connecting, or shows a page. A replayed, expired, forged or other organization's state, or TikTok's
    `error` (the user declined), changes nothing and shows a page saying so.

    Args:
        code (str | Unset): as TikTok sends it Default: ''.
        state (str | Unset): as TikTok sends it Default: ''.
        scopes (str | Unset): as TikTok sends it Default: ''.
        error (str | Unset): as TikTok sends it Default: ''.
        error_description (str | Unset): as TikTok sends it Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | str
    """

    return sync_detailed(
        client=client,
        code=code,
        state=state,
        scopes=scopes,
        error=error,
        error_description=error_description,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = "",
    state: str | Unset = "",
    scopes: str | Unset = "",
    error: str | Unset = "",
    error_description: str | Unset = "",
) -> Response[Any | ErrorEnvelope | str]:
    """TikTok's OAuth redirect (the browser comes back here from TikTok's authorize page)

     Checks the state (signature, expiry, single use, and the organization of the browser's session when
    it has one), exchanges the code at TikTok with the PKCE verifier, stores the tokens encrypted with
    the account's display name and avatar, then redirects (303) to the `redirect_after` given when
    connecting, or shows a page. A replayed, expired, forged or other organization's state, or TikTok's
    `error` (the user declined), changes nothing and shows a page saying so.

    Args:
        code (str | Unset): as TikTok sends it Default: ''.
        state (str | Unset): as TikTok sends it Default: ''.
        scopes (str | Unset): as TikTok sends it Default: ''.
        error (str | Unset): as TikTok sends it Default: ''.
        error_description (str | Unset): as TikTok sends it Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope | str]
    """

    kwargs = _get_kwargs(
        code=code,
        state=state,
        scopes=scopes,
        error=error,
        error_description=error_description,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = "",
    state: str | Unset = "",
    scopes: str | Unset = "",
    error: str | Unset = "",
    error_description: str | Unset = "",
) -> Any | ErrorEnvelope | str | None:
    """TikTok's OAuth redirect (the browser comes back here from TikTok's authorize page)

     Checks the state (signature, expiry, single use, and the organization of the browser's session when
    it has one), exchanges the code at TikTok with the PKCE verifier, stores the tokens encrypted with
    the account's display name and avatar, then redirects (303) to the `redirect_after` given when
    connecting, or shows a page. A replayed, expired, forged or other organization's state, or TikTok's
    `error` (the user declined), changes nothing and shows a page saying so.

    Args:
        code (str | Unset): as TikTok sends it Default: ''.
        state (str | Unset): as TikTok sends it Default: ''.
        scopes (str | Unset): as TikTok sends it Default: ''.
        error (str | Unset): as TikTok sends it Default: ''.
        error_description (str | Unset): as TikTok sends it Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope | str
    """

    return (
        await asyncio_detailed(
            client=client,
            code=code,
            state=state,
            scopes=scopes,
            error=error,
            error_description=error_description,
        )
    ).parsed
