"""gRPC adapter: proto in -> renderer.application call -> proto out. The use cases live in
application, the rules (the slideshow state machine too) in domain, the SQL in store."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

from kit import grpcx, logs
from kit.errors import ServiceError
from kit.outages import unavailable_error
from kit.slidejson import asset_json, slide_json
from kit.storage import Storage
from slides.common.v1 import common_pb2
from slides.renderer.v1 import renderer_pb2, renderer_pb2_grpc

from renderer import application, bundle, catalog, clients, domain, events, store
from renderer.events import Deps

log = logs.get(__name__)


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


class ZipBundles:
    """application.Zips over the object store: pack a deck's PNGs and metadata, store the ZIP,
    hand out a presigned link to it."""

    def __init__(self, storage: Storage, url_seconds: int):
        self.storage = storage
        self.url_seconds = url_seconds

    async def build(self, deck: domain.Slideshow) -> bytes:
        try:
            pngs = await asyncio.gather(*(self.storage.get(s.object_key) for s in deck.slides))
            meta = metadata(events.slideshow_pb(deck))
            caption = next((a.text for a in deck.assets if a.type == "caption"), "")
            tags = next((list(a.tags) for a in deck.assets if a.type == "hashtags"), [])
            ctas = [a.text for a in deck.assets if a.type == "cta"]
            return await asyncio.to_thread(bundle.build_zip, meta, pngs, caption, tags, ctas)
        except Exception as err:
            _raise_if_unreachable(err)
            log.exception("zip packing failed", slideshow_id=deck.id)
            raise ServiceError(
                "ZIP_GENERATION_FAILED", "Building the ZIP bundle failed; retrying is safe."
            ) from None

    async def store(self, key: str, data: bytes) -> None:
        try:
            await self.storage.put(key, data, "application/zip")
        except Exception as err:
            _raise_if_unreachable(err)
            log.exception("zip upload failed", key=key)
            raise ServiceError(
                "ZIP_UPLOAD_FAILED", "Storing the ZIP bundle failed; retrying is safe."
            ) from None

    async def link(self, key: str, download_name: str) -> tuple[str, datetime]:
        ttl = timedelta(seconds=self.url_seconds)
        expires = datetime.now(UTC) + ttl
        return await self.storage.presigned_get(key, ttl, download_name=download_name), expires


class RendererServicer(renderer_pb2_grpc.RendererServiceServicer):
    def __init__(self, deps: Deps):
        self.deps = deps
        self.reads = store.SlideshowReads(deps.engine)  # one statement each, no BEGIN/ROLLBACK
        self.apps = clients.CatalogApps(deps.catalog)
        self.hooks = clients.HookPicks(deps.hooks)
        self.quota = clients.Quota(deps.billing)
        self.zips = ZipBundles(deps.storage, deps.settings.zip_url_seconds)
        self.locks = store.AdvisoryLocks(deps.engine)

    def uow(self) -> application.RendererUnitOfWork:
        return events.unit_of_work(self.deps.engine, self.deps.relay)

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
        ss_id = await application.generate_slideshow(
            self.uow(),
            self.reads,
            self.apps,
            self.hooks,
            self.quota,
            application.GenerateRequest(
                organization_id=request.organization_id,
                app_id=request.app_id,
                template_key=request.template_key,
                design=request.design,
                idempotency_key=request.idempotency_key,
                overrides=dict(request.variable_overrides),
                non_string=tuple(request.non_string_overrides),
                fingerprint=request.request_fingerprint,
            ),
            now=datetime.now(UTC),
            idempotency_ttl=timedelta(hours=self.deps.settings.idempotency_ttl_hours),
        )
        return renderer_pb2.GenerateSlideshowResponse(slideshow_id=ss_id, status=domain.QUEUED)

    # --- reads ---------------------------------------------------------------------------------

    @grpcx.rpc
    async def GetSlideshow(self, request, context) -> renderer_pb2.GetSlideshowResponse:
        deck = await application.get_slideshow(
            self.reads,
            self.apps,
            request.organization_id,
            request.slideshow_id,
            request.app_checked_by_caller,
        )
        return renderer_pb2.GetSlideshowResponse(slideshow=events.slideshow_pb(deck))

    @grpcx.rpc
    async def ListSlideshows(self, request, context) -> renderer_pb2.ListSlideshowsResponse:
        found = await application.list_slideshows(
            self.reads,
            self.apps,
            request.organization_id,
            request.page.page,
            request.page.limit,
            request.app_id,
            list(request.statuses),
            request.app_checked_by_caller,
            request.known_version,
        )
        if found.unchanged:
            return renderer_pb2.ListSlideshowsResponse(version=found.version, unchanged=True)
        return renderer_pb2.ListSlideshowsResponse(
            slideshows=[events.slideshow_pb(d) for d in found.slideshows],
            page=common_pb2.PageInfo(page=found.page, limit=found.limit, total=found.total),
            version=found.version,
        )

    # --- ZIP -----------------------------------------------------------------------------------

    @grpcx.rpc
    async def GetZip(self, request, context) -> renderer_pb2.GetZipResponse:
        link = await application.export_zip(
            self.uow(),
            self.reads,
            self.apps,
            self.zips,
            self.locks,
            request.organization_id,
            request.slideshow_id,
        )
        resp = renderer_pb2.GetZipResponse(url=link.url, cached=link.cached)
        resp.expires_at.FromDatetime(link.expires_at)
        return resp

    # --- uploads -------------------------------------------------------------------------------

    @grpcx.rpc
    async def UploadScreenshot(self, request, context) -> renderer_pb2.UploadScreenshotResponse:
        s = self.deps.settings
        url = await application.upload_screenshot(
            self.deps.storage,
            request.organization_id,
            request.content,
            max_bytes=s.upload_max_bytes,
            max_pixels=s.max_image_pixels,
            uploads_base=s.uploads_base(),
        )
        return renderer_pb2.UploadScreenshotResponse(url=url)


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


def _raise_if_unreachable(err: Exception) -> None:
    """An object store that cannot be reached is UNAVAILABLE (503 + Retry-After), not the ZIP's
    own failure (ZIP_*_FAILED is for a store that answered and refused, or a packing bug)."""
    unavailable = unavailable_error(err)
    if unavailable is not None:
        log.warning("object store unreachable", error=repr(err))
        raise unavailable from None
