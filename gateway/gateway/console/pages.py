"""The console's pages: a third adapter (after REST and MCP) on the same gateway operations, so
tenant scoping, validation and errors are exactly those of REST. Left out of the OpenAPI document."""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import Request
from fastapi.responses import Response
from kit.errors import ServiceError
from pydantic import ValidationError
from starlette.datastructures import FormData, UploadFile

from gateway.console import web
from gateway.console.web import PREFIX, Page, Redirect, redirect, render
from gateway.models import ApiKeyOut, NewApiKeyOut, OrganizationOut
from gateway.operations import apps as apps_ops
from gateway.operations import billing as billing_ops
from gateway.operations import delivery as delivery_ops
from gateway.operations import hooks as hooks_ops
from gateway.operations import sharing as sharing_ops
from gateway.operations import slideshows as slideshow_ops
from gateway.responses import dump as as_json
from gateway.routes.apps import AppCreate, AppUpdate
from gateway.routes.auth import SignupBody, client_ip
from gateway.routing import Router

router = Router(include_in_schema=False)

PAID_API_PLANS = ("pro", "business")
UPGRADE_PLANS = ("starter", "pro", "business")
MAX_UPLOAD = 10 * 1024 * 1024
MESSAGES = {
    "revoked": "The key was revoked: requests made with it are refused from now on.",
    "app-created": "App created. Pick a format below and generate your first deck.",
    "app-saved": "App saved.",
    "app-deleted": "The app and its decks were deleted.",
    "uploaded": "Image uploaded and added to the app.",
    "image-removed": "Image removed from the app.",
    "webhook-deleted": "Webhook endpoint deleted.",
    "webhook-enabled": "Webhook endpoint enabled.",
    "webhook-disabled": "Webhook endpoint disabled: no events are sent to it.",
    "delivery-retried": "Sent again: the new attempt appears in the log below within seconds.",
    "webhook-tested": "Test event queued: it appears in the delivery log below within seconds.",
    "chat-created": "Chat integration added.",
    "chat-deleted": "Chat integration removed.",
    "chat-tested": "Test message queued.",
    "share-disabled": "Sharing disabled: the link no longer works.",
    "hook-reviewed": "Hook updated.",
    "suspended": "Your organization is suspended: pay through the Billing Portal or pick a plan to continue.",
    "checkout-done": "Thanks! Your plan changes as soon as Stripe confirms the payment.",
    "signed-out": "You are signed out.",
    "published": "Sent to TikTok as a draft: open TikTok's inbox on your phone to finish the post.",
    "tiktok": "Back from TikTok: the account below is connected if you allowed access.",
    "account-removed": "TikTok account disconnected.",
}
APP_TEXT_FIELDS = (
    "name",
    "slug",
    "niche",
    "language",
    "target_audience",
    "description",
    "tagline",
    "ios_url",
    "android_url",
    "website_url",
    "brand_primary_color",
    "brand_secondary_color",
    "brand_accent_color",
    "design",
    "image_source",
)
APP_LIST_FIELDS = ("value_props", "pain_points", "differentiators")
IMAGE_SOURCES = [
    ("brand", "Brand imagery (from your colors)"),
    ("screenshots", "Your app's screenshots"),
    ("photos", "Your photos"),
    ("stock", "Stock photos"),
    ("ai", "AI-generated imagery"),
]
# The providers no installation configures yet (renderer.domain.check_image_source refuses them):
# offered disabled, with a note, unless an app already has one.
UNAVAILABLE_SOURCES = ("stock", "ai")
STATUS_WORDS = {
    "QUEUED": "Queued",
    "RENDERING": "Rendering",
    "READY": "Ready",
    "FAILED": "Failed",
}

PLAIN_ID = re.compile(r"^[A-Za-z0-9_-]{1,100}$")

Handler = Callable[[Page, FormData | None], Awaitable[Response]]


def backends(request: Request) -> Any:
    return request.app.state.backends


def message(request: Request) -> str:
    return MESSAGES.get(request.query_params.get("msg", ""), "")


async def guarded(
    request: Request,
    handler: Handler,
    *,
    billing_access: bool = False,
) -> Response:
    """Signs the caller in (or redirects to sign-in), checks the CSRF token of a state-changing
    request, and turns the operations' errors into an error page (never a stack trace or JSON)."""
    page: Page | None = None
    try:
        writing = request.method not in web.SAFE_METHODS
        page = await web.signed_in(request, billing_access=billing_access, limited=writing)
        if not all(PLAIN_ID.match(str(v)) for k, v in request.path_params.items() if k != "rest"):
            return web.not_found(request, page)  # no id of ours carries other characters
        form: FormData | None = None
        if writing:
            form = await request.form(max_part_size=MAX_UPLOAD + 1024)
            web.check_csrf(request, form, page.csrf)
        return await handler(page, form)
    except Redirect as exc:
        return web.redirect_response(request, exc)
    except ServiceError as err:
        return web.error_page(request, err, page)


def text(form: FormData | None, name: str) -> str:
    value = form.get(name, "") if form is not None else ""
    return value.strip() if isinstance(value, str) else ""


def ctx(page: Page, nav: str, **more: Any) -> dict[str, Any]:
    return {"page": page, "nav": nav, **more}


# --- sign up, sign in, sign out --------------------------------------------------------------


def _signed_out_page(
    request: Request, template: str, values: dict[str, str], errors: dict[str, str], status: int = 200
) -> Response:
    token, fresh = web.anonymous_csrf(request)
    context = {
        "page": None,
        "nav": "",
        "csrf": token,
        "values": values,
        "errors": errors,
        "next": web.safe_next(request.query_params.get("next", "") or values.get("next", "")),
        "message": message(request),
    }
    response = render(request, template, context, status=status)
    if fresh:
        web.set_anonymous_csrf(request, response, token)
    return response


async def _signed_out_form(request: Request) -> FormData:
    web.check_origin(request)
    form = await request.form(max_files=0, max_fields=10)
    sent = text(form, web.CSRF_FIELD)
    cookie = request.cookies.get(web.CSRF_COOKIE, "")
    if not sent or not cookie or not secrets.compare_digest(sent, cookie):
        raise ServiceError(
            "FORBIDDEN", "The form's security token is missing or out of date: reload the page and try again."
        )
    return form


async def _has_session(request: Request) -> bool:
    try:
        await web.signed_in(request)
    except (Redirect, ServiceError):
        return False
    return True


