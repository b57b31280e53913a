from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.portal_body import PortalBody
from ...models.stripe_redirect_envelope import StripeRedirectEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: None | PortalBody | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v0/api/v1/billing/portal",
    }

    if isinstance(body, PortalBody):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | StripeRedirectEnvelope | None:
    if response.status_code == 200:
        response_200 = StripeRedirectEnvelope.from_dict(response.json())

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
) -> Response[ErrorEnvelope | StripeRedirectEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: None | PortalBody | Unset = UNSET,
) -> Response[ErrorEnvelope | StripeRedirectEnvelope]:
    """Manage the subscription (plan, payment method, invoices, cancel) in Stripe's Billing Portal

     Creates a Stripe Billing Portal Session for the organization's Stripe customer. No customer yet
    (never checked out) -> 409 CONFLICT.

    Args:
        body (None | PortalBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | StripeRedirectEnvelope]
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
    body: None | PortalBody | Unset = UNSET,
) -> ErrorEnvelope | StripeRedirectEnvelope | None:
    """Manage the subscription (plan, payment method, invoices, cancel) in Stripe's Billing Portal

     Creates a Stripe Billing Portal Session for the organization's Stripe customer. No customer yet
    (never checked out) -> 409 CONFLICT.

    Args:
        body (None | PortalBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | StripeRedirectEnvelope
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: None | PortalBody | Unset = UNSET,
) -> Response[ErrorEnvelope | StripeRedirectEnvelope]:
    """Manage the subscription (plan, payment method, invoices, cancel) in Stripe's Billing Portal

     Creates a Stripe Billing Portal Session for the organization's Stripe customer. No customer yet
    (never checked out) -> 409 CONFLICT.

    Args:
        body (None | PortalBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | StripeRedirectEnvelope]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: None | PortalBody | Unset = UNSET,
) -> ErrorEnvelope | StripeRedirectEnvelope | None:
    """Manage the subscription (plan, payment method, invoices, cancel) in Stripe's Billing Portal

     Creates a Stripe Billing Portal Session for the organization's Stripe customer. No customer yet
    (never checked out) -> 409 CONFLICT.

    Args:
        body (None | PortalBody | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | StripeRedirectEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
