"""Calls to the service sharing depends on: the renderer (a deck and its ZIP), answering domain
values (application.Renderer). The channel connects lazily, so the service starts without it."""

from __future__ import annotations

from datetime import UTC

from kit.grpcx import Clients, call
from slides.renderer.v1 import renderer_pb2, renderer_pb2_grpc

from sharing import domain
from sharing.settings import Settings


def deck_view(ss: renderer_pb2.Slideshow) -> domain.DeckView:
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


class Renderer:
    def __init__(self, clients: Clients, settings: Settings):
        self.s = settings
        self.stub = clients.stub(renderer_pb2_grpc.RendererServiceStub, settings.renderer_addr)

    async def slideshow(self, organization_id: str, slideshow_id: str) -> domain.Slideshow:
        resp = await call(
            self.stub.GetSlideshow,
            renderer_pb2.GetSlideshowRequest(organization_id=organization_id, slideshow_id=slideshow_id),
            timeout=self.s.grpc_timeout_seconds,
            organization_id=organization_id,
        )
        ss = resp.slideshow
        return domain.Slideshow(id=ss.id, app_id=ss.app_id, deck=deck_view(ss))

    async def zip(self, organization_id: str, slideshow_id: str) -> domain.ZipLink:
        z = await call(
            self.stub.GetZip,
            renderer_pb2.GetZipRequest(organization_id=organization_id, slideshow_id=slideshow_id),
            timeout=max(self.s.grpc_timeout_seconds, 60),
            organization_id=organization_id,
        )
        expires = z.expires_at.ToDatetime(tzinfo=UTC) if z.HasField("expires_at") else None
        return domain.ZipLink(url=z.url, expires_at=expires, cached=z.cached)