@router.get(f"{PREFIX}/login")
async def login_page(request: Request) -> Response:
    if await _has_session(request):
        return redirect(web.safe_next(request.query_params.get("next", "")))
    return _signed_out_page(request, "login.html", {}, {})


@router.post(f"{PREFIX}/login")
async def login(request: Request) -> Response:
    try:
        form = await _signed_out_form(request)
    except ServiceError as err:
        return web.error_page(request, err)
    values = {"email": text(form, "email"), "next": text(form, "next")}
    password = form.get("password", "")
    password = password if isinstance(password, str) else ""
    errors: dict[str, str] = {}
    if not values["email"]:
        errors["email"] = "Enter your e-mail address."
    if not password:
        errors["password"] = "Enter your password."  # noqa: S105 (a message, not a password)
    if errors:
        return _signed_out_page(request, "login.html", values, errors, 400)
    try:
        resp = await billing_ops.login(backends(request), values["email"], password, client_ip(request))
    except ServiceError as err:
        if err.code == "UNAUTHORIZED":
            errors["form"] = "That e-mail and password do not match an account."
        else:
            if err.code == "VALIDATION_ERROR":
                errors.update(web.field_errors(err))
            errors.setdefault("form", err.message)
        status = 429 if err.code == "RATE_LIMITED" else 400 if err.code == "VALIDATION_ERROR" else 401
        return _signed_out_page(request, "login.html", values, errors, status)
    response = redirect(web.safe_next(values["next"]))
    web.set_session(request, response, resp.session_token)
    return response


@router.get(f"{PREFIX}/signup")
async def signup_page(request: Request) -> Response:
    if await _has_session(request):
        return redirect(PREFIX)
    return _signed_out_page(request, "signup.html", {}, {})


SIGNUP_LABELS = {"organization_name": "Company or team name", "email": "E-mail", "password": "Password"}


@router.post(f"{PREFIX}/signup")
async def signup(request: Request) -> Response:
    try:
        form = await _signed_out_form(request)
    except ServiceError as err:
        return web.error_page(request, err)
    values = {"email": text(form, "email"), "organization_name": text(form, "organization_name")}
    password = form.get("password", "")
    password = password if isinstance(password, str) else ""
    errors: dict[str, str] = {}
    try:
        body = SignupBody(
            email=values["email"], password=password, organization_name=values["organization_name"]
        )
    except ValidationError as exc:
        for e in exc.errors():
            name = str(e["loc"][0]) if e.get("loc") else "form"
            label = SIGNUP_LABELS.get(name)
            errors.setdefault(name, f"{label} {_pydantic_message(e)}." if label else _pydantic_message(e))
        return _signed_out_page(request, "signup.html", values, errors, 400)
    try:
        resp = await billing_ops.signup(
            backends(request), body.email, body.password, body.organization_name, client_ip(request)
        )
    except ServiceError as err:
        if err.code == "EMAIL_EXISTS":
            errors["email"] = "An account with this e-mail already exists: sign in instead."
        else:
            errors.update(web.field_errors(err))
            errors.setdefault("form", err.message)
        status = {"EMAIL_EXISTS": 409, "RATE_LIMITED": 429}.get(err.code, 400)
        return _signed_out_page(request, "signup.html", values, errors, status)
    response = redirect(f"{PREFIX}?welcome=1")
    web.set_session(request, response, resp.session_token)
    return response


@router.post(f"{PREFIX}/logout")
async def logout(request: Request) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        await billing_ops.logout(backends(request), page.token)
        response = redirect(f"{web.LOGIN}?msg=signed-out")
        web.clear_session(request, response)
        return response

    return await guarded(request, handler)


def _pydantic_message(error: Any) -> str:
    msg = str(error.get("msg", "is invalid")).removeprefix("Value error, ")
    kind = error.get("type", "")
    ctx_ = error.get("ctx") or {}
    if kind in ("string_too_short", "missing") and not error.get("input"):
        return "is required"
    if kind == "string_too_short":
        return f"must be at least {ctx_.get('min_length')} characters"
    if kind == "string_too_long":
        return f"must be at most {ctx_.get('max_length')} characters"
    if kind == "missing":
        return "is required"
    return msg


# --- overview --------------------------------------------------------------------------------


@router.get(PREFIX)
async def home(request: Request) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        b = backends(request)
        usage, apps, decks = await asyncio.gather(
            billing_ops.get_usage(b, page.caller),
            apps_ops.list_apps(b, page.caller, 1, 50),
            slideshow_ops.list_slideshows(b, page.caller, 1, 6),
        )
        context = ctx(
            page,
            "home",
            usage=as_json(usage),
            apps=as_json(apps)["data"],
            decks=as_json(decks)["data"],
            app_names={a.id: a.name for a in apps.data},
            welcome=request.query_params.get("welcome") == "1",
            message=message(request),
            status_words=STATUS_WORDS,
        )
        return render(request, "home.html", context)

    return await guarded(request, handler)


# --- API keys --------------------------------------------------------------------------------


# Every active key on one page (the REST list pages them).
ALL_KEYS = 2**31 - 1


def _key_json(key: ApiKeyOut) -> dict[str, Any]:
    """A key as the REST JSON plus when it was last used (not in the REST answer)."""
    return {**as_json(key), "lastUsedAt": key.last_used_at}


async def _keys_page(
    request: Request,
    page: Page,
    new_key: NewApiKeyOut | None = None,
    errors: dict | None = None,
    status: int = 200,
) -> Response:
    keys = await billing_ops.list_api_keys(backends(request), page.caller, 1, ALL_KEYS)
    context = ctx(
        page,
        "keys",
        keys=[_key_json(k) for k in keys.data],
        new_key=None if new_key is None else _key_json(new_key),
        errors=errors or {},
        api_plan=page.plan in PAID_API_PLANS,
        message=message(request),
        gateway=str(request.base_url).rstrip("/"),
    )
    return render(request, "keys.html", context, status=status)


@router.get(f"{PREFIX}/keys")
async def keys(request: Request) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        return await _keys_page(request, page)

    return await guarded(request, handler)


