"""gRPC adapter of share links: proto in -> sharing.application call -> proto (and pages) out.
The use cases live in application, the rules in domain, the SQL in store, the HTML in pages."""

from __future__ import annotations

from datetime import UTC, datetime

import grpc
from google.protobuf.timestamp_pb2 import Timestamp
from kit.grpcx import Clients, rpc
from kit.outbox import OutboxRelay
from slides.sharing.v1 import sharing_pb2, sharing_pb2_grpc
from sqlalchemy.ext.asyncio import AsyncEngine

from sharing import application, domain, events, pages, store
from sharing.application import PageView, PasswordAnswer
from sharing.passwords import Argon2Passwords
from sharing.settings import Settings
from sharing.upstream import Renderer

MAX_SLIDESHOWS_PER_LOOKUP = application.MAX_SLIDESHOWS_PER_LOOKUP


def _timestamp(value: datetime | None) -> Timestamp:
    ts = Timestamp()
    if value is not None:
        ts.FromDatetime(value.astimezone(UTC))
    return ts


def _page(p: pages.Page, cls=sharing_pb2.RenderPageResponse):
    return cls(status_code=p.status_code, html=p.html, headers=p.headers)


class SharingServicer(sharing_pb2_grpc.SharingServiceServicer):
    def __init__(self, settings: Settings, engine: AsyncEngine, relay: OutboxRelay, clients: Clients):
        self.s = settings
        self.engine = engine
        self.relay = relay
        # Reads of one statement: no BEGIN / ROLLBACK round trips.
        self.reads = store.ShareReads(engine)
        self.keys = domain.Keys(settings.share_secret_key)
        self.config = application.Config(
            keys=self.keys,
            public_base_url=settings.public_base_url,
            password_max_failures=settings.password_max_failures,
            password_window_seconds=settings.password_window_seconds,
            cookie_ttl_seconds=settings.cookie_ttl_seconds,
        )
        self.passwords = Argon2Passwords(settings)
        self.renderer = Renderer(clients, settings)

    def uow(self) -> application.SharingUnitOfWork:
        return events.unit_of_work(self.engine, self.relay)

    def _share(self, share: domain.Share) -> sharing_pb2.Share:
        token = self.keys.decrypt_token(share.token_encrypted) or ""
        base = self.s.public_base_url
        return sharing_pb2.Share(
            id=share.id,
            token=token,
            url=domain.share_url(base, token) if token else "",
            embed_url=domain.embed_url(base, token) if token else "",
            password_protected=bool(share.password_hash),
            slideshow_id=share.slideshow_id,
            organization_id=share.organization_id,
            app_id=share.app_id,
            created_at=_timestamp(share.created_at),
        )

    def _answer(self, share: domain.Share | None) -> sharing_pb2.GetShareForSlideshowResponse:
        if share is None:
            return sharing_pb2.GetShareForSlideshowResponse(enabled=False)
        return sharing_pb2.GetShareForSlideshowResponse(enabled=True, share=self._share(share))

    # --- links (authenticated, organization-scoped) --------------------------------------

    @rpc
    async def GetShareForSlideshow(
        self, request: sharing_pb2.GetShareForSlideshowRequest, context: grpc.aio.ServicerContext
    ) -> sharing_pb2.GetShareForSlideshowResponse:
        share = await application.share_for_slideshow(
            self.reads, request.organization_id, request.slideshow_id
        )
        return self._answer(share)

    @rpc
    async def GetSharesForSlideshows(
        self, request: sharing_pb2.GetSharesForSlideshowsRequest, context: grpc.aio.ServicerContext
    ) -> sharing_pb2.GetSharesForSlideshowsResponse:
        wanted = [(r.organization_id, r.slideshow_id) for r in request.slideshows]
        shares = await application.shares_for_slideshows(self.reads, wanted)
        return sharing_pb2.GetSharesForSlideshowsResponse(shares=[self._answer(s) for s in shares])

    @rpc
    async def CreateShare(
        self, request: sharing_pb2.CreateShareRequest, context: grpc.aio.ServicerContext
    ) -> sharing_pb2.CreateShareResponse:
        share, created = await application.create_share(
            self.uow(),
            self.renderer,
            self.passwords,
            self.config,
            request.organization_id,
            request.slideshow_id,
            request.password if request.HasField("password") else None,
            request.rotate,
        )
        return sharing_pb2.CreateShareResponse(share=self._share(share), created=created)

    @rpc
    async def DisableShare(
        self, request: sharing_pb2.DisableShareRequest, context: grpc.aio.ServicerContext
    ) -> sharing_pb2.DisableShareResponse:
        disabled = await application.disable_share(
            self.uow(), self.renderer, request.organization_id, request.slideshow_id
        )
        return sharing_pb2.DisableShareResponse(disabled=disabled)

    # --- public ---------------------------------------------------------------------------

    @rpc
    async def RenderPage(
        self, request: sharing_pb2.RenderPageRequest, context: grpc.aio.ServicerContext
    ) -> sharing_pb2.RenderPageResponse:
        embed = request.kind == sharing_pb2.PAGE_KIND_EMBED
        name, base = self.s.provider_name, self.s.public_base_url
        view = await application.view_share(
            self.reads, self.renderer, self.config, request.token, request.auth_cookie
        )
        if view.kind == PageView.DECK and view.deck is not None:
            return _page(
                pages.deck_page(
                    view.deck, base_url=base, token=request.token, embed=embed, provider_name=name
                )
            )
        if view.kind == PageView.LOCKED:
            return _page(
                pages.password_page(base_url=base, token=request.token, embed=embed, provider_name=name)
            )
        if view.kind == PageView.UNAVAILABLE:
            return _page(
                pages.message_page(
                    503, "Try again shortly", "This page is unavailable right now.", name, embed
                )
            )
        return _page(pages.not_found_page(name, embed))

    @rpc
    async def SubmitPassword(
        self, request: sharing_pb2.SubmitPasswordRequest, context: grpc.aio.ServicerContext
    ) -> sharing_pb2.SubmitPasswordResponse:
        name, base, token = self.s.provider_name, self.s.public_base_url, request.token
        resp = sharing_pb2.SubmitPasswordResponse
        answer = await application.submit_password(
            self.uow(), self.reads, self.passwords, self.config, token, request.password, request.client_ip
        )
        if answer.kind == PasswordAnswer.NOT_FOUND:
            return _page(pages.not_found_page(name), resp)
        to_page = {"Location": f"/share/{token}", "Cache-Control": "no-store"}
        if answer.kind == PasswordAnswer.OPEN:
            return resp(status_code=303, headers=to_page)
        if answer.kind == PasswordAnswer.RATE_LIMITED:
            page = pages.password_page(
                base_url=base,
                token=token,
                embed=False,
                provider_name=name,
                status=429,
                error="Too many wrong passwords. Try again later.",
            )
            page.headers["Retry-After"] = str(answer.retry_after)
            return _page(page, resp)
        if answer.kind == PasswordAnswer.WRONG:
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
            headers=to_page,
            cookie_value=answer.cookie,
            cookie_paths=[f"/share/{token}", domain.zip_path(token)],
            cookie_max_age=ttl,
        )

    @rpc
    async def GetOembed(
        self, request: sharing_pb2.GetOembedRequest, context: grpc.aio.ServicerContext
    ) -> sharing_pb2.GetOembedResponse:
        target = await application.oembed_target(self.reads, self.renderer, self.config, request.url)
        return self._oembed(target.deck, target.token, request.maxwidth, request.maxheight)

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
        z = await application.share_zip(
            self.uow(),
            self.reads,
            self.renderer,
            self.passwords,
            self.config,
            request.token,
            request.auth_cookie,
            request.password,
            request.client_ip,
        )
        return sharing_pb2.GetShareZipResponse(
            url=z.url, expires_at=_timestamp(z.expires_at), cached=z.cached
        )
