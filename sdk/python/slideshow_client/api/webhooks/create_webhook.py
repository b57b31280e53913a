from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_webhook_body import CreateWebhookBody
from ...models.error_envelope import ErrorEnvelope
from ...models.webhook_response import WebhookResponse
from ...types import Response


def _get_kwargs(
    *,
    body: CreateWebhookBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v0/api/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | WebhookResponse | None:
    if response.status_code == 201:
        response_201 = WebhookResponse.from_dict(response.json())

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
) -> Response[ErrorEnvelope | WebhookResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateWebhookBody,
) -> Response[ErrorEnvelope | WebhookResponse]:
    """Register an outgoing webhook endpoint

     Each delivery is a POST with `Content-Type: application/json`, `X-Service-Event`,
    `X-Service-Delivery-Id` (the same on every retry) and `X-Service-Signature: sha256=<hex>`, the
    HMAC-SHA256 of the raw body keyed with the endpoint secret (the `whsec_...` string, UTF-8).
    It also carries Standard Webhooks headers: `webhook-id` (= `X-Service-Delivery-Id`),
    `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature: v1,<base64 HMAC-SHA256
    of "{id}.{timestamp}.{body}">` keyed with the base64-decoded part of the secret after `whsec_`
    (any Standard Webhooks library verifies it with the secret as shown).
    Body: the event's payload fields plus `event` and `created_at`. Success is any 2xx within 15 s;
    3xx counts as failure (redirects are not followed); `410` disables the endpoint. Retries after
    1 min, 5 min, 30 min, 2 h and 12 h (six attempts in all).

    Args:
        body (CreateWebhookBody):  Example: {'events': ['slideshow.completed'], 'url':
            'https://example.com/hooks'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | WebhookResponse]
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
    body: CreateWebhookBody,
) -> ErrorEnvelope | WebhookResponse | None:
    """Register an outgoing webhook endpoint

     Each delivery is a POST with `Content-Type: application/json`, `X-Service-Event`,
    `X-Service-Delivery-Id` (the same on every retry) and `X-Service-Signature: sha256=<hex>`, the
    HMAC-SHA256 of the raw body keyed with the endpoint secret (the `whsec_...` string, UTF-8).
    It also carries Standard Webhooks headers: `webhook-id` (= `X-Service-Delivery-Id`),
    `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature: v1,<base64 HMAC-SHA256
    of "{id}.{timestamp}.{body}">` keyed with the base64-decoded part of the secret after `whsec_`
    (any Standard Webhooks library verifies it with the secret as shown).
    Body: the event's payload fields plus `event` and `created_at`. Success is any 2xx within 15 s;
    3xx counts as failure (redirects are not followed); `410` disables the endpoint. Retries after
    1 min, 5 min, 30 min, 2 h and 12 h (six attempts in all).

    Args:
        body (CreateWebhookBody):  Example: {'events': ['slideshow.completed'], 'url':
            'https://example.com/hooks'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | WebhookResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateWebhookBody,
) -> Response[ErrorEnvelope | WebhookResponse]:
    """Register an outgoing webhook endpoint

     Each delivery is a POST with `Content-Type: application/json`, `X-Service-Event`,
    `X-Service-Delivery-Id` (the same on every retry) and `X-Service-Signature: sha256=<hex>`, the
    HMAC-SHA256 of the raw body keyed with the endpoint secret (the `whsec_...` string, UTF-8).
    It also carries Standard Webhooks headers: `webhook-id` (= `X-Service-Delivery-Id`),
    `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature: v1,<base64 HMAC-SHA256
    of "{id}.{timestamp}.{body}">` keyed with the base64-decoded part of the secret after `whsec_`
    (any Standard Webhooks library verifies it with the secret as shown).
    Body: the event's payload fields plus `event` and `created_at`. Success is any 2xx within 15 s;
    3xx counts as failure (redirects are not followed); `410` disables the endpoint. Retries after
    1 min, 5 min, 30 min, 2 h and 12 h (six attempts in all).

    Args:
        body (CreateWebhookBody):  Example: {'events': ['slideshow.completed'], 'url':
            'https://example.com/hooks'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | WebhookResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateWebhookBody,
) -> ErrorEnvelope | WebhookResponse | None:
    """Register an outgoing webhook endpoint

     Each delivery is a POST with `Content-Type: application/json`, `X-Service-Event`,
    `X-Service-Delivery-Id` (the same on every retry) and `X-Service-Signature: sha256=<hex>`, the
    HMAC-SHA256 of the raw body keyed with the endpoint secret (the `whsec_...` string, UTF-8).
    It also carries Standard Webhooks headers: `webhook-id` (= `X-Service-Delivery-Id`),
    `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature: v1,<base64 HMAC-SHA256
    of "{id}.{timestamp}.{body}">` keyed with the base64-decoded part of the secret after `whsec_`
    (any Standard Webhooks library verifies it with the secret as shown).
    Body: the event's payload fields plus `event` and `created_at`. Success is any 2xx within 15 s;
    3xx counts as failure (redirects are not followed); `410` disables the endpoint. Retries after
    1 min, 5 min, 30 min, 2 h and 12 h (six attempts in all).

    Args:
        body (CreateWebhookBody):  Example: {'events': ['slideshow.completed'], 'url':
            'https://example.com/hooks'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | WebhookResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
