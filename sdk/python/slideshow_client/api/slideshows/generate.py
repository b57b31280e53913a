from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.generate_body import GenerateBody
from ...models.generate_response import GenerateResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: GenerateBody | None | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v0/api/v1/apps/{id}/slideshows".format(
            id=quote(str(id), safe=""),
        ),
    }

    if isinstance(body, GenerateBody):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | GenerateResponse | None:
    if response.status_code == 202:
        response_202 = GenerateResponse.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ErrorEnvelope.from_dict(response.json())

        return response_409

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
) -> Response[ErrorEnvelope | GenerateResponse]:
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
    body: GenerateBody | None | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[ErrorEnvelope | GenerateResponse]:
    """Generate a slideshow (asynchronous; poll GET /v0/api/v1/slideshows/:id)

    Args:
        id (str): app id
        idempotency_key (None | str | Unset): optional, up to 255 characters; a repeat within 24 h
            returns the first answer
        body (GenerateBody | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | GenerateResponse]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: GenerateBody | None | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,
) -> ErrorEnvelope | GenerateResponse | None:
    """Generate a slideshow (asynchronous; poll GET /v0/api/v1/slideshows/:id)

    Args:
        id (str): app id
        idempotency_key (None | str | Unset): optional, up to 255 characters; a repeat within 24 h
            returns the first answer
        body (GenerateBody | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | GenerateResponse
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: GenerateBody | None | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[ErrorEnvelope | GenerateResponse]:
    """Generate a slideshow (asynchronous; poll GET /v0/api/v1/slideshows/:id)

    Args:
        id (str): app id
        idempotency_key (None | str | Unset): optional, up to 255 characters; a repeat within 24 h
            returns the first answer
        body (GenerateBody | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | GenerateResponse]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: GenerateBody | None | Unset = UNSET,
    idempotency_key: None | str | Unset = UNSET,
) -> ErrorEnvelope | GenerateResponse | None:
    """Generate a slideshow (asynchronous; poll GET /v0/api/v1/slideshows/:id)

    Args:
        id (str): app id
        idempotency_key (None | str | Unset): optional, up to 255 characters; a repeat within 24 h
            returns the first answer
        body (GenerateBody | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | GenerateResponse
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
