from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.publish_body import PublishBody
from ...models.publish_response import PublishResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: None | PublishBody | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v0/api/v1/slideshows/{id}/publish".format(
            id=quote(str(id), safe=""),
        ),
    }

    if isinstance(body, PublishBody):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | PublishResponse | None:
    if response.status_code == 200:
        response_200 = PublishResponse.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ErrorEnvelope.from_dict(response.json())

        return response_409

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())

        return response_429

    if response.status_code == 502:
        response_502 = ErrorEnvelope.from_dict(response.json())

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
) -> Response[ErrorEnvelope | PublishResponse]:
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
    body: None | PublishBody | Unset = UNSET,
) -> Response[ErrorEnvelope | PublishResponse]:
    """Publish a READY slideshow to its app's connected TikTok account (photo post; cannot be undone)

     Idempotent per slideshow and account: a repeat returns the recorded publish. A direct post asks
    TikTok for the creator's privacy levels first and refuses one the creator lacks (400,
    privacy_level). The post's status is followed in the background until final; the outcome is sent as
    slideshow.published or slideshow.publish_failed. An account TikTok no longer accepts: 409
    RECONNECT_REQUIRED.

    Args:
        id (str):
        body (None | PublishBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | PublishResponse]
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
    body: None | PublishBody | Unset = UNSET,
) -> ErrorEnvelope | PublishResponse | None:
    """Publish a READY slideshow to its app's connected TikTok account (photo post; cannot be undone)

     Idempotent per slideshow and account: a repeat returns the recorded publish. A direct post asks
    TikTok for the creator's privacy levels first and refuses one the creator lacks (400,
    privacy_level). The post's status is followed in the background until final; the outcome is sent as
    slideshow.published or slideshow.publish_failed. An account TikTok no longer accepts: 409
    RECONNECT_REQUIRED.

    Args:
        id (str):
        body (None | PublishBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | PublishResponse
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
    body: None | PublishBody | Unset = UNSET,
) -> Response[ErrorEnvelope | PublishResponse]:
    """Publish a READY slideshow to its app's connected TikTok account (photo post; cannot be undone)

     Idempotent per slideshow and account: a repeat returns the recorded publish. A direct post asks
    TikTok for the creator's privacy levels first and refuses one the creator lacks (400,
    privacy_level). The post's status is followed in the background until final; the outcome is sent as
    slideshow.published or slideshow.publish_failed. An account TikTok no longer accepts: 409
    RECONNECT_REQUIRED.

    Args:
        id (str):
        body (None | PublishBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | PublishResponse]
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
    body: None | PublishBody | Unset = UNSET,
) -> ErrorEnvelope | PublishResponse | None:
    """Publish a READY slideshow to its app's connected TikTok account (photo post; cannot be undone)

     Idempotent per slideshow and account: a repeat returns the recorded publish. A direct post asks
    TikTok for the creator's privacy levels first and refuses one the creator lacks (400,
    privacy_level). The post's status is followed in the background until final; the outcome is sent as
    slideshow.published or slideshow.publish_failed. An account TikTok no longer accepts: 409
    RECONNECT_REQUIRED.

    Args:
        id (str):
        body (None | PublishBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | PublishResponse
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
