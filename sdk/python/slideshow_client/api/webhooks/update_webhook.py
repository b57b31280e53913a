from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.update_webhook_body import UpdateWebhookBody
from ...models.webhook_out import WebhookOut
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: UpdateWebhookBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v0/api/webhooks/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | WebhookOut | None:
    if response.status_code == 200:
        response_200 = WebhookOut.from_dict(response.json())

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
) -> Response[ErrorEnvelope | WebhookOut]:
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
    body: UpdateWebhookBody,
) -> Response[ErrorEnvelope | WebhookOut]:
    """Change an endpoint's URL, events, description or enabled flag (the secret is not shown)

     Only the fields sent change (null = unchanged). The URL is checked exactly as on registration.
    Disabling ends pending retries; enabling a disabled endpoint resets its `failure_count` and
    `disabled_reason`.

    Args:
        id (str):
        body (UpdateWebhookBody):  Example: {'enabled': True, 'events': ['slideshow.completed']}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | WebhookOut]
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
    body: UpdateWebhookBody,
) -> ErrorEnvelope | WebhookOut | None:
    """Change an endpoint's URL, events, description or enabled flag (the secret is not shown)

     Only the fields sent change (null = unchanged). The URL is checked exactly as on registration.
    Disabling ends pending retries; enabling a disabled endpoint resets its `failure_count` and
    `disabled_reason`.

    Args:
        id (str):
        body (UpdateWebhookBody):  Example: {'enabled': True, 'events': ['slideshow.completed']}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | WebhookOut
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
    body: UpdateWebhookBody,
) -> Response[ErrorEnvelope | WebhookOut]:
    """Change an endpoint's URL, events, description or enabled flag (the secret is not shown)

     Only the fields sent change (null = unchanged). The URL is checked exactly as on registration.
    Disabling ends pending retries; enabling a disabled endpoint resets its `failure_count` and
    `disabled_reason`.

    Args:
        id (str):
        body (UpdateWebhookBody):  Example: {'enabled': True, 'events': ['slideshow.completed']}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | WebhookOut]
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
    body: UpdateWebhookBody,
) -> ErrorEnvelope | WebhookOut | None:
    """Change an endpoint's URL, events, description or enabled flag (the secret is not shown)

     Only the fields sent change (null = unchanged). The URL is checked exactly as on registration.
    Disabling ends pending retries; enabling a disabled endpoint resets its `failure_count` and
    `disabled_reason`.

    Args:
        id (str):
        body (UpdateWebhookBody):  Example: {'enabled': True, 'events': ['slideshow.completed']}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | WebhookOut
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
