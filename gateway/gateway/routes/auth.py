"""Users and sessions: signup, login, logout. The session token is returned in the body and
set as an HttpOnly, SameSite=Lax cookie; REST accepts it as Bearer token or cookie."""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import Request, Response
from kit.errors import ServiceError
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from gateway.auth import SESSION_COOKIE
from gateway.edge import check_cookie_request
from gateway.errors import responses as error_responses
from gateway.models import Done, Session, SessionEnvelope
from gateway.openapi_rules import EMAIL
from gateway.operations import billing as ops
from gateway.responses import render
from gateway.routing import Router

router = Router(tags=["auth"])


# Billing's rule (billing.domain.EMAIL_RE), checked here too so that one answer names every bad field.
_EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]+$")


def _email(value: str) -> str:
    if not _EMAIL.match(value.strip()):
        raise ValueError("must be a valid e-mail address")
    return value


class SignupBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    email: Annotated[str, AfterValidator(_email)] = Field(
        min_length=3, max_length=254, examples=["owner@example.com"], json_schema_extra={"pattern": EMAIL}
    )
    password: str = Field(min_length=8, max_length=256)
    organization_name: str = Field(min_length=1, max_length=200)


class LoginBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    email: str = Field(min_length=1, max_length=254)
    password: str = Field(min_length=1, max_length=256)


def client_ip(request: Request) -> str:
    """The client's address: the TCP peer, or what a trusted proxy (FORWARDED_ALLOW_IPS) says."""
    return request.client.host if request.client else ""


def secure_cookies(request: Request) -> bool:
    """Secure whenever the public address is https (TLS usually ends at the ingress, so the
    request the gateway sees is plain http), or the request itself came over https."""
    base = request.app.state.settings.public_base_url.lower()
    return base.startswith("https://") or request.url.scheme == "https"


def session_response(request: Request, session: Session, status: int) -> Response:
    response = render(SessionEnvelope(body=session), status_code=status)
    set_session_cookie(request, response, session.session_token)
    return response


def set_session_cookie(request: Request, response: Response, token: str) -> None:
    """The session cookie, as sign-up and sign-in set it for REST and the console alike."""
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=30 * 24 * 3600,
        httponly=True,
        samesite="lax",
        secure=secure_cookies(request),
        path="/",
    )


@router.post(
    "/v0/auth/signup",
    status_code=201,
    response_model=SessionEnvelope,
    responses=error_responses("VALIDATION_ERROR", "EMAIL_EXISTS", "RATE_LIMITED"),
    summary="Create a Free organization with its owner and start a session",
)
async def signup(body: SignupBody, request: Request) -> Response:
    session = await ops.signup(
        request.app.state.backends, body.email, body.password, body.organization_name, client_ip(request)
    )
    return session_response(request, session, 201)


@router.post(
    "/v0/auth/login",
    response_model=SessionEnvelope,
    responses=error_responses("VALIDATION_ERROR", "UNAUTHORIZED", "RATE_LIMITED"),
    summary="Start a session (throttled per e-mail and per IP)",
)
async def login(body: LoginBody, request: Request) -> Response:
    session = await ops.login(request.app.state.backends, body.email, body.password, client_ip(request))
    return session_response(request, session, 200)


@router.post(
    "/v0/auth/logout",
    response_model=Done,
    responses=error_responses("UNAUTHORIZED"),
    summary="End the session sent as Bearer token or cookie",
)
async def logout(request: Request) -> Response:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    token = token.strip() if scheme.lower() == "bearer" else ""
    if not token and request.cookies.get(SESSION_COOKIE, ""):
        check_cookie_request(request)
        token = request.cookies.get(SESSION_COOKIE, "")
    if not token:
        raise ServiceError("UNAUTHORIZED", "No session to end: send the session token or cookie.")
    await ops.logout(request.app.state.backends, token)
    response = render(Done())
    response.delete_cookie(
        SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=secure_cookies(request)
    )
    return response
