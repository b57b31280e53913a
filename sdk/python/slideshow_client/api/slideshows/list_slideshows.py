from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.list_slideshows_status_type_0 import ListSlideshowsStatusType0
from ...models.slideshow_list import SlideshowList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    app_id: None | str | Unset = UNSET,
    status: ListSlideshowsStatusType0 | None | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["limit"] = limit

    json_app_id: None | str | Unset
    if isinstance(app_id, Unset):
        json_app_id = UNSET
    else:
        json_app_id = app_id
    params["app_id"] = json_app_id

    json_status: None | str | Unset
    if isinstance(status, Unset):
        json_status = UNSET
    elif isinstance(status, ListSlideshowsStatusType0):
        json_status = status.value
    else:
        json_status = status
    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v0/api/v1/slideshows",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | SlideshowList | None:
    if response.status_code == 200:
        response_200 = SlideshowList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | SlideshowList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    app_id: None | str | Unset = UNSET,
    status: ListSlideshowsStatusType0 | None | Unset = UNSET,
) -> Response[ErrorEnvelope | SlideshowList]:
    """List slideshows, newest first

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        app_id (None | str | Unset):
        status (ListSlideshowsStatusType0 | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SlideshowList]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        app_id=app_id,
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    app_id: None | str | Unset = UNSET,
    status: ListSlideshowsStatusType0 | None | Unset = UNSET,
) -> ErrorEnvelope | SlideshowList | None:
    """List slideshows, newest first

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        app_id (None | str | Unset):
        status (ListSlideshowsStatusType0 | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SlideshowList
    """

    return sync_detailed(
        client=client,
        page=page,
        limit=limit,
        app_id=app_id,
        status=status,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    app_id: None | str | Unset = UNSET,
    status: ListSlideshowsStatusType0 | None | Unset = UNSET,
) -> Response[ErrorEnvelope | SlideshowList]:
    """List slideshows, newest first

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        app_id (None | str | Unset):
        status (ListSlideshowsStatusType0 | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SlideshowList]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        app_id=app_id,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    app_id: None | str | Unset = UNSET,
    status: ListSlideshowsStatusType0 | None | Unset = UNSET,
) -> ErrorEnvelope | SlideshowList | None:
    """List slideshows, newest first

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        app_id (None | str | Unset):
        status (ListSlideshowsStatusType0 | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SlideshowList
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            limit=limit,
            app_id=app_id,
            status=status,
        )
    ).parsed
