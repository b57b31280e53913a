from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.hook_list import HookList
from ...models.list_hooks_category_type_0 import ListHooksCategoryType0
from ...models.list_hooks_sort_type_0 import ListHooksSortType0
from ...models.list_hooks_status_type_0 import ListHooksStatusType0
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    limit: int | Unset = 50,
    niche: None | str | Unset = UNSET,
    language: None | str | Unset = UNSET,
    category: ListHooksCategoryType0 | None | Unset = UNSET,
    status: ListHooksStatusType0 | None | Unset = UNSET,
    q: None | str | Unset = UNSET,
    sort: ListHooksSortType0 | None | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["limit"] = limit

    json_niche: None | str | Unset
    if isinstance(niche, Unset):
        json_niche = UNSET
    else:
        json_niche = niche
    params["niche"] = json_niche

    json_language: None | str | Unset
    if isinstance(language, Unset):
        json_language = UNSET
    else:
        json_language = language
    params["language"] = json_language

    json_category: None | str | Unset
    if isinstance(category, Unset):
        json_category = UNSET
    elif isinstance(category, ListHooksCategoryType0):
        json_category = category.value
    else:
        json_category = category
    params["category"] = json_category

    json_status: None | str | Unset
    if isinstance(status, Unset):
        json_status = UNSET
    elif isinstance(status, ListHooksStatusType0):
        json_status = status.value
    else:
        json_status = status
    params["status"] = json_status

    json_q: None | str | Unset
    if isinstance(q, Unset):
        json_q = UNSET
    else:
        json_q = q
    params["q"] = json_q

    json_sort: None | str | Unset
    if isinstance(sort, Unset):
        json_sort = UNSET
    elif isinstance(sort, ListHooksSortType0):
        json_sort = sort.value
    else:
        json_sort = sort
    params["sort"] = json_sort

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v0/api/v1/hooks",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | HookList | None:
    if response.status_code == 200:
        response_200 = HookList.from_dict(response.json())

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
) -> Response[ErrorEnvelope | HookList]:
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
    limit: int | Unset = 50,
    niche: None | str | Unset = UNSET,
    language: None | str | Unset = UNSET,
    category: ListHooksCategoryType0 | None | Unset = UNSET,
    status: ListHooksStatusType0 | None | Unset = UNSET,
    q: None | str | Unset = UNSET,
    sort: ListHooksSortType0 | None | Unset = UNSET,
) -> Response[ErrorEnvelope | HookList]:
    """List the organization's hooks (default: performance_score descending)

    Args:
        page (int | Unset): 1-indexed Default: 1.
        limit (int | Unset): page size, max 200 Default: 50.
        niche (None | str | Unset): niche; matched by key, so 'Fitness & Health' =
            'fitness_and_health'
        language (None | str | Unset): ISO language code
        category (ListHooksCategoryType0 | None | Unset):
        status (ListHooksStatusType0 | None | Unset):
        q (None | str | Unset): case-insensitive substring of the text
        sort (ListHooksSortType0 | None | Unset): recent = createdAt descending; default
            performance_score descending

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | HookList]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        niche=niche,
        language=language,
        category=category,
        status=status,
        q=q,
        sort=sort,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 50,
    niche: None | str | Unset = UNSET,
    language: None | str | Unset = UNSET,
    category: ListHooksCategoryType0 | None | Unset = UNSET,
    status: ListHooksStatusType0 | None | Unset = UNSET,
    q: None | str | Unset = UNSET,
    sort: ListHooksSortType0 | None | Unset = UNSET,
) -> ErrorEnvelope | HookList | None:
    """List the organization's hooks (default: performance_score descending)

    Args:
        page (int | Unset): 1-indexed Default: 1.
        limit (int | Unset): page size, max 200 Default: 50.
        niche (None | str | Unset): niche; matched by key, so 'Fitness & Health' =
            'fitness_and_health'
        language (None | str | Unset): ISO language code
        category (ListHooksCategoryType0 | None | Unset):
        status (ListHooksStatusType0 | None | Unset):
        q (None | str | Unset): case-insensitive substring of the text
        sort (ListHooksSortType0 | None | Unset): recent = createdAt descending; default
            performance_score descending

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | HookList
    """

    return sync_detailed(
        client=client,
        page=page,
        limit=limit,
        niche=niche,
        language=language,
        category=category,
        status=status,
        q=q,
        sort=sort,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 50,
    niche: None | str | Unset = UNSET,
    language: None | str | Unset = UNSET,
    category: ListHooksCategoryType0 | None | Unset = UNSET,
    status: ListHooksStatusType0 | None | Unset = UNSET,
    q: None | str | Unset = UNSET,
    sort: ListHooksSortType0 | None | Unset = UNSET,
) -> Response[ErrorEnvelope | HookList]:
    """List the organization's hooks (default: performance_score descending)

    Args:
        page (int | Unset): 1-indexed Default: 1.
        limit (int | Unset): page size, max 200 Default: 50.
        niche (None | str | Unset): niche; matched by key, so 'Fitness & Health' =
            'fitness_and_health'
        language (None | str | Unset): ISO language code
        category (ListHooksCategoryType0 | None | Unset):
        status (ListHooksStatusType0 | None | Unset):
        q (None | str | Unset): case-insensitive substring of the text
        sort (ListHooksSortType0 | None | Unset): recent = createdAt descending; default
            performance_score descending

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | HookList]
    """

    kwargs = _get_kwargs(
        page=page,
        limit=limit,
        niche=niche,
        language=language,
        category=category,
        status=status,
        q=q,
        sort=sort,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 50,
    niche: None | str | Unset = UNSET,
    language: None | str | Unset = UNSET,
    category: ListHooksCategoryType0 | None | Unset = UNSET,
    status: ListHooksStatusType0 | None | Unset = UNSET,
    q: None | str | Unset = UNSET,
    sort: ListHooksSortType0 | None | Unset = UNSET,
) -> ErrorEnvelope | HookList | None:
    """List the organization's hooks (default: performance_score descending)

    Args:
        page (int | Unset): 1-indexed Default: 1.
        limit (int | Unset): page size, max 200 Default: 50.
        niche (None | str | Unset): niche; matched by key, so 'Fitness & Health' =
            'fitness_and_health'
        language (None | str | Unset): ISO language code
        category (ListHooksCategoryType0 | None | Unset):
        status (ListHooksStatusType0 | None | Unset):
        q (None | str | Unset): case-insensitive substring of the text
        sort (ListHooksSortType0 | None | Unset): recent = createdAt descending; default
            performance_score descending

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | HookList
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            limit=limit,
            niche=niche,
            language=language,
            category=category,
            status=status,
            q=q,
            sort=sort,
        )
    ).parsed
