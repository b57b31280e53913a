"""gRPC RendererService: proto <-> domain translation; SQL lives in store, rules in domain."""

from __future__ import annotations

import asyncio
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from kit import db, grpcx, ids, logs
from kit.errors import ServiceError, validation_error
from kit.outages import unavailable_error
from kit.slidejson import asset_json, slide_json
from slides.billing.v1 import billing_pb2
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2
from slides.hooks.v1 import hooks_pb2
from slides.renderer.v1 import renderer_pb2, renderer_pb2_grpc
from sqlalchemy.ext.asyncio import AsyncConnection

from renderer import bundle, catalog, copy, domain, events, store
from renderer.events import Deps

log = logs.get(__name__)

HOOK_TIMEOUT = 2.0


def _variables(variables: Any) -> list[renderer_pb2.TemplateVariable]:
    return [
        renderer_pb2.TemplateVariable(name=v.name, description=v.description, required=v.required)
        for v in variables
    ]


def niche_pb(n: catalog.Niche) -> renderer_pb2.Niche:
    return renderer_pb2.Niche(
        key=n.key,
        name=n.name,
        languages=list(n.languages),
        templates=[
            renderer_pb2.Template(
                key=t.key,
                name=t.name,
                description=t.description,
                format=t.format,
                slide_roles=list(t.slide_roles),
                variables=_variables(t.variables),
            )
            for t in n.templates
        ],
    )


def format_pb(f: catalog.Format) -> renderer_pb2.Format:
    return renderer_pb2.Format(
        key=f.key,
        name=f.name,
        description=f.description,
        slide_roles=list(f.slide_roles),
        variables=_variables(f.variables),
    )


