from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.share_out import ShareOut
from ...models.share_request import ShareRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: None | ShareRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v0/api/slideshows/{id}/share".format(
            id=quote(str(id), safe=""),
        ),
    }

    if isinstance(body, ShareRequest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | ShareOut | None:
    if response.status_code == 201:
        response_201 = ShareOut.from_dict(response.json())

        return response_201

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
) -> Response[ErrorEnvelope | ShareOut]:
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
    body: None | ShareRequest | Unset = UNSET,
) -> Response[ErrorEnvelope | ShareOut]:
    """Issue, return the existing or rotate the public share link (always 201)

     A slideshow has at most one live link. The first call, `rotate: true` and a call after DELETE issue
    a new token; otherwise the existing link is returned (a `password` sent then sets or replaces its
    password). Every success answers **201** (API.md). A link may be issued in any status; until the
    deck is READY its page says it is still rendering. Tokens are stored as a SHA-256 hash (lookups)
    plus a Fernet ciphertext (so the link can be shown again).

    Args:
        id (str): ss_... id of a slideshow of the caller's organization
        body (None | ShareRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ShareOut]
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
    body: None | ShareRequest | Unset = UNSET,
) -> ErrorEnvelope | ShareOut | None:
    """Issue, return the existing or rotate the public share link (always 201)

     A slideshow has at most one live link. The first call, `rotate: true` and a call after DELETE issue
    a new token; otherwise the existing link is returned (a `password` sent then sets or replaces its
    password). Every success answers **201** (API.md). A link may be issued in any status; until the
    deck is READY its page says it is still rendering. Tokens are stored as a SHA-256 hash (lookups)
    plus a Fernet ciphertext (so the link can be shown again).

    Args:
        id (str): ss_... id of a slideshow of the caller's organization
        body (None | ShareRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ShareOut
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
    body: None | ShareRequest | Unset = UNSET,
) -> Response[ErrorEnvelope | ShareOut]:
    """Issue, return the existing or rotate the public share link (always 201)

     A slideshow has at most one live link. The first call, `rotate: true` and a call after DELETE issue
    a new token; otherwise the existing link is returned (a `password` sent then sets or replaces its
    password). Every success answers **201** (API.md). A link may be issued in any status; until the
    deck is READY its page says it is still rendering. Tokens are stored as a SHA-256 hash (lookups)
    plus a Fernet ciphertext (so the link can be shown again).

    Args:
        id (str): ss_... id of a slideshow of the caller's organization
        body (None | ShareRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ShareOut]
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
    body: None | ShareRequest | Unset = UNSET,
) -> ErrorEnvelope | ShareOut | None:
    """Issue, return the existing or rotate the public share link (always 201)

     A slideshow has at most one live link. The first call, `rotate: true` and a call after DELETE issue
    a new token; otherwise the existing link is returned (a `password` sent then sets or replaces its
    password). Every success answers **201** (API.md). A link may be issued in any status; until the
    deck is READY its page says it is still rendering. Tokens are stored as a SHA-256 hash (lookups)
    plus a Fernet ciphertext (so the link can be shown again).

    Args:
        id (str): ss_... id of a slideshow of the caller's organization
        body (None | ShareRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ShareOut
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
