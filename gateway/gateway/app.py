"""The gateway's FastAPI application: middleware, error handlers and every router."""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager

from fastapi import FastAPI
from fastapi.routing import APIRoute, iter_route_contexts
from kit import grpcx
from kit.service import freeze_startup_objects

from gateway import errors
from gateway.auth import CALLER_DEPENDENCIES
from gateway.authcache import AuthCache
from gateway.backends import Backends
from gateway.bodylimit import BodyLimit
from gateway.context import RequestContext
from gateway.edge import TextHygiene
from gateway.keyusage import KeyUsage
from gateway.openapi_rules import document_text_rules
from gateway.outgoing import document_webhooks
from gateway.ratelimit import RateLimiter
from gateway.settings import GatewaySettings

# Each module defines `router`; a module may also define `lifespan(app)` (an async context manager).
ROUTE_MODULES = [
    "health",
    "auth",
    "api_keys",
    "apps",
    "niches",
    "slideshows",
    "uploads",
    "hooks",
    "webhooks",
    "integrations",
    "social",
    "sharing",
    "public",
    "oauth",
    "billing",
    "mcp",
]

DESCRIPTION = """Slideshow marketing service: apps, hooks, 6-slide decks, ZIP export, share links,
signed webhooks, billing events and an MCP server at /v0/mcp.

Authentication: `Authorization: Bearer <sk_live_... API key or session token>` (or the
`session` cookie). Errors: `{"success": false, "error": {"code", "message", "details"}}`."""


def create_app(settings: GatewaySettings | None = None) -> FastAPI:
    settings = settings or GatewaySettings()
    modules = [importlib.import_module(f"gateway.routes.{name}") for name in ROUTE_MODULES]

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.settings = settings
        grpcx.set_default_timeouts(settings.grpc_read_timeout_seconds, settings.grpc_timeout_seconds)
        app.state.backends = Backends(settings)
        app.state.ratelimiter = RateLimiter(
            settings.redis_url, fallback_replicas=settings.rate_limit_fallback_replicas
        )
        app.state.auth_cache = AuthCache()
        app.state.key_usage = KeyUsage()
        backends = app.state.backends
        watching = [
            asyncio.create_task(app.state.auth_cache.watch_billing(backends.billing)),
            asyncio.create_task(backends.apps_cache.watch_catalog(backends.catalog)),
        ]
        reporting = asyncio.create_task(app.state.key_usage.run(backends.billing))
        async with AsyncExitStack() as stack:
            for module in modules:
                if hasattr(module, "lifespan"):
                    await stack.enter_async_context(module.lifespan(app))
            freeze_startup_objects()
            yield
        for task in watching:
            task.cancel()
        reporting.cancel()
        await asyncio.gather(reporting, return_exceptions=True)  # its last report goes out first
        await app.state.backends.close()

    app = FastAPI(
        title="Slideshow Marketing Service API",
        version="0.1.0",
        description=DESCRIPTION,
        lifespan=lifespan,
        redirect_slashes=False,  # "/apps/" is an unknown route (404 NOT_FOUND), not a bare 307
        generate_unique_id_function=operation_id,
    )
    errors.install(app)
    app.webhooks.generate_unique_id_function = operation_id
    document_webhooks(app)

    for module in modules:
        app.include_router(module.router)
    # The web console (server-rendered pages on the same operations); not in the OpenAPI document.
    from gateway.console import router as console_router

    app.include_router(console_router, include_in_schema=False)
    app.add_middleware(TextHygiene, max_body_bytes=settings.max_body_bytes)
    app.add_middleware(RequestContext)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    install_openapi(app)
    return app


def operation_id(route: APIRoute) -> str:
    """The operationId is the route function's name (create_app, get_zip, ...): the generated SDKs
    (sdk/, make sdk) name their functions after it. install_openapi checks that each is unique."""
    return route.name