class RendererServicer(renderer_pb2_grpc.RendererServiceServicer):
    def __init__(self, deps: Deps):
        self.deps = deps
        # Reads of one statement: no BEGIN / ROLLBACK round trips.
        self.reads = db.autocommit(deps.engine)

    # --- catalog of niches, formats, designs ---------------------------------------------------

    @grpcx.rpc
    async def ListNiches(self, request, context) -> renderer_pb2.ListNichesResponse:
        return renderer_pb2.ListNichesResponse(niches=[niche_pb(n) for n in catalog.NICHES])

    @grpcx.rpc
    async def ListFormats(self, request, context) -> renderer_pb2.ListFormatsResponse:
        formats = catalog.formats_for(request.niche) if request.niche.strip() else list(catalog.FORMATS)
        return renderer_pb2.ListFormatsResponse(formats=[format_pb(f) for f in formats])

    @grpcx.rpc
    async def ListDesigns(self, request, context) -> renderer_pb2.ListDesignsResponse:
        return renderer_pb2.ListDesignsResponse(
            designs=[
                renderer_pb2.Design(key=d.key, name=d.name, description=d.description)
                for d in catalog.DESIGNS
            ]
        )

    # --- generate ------------------------------------------------------------------------------

    @grpcx.rpc
    async def GenerateSlideshow(self, request, context) -> renderer_pb2.GenerateSlideshowResponse:
        org_id = _org(request.organization_id)
        domain.require_template_key(request.template_key)
        key = request.idempotency_key
        domain.check_idempotency_key(key)
        overrides = dict(request.variable_overrides)
        non_string = list(request.non_string_overrides)
        fp = request.request_fingerprint or domain.fingerprint(
            request.app_id, request.template_key, overrides, non_string, request.design
        )
        async with self.deps.engine.begin() as conn:
            if key:
                await store.lock_idempotency_key(conn, org_id, key)
                since = datetime.now(UTC) - timedelta(hours=self.deps.settings.idempotency_ttl_hours)
                seen = await store.find_idempotency_key(conn, org_id, key, since)
                if seen is not None:
                    if seen.fingerprint != fp:
                        raise ServiceError(
                            "IDEMPOTENCY_KEY_REUSED",
                            "This Idempotency-Key was already used with a different request body.",
                        )
                    return renderer_pb2.GenerateSlideshowResponse(
                        slideshow_id=seen.slideshow_id, status=domain.QUEUED
                    )
            ss_id = await self._create(conn, org_id, request, overrides, non_string)
            if key:
                await store.save_idempotency_key(conn, org_id, key, fp, ss_id)
        self.deps.relay.notify()
        return renderer_pb2.GenerateSlideshowResponse(slideshow_id=ss_id, status=domain.QUEUED)

    async def _create(
        self,
        conn: AsyncConnection,
        org_id: str,
        request: Any,
        overrides: dict[str, str],
        non_string: list[str],
    ) -> str:
        app = await self._app(org_id, request.app_id)
        niche = catalog.niche(app.niche)
        if niche is None:
            raise ServiceError(
                "NICHE_NOT_REGISTERED",
                f"The app's niche {app.niche!r} is not in the niche catalog; see GET /v0/api/v1/niches.",
            )
        template = catalog.template(niche.key, request.template_key)
        if template is None:
            offered = ", ".join(t.key for t in niche.templates)
            raise validation_error(
                [("template_key", f"not offered for niche {niche.key!r}; use one of: {offered}")]
            )
        domain.check_overrides((v.name for v in template.variables), overrides, non_string)
        design = catalog.design(request.design or app.design or domain.DEFAULT_DESIGN)
        if design is None:
            raise validation_error([("design", "unknown design; see list_design_templates")])
        language = copy.resolve_language(app.language or "en")
        if language is None:
            raise validation_error(
                [
                    (
                        "language",
                        f"no deck copy for the app's language {app.language!r}; supported: "
                        + ", ".join(copy.languages()),
                    )
                ]
            )
        domain.check_image_source(app.image_source, len(app.screenshots), len(app.photos))
        ss_id = ids.new_id("ss")
        async with self.deps.engine.begin() as hold_conn:
            await store.add_quota_hold(hold_conn, org_id, ss_id)
        try:
            await self._consume_quota(org_id, ss_id)
        except ServiceError as err:
            if err.code == "QUOTA_EXCEEDED":
                async with self.deps.engine.begin() as hold_conn:
                    await store.drop_quota_hold(hold_conn, ss_id)
            raise  # any other failure: the sweeper gives back whatever the consume may have taken
        try:
            hook_id, hook_text, category = await self._hook(org_id, app, niche.key, template.format, ss_id)
            # "7 fitness hacks" opens no 4-point deck; "Why your plan fails" opens no day in the life
            if not copy.fits_format(hook_text, template.format, category):
                hook_id, hook_text = copy.builtin_hook(
                    language, template.format, niche.key, app.name, domain.deck_seed(ss_id)
                )
            await store.insert_slideshow(
                conn,
                {
                    "id": ss_id,
                    "organization_id": org_id,
                    "app_id": app.id,
                    "app_name": app.name,
                    "hook_id": hook_id,
                    "hook_text_snapshot": hook_text[: events.HOOK_SNAPSHOT_MAX],
                    "status": domain.QUEUED,
                    "language": language,
                    "template_set": template.key,
                    "template_key": template.key,
                    "design": design.key,
                    "variable_overrides": overrides,
                    "asset_token": events.new_asset_token(),
                },
            )
            await events.queue_render(conn, org_id, ss_id)
            await store.drop_quota_hold(conn, ss_id)
        except BaseException:
            await asyncio.shield(self._release_quota(org_id, ss_id))
            raise
        return ss_id

    async def _app(self, org_id: str, app_id: str) -> catalog_pb2.App:
        if not domain.safe_id(app_id):
            raise ServiceError("APP_NOT_FOUND", "No such app in this organization.")
        resp = await grpcx.call(
            self.deps.catalog.GetApp,
            catalog_pb2.GetAppRequest(organization_id=org_id, app_id=app_id),
            organization_id=org_id,
        )
        return resp.app

    async def _consume_quota(self, org_id: str, ss_id: str) -> None:
        await grpcx.call(
            self.deps.billing.ConsumeQuota,
            billing_pb2.ConsumeQuotaRequest(
                organization_id=org_id, quota=domain.QUOTA, amount=1, idempotency_key=ss_id
            ),
            organization_id=org_id,
        )

    async def _release_quota(self, org_id: str, ss_id: str) -> None:
        try:
            await grpcx.call(
                self.deps.billing.ReleaseQuota,
                billing_pb2.ReleaseQuotaRequest(
                    organization_id=org_id, quota=domain.QUOTA, amount=1, idempotency_key=ss_id
                ),
                organization_id=org_id,
            )
        except ServiceError:
            log.exception("quota release after a failed generate did not go through", slideshow_id=ss_id)

    async def _hook(
        self, org_id: str, app: catalog_pb2.App, niche_key: str, fmt: str, ss_id: str
    ) -> tuple[str, str, str]:
        """The hooks service's pick (id, text, category); the built-in set when it fails or has nothing."""
        try:
            resp = await grpcx.call(
                self.deps.hooks.PickHook,
                hooks_pb2.PickHookRequest(
                    organization_id=org_id,
                    app_id=app.id,
                    niche=niche_key,
                    language=app.language or "en",
                    categories=sorted(copy.FORMAT_CATEGORIES.get(fmt, ())),
                ),
                timeout=HOOK_TIMEOUT,
                organization_id=org_id,
            )
            if ids.has_prefix(resp.hook.id, "hk") and resp.hook.text.strip():
                return resp.hook.id, resp.hook.text.strip(), resp.hook.category
        except ServiceError as err:
            log.info("PickHook unavailable; using a built-in hook", code=err.code)
        hook_id, text = copy.builtin_hook(
            app.language or "en", "", niche_key, app.name, domain.deck_seed(ss_id)
        )
        return hook_id, text, ""

    # --- reads ---------------------------------------------------------------------------------

    @grpcx.rpc
    async def GetSlideshow(self, request, context) -> renderer_pb2.GetSlideshowResponse:
        org_id = _org(request.organization_id)
        if not domain.safe_id(request.slideshow_id):
            raise _not_found()
        async with self.reads.connect() as conn:
            row = await store.get_full(conn, org_id, request.slideshow_id)
        if row is None or row.app_deleted:
            raise _not_found()
        if not request.app_checked_by_caller and not await self._app_alive(org_id, row.app_id):
            raise _not_found()
        return renderer_pb2.GetSlideshowResponse(slideshow=events.full_pb(row))

    @grpcx.rpc
    async def ListSlideshows(self, request, context) -> renderer_pb2.ListSlideshowsResponse:
        org_id = _org(request.organization_id)
        page = max(1, request.page.page or 1)
        limit = min(100, max(1, request.page.limit or 20))
        statuses = list(request.statuses)
        bad = [s for s in statuses if s not in domain.STATUSES]
        if bad:
            raise validation_error([("status", f"must be one of {', '.join(domain.STATUSES)}")])
        if request.app_id and not domain.safe_id(request.app_id):
            raise validation_error([("app_id", "is not an app id")])
        async with self.reads.connect() as conn:
            rows, total = await store.list_slideshows(conn, org_id, page, limit, request.app_id, statuses)
        app_ids = {r.app_id for r in rows}
        alive = app_ids if request.app_checked_by_caller else await self._alive_apps(org_id, app_ids)
        return renderer_pb2.ListSlideshowsResponse(
            slideshows=[events.slideshow_pb(r) for r in rows if r.app_id in alive],
            page=common_pb2.PageInfo(
                page=page, limit=limit, total=total - sum(r.app_id not in alive for r in rows)
            ),
        )

    async def _alive_apps(self, org_id: str, app_ids: set[str]) -> set[str]:
        ordered = sorted(app_ids)
        flags = await asyncio.gather(*(self._app_alive(org_id, a) for a in ordered))
        return {a for a, ok in zip(ordered, flags, strict=True) if ok}

    async def _app_alive(self, org_id: str, app_id: str) -> bool:
        """A deleted app's slideshows are gone as soon as the catalog's DELETE has answered,
        even before our app-deleted consumer has removed them."""
        return await self._live_app(org_id, app_id) is not None

    async def _live_app(self, org_id: str, app_id: str) -> catalog_pb2.App | None:
        async with self.deps.engine.connect() as conn:
            if await store.app_deleted(conn, org_id, app_id):
                return None
        try:
            return await self._app(org_id, app_id)
        except ServiceError as err:
            if err.code == "APP_NOT_FOUND":
                return None
            raise

    # --- ZIP -----------------------------------------------------------------------------------

    @grpcx.rpc
    async def GetZip(self, request, context) -> renderer_pb2.GetZipResponse:
        org_id = _org(request.organization_id)
        ss_id = request.slideshow_id
        if not domain.safe_id(ss_id):
            raise _not_found()
        async with self.deps.engine.connect() as conn:
            row = await store.get_slideshow(conn, org_id, ss_id)
            cached = await store.get_bundle(conn, org_id, ss_id)
        app = await self._live_app(org_id, row.app_id) if row is not None else None
        if row is None or app is None:
            raise _not_found()
        if row.status != domain.READY:
            raise ServiceError(
                "SLIDESHOW_NOT_READY", f"The slideshow is {row.status}; a ZIP needs a READY slideshow."
            )
        name = domain.zip_download_name(app.slug, ss_id)
        if cached is not None and cached.version == row.version:
            return await self._zip_answer(cached.object_key, True, name)
        return await self._build_zip(org_id, ss_id, name)

    async def _build_zip(self, org_id: str, ss_id: str, name: str) -> renderer_pb2.GetZipResponse:
        # The row lock makes concurrent first calls build once; the others then see the bundle.
        async with self.deps.engine.begin() as conn:
            row = await store.get_slideshow(conn, org_id, ss_id, lock=True)
            if row is None:
                raise _not_found()
            if row.status != domain.READY:
                raise ServiceError("SLIDESHOW_NOT_READY", f"The slideshow is {row.status}.")
            cached = await store.get_bundle(conn, org_id, ss_id)
            if cached is not None and cached.version == row.version:
                return await self._zip_answer(cached.object_key, True, name)
            slide_rows, asset_rows = await store.deck_rows(conn, [ss_id])
            data = await self._pack(row, slide_rows, asset_rows)
            key = domain.zip_object_key(ss_id, row.version)
            try:
                await self.deps.storage.put(key, data, "application/zip")
            except Exception as err:
                _raise_if_unreachable(err)
                log.exception("zip upload failed", slideshow_id=ss_id)
                raise ServiceError(
                    "ZIP_UPLOAD_FAILED", "Storing the ZIP bundle failed; retrying is safe."
                ) from None
            await store.save_bundle(conn, org_id, ss_id, row.version, key)
        return await self._zip_answer(key, False, name)

    async def _pack(self, row: Any, slide_rows: list[Any], asset_rows: list[Any]) -> bytes:
        try:
            pngs = await asyncio.gather(*(self.deps.storage.get(s.object_key) for s in slide_rows))
            meta = metadata(events.slideshow_pb(row, slide_rows, asset_rows))
            caption = next((a.text for a in asset_rows if a.type == "caption"), "")
            tags = next((list(a.tags) for a in asset_rows if a.type == "hashtags"), [])
            ctas = [a.text for a in asset_rows if a.type == "cta"]
            return await asyncio.to_thread(bundle.build_zip, meta, pngs, caption, tags, ctas)
        except Exception as err:
            _raise_if_unreachable(err)
            log.exception("zip packing failed", slideshow_id=row.id)
            raise ServiceError(
                "ZIP_GENERATION_FAILED", "Building the ZIP bundle failed; retrying is safe."
            ) from None

    async def _zip_answer(self, key: str, cached: bool, name: str) -> renderer_pb2.GetZipResponse:
        ttl = timedelta(seconds=self.deps.settings.zip_url_seconds)
        expires = datetime.now(UTC) + ttl
        url = await self.deps.storage.presigned_get(key, ttl, download_name=name)
        resp = renderer_pb2.GetZipResponse(url=url, cached=cached)
        resp.expires_at.FromDatetime(expires)
        return resp

    # --- uploads -------------------------------------------------------------------------------

    @grpcx.rpc
    async def UploadScreenshot(self, request, context) -> renderer_pb2.UploadScreenshotResponse:
        org_id = _org(request.organization_id)
        s = self.deps.settings
        if len(request.content) > s.upload_max_bytes:
            raise ServiceError(
                "PAYLOAD_TOO_LARGE", f"A screenshot may be at most {s.upload_max_bytes} bytes."
            )
        clean, checked = await asyncio.to_thread(domain.reencode_image, request.content, s.max_image_pixels)
        name = f"{secrets.token_urlsafe(18)}.{checked.ext}"
        key = domain.upload_object_key(org_id, name.rsplit(".", 1)[0], checked.ext)
        await self.deps.storage.put(
            key, clean, checked.content_type, content_disposition=f'inline; filename="{name}"'
        )
        return renderer_pb2.UploadScreenshotResponse(url=domain.upload_url(s.uploads_base(), key))


