"""gRPC stubs of every service, one channel per address, the app answers kept from catalog and the
hook and slideshow list pages kept by version (gateway.keptpages)."""

from __future__ import annotations

from typing import Any

from kit.grpcx import Clients
from slides.billing.v1 import billing_pb2_grpc
from slides.catalog.v1 import catalog_pb2_grpc
from slides.delivery.v1 import delivery_pb2_grpc
from slides.hooks.v1 import hooks_pb2_grpc
from slides.renderer.v1 import renderer_pb2_grpc
from slides.sharing.v1 import sharing_pb2_grpc

from gateway.appscache import AppsCache
from gateway.keptpages import KeptPages
from gateway.models import HookList
from gateway.settings import GatewaySettings


class Backends:
    def __init__(self, settings: GatewaySettings):
        self.settings = settings
        self.clients = Clients(settings.grpc_timeout_seconds)
        self.billing = billing_pb2_grpc.BillingServiceStub(self.clients.channel(settings.billing_addr))
        self.catalog = catalog_pb2_grpc.CatalogServiceStub(self.clients.channel(settings.catalog_addr))
        self.hooks = hooks_pb2_grpc.HooksServiceStub(self.clients.channel(settings.hooks_addr))
        self.renderer = renderer_pb2_grpc.RendererServiceStub(self.clients.channel(settings.renderer_addr))
        self.sharing = sharing_pb2_grpc.SharingServiceStub(self.clients.channel(settings.sharing_addr))
        self.delivery = delivery_pb2_grpc.DeliveryServiceStub(self.clients.channel(settings.delivery_addr))
        self.apps_cache = AppsCache()
        self.hook_pages: KeptPages[HookList] = KeptPages(settings.kept_hook_pages)
        self.slideshow_pages: KeptPages[Any] = KeptPages(settings.kept_slideshow_pages)

    def addresses(self) -> dict[str, str]:
        s = self.settings
        return {
            "billing": s.billing_addr,
            "catalog": s.catalog_addr,
            "hooks": s.hooks_addr,
            "renderer": s.renderer_addr,
            "delivery": s.delivery_addr,
            "sharing": s.sharing_addr,
        }

    async def close(self) -> None:
        await self.clients.close()