SECURITY_SCHEMES = {
    "bearer": {
        "type": "http",
        "scheme": "bearer",
        "description": "An API key (`sk_live_...`, Pro and Business plans) or a session token.",
    },
    "sessionCookie": {
        "type": "apiKey",
        "in": "cookie",
        "name": "session",
        "description": "The HttpOnly session cookie set by /v0/auth/signup and /v0/auth/login.",
    },
}
CALLER_SECURITY: list[dict[str, list[str]]] = [{"bearer": []}, {"sessionCookie": []}]
HEADERS = {
    "RateLimit-Policy": {
        "description": 'The organization\'s per-minute limit, shared by REST and MCP: `"minute";q=<limit>;w=60`.',
        "schema": {"type": "string"},
    },
    "RateLimit": {
        "description": 'What is left of it: `"minute";r=<remaining>;t=<seconds until the window resets>`.',
        "schema": {"type": "string"},
    },
    "Retry-After": {"description": "Seconds to wait before retrying.", "schema": {"type": "integer"}},
    "WWW-Authenticate": {"description": "`Bearer`", "schema": {"type": "string"}},
}
# Operations that check credentials in their own code rather than through require_caller, and
# whether they count against the per-minute limit.
AUTHENTICATED_ELSEWHERE = {("POST", "/v0/mcp"): True, ("POST", "/v0/auth/logout"): False}
# Credentials are optional: logout ends the session it is sent, and answers 200 for a token that
# is no (longer a) session as well; only a request with no token at all is refused (401).
OPTIONAL_CREDENTIALS = {("POST", "/v0/auth/logout")}


def _needs_caller(route: APIRoute) -> bool:
    pending = list(route.dependant.dependencies)
    while pending:
        dependency = pending.pop()
        if dependency.call in CALLER_DEPENDENCIES:
            return True
        pending.extend(dependency.dependencies)
    return False


def _document_auth(schema: dict, routes: list) -> None:
    """Security requirements and the auth and rate-limit headers of every authenticated operation."""
    components = schema.setdefault("components", {})
    components["securitySchemes"] = SECURITY_SCHEMES
    components["headers"] = HEADERS
    ref = {name: {"$ref": f"#/components/headers/{name}"} for name in HEADERS}
    for context in iter_route_contexts(routes):
        route = context.original_route
        if not isinstance(route, APIRoute) or not route.include_in_schema:
            continue
        path = context.path_format or route.path_format
        for method in route.methods or ():
            operation = schema["paths"].get(path, {}).get(method.lower())
            if operation is None:
                continue
            limited = _needs_caller(route) or AUTHENTICATED_ELSEWHERE.get((method, path))
            if limited is None:
                continue
            operation["security"] = CALLER_SECURITY + ([{}] if (method, path) in OPTIONAL_CREDENTIALS else [])
            for status, response in operation.get("responses", {}).items():
                headers = response.setdefault("headers", {})
                if limited and (status.startswith("2") or status == "429"):
                    headers.update(
                        {"RateLimit-Policy": ref["RateLimit-Policy"], "RateLimit": ref["RateLimit"]}
                    )
                if status == "429":
                    headers["Retry-After"] = ref["Retry-After"]
                if status == "401":
                    headers["WWW-Authenticate"] = ref["WWW-Authenticate"]
                if not headers:
                    del response["headers"]


def _document_unavailable(schema: dict, envelope: dict) -> None:
    """Every operation needs a service behind the gateway, so each can answer 503 UNAVAILABLE with
    Retry-After while that service is down or restarting (the other routes keep answering)."""
    retry_after = {"Retry-After": {"$ref": "#/components/headers/Retry-After"}}
    for path_item in schema.get("paths", {}).values():
        for operation in path_item.values():
            responses = operation.setdefault("responses", {})
            unavailable = responses.setdefault("503", {"description": "UNAVAILABLE", "content": envelope})
            if "UNAVAILABLE" not in unavailable.get("description", ""):
                unavailable["description"] = ", ".join(
                    filter(None, [unavailable.get("description"), "UNAVAILABLE"])
                )
            unavailable.setdefault("headers", {}).update(retry_after)