def metadata(ss: renderer_pb2.Slideshow) -> dict[str, Any]:
    """The slideshow record of metadata.json, in the REST field names."""
    return {
        "_id": ss.id,
        "app_id": ss.app_id,
        "app_name": ss.app_name,
        "hook_id": ss.hook_id,
        "hook_text_snapshot": ss.hook_text_snapshot,
        "status": ss.status,
        "language": ss.language,
        "template_set": ss.template_set,
        "design": ss.design,
        "slides": [{**slide_json(s), "file": f"slides/{s.order + 1:02d}.png"} for s in ss.slides],
        "marketing_assets": [asset_json(a) for a in ss.marketing_assets],
        "createdAt": _iso(ss.created_at),
        "updatedAt": _iso(ss.updated_at),
    }


def _iso(ts: Any) -> str:
    return ts.ToDatetime(tzinfo=UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _org(org_id: str) -> str:
    if not org_id:
        raise ServiceError("UNAUTHORIZED", "organization_id is required.")
    return org_id


def _not_found() -> ServiceError:
    return ServiceError("SLIDESHOW_NOT_FOUND", "No such slideshow in this organization.")


def _raise_if_unreachable(err: Exception) -> None:
    """An object store that cannot be reached is UNAVAILABLE (503 + Retry-After), not the ZIP's
    own failure (ZIP_*_FAILED is for a store that answered and refused, or a packing bug)."""
    unavailable = unavailable_error(err)
    if unavailable is not None:
        log.warning("object store unreachable", error=repr(err))
        raise unavailable from None
