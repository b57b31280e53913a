"""Chat integrations (Slack / Discord incoming webhooks): HTTP shape only."""

from __future__ import annotations

from typing import Literal

from fastapi import Depends, Path, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from gateway.auth import Caller, require_caller
from gateway.errors import responses as error_responses
from gateway.formats import LimitQuery, PageQuery
from gateway.models import ChatList, ChatResponse, DeliveryList, DeliveryQueued, Ok
from gateway.models import WebhookEvent as Event
from gateway.openapi_rules import HTTPS_URL
from gateway.operations import delivery as ops
from gateway.responses import render
from gateway.routing import Router

router = Router(tags=["integrations"])

AUTH_ERRORS = ("UNAUTHORIZED", "PLAN_LACKS_API", "ORGANIZATION_SUSPENDED", "RATE_LIMITED")

FORMATS = """Slack receives `{"text", "attachments": [{"color", "title", "title_link", "text",
"fields": [{"title", "value", "short"}], "image_url"}]}`; Discord receives `{"embeds": [{"title",
"description", "color", "fields": [{"name", "value", "inline"}], "image": {"url"}}]}`; the image is
the deck's first slide. Same URL rules and retries as outgoing webhooks."""


class CreateChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["slack", "discord"]
    url: str = Field(
        max_length=2048,
        description="the chat tool's https:// incoming-webhook URL",
        json_schema_extra={"pattern": HTTPS_URL},
    )
    events: list[Event] | None = Field(None, description="event filter; default every event")


@router.post(
    "/v0/api/v1/integrations/chat",
    status_code=201,
    response_model=ChatResponse,
    summary="Add a Slack or Discord incoming-webhook integration",
    description=FORMATS,
    responses=error_responses("VALIDATION_ERROR", *AUTH_ERRORS),
)
async def create_chat(
    request: Request, body: CreateChatBody, caller: Caller = Depends(require_caller)
) -> Response:
    result = await ops.create_chat(
        request.app.state.backends, caller, body.kind, body.url, list(body.events or [])
    )
    return render(result, status_code=201)


@router.get(
    "/v0/api/v1/integrations/chat",
    response_model=ChatList,
    summary="List chat integrations",
    responses=error_responses(*AUTH_ERRORS),
)
async def list_chat(
    request: Request, page: PageQuery = 1, limit: LimitQuery = 50, caller: Caller = Depends(require_caller)
) -> Response:
    return render(await ops.list_chat(request.app.state.backends, caller, page, limit))


@router.delete(
    "/v0/api/v1/integrations/chat/{id}",
    response_model=Ok,
    summary="Remove a chat integration",
    responses=error_responses("INTEGRATION_NOT_FOUND", *AUTH_ERRORS),
)
async def delete_chat(
    request: Request, id: str = Path(max_length=100), caller: Caller = Depends(require_caller)
) -> Response:
    return render(await ops.delete_chat(request.app.state.backends, caller, id))


@router.post(
    "/v0/api/v1/integrations/chat/{id}/test",
    status_code=202,
    response_model=DeliveryQueued,
    summary="Post a test message to the chat integration now",
    description="Queued as a normal delivery (retried and logged in the integration's deliveries), "
    "event `webhook.test`.",
    responses=error_responses("INTEGRATION_NOT_FOUND", *AUTH_ERRORS),
)
async def test_chat(
    request: Request, id: str = Path(max_length=100), caller: Caller = Depends(require_caller)
) -> Response:
    return render(await ops.test_chat(request.app.state.backends, caller, id), status_code=202)


@router.get(
    "/v0/api/v1/integrations/chat/{id}/deliveries",
    response_model=DeliveryList,
    summary="Deliveries of a chat integration, newest first, with every attempt",
    responses=error_responses("INTEGRATION_NOT_FOUND", "VALIDATION_ERROR", *AUTH_ERRORS),
)
async def list_chat_deliveries(
    request: Request,
    id: str = Path(max_length=100),
    page: int = Query(1, ge=1, le=100000),
    limit: int = Query(20, ge=1, le=100),
    caller: Caller = Depends(require_caller),
) -> Response:
    return render(await ops.list_chat_deliveries(request.app.state.backends, caller, id, page, limit))