@router.post(f"{PREFIX}/keys")
async def create_key(request: Request) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        name = text(form, "name") or "default"
        if len(name) > 100:
            return await _keys_page(
                request, page, errors={"name": "must be at most 100 characters"}, status=400
            )
        try:
            created = await billing_ops.create_api_key(backends(request), page.caller, name)
        except ServiceError as err:
            if err.code != "VALIDATION_ERROR":
                raise
            return await _keys_page(request, page, errors=web.field_errors(err), status=400)
        # The secret is shown in this answer only: no redirect that would have to carry it.
        return await _keys_page(request, page, new_key=created.body, status=201)

    return await guarded(request, handler)


@router.get(f"{PREFIX}/keys/{{key_id}}/revoke")
async def revoke_key_confirm(request: Request, key_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        keys = await billing_ops.list_api_keys(backends(request), page.caller, 1, ALL_KEYS)
        key = next((k for k in keys.data if k.id == key_id), None)
        if key is None:
            return web.not_found(request, page, "API key")
        return _confirm(
            request,
            page,
            "keys",
            title=f"Revoke the key “{key.name}”?",
            body=f"Requests made with the key starting {key.prefix} will be refused at once. "
            "This cannot be undone.",
            action=f"{PREFIX}/keys/{key_id}/revoke",
            button="Revoke key",
            back=f"{PREFIX}/keys",
        )

    return await guarded(request, handler)


@router.post(f"{PREFIX}/keys/{{key_id}}/revoke")
async def revoke_key(request: Request, key_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        await billing_ops.revoke_api_key(backends(request), page.caller, key_id)
        return redirect(f"{PREFIX}/keys?msg=revoked")

    return await guarded(request, handler)


def _confirm(request: Request, page: Page, nav: str, **fields: str) -> Response:
    return render(request, "confirm.html", ctx(page, nav, **fields))


# --- apps ------------------------------------------------------------------------------------


# The renderer's catalogs change only with a deploy: kept a few minutes per gateway process.
CATALOG_SECONDS = 300.0
_catalogs: dict[str, tuple[float, list[dict[str, Any]]]] = {}


async def _catalog(request: Request, name: str) -> list[dict[str, Any]]:
    kept = _catalogs.get(name)
    now = time.monotonic()
    if kept and now - kept[0] < CATALOG_SECONDS:
        return kept[1]
    fetch = slideshow_ops.list_niches if name == "niches" else slideshow_ops.list_designs
    data = as_json(await fetch(backends(request)))["data"]
    _catalogs[name] = (now, data)
    return data


async def _niches(request: Request) -> list[dict[str, Any]]:
    return await _catalog(request, "niches")


async def _designs(request: Request) -> list[dict[str, Any]]:
    return await _catalog(request, "designs")


def _app_fields(form: FormData | None) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for name in APP_TEXT_FIELDS:
        fields[name] = text(form, name)
    for name in APP_LIST_FIELDS:
        lines = [line.strip() for line in text(form, name).splitlines()]
        fields[name] = [line for line in lines if line]
    return fields


def _validated(model: type[AppCreate], fields: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """The REST request model's checks (same rules, same messages), field by field."""
    try:
        parsed = model.model_validate(fields)
    except ValidationError as exc:
        errors: dict[str, str] = {}
        for e in exc.errors():
            name = str(e["loc"][0]) if e.get("loc") else "form"
            errors.setdefault(name, _pydantic_message(e))
        return {}, errors
    return parsed.model_dump(exclude_unset=True), {}


async def _app_form(
    request: Request,
    page: Page,
    app: dict[str, Any] | None,
    values: dict[str, Any],
    errors: dict[str, str],
    status: int = 200,
    extra: dict[str, Any] | None = None,
) -> Response:
    niches = await _niches(request)
    designs = await _designs(request)
    context = ctx(
        page,
        "apps",
        app=app,
        values=values,
        errors=errors,
        niches=niches,
        designs=designs,
        image_sources=IMAGE_SOURCES,
        unavailable_sources=UNAVAILABLE_SOURCES,
        message=message(request),
        **(extra or {}),
    )
    images = [*values.get("screenshots", []), *values.get("photos", [])]
    return render(request, "app_form.html" if app is None else "app.html", context, status, images)


@router.get(f"{PREFIX}/apps")
async def apps(request: Request) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        listed, usage = await asyncio.gather(
            apps_ops.list_apps(backends(request), page.caller, 1, 100),
            billing_ops.get_usage(backends(request), page.caller),
        )
        context = ctx(
            page, "apps", apps=as_json(listed)["data"], usage=as_json(usage), message=message(request)
        )
        return render(request, "apps.html", context)

    return await guarded(request, handler)


@router.get(f"{PREFIX}/apps/new")
async def new_app(request: Request) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        defaults = {
            "language": "en",
            "design": "classic",
            "image_source": "brand",
            "brand_primary_color": "#4F46E5",
        }
        return await _app_form(request, page, None, defaults, {})

    return await guarded(request, handler)


@router.post(f"{PREFIX}/apps/new")
async def create_app(request: Request) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        values = _app_fields(form)
        sent = {k: v for k, v in values.items() if v not in ("", [])}
        fields, errors = _validated(AppCreate, sent)
        if errors:
            return await _app_form(request, page, None, values, errors, 400)
        try:
            created = await apps_ops.create_app(backends(request), page.caller, fields)
        except ServiceError as err:
            if err.code in ("VALIDATION_ERROR", "SLUG_EXISTS", "QUOTA_EXCEEDED"):
                errs = web.field_errors(err) or {"form": err.message}
                if err.code == "SLUG_EXISTS":
                    errs = {"slug": err.message}
                return await _app_form(request, page, None, values, errs, web_status(err))
            raise
        return redirect(f"{PREFIX}/apps/{created.body.id}?msg=app-created")

    return await guarded(request, handler)


async def _no_page() -> dict[str, Any]:
    return {"data": []}


def web_status(err: ServiceError) -> int:
    from gateway.errors import http_status

    return http_status(err.code)


async def _app_page(
    request: Request,
    page: Page,
    app_id: str,
    values: dict | None = None,
    errors: dict | None = None,
    status: int = 200,
) -> Response:
    b = backends(request)
    app = as_json(await apps_ops.get_app(b, page.caller, app_id))["body"]
    decks = as_json(await slideshow_ops.list_slideshows(b, page.caller, 1, 20, app_id=app_id))
    niche = next((n for n in await _niches(request) if n["key"] == app["niche"]), None)
    accounts = (
        as_json(await delivery_ops.list_accounts(b, page.caller, app_id))["data"]
        if page.caller.publishing
        else []
    )
    extra = {
        "accounts": accounts,
        "publishing": page.caller.publishing,
        "decks": decks["data"],
        "templates": niche["templates"] if niche else [],
        "niche_known": niche is not None,
        "idempotency_key": secrets.token_urlsafe(16),
        "status_words": STATUS_WORDS,
    }
    shown = dict(app)
    if values:
        shown.update(values)
    return await _app_form(request, page, app, shown, errors or {}, status, extra)


@router.get(f"{PREFIX}/apps/{{app_id}}")
async def app_detail(request: Request, app_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        return await _app_page(request, page, app_id)

    return await guarded(request, handler)


@router.post(f"{PREFIX}/apps/{{app_id}}")
async def update_app(request: Request, app_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        values = _app_fields(form)
        status = text(form, "status")
        if status:
            values["status"] = status
        # Empty optional fields are cleared (null), as REST's PUT does; the required ones are checked.
        sent: dict[str, Any] = {k: (v if v not in ("", []) else None) for k, v in values.items()}
        missing = {n: "is required" for n in ("name", "niche", "language") if sent.get(n) is None}
        for name in apps_ops.NOT_NULL:
            if sent.get(name) is None:
                sent.pop(name, None)  # an empty slug, design or image source stays as it is
        checked = {k: v for k, v in sent.items() if v is not None}
        fields, errors = _validated(AppUpdate, checked)
        errors = {**missing, **errors}
        if errors:
            return await _app_page(request, page, app_id, values, errors, 400)
        fields.update({k: None for k, v in sent.items() if v is None})
        try:
            await apps_ops.update_app(backends(request), page.caller, app_id, fields)
        except ServiceError as err:
            if err.code in ("VALIDATION_ERROR", "SLUG_EXISTS"):
                errs = {"slug": err.message} if err.code == "SLUG_EXISTS" else web.field_errors(err)
                return await _app_page(request, page, app_id, values, errs or {"form": err.message}, 400)
            raise
        return redirect(f"{PREFIX}/apps/{app_id}?msg=app-saved")

    return await guarded(request, handler)


@router.post(f"{PREFIX}/apps/{{app_id}}/images")
async def upload_image(request: Request, app_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        kind = text(form, "kind")
        if kind not in ("screenshots", "photos"):
            kind = "screenshots"
        file = form.get("file") if form is not None else None
        if not isinstance(file, UploadFile) or not file.filename:
            return await _app_page(
                request, page, app_id, errors={"file": "Choose an image file first."}, status=400
            )
        data = await file.read(MAX_UPLOAD + 1)
        if len(data) > MAX_UPLOAD:
            return await _app_page(
                request, page, app_id, errors={"file": "An image may be at most 10 MB."}, status=413
            )
        b = backends(request)
        app = as_json(await apps_ops.get_app(b, page.caller, app_id))["body"]
        limit = 12 if kind == "screenshots" else 24
        if len(app[kind]) >= limit:
            return await _app_page(
                request, page, app_id, errors={"file": f"An app has at most {limit} {kind}."}, status=400
            )
        try:
            uploaded = await slideshow_ops.upload_screenshot(
                b, page.caller, data, file.filename or "", file.content_type or ""
            )
        except ServiceError as err:
            if err.code in ("VALIDATION_ERROR", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"):
                msg = next(iter(web.field_errors(err).values()), err.message)
                return await _app_page(request, page, app_id, errors={"file": msg}, status=400)
            raise
        await apps_ops.update_app(b, page.caller, app_id, {kind: [*app[kind], uploaded.body.url]})
        return redirect(f"{PREFIX}/apps/{app_id}?msg=uploaded#images")

    return await guarded(request, handler)


@router.post(f"{PREFIX}/apps/{{app_id}}/images/remove")
async def remove_image(request: Request, app_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        kind = text(form, "kind")
        url = text(form, "url")
        b = backends(request)
        app = as_json(await apps_ops.get_app(b, page.caller, app_id))["body"]
        if kind in ("screenshots", "photos") and url in app[kind]:
            await apps_ops.update_app(b, page.caller, app_id, {kind: [u for u in app[kind] if u != url]})
        return redirect(f"{PREFIX}/apps/{app_id}?msg=image-removed#images")

    return await guarded(request, handler)


@router.get(f"{PREFIX}/apps/{{app_id}}/delete")
async def delete_app_confirm(request: Request, app_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        app = as_json(await apps_ops.get_app(backends(request), page.caller, app_id))["body"]
        return _confirm(
            request,
            page,
            "apps",
            title=f"Delete the app “{app['name']}”?",
            body="Its decks, share links and ZIP bundles are deleted with it. This cannot be undone. "
            "To keep them, archive the app instead (Status: Archived).",
            action=f"{PREFIX}/apps/{app_id}/delete",
            button="Delete app",
            back=f"{PREFIX}/apps/{app_id}",
        )

    return await guarded(request, handler)


@router.post(f"{PREFIX}/apps/{{app_id}}/delete")
async def delete_app(request: Request, app_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        await apps_ops.delete_app(backends(request), page.caller, app_id)
        return redirect(f"{PREFIX}/apps?msg=app-deleted")

    return await guarded(request, handler)


# --- decks -----------------------------------------------------------------------------------


@router.post(f"{PREFIX}/apps/{{app_id}}/generate")
async def generate(request: Request, app_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        b = backends(request)
        app = as_json(await apps_ops.get_app(b, page.caller, app_id))["body"]
        source = text(form, "image_source")
        changed = bool(source and source != app["image_source"] and source in dict(IMAGE_SOURCES))
        if changed:
            await apps_ops.update_app(b, page.caller, app_id, {"image_source": source})
        try:
            started = await slideshow_ops.generate(
                b,
                page.caller,
                app_id,
                text(form, "template_key") or None,
                None,
                text(form, "idempotency_key")[:255],
                text(form, "design"),
            )
        except ServiceError as err:
            if changed:  # nothing was generated: the app keeps the image source it had
                await apps_ops.update_app(b, page.caller, app_id, {"image_source": app["image_source"]})
            if err.code in (
                "VALIDATION_ERROR",
                "TEMPLATE_KEY_REQUIRED",
                "NICHE_NOT_REGISTERED",
                "NO_IMAGE_SOURCE",
                "QUOTA_EXCEEDED",
            ):
                errs = web.field_errors(err)
                key = {
                    "NO_IMAGE_SOURCE": "image_source",
                    "TEMPLATE_KEY_REQUIRED": "template_key",
                    "NICHE_NOT_REGISTERED": "generate",
                }.get(err.code, "generate")
                errs = {f"gen_{k}": v for k, v in errs.items()} or {f"gen_{key}": _source_labels(err.message)}
                if err.code == "QUOTA_EXCEEDED":
                    errs["gen_quota"] = "1"
                shown = ("gen_template_key", "gen_design", "gen_image_source", "gen_generate")
                if not any(k in errs for k in shown):  # e.g. the app's language: said above the form
                    errs["gen_generate"] = " ".join([err.message, *web.field_errors(err).values()])
                return await _app_page(request, page, app_id, errors=errs, status=web_status(err))
            raise
        return redirect(f"{PREFIX}/slideshows/{started.body.slideshow_id}")

    return await guarded(request, handler)


def _source_labels(text_: str) -> str:
    """The operations name image sources by their ids ('screenshots'); the console by its menu's labels."""
    labels = dict(IMAGE_SOURCES)
    text_ = text_.replace(
        "use brand, screenshots or photos",
        "pick " + ", ".join(f"“{labels[k]}”" for k in ("brand", "screenshots", "photos")),
    )
    for key, label in IMAGE_SOURCES:
        text_ = text_.replace(f"'{key}'", f"“{label}”")
    return text_


@router.get(f"{PREFIX}/slideshows")
async def slideshows(request: Request) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        b = backends(request)
        try:
            number = max(1, min(10_000, int(request.query_params.get("page", "1"))))
        except ValueError:
            number = 1
        decks, listed = await asyncio.gather(
            slideshow_ops.list_slideshows(b, page.caller, number, 20),
            apps_ops.list_apps(b, page.caller, 1, 100),
        )
        context = ctx(
            page,
            "decks",
            decks=as_json(decks),
            apps=as_json(listed)["data"],
            app_names={a.id: a.name for a in listed.data},
            status_words=STATUS_WORDS,
        )
        return render(request, "slideshows.html", context)

    return await guarded(request, handler)


async def _deck_context(request: Request, page: Page, slideshow_id: str) -> dict[str, Any]:
    deck = as_json(await slideshow_ops.get_slideshow(backends(request), page.caller, slideshow_id))["body"]
    assets = deck["marketing_assets"]
    caption = next((a["text"] for a in assets if a["type"] == "caption"), "")
    hashtags: list[str] = next((a["tags"] for a in assets if a["type"] == "hashtags"), [])
    ctas = [a["text"] for a in assets if a["type"] == "cta"]
    accounts: list[dict[str, Any]] = []
    publications: list[dict[str, Any]] = []
    if deck["status"] == "READY" and page.caller.publishing:
        b = backends(request)
        listed, published = await asyncio.gather(
            delivery_ops.list_accounts(b, page.caller, deck["app_id"]),
            delivery_ops.list_publications(b, page.caller, slideshow_id),
        )
        accounts, publications = as_json(listed)["data"], as_json(published)["data"]
    return {
        "deck": deck,
        "caption": caption,
        "hashtags": " ".join(hashtags),
        "ctas": ctas,
        "status_words": STATUS_WORDS,
        "pending": deck["status"] in ("QUEUED", "RENDERING"),
        "accounts": accounts,
        "publications": publications,
        "publishing": page.caller.publishing,
    }


async def _deck_page(
    request: Request, page: Page, slideshow_id: str, share: dict | None = None, errors: dict | None = None
) -> Response:
    context = await _deck_context(request, page, slideshow_id)
    names = {t["key"]: t["name"] for n in await _niches(request) for t in n["templates"]}
    names.update({d["key"]: d["name"] for d in await _designs(request)})
    context.update(
        ctx(page, "decks", share=share, errors=errors or {}, message=message(request), names=names)
    )
    images = [s["image_url"] for s in context["deck"]["slides"]]
    return render(request, "slideshow.html", context, image_urls=images)


@router.get(f"{PREFIX}/slideshows/{{slideshow_id}}")
async def slideshow(request: Request, slideshow_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        return await _deck_page(request, page, slideshow_id)

    return await guarded(request, handler)


@router.get(f"{PREFIX}/slideshows/{{slideshow_id}}/status")
async def slideshow_status(request: Request, slideshow_id: str) -> Response:
    """The part of the deck page that changes while it renders (htmx polls it until READY)."""

    async def handler(page: Page, form: FormData | None) -> Response:
        context = await _deck_context(request, page, slideshow_id)
        context.update(ctx(page, "decks", share=None, errors={}))
        images = [s["image_url"] for s in context["deck"]["slides"]]
        return render(request, "_deck.html", context, image_urls=images)

    return await guarded(request, handler)


@router.get(f"{PREFIX}/slideshows/{{slideshow_id}}/zip")
async def slideshow_zip(request: Request, slideshow_id: str) -> Response:
    """Builds (or reuses) the ZIP bundle and sends the browser to its presigned URL."""

    async def handler(page: Page, form: FormData | None) -> Response:
        bundle = await slideshow_ops.get_zip(backends(request), page.caller, slideshow_id)
        return redirect(bundle.data.url)

    return await guarded(request, handler)


@router.post(f"{PREFIX}/slideshows/{{slideshow_id}}/share")
async def share(request: Request, slideshow_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        password = form.get("password", "") if form is not None else ""
        password = password if isinstance(password, str) else ""
        if len(password) > 256:
            return await _deck_page(
                request, page, slideshow_id, errors={"password": "at most 256 characters"}
            )
        result = await sharing_ops.share(
            backends(request),
            page.caller,
            slideshow_id,
            password=password or None,
            rotate=text(form, "action") == "rotate",
            remove_password=text(form, "action") == "remove_password",
        )
        return await _deck_page(request, page, slideshow_id, share=as_json(result)["body"])

    return await guarded(request, handler)


@router.post(f"{PREFIX}/slideshows/{{slideshow_id}}/share/disable")
async def unshare(request: Request, slideshow_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        await sharing_ops.unshare(backends(request), page.caller, slideshow_id)
        return redirect(f"{PREFIX}/slideshows/{slideshow_id}?msg=share-disabled#share")

    return await guarded(request, handler)


@router.post(f"{PREFIX}/slideshows/{{slideshow_id}}/publish")
async def publish(request: Request, slideshow_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        try:
            await delivery_ops.publish(backends(request), page.caller, slideshow_id, "tiktok", "draft")
        except ServiceError as err:
            if err.code not in (
                "NO_CONNECTED_ACCOUNT",
                "RECONNECT_REQUIRED",
                "PLAN_UPGRADE_REQUIRED",
                "SLIDESHOW_NOT_READY",
                "UPSTREAM_ERROR",
                "VALIDATION_ERROR",
            ):
                raise
            return await _deck_page(request, page, slideshow_id, errors={"publish": err.message})
        return redirect(f"{PREFIX}/slideshows/{slideshow_id}?msg=published#publish")

    return await guarded(request, handler)


@router.post(f"{PREFIX}/apps/{{app_id}}/tiktok")
async def connect_tiktok(request: Request, app_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        base = str(request.base_url).rstrip("/")
        try:
            started = await delivery_ops.connect_tiktok(
                backends(request), page.caller, app_id, f"{base}{PREFIX}/apps/{app_id}?msg=tiktok#accounts"
            )
        except ServiceError as err:
            if err.code == "UNAVAILABLE":
                err = ServiceError(
                    "UNAVAILABLE", "TikTok is not set up on this installation (no TikTok client key)."
                )
            raise err from None
        return _leaving(request, page, started.body.url, "TikTok")

    return await guarded(request, handler)


@router.get(f"{PREFIX}/apps/{{app_id}}/accounts/{{account_id}}/delete")
async def delete_account_confirm(request: Request, app_id: str, account_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        listed = await delivery_ops.list_accounts(backends(request), page.caller, app_id)
        account = next((a for a in as_json(listed)["data"] if a["_id"] == account_id), None)
        if account is None:
            return web.not_found(request, page, "connected account")
        return _confirm(
            request,
            page,
            "apps",
            title=f"Disconnect {account['display_name'] or 'this TikTok account'}?",
            body="Decks of this app can no longer be published to it until it is connected again.",
            action=f"{PREFIX}/apps/{app_id}/accounts/{account_id}/delete",
            button="Disconnect",
            back=f"{PREFIX}/apps/{app_id}#accounts",
        )

    return await guarded(request, handler)


@router.post(f"{PREFIX}/apps/{{app_id}}/accounts/{{account_id}}/delete")
async def delete_account(request: Request, app_id: str, account_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        await delivery_ops.delete_account(backends(request), page.caller, app_id, account_id)
        return redirect(f"{PREFIX}/apps/{app_id}?msg=account-removed#accounts")

    return await guarded(request, handler)


# --- integrations ----------------------------------------------------------------------------


async def _integrations_page(
    request: Request,
    page: Page,
    new_webhook: dict | None = None,
    new_chat: dict | None = None,
    errors: dict | None = None,
    values: dict | None = None,
    status: int = 200,
) -> Response:
    b = backends(request)
    hooks, chats = await asyncio.gather(
        delivery_ops.list_webhooks(b, page.caller, 1, 100), delivery_ops.list_chat(b, page.caller, 1, 100)
    )
    context = ctx(
        page,
        "integrations",
        webhooks=as_json(hooks)["data"],
        chats=as_json(chats)["data"],
        events=delivery_ops.EVENTS,
        new_webhook=new_webhook,
        new_chat=new_chat,
        errors=errors or {},
        values=values or {},
        message=message(request),
    )
    return render(request, "integrations.html", context, status=status)


@router.get(f"{PREFIX}/integrations")
async def integrations(request: Request) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        return await _integrations_page(request, page)

    return await guarded(request, handler)


def _events(form: FormData | None) -> list[str]:
    if form is None:
        return []
    return [e for e in form.getlist("events") if isinstance(e, str) and e in delivery_ops.EVENTS]


@router.post(f"{PREFIX}/webhooks")
async def create_webhook(request: Request) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        url, description, events = text(form, "url"), text(form, "description"), _events(form)
        values = {"url": url, "description": description, "events": events}
        if not url:
            return await _integrations_page(
                request, page, errors={"url": "Enter the endpoint's https:// URL."}, values=values, status=400
            )
        try:
            created = await delivery_ops.create_webhook(
                backends(request), page.caller, url, events, description
            )
        except ServiceError as err:
            if err.code != "VALIDATION_ERROR":
                raise
            errs = web.field_errors(err) or {"url": err.message}
            return await _integrations_page(request, page, errors=errs, values=values, status=400)
        return await _integrations_page(request, page, new_webhook=as_json(created)["body"], status=201)

    return await guarded(request, handler)


async def _find_webhook(request: Request, page: Page, webhook_id: str) -> dict[str, Any]:
    hooks = await delivery_ops.list_webhooks(backends(request), page.caller, 1, 100)
    found = next((h for h in as_json(hooks)["data"] if h["_id"] == webhook_id), None)
    if found is None:
        raise ServiceError("WEBHOOK_NOT_FOUND", "There is no such webhook endpoint in your organization.")
    return found


@router.get(f"{PREFIX}/webhooks/{{webhook_id}}")
async def webhook(request: Request, webhook_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        endpoint = await _find_webhook(request, page, webhook_id)
        listed = await delivery_ops.list_deliveries(backends(request), page.caller, webhook_id, 1, 50)
        deliveries = as_json(listed)["data"]
        context = ctx(
            page,
            "integrations",
            endpoint=endpoint,
            deliveries=deliveries,
            message=message(request),
            secret=None,
            pending=any(d["status"] == "PENDING" for d in deliveries),
        )
        return render(request, "webhook.html", context)

    return await guarded(request, handler)


@router.post(f"{PREFIX}/webhooks/{{webhook_id}}/test")
async def test_webhook(request: Request, webhook_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        await delivery_ops.test_webhook(backends(request), page.caller, webhook_id)
        return redirect(f"{PREFIX}/webhooks/{webhook_id}?msg=webhook-tested")

    return await guarded(request, handler)


@router.post(f"{PREFIX}/webhooks/{{webhook_id}}/deliveries/{{delivery_id}}/retry")
async def retry_delivery(request: Request, webhook_id: str, delivery_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        await delivery_ops.retry_delivery(backends(request), page.caller, webhook_id, delivery_id)
        return redirect(f"{PREFIX}/webhooks/{webhook_id}?msg=delivery-retried")

    return await guarded(request, handler)


@router.post(f"{PREFIX}/webhooks/{{webhook_id}}/enabled")
async def toggle_webhook(request: Request, webhook_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        enabled = text(form, "enabled") == "true"
        await delivery_ops.update_webhook(backends(request), page.caller, webhook_id, enabled=enabled)
        return redirect(f"{PREFIX}/webhooks/{webhook_id}?msg=webhook-{'enabled' if enabled else 'disabled'}")

    return await guarded(request, handler)


@router.post(f"{PREFIX}/webhooks/{{webhook_id}}/rotate")
async def rotate_webhook(request: Request, webhook_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        rotated = await delivery_ops.rotate_webhook_secret(backends(request), page.caller, webhook_id)
        deliveries = await delivery_ops.list_deliveries(backends(request), page.caller, webhook_id, 1, 50)
        context = ctx(
            page,
            "integrations",
            endpoint=as_json(rotated)["body"],
            deliveries=as_json(deliveries)["data"],
            message="",
            secret=rotated.body.secret,
            pending=False,
        )
        return render(request, "webhook.html", context)

    return await guarded(request, handler)


@router.get(f"{PREFIX}/webhooks/{{webhook_id}}/delete")
async def delete_webhook_confirm(request: Request, webhook_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        endpoint = await _find_webhook(request, page, webhook_id)
        return _confirm(
            request,
            page,
            "integrations",
            title="Delete this webhook endpoint?",
            body=f"Events are no longer sent to {endpoint['url']}, and its delivery log is deleted.",
            action=f"{PREFIX}/webhooks/{webhook_id}/delete",
            button="Delete endpoint",
            back=f"{PREFIX}/webhooks/{webhook_id}",
        )

    return await guarded(request, handler)


@router.post(f"{PREFIX}/webhooks/{{webhook_id}}/delete")
async def delete_webhook(request: Request, webhook_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        await delivery_ops.delete_webhook(backends(request), page.caller, webhook_id)
        return redirect(f"{PREFIX}/integrations?msg=webhook-deleted")

    return await guarded(request, handler)


@router.post(f"{PREFIX}/chat")
async def create_chat(request: Request) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        kind, url, events = text(form, "kind"), text(form, "url"), _events(form)
        values = {"chat_kind": kind, "chat_url": url, "chat_events": events}
        if kind not in ("slack", "discord"):
            return await _integrations_page(
                request, page, errors={"chat_kind": "Pick Slack or Discord."}, values=values, status=400
            )
        if not url:
            return await _integrations_page(
                request,
                page,
                errors={"chat_url": "Paste the incoming-webhook URL."},
                values=values,
                status=400,
            )
        try:
            await delivery_ops.create_chat(backends(request), page.caller, kind, url, events)
        except ServiceError as err:
            if err.code != "VALIDATION_ERROR":
                raise
            errs = {f"chat_{k}": v for k, v in web.field_errors(err).items()} or {"chat_url": err.message}
            return await _integrations_page(request, page, errors=errs, values=values, status=400)
        return redirect(f"{PREFIX}/integrations?msg=chat-created#chat")

    return await guarded(request, handler)


@router.post(f"{PREFIX}/chat/{{chat_id}}/test")
async def test_chat(request: Request, chat_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        await delivery_ops.test_chat(backends(request), page.caller, chat_id)
        return redirect(f"{PREFIX}/integrations?msg=chat-tested#chat")

    return await guarded(request, handler)


@router.get(f"{PREFIX}/chat/{{chat_id}}/delete")
async def delete_chat_confirm(request: Request, chat_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        chats = await delivery_ops.list_chat(backends(request), page.caller, 1, 100)
        chat = next((c for c in as_json(chats)["data"] if c["_id"] == chat_id), None)
        if chat is None:
            return web.not_found(request, page, "chat integration")
        return _confirm(
            request,
            page,
            "integrations",
            title=f"Remove this {chat['kind'].capitalize()} integration?",
            body=f"Messages are no longer posted to {chat['url']}.",
            action=f"{PREFIX}/chat/{chat_id}/delete",
            button="Remove integration",
            back=f"{PREFIX}/integrations#chat",
        )

    return await guarded(request, handler)


@router.post(f"{PREFIX}/chat/{{chat_id}}/delete")
async def delete_chat(request: Request, chat_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        await delivery_ops.delete_chat(backends(request), page.caller, chat_id)
        return redirect(f"{PREFIX}/integrations?msg=chat-deleted#chat")

    return await guarded(request, handler)


# --- usage and plan --------------------------------------------------------------------------


@router.get(f"{PREFIX}/usage")
async def usage(request: Request) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        b = backends(request)
        used, org = await asyncio.gather(
            billing_ops.get_usage(b, page.caller), billing_ops.get_organization(b, page.caller)
        )
        context = ctx(
            page,
            "usage",
            usage=as_json(used),
            org=as_json(org),
            plans=UPGRADE_PLANS,
            payments=request.query_params.get("billing") != "off"
            and await _payments_configured(request, page, org),
            message=message(request),
            error=request.query_params.get("error", ""),
        )
        return render(request, "usage.html", context)

    return await guarded(request, handler, billing_access=True)


@router.post(f"{PREFIX}/billing/checkout")
async def checkout(request: Request) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        base = str(request.base_url).rstrip("/")
        plan = text(form, "plan")
        try:
            session = await billing_ops.create_checkout(
                backends(request),
                page.caller,
                plan,
                success_url=f"{base}{PREFIX}/usage?msg=checkout-done",
                cancel_url=f"{base}{PREFIX}/usage",
            )
        except ServiceError as err:
            return _billing_problem(request, page, err)
        return _leaving(request, page, session.url, "Stripe Checkout")

    return await guarded(request, handler, billing_access=True)


@router.post(f"{PREFIX}/billing/portal")
async def portal(request: Request) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        base = str(request.base_url).rstrip("/")
        try:
            session = await billing_ops.create_portal(backends(request), page.caller, f"{base}{PREFIX}/usage")
        except ServiceError as err:
            return _billing_problem(request, page, err)
        return _leaving(request, page, session.url, "the Stripe Billing Portal")

    return await guarded(request, handler, billing_access=True)


def _billing_problem(request: Request, page: Page, err: ServiceError) -> Response:
    if err.code == "UNAVAILABLE" and "not configured" in err.message:
        _payments_state["configured"], _payments_state["at"] = False, time.monotonic()
        return redirect(f"{PREFIX}/usage?billing=off#plans")  # the page says how to change plans
    return web.error_page(request, err, page)


# Whether Stripe is configured on this installation: the billing service says so only by
# answering UNAVAILABLE to checkout and portal, so the usage page asks for a Billing Portal
# session of an organization without a Stripe customer, which never reaches Stripe (not
# configured: UNAVAILABLE; configured: CONFLICT, no customer yet). Remembered for a few minutes.
PAYMENTS_CHECK_SECONDS = 300.0
_payments_state: dict[str, Any] = {"configured": None, "at": 0.0}


async def _payments_configured(request: Request, page: Page, org: OrganizationOut) -> bool:
    if org.stripe_customer_id:
        return True  # a customer exists only where Stripe is set up
    known = _payments_state["configured"]
    if known is not None and time.monotonic() - _payments_state["at"] < PAYMENTS_CHECK_SECONDS:
        return bool(known)
    try:
        await billing_ops.create_portal(backends(request), page.caller)
        configured = True
    except ServiceError as err:
        if err.code != "UNAVAILABLE" or "not configured" not in err.message:
            return True  # CONFLICT (no customer yet) or a passing failure: offer checkout
        configured = False
    _payments_state["configured"], _payments_state["at"] = configured, time.monotonic()
    return configured


def _leaving(request: Request, page: Page, url: str, where: str) -> Response:
    """Form posts may only lead to this site (CSP form-action 'self'), so the way to Stripe is
    a page with a link, which console.js follows at once."""
    return render(request, "leaving.html", ctx(page, "usage", url=url, where=where))


# --- hooks library ---------------------------------------------------------------------------


@router.get(f"{PREFIX}/hooks")
async def hooks(request: Request) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        q = request.query_params
        filters = {
            "niche": q.get("niche", "")[:40],
            "language": q.get("language", "")[:8],
            "category": q.get("category", "") if q.get("category", "") in hooks_ops.CATEGORIES else "",
            "status": q.get("status", "") if q.get("status", "") in hooks_ops.STATUSES else "",
            "q": q.get("q", "")[:200],
        }
        try:
            number = max(1, min(10_000, int(q.get("page", "1"))))
        except ValueError:
            number = 1
        b = backends(request)
        listed, used, apps_listed = await asyncio.gather(
            hooks_ops.list_hooks(b, page.caller, number, 25, **filters),
            billing_ops.get_usage(b, page.caller),
            apps_ops.list_apps(b, page.caller, 1, 100),
        )
        context = ctx(
            page,
            "hooks",
            hooks=as_json(listed),
            filters=filters,
            categories=hooks_ops.CATEGORIES,
            statuses=hooks_ops.STATUSES,
            niches=await _niches(request),
            usage=as_json(used),
            apps=as_json(apps_listed)["data"],
            message=_hooks_message(request),
            refreshed=None,
            error="",
        )
        return render(request, "hooks.html", context)

    return await guarded(request, handler)


def _hooks_message(request: Request) -> str:
    q = request.query_params
    return _hooks_message_for(q.get("msg", ""), q.get("apps", "")) or message(request)


def _hooks_message_for(msg: str, apps: str) -> str:
    if msg != "hooks-refreshing":
        return ""
    count = f"{int(apps)} app(s)" if apps.isdigit() and len(apps) < 5 else "your apps"
    return f"Refresh started for {count}: new hooks appear in this list within a few minutes."


@router.post(f"{PREFIX}/hooks/refresh")
async def refresh_hooks(request: Request) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        b = backends(request)
        try:
            result = await hooks_ops.refresh_now(b, page.caller, text(form, "app_id"))
            started = result.data.jobs_started
            # POST-redirect-GET: reloading the page sends nothing again
            return redirect(f"{PREFIX}/hooks?msg=hooks-refreshing&apps={started}")
        except ServiceError as err:
            if err.code not in (
                "RATE_LIMITED",
                "QUOTA_EXCEEDED",
                "PLAN_UPGRADE_REQUIRED",
                "NO_ACTIVE_APPS",
                "APP_NOT_FOUND",
                "VALIDATION_ERROR",
            ):
                raise
            error = err.message
        listed = await hooks_ops.list_hooks(b, page.caller, 1, 25)
        used = await billing_ops.get_usage(b, page.caller)
        apps_listed = await apps_ops.list_apps(b, page.caller, 1, 100)
        context = ctx(
            page,
            "hooks",
            hooks=as_json(listed),
            filters={"niche": "", "language": "", "category": "", "status": "", "q": ""},
            categories=hooks_ops.CATEGORIES,
            statuses=hooks_ops.STATUSES,
            niches=await _niches(request),
            usage=as_json(used),
            apps=as_json(apps_listed)["data"],
            message="",
            refreshed=None,
            error=error,
        )
        return render(request, "hooks.html", context, status=429 if "rate" in error.lower() else 200)

    return await guarded(request, handler)


@router.post(f"{PREFIX}/hooks/{{hook_id}}/review")
async def review_hook(request: Request, hook_id: str) -> Response:
    async def handler(page: Page, form: FormData | None) -> Response:
        decision = text(form, "status")
        if decision not in ("APPROVED", "REJECTED"):
            raise ServiceError("VALIDATION_ERROR", "Approve or reject the hook.")
        await hooks_ops.review_hook(backends(request), page.caller, hook_id, decision)
        back = text(form, "back")
        return redirect(
            web.safe_next(back) if back.startswith(f"{PREFIX}/hooks") else f"{PREFIX}/hooks?msg=hook-reviewed"
        )

    return await guarded(request, handler)


# --- static assets and unknown pages ---------------------------------------------------------


@router.get(f"{PREFIX}/static/{{name}}")
async def static(request: Request, name: str) -> Response:
    found = web.asset(name) if name in web.ASSETS else None
    if found is None:
        return Response("Not found", status_code=404, media_type="text/plain")
    etag = f'"{found.version}"'
    headers = {
        "Cache-Control": "public, max-age=31536000, immutable",
        "ETag": etag,
        "X-Content-Type-Options": "nosniff",
    }
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(found.body, media_type=found.media_type, headers=headers)


@router.get(f"{PREFIX}/{{rest:path}}")
async def unknown(request: Request, rest: str) -> Response:
    if rest == "":
        return redirect(PREFIX)

    async def handler(page: Page, form: FormData | None) -> Response:
        return web.not_found(request, page)

    return await guarded(request, handler)
