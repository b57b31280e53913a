from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.o_embed import OEmbed
from ...models.oembed_format import OembedFormat
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    url_query: str,
    format_: OembedFormat | Unset = OembedFormat.JSON,
    maxwidth: int | None | Unset = UNSET,
    maxheight: int | None | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["url"] = url_query

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    json_maxwidth: int | None | Unset
    if isinstance(maxwidth, Unset):
        json_maxwidth = UNSET
    else:
        json_maxwidth = maxwidth
    params["maxwidth"] = json_maxwidth

    json_maxheight: int | None | Unset
    if isinstance(maxheight, Unset):
        json_maxheight = UNSET
    else:
        json_maxheight = maxheight
    params["maxheight"] = json_maxheight

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v0/public/oembed",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | OEmbed | None:
    if response.status_code == 200:
        response_200 = OEmbed.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())

        return response_429

    if response.status_code == 501:
        response_501 = ErrorEnvelope.from_dict(response.json())

        return response_501

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorEnvelope | OEmbed]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    url_query: str,
    format_: OembedFormat | Unset = OembedFormat.JSON,
    maxwidth: int | None | Unset = UNSET,
    maxheight: int | None | Unset = UNSET,
) -> Response[ErrorEnvelope | OEmbed]:
    """oEmbed 1.0 for a share URL

    Args:
        url_query (str): a share URL
        format_ (OembedFormat | Unset): only json is implemented: xml answers 501 NOT_IMPLEMENTED
            Default: OembedFormat.JSON.
        maxwidth (int | None | Unset): keeps the 9:16 aspect
        maxheight (int | None | Unset): keeps the 9:16 aspect

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | OEmbed]
    """

    kwargs = _get_kwargs(
        url_query=url_query,
        format_=format_,
        maxwidth=maxwidth,
        maxheight=maxheight,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    url_query: str,
    format_: OembedFormat | Unset = OembedFormat.JSON,
    maxwidth: int | None | Unset = UNSET,
    maxheight: int | None | Unset = UNSET,
) -> ErrorEnvelope | OEmbed | None:
    """oEmbed 1.0 for a share URL

    Args:
        url_query (str): a share URL
        format_ (OembedFormat | Unset): only json is implemented: xml answers 501 NOT_IMPLEMENTED
            Default: OembedFormat.JSON.
        maxwidth (int | None | Unset): keeps the 9:16 aspect
        maxheight (int | None | Unset): keeps the 9:16 aspect

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | OEmbed
    """

    return sync_detailed(
        client=client,
        url_query=url_query,
        format_=format_,
        maxwidth=maxwidth,
        maxheight=maxheight,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    url_query: str,
    format_: OembedFormat | Unset = OembedFormat.JSON,
    maxwidth: int | None | Unset = UNSET,
    maxheight: int | None | Unset = UNSET,
) -> Response[ErrorEnvelope | OEmbed]:
    """oEmbed 1.0 for a share URL

    Args:
        url_query (str): a share URL
        format_ (OembedFormat | Unset): only json is implemented: xml answers 501 NOT_IMPLEMENTED
            Default: OembedFormat.JSON.
        maxwidth (int | None | Unset): keeps the 9:16 aspect
        maxheight (int | None | Unset): keeps the 9:16 aspect

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | OEmbed]
    """

    kwargs = _get_kwargs(
        url_query=url_query,
        format_=format_,
        maxwidth=maxwidth,
        maxheight=maxheight,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    url_query: str,
    format_: OembedFormat | Unset = OembedFormat.JSON,
    maxwidth: int | None | Unset = UNSET,
    maxheight: int | None | Unset = UNSET,
) -> ErrorEnvelope | OEmbed | None:
    """oEmbed 1.0 for a share URL

    Args:
        url_query (str): a share URL
        format_ (OembedFormat | Unset): only json is implemented: xml answers 501 NOT_IMPLEMENTED
            Default: OembedFormat.JSON.
        maxwidth (int | None | Unset): keeps the 9:16 aspect
        maxheight (int | None | Unset): keeps the 9:16 aspect

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | OEmbed
    """

    return (
        await asyncio_detailed(
            client=client,
            url_query=url_query,
            format_=format_,
            maxwidth=maxwidth,
            maxheight=maxheight,
        )
    ).parsed
