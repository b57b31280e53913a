"""gRPC servicer of share links: issue/rotate/disable, resolve tokens, pages, oEmbed, ZIP."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import grpc
from argon2 import PasswordHasher
from argon2.exceptions import Argon2Error
from google.protobuf.timestamp_pb2 import Timestamp
from kit import db, ids, logs, throttle
from kit.errors import ServiceError, validation_error
from kit.grpcx import Clients, call, rpc
from kit.outbox import OutboxRelay
from slides.renderer.v1 import renderer_pb2, renderer_pb2_grpc
from slides.sharing.v1 import sharing_pb2, sharing_pb2_grpc
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from sharing import domain, events, pages, store
from sharing.settings import Settings

log = logs.get(__name__)

MAX_SLIDESHOWS_PER_LOOKUP = 1000


def _timestamp(value: datetime | None) -> Timestamp:
    ts = Timestamp()
    if value is not None:
        ts.FromDatetime(value.astimezone(UTC))
    return ts


def _deck_view(ss: renderer_pb2.Slideshow) -> domain.DeckView:
    caption, tags, ctas = "", [], []
    for asset in ss.marketing_assets:
        if asset.type == "caption":
            caption = asset.text
        elif asset.type == "hashtags":
            tags = list(asset.tags)
        elif asset.type == "cta" and asset.text:
            ctas.append(asset.text)
    slides = [
        domain.SlideView(order=s.order, title=s.title, image_url=s.image_url)
        for s in sorted(ss.slides, key=lambda s: s.order)
        if s.image_url
    ]
    ctas = [c for c in ctas if c not in caption]  # the caption usually ends with its call to action
    title = ss.app_name or ss.hook_text_snapshot or "Slideshow"
    return domain.DeckView(
        title=title,
        status=ss.status,
        language=ss.language,
        slides=slides,
        caption=caption,
        hashtags=tags,
        ctas=ctas,
    )


def _page(p: pages.Page, cls=sharing_pb2.RenderPageResponse):
    return cls(status_code=p.status_code, html=p.html, headers=p.headers)


class SharingServicer(sharing_pb2_grpc.SharingServiceServicer):
    def __init__(self, settings: Settings, engine: AsyncEngine, relay: OutboxRelay, clients: Clients):
        self.s = settings
        self.engine = engine
        self.reads = db.autocommit(engine)
        self.relay = relay
        self.keys = domain.Keys(settings.share_secret_key)
        self.hasher = PasswordHasher(
            time_cost=settings.password_hash_time_cost,
            memory_cost=settings.password_hash_memory_kib,
            parallelism=settings.password_hash_parallelism,
        )
        self.renderer = clients.stub(renderer_pb2_grpc.RendererServiceStub, settings.renderer_addr)

    # --- helpers -------------------------------------------------------------------------

    def _share(self, row: Row) -> sharing_pb2.Share:
        token = self.keys.decrypt_token(row.token_encrypted) or ""
        base = self.s.public_base_url
        return sharing_pb2.Share(
            id=row.id,
            token=token,
            url=domain.share_url(base, token) if token else "",
            embed_url=domain.embed_url(base, token) if token else "",
            password_protected=bool(row.password_hash),
            slideshow_id=row.slideshow_id,
            organization_id=row.organization_id,
            app_id=row.app_id,
            created_at=_timestamp(row.created_at),
        )

    async def _slideshow(self, organization_id: str, slideshow_id: str) -> renderer_pb2.Slideshow:
        resp = await call(
            self.renderer.GetSlideshow,
            renderer_pb2.GetSlideshowRequest(organization_id=organization_id, slideshow_id=slideshow_id),
            timeout=self.s.grpc_timeout_seconds,
            organization_id=organization_id,
        )
        return resp.slideshow

    async def _live(self, token: str) -> Row | None:
        if not domain.is_token(token):
            return None
        async with self.reads.connect() as conn:
            return await store.get_live_by_hash(conn, domain.token_hash(token))

    def _cookie_ok(self, row: Row, cookie: str) -> bool:
        return self.keys.verify_cookie(cookie, row.token_hash, row.password_hash or "")

    async def _password_ok(self, row: Row, password: str, client_ip: str) -> bool:
        """Checks a password under the per token+IP throttle (RATE_LIMITED when exceeded). The
        attempt is counted and recorded before the password is judged, in one transaction
        serialized per token and IP, so N concurrent guesses never get more than the limit
        evaluated; a right password then takes its own attempt back."""
        attempt = await self._take_attempt(row.id, client_ip or "unknown")
        try:
            ok = bool(password) and await asyncio.to_thread(self.hasher.verify, row.password_hash, password)
        except Argon2Error:
            ok = False
        if ok:
            async with self.engine.begin() as conn:
                await store.remove_failure(conn, attempt)
        return ok

    async def _take_attempt(self, share_id: str, ip: str) -> int:
        limit = throttle.Limit(self.s.password_max_failures, self.s.password_window_seconds)
        async with self.engine.begin() as conn:
            await store.lock_failures(conn, share_id, ip)
            failures = await store.recent_failures(conn, share_id, ip, self.s.password_window_seconds)
            throttle.check(
                limit, failures, datetime.now(UTC), "Too many wrong passwords; retry after {retry}s."
            )
            return await store.record_failure(conn, share_id, ip, self.s.password_window_seconds)

    async def _hash_password(self, password: str | None) -> str | None:
        if not password:
            return password  # None: unchanged, "": remove protection
        problem = domain.validate_password(password)
        if problem:
            raise validation_error([("password", problem)])
        return await asyncio.to_thread(self.hasher.hash, password)

    # --- links (authenticated, organization-scoped) --------------------------------------

    @rpc
    async def GetShareForSlideshow(
        self, request: sharing_pb2.GetShareForSlideshowRequest, context: grpc.aio.ServicerContext
    ) -> sharing_pb2.GetShareForSlideshowResponse:
        async with self.reads.connect() as conn:
            row = await store.get_for_slideshow(conn, request.organization_id, request.slideshow_id)
        if row is None or not row.enabled:
            return sharing_pb2.GetShareForSlideshowResponse(enabled=False)
        return sharing_pb2.GetShareForSlideshowResponse(enabled=True, share=self._share(row))

    @rpc
    async def GetSharesForSlideshows(
        self, request: sharing_pb2.GetSharesForSlideshowsRequest, context: grpc.aio.ServicerContext
    ) -> sharing_pb2.GetSharesForSlideshowsResponse:
        wanted = [(r.organization_id, r.slideshow_id) for r in request.slideshows]
        if len(wanted) > MAX_SLIDESHOWS_PER_LOOKUP:
            raise validation_error([("slideshows", f"at most {MAX_SLIDESHOWS_PER_LOOKUP} per call")])
        async with self.reads.connect() as conn:
            found = await store.get_for_slideshows(conn, wanted)
        answers = []
        for pair in wanted:
            row = found.get(pair)
            if row is None or not row.enabled:
                answers.append(sharing_pb2.GetShareForSlideshowResponse(enabled=False))
            else:
                answers.append(sharing_pb2.GetShareForSlideshowResponse(enabled=True, share=self._share(row)))
        return sharing_pb2.GetSharesForSlideshowsResponse(shares=answers)

    @rpc
    async def CreateShare(
        self, request: sharing_pb2.CreateShareRequest, context: grpc.aio.ServicerContext
    ) -> sharing_pb2.CreateShareResponse:
        org, ss_id = request.organization_id, request.slideshow_id
        if not org or not ss_id:
            raise validation_error([("slideshow_id", "required")])
        slideshow = await self._slideshow(org, ss_id)
        password_hash = await self._hash_password(request.password if request.HasField("password") else None)
        async with self.engine.begin() as conn:
            row, created = await self._upsert(conn, org, slideshow, password_hash, request.rotate)
            if created:
                await events.share_changed(conn, row, self._share(row).url)
        if created:
            self.relay.notify()
        return sharing_pb2.CreateShareResponse(share=self._share(row), created=created)

    async def _upsert(
        self,
        conn: AsyncConnection,
        org: str,
        slideshow: renderer_pb2.Slideshow,
        password_hash: str | None,
        rotate: bool,
    ) -> tuple[Row, bool]:
        ss_id = slideshow.id
        token = domain.new_token()
        fresh = {"token_hash": domain.token_hash(token), "token_encrypted": self.keys.encrypt_token(token)}
        values = {"organization_id": org, "slideshow_id": ss_id, "app_id": slideshow.app_id, **fresh}
        inserted = await store.insert_share(
            conn, {**values, "id": ids.new_id("shr"), "password_hash": password_hash or None}
        )
        if inserted is not None:
            return inserted, True
        row = await store.get_for_slideshow(conn, org, ss_id, lock=True)
        if row is None:
            raise ServiceError("CONFLICT", "The share link changed concurrently; retry.")
        changes: dict = {}
        if password_hash is not None:
            changes["password_hash"] = password_hash or None
        new_token = rotate or not row.enabled
        if new_token:
            changes.update(fresh, enabled=True, created_at=datetime.now(UTC), app_id=slideshow.app_id)
        if not changes:
            return row, False
        return await store.update_share(conn, org, row.id, changes), new_token

    @rpc
    async def DisableShare(
        self, request: sharing_pb2.DisableShareRequest, context: grpc.aio.ServicerContext
    ) -> sharing_pb2.DisableShareResponse:
        org, ss_id = request.organization_id, request.slideshow_id
        await self._slideshow(org, ss_id)
        async with self.engine.begin() as conn:
            row = await store.disable_for_slideshow(conn, org, ss_id)
            if row is not None:
                await events.share_changed(conn, row, "")
        if row is not None:
            self.relay.notify()
        return sharing_pb2.DisableShareResponse(disabled=row is not None)

    # --- public ---------------------------------------------------------------------------

    @rpc
    async def RenderPage(
        self, request: sharing_pb2.RenderPageRequest, context: grpc.aio.ServicerContext
    ) -> sharing_pb2.RenderPageResponse:
        embed = request.kind == sharing_pb2.PAGE_KIND_EMBED
        name, base = self.s.provider_name, self.s.public_base_url
        row = await self._live(request.token)
        if row is None:
            return _page(pages.not_found_page(name, embed))
        if row.password_hash and not self._cookie_ok(row, request.auth_cookie):
            return _page(
                pages.password_page(base_url=base, token=request.token, embed=embed, provider_name=name)
            )
        try:
            slideshow = await self._slideshow(row.organization_id, row.slideshow_id)
        except ServiceError as err:
            if err.code.endswith("_NOT_FOUND"):
                return _page(pages.not_found_page(name, embed))
            log.warning("share page: renderer failed", code=err.code)
            return _page(
                pages.message_page(
                    503, "Try again shortly", "This page is unavailable right now.", name, embed
                )
            )
        deck = _deck_view(slideshow)
        return _page(
            pages.deck_page(deck, base_url=base, token=request.token, embed=embed, provider_name=name)
        )

    @rpc
    async def SubmitPassword(
        self, request: sharing_pb2.SubmitPasswordRequest, context: grpc.aio.ServicerContext
    ) -> sharing_pb2.SubmitPasswordResponse:
        name, base, token = self.s.provider_name, self.s.public_base_url, request.token
        resp = sharing_pb2.SubmitPasswordResponse
        row = await self._live(token)
        if row is None:
            return _page(pages.not_found_page(name), resp)
        if not row.password_hash:
            return resp(status_code=303, headers={"Location": f"/share/{token}", "Cache-Control": "no-store"})
        try:
            ok = await self._password_ok(row, request.password, request.client_ip)
        except ServiceError as err:
            page = pages.password_page(
                base_url=base,
                token=token,
                embed=False,
                provider_name=name,
                status=429,
                error="Too many wrong passwords. Try again later.",
            )
            page.headers["Retry-After"] = str(err.details.get("retry_after", 60))
            return _page(page, resp)
        if not ok:
            page = pages.password_page(
                base_url=base,
                token=token,
                embed=False,
                provider_name=name,
                status=401,
                error="Wrong password.",
            )
            return _page(page, resp)
        ttl = self.s.cookie_ttl_seconds
        return resp(
            status_code=303,
            headers={"Location": f"/share/{token}", "Cache-Control": "no-store"},
            cookie_value=self.keys.sign_cookie(row.token_hash, row.password_hash, ttl),
            cookie_paths=[f"/share/{token}", domain.zip_path(token)],
            cookie_max_age=ttl,
        )

    @rpc
    async def GetOembed(
        self, request: sharing_pb2.GetOembedRequest, context: grpc.aio.ServicerContext
    ) -> sharing_pb2.GetOembedResponse:
        token = domain.token_from_share_url(self.s.public_base_url, request.url)
        row = await self._live(token or "")
        if row is None:
            raise ServiceError("SHARE_NOT_FOUND", "No shared slideshow at this URL.")
        if row.password_hash:
            raise ServiceError("PASSWORD_REQUIRED", "This share is password protected.")
        try:
            deck = _deck_view(await self._slideshow(row.organization_id, row.slideshow_id))
        except ServiceError as err:
            if err.code.endswith("_NOT_FOUND"):
                raise ServiceError("SHARE_NOT_FOUND", "No shared slideshow at this URL.") from None
            raise
        return self._oembed(deck, token or "", request.maxwidth, request.maxheight)

    def _oembed(self, deck: domain.DeckView, token: str, maxwidth: int, maxheight: int):
        width, height = domain.oembed_size(self.s.embed_width, self.s.embed_height, maxwidth, maxheight)
        html = pages.oembed_iframe(domain.embed_url(self.s.public_base_url, token), width, height, deck.title)
        out = sharing_pb2.GetOembedResponse(
            version="1.0",
            type="rich",
            html=html,
            width=width,
            height=height,
            title=deck.title,
            provider_name=self.s.provider_name,
            provider_url=self.s.public_base_url,
        )
        if deck.ready:
            out.thumbnail_url = deck.first_image
            out.thumbnail_width, out.thumbnail_height = domain.SLIDE_WIDTH, domain.SLIDE_HEIGHT
        return out

    @rpc
    async def GetShareZip(
        self, request: sharing_pb2.GetShareZipRequest, context: grpc.aio.ServicerContext
    ) -> sharing_pb2.GetShareZipResponse:
        row = await self._live(request.token)
        if row is None:
            raise ServiceError("SHARE_NOT_FOUND", "No shared slideshow at this URL.")
        if row.password_hash and not self._cookie_ok(row, request.auth_cookie):
            if not request.password:
                raise ServiceError(
                    "PASSWORD_REQUIRED", "This share is password protected: send its password."
                )
            if not await self._password_ok(row, request.password, request.client_ip):
                raise ServiceError("PASSWORD_REQUIRED", "Wrong password.")
        try:
            z = await call(
                self.renderer.GetZip,
                renderer_pb2.GetZipRequest(
                    organization_id=row.organization_id, slideshow_id=row.slideshow_id
                ),
                timeout=max(self.s.grpc_timeout_seconds, 60),
                organization_id=row.organization_id,
            )
        except ServiceError as err:
            if err.code == "SLIDESHOW_NOT_FOUND":
                raise ServiceError("SHARE_NOT_FOUND", "No shared slideshow at this URL.") from None
            raise
        return sharing_pb2.GetShareZipResponse(url=z.url, expires_at=z.expires_at, cached=z.cached)
