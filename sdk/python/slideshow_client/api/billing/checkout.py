from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.checkout_body import CheckoutBody
from ...models.error_envelope import ErrorEnvelope
from ...models.stripe_redirect_envelope import StripeRedirectEnvelope
from ...types import Response


def _get_kwargs(
    *,
    body: CheckoutBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v0/api/v1/billing/checkout",
    }

    _kwargs["json"] = body.to_dict()

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
    body: CheckoutBody,
) -> Response[ErrorEnvelope | StripeRedirectEnvelope]:
    """Start a subscription to a paid plan: a Stripe Checkout Session to send the customer to

     Creates a Stripe Checkout Session in subscription mode for the plan's Price. The plan changes only
    when Stripe's signed events arrive at the payment webhook. Unknown or free plan -> 400
    VALIDATION_ERROR (plan); the current plan, or an organization that already has a subscription
    (change plans in the Billing Portal) -> 409 CONFLICT; a redirect URL off the public host -> 400
    VALIDATION_ERROR; Stripe not configured -> 503 UNAVAILABLE; Stripe failing -> 502 UPSTREAM_ERROR.
    Works with a session on every plan (and for a suspended organization's owner) and with an API key.

    Args:
        body (CheckoutBody):

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
    body: CheckoutBody,
) -> ErrorEnvelope | StripeRedirectEnvelope | None:
    """Start a subscription to a paid plan: a Stripe Checkout Session to send the customer to

     Creates a Stripe Checkout Session in subscription mode for the plan's Price. The plan changes only
    when Stripe's signed events arrive at the payment webhook. Unknown or free plan -> 400
    VALIDATION_ERROR (plan); the current plan, or an organization that already has a subscription
    (change plans in the Billing Portal) -> 409 CONFLICT; a redirect URL off the public host -> 400
    VALIDATION_ERROR; Stripe not configured -> 503 UNAVAILABLE; Stripe failing -> 502 UPSTREAM_ERROR.
    Works with a session on every plan (and for a suspended organization's owner) and with an API key.

    Args:
        body (CheckoutBody):

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
    body: CheckoutBody,
) -> Response[ErrorEnvelope | StripeRedirectEnvelope]:
    """Start a subscription to a paid plan: a Stripe Checkout Session to send the customer to

     Creates a Stripe Checkout Session in subscription mode for the plan's Price. The plan changes only
    when Stripe's signed events arrive at the payment webhook. Unknown or free plan -> 400
    VALIDATION_ERROR (plan); the current plan, or an organization that already has a subscription
    (change plans in the Billing Portal) -> 409 CONFLICT; a redirect URL off the public host -> 400
    VALIDATION_ERROR; Stripe not configured -> 503 UNAVAILABLE; Stripe failing -> 502 UPSTREAM_ERROR.
    Works with a session on every plan (and for a suspended organization's owner) and with an API key.

    Args:
        body (CheckoutBody):

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
    body: CheckoutBody,
) -> ErrorEnvelope | StripeRedirectEnvelope | None:
    """Start a subscription to a paid plan: a Stripe Checkout Session to send the customer to

     Creates a Stripe Checkout Session in subscription mode for the plan's Price. The plan changes only
    when Stripe's signed events arrive at the payment webhook. Unknown or free plan -> 400
    VALIDATION_ERROR (plan); the current plan, or an organization that already has a subscription
    (change plans in the Billing Portal) -> 409 CONFLICT; a redirect URL off the public host -> 400
    VALIDATION_ERROR; Stripe not configured -> 503 UNAVAILABLE; Stripe failing -> 502 UPSTREAM_ERROR.
    Works with a session on every plan (and for a suspended organization's owner) and with an API key.

    Args:
        body (CheckoutBody):

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