# OpenAPI links from the operations that create something to those that use it: clients (and
# schemathesis's stateful tests) follow them. (source operationId, its 2xx status, targets,
# parameters). Publishing and TikTok accounts too (tests/system/test_fuzz_openapi.py follows them
# with TikTok's local stand-in in place of TikTok).
BODY_ID = "$response.body#/body/_id"
LINKS: list[tuple[str, str, tuple[str, ...], dict[str, str]]] = [
    (
        "create_app",
        "201",
        (
            "get_app",
            "update_app",
            "delete_app",
            "generate",
            "connect_account",
            "connect_tiktok",
            "list_accounts",
        ),
        {"id": BODY_ID},
    ),
    (
        "generate",
        "202",
        ("get_slideshow", "get_zip", "create_share", "delete_share", "publish", "list_publications"),
        {"id": "$response.body#/body/slideshow_id"},
    ),
    (
        "connect_account",
        "201",
        ("delete_account",),
        {"id": "$request.path.id", "account_id": BODY_ID},
    ),
    ("create_key", "201", ("revoke_key",), {"key_id": BODY_ID}),
    (
        "create_webhook",
        "201",
        ("update_webhook", "delete_webhook", "rotate_secret", "list_deliveries", "test_webhook"),
        {"id": BODY_ID},
    ),
    (
        "test_webhook",
        "202",
        ("retry_delivery",),
        {"id": "$request.path.id", "delivery_id": "$response.body#/body/delivery_id"},
    ),
    ("create_chat", "201", ("delete_chat", "test_chat", "list_chat_deliveries"), {"id": BODY_ID}),
    (
        "create_share",
        "201",
        ("share_page", "submit_password", "embed_page", "share_zip"),
        {"token": "$response.body#/body/token"},
    ),
    ("list_hooks", "200", ("review_hook",), {"id": "$response.body#/data/0/_id"}),
]


def _document_links(schema: dict) -> None:
    operations = {
        operation["operationId"]: operation
        for path_item in schema.get("paths", {}).values()
        for operation in path_item.values()
    }
    for source, status, targets, parameters in LINKS:
        response = operations[source]["responses"][status]
        links = response.setdefault("links", {})
        for target in targets:
            if target not in operations:
                raise RuntimeError(f"the link {source} -> {target} names no operation")
            links[target] = {"operationId": target, "parameters": dict(parameters)}


def _check_operation_ids(schema: dict) -> None:
    seen: dict[str, str] = {}
    for section in ("paths", "webhooks"):
        for path, path_item in schema.get(section, {}).items():
            for method, operation in path_item.items():
                where = f"{method.upper()} {path}"
                op_id = operation.get("operationId", "")
                if op_id in seen:
                    raise RuntimeError(f"operationId {op_id!r} of {where} is already used by {seen[op_id]}")
                seen[op_id] = where


def install_openapi(app: FastAPI) -> None:
    """FastAPI documents request-validation failures as 422; this API answers them with
    400 VALIDATION_ERROR in the error envelope, so the document says so. It also documents the
    security requirements and the auth and rate-limit headers (FastAPI cannot see them: keys are
    checked by the require_caller dependency and the limit headers are set by middleware)."""
    from fastapi.openapi.utils import get_openapi

    def openapi() -> dict:
        if app.openapi_schema:
            return app.openapi_schema
        schema = get_openapi(
            title=app.title,
            version=app.version,
            description=app.description,
            routes=app.routes,
            webhooks=app.webhooks.routes,
        )
        schemas = schema.setdefault("components", {}).setdefault("schemas", {})
        for name in ("HTTPValidationError", "ValidationError"):
            schemas.pop(name, None)
        schemas.setdefault(
            "ErrorEnvelope",
            errors.ErrorEnvelope.model_json_schema(ref_template="#/components/schemas/{model}"),
        )
        for defs_name, defs in list(schemas["ErrorEnvelope"].pop("$defs", {}).items()):
            schemas.setdefault(defs_name, defs)
        envelope = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorEnvelope"}}}
        for path_item in schema.get("paths", {}).values():
            for operation in path_item.values():
                responses = operation.get("responses", {})
                if responses.pop("422", None) is not None:
                    responses.setdefault("400", {"description": "VALIDATION_ERROR", "content": envelope})
        for path_item in schema.get("webhooks", {}).values():  # what the receiver answers is theirs
            for operation in path_item.values():
                operation.get("responses", {}).pop("422", None)
        _document_auth(schema, app.routes)
        _document_unavailable(schema, envelope)
        document_text_rules(schema)
        _check_operation_ids(schema)
        _document_links(schema)
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
