"""`python -m delivery`: gRPC server, the event consumer and the delivery sender."""

from __future__ import annotations

from kit.service import Parts, Runtime, serve
from kit.storage import Storage
from slides.catalog.v1 import catalog_pb2_grpc
from slides.delivery.v1 import delivery_pb2_grpc
from slides.renderer.v1 import renderer_pb2_grpc

from delivery.crypto import KeyRing
from delivery.events import EventHandler, sharing_stub
from delivery.publishing import Publisher
from delivery.sender import Sender
from delivery.server import DeliveryServicer
from delivery.settings import Settings
from delivery.tiktok import TikTok


async def build(rt: Runtime) -> Parts:
    settings = rt.settings
    assert isinstance(settings, Settings)
    keyring = KeyRing(settings.webhook_secret_key)
    sender = Sender(settings, rt.engine, keyring)
    handler = EventHandler(settings, rt.engine, sharing_stub(rt.clients, settings), sender.notify)
    storage = Storage(settings)
    renderer = rt.clients.stub(renderer_pb2_grpc.RendererServiceStub, settings.renderer_addr)
    catalog = rt.clients.stub(catalog_pb2_grpc.CatalogServiceStub, settings.catalog_addr)
    publisher = Publisher(
        rt.engine, keyring, storage, renderer, TikTok(settings), settings.webhook_allow_private_networks
    )
    servicer = DeliveryServicer(settings, rt.engine, keyring, publisher, catalog, sender.notify)
    return Parts(
        servicers=[
            (
                delivery_pb2_grpc.add_DeliveryServiceServicer_to_server,
                servicer,
                "slides.delivery.v1.DeliveryService",
            )
        ],
        consumers=[handler.consumer()],
        tasks=[sender.run],
        on_stop=[sender.close],
    )


def main() -> None:
    serve(Settings(), package="delivery", schema="delivery", build=build)


if __name__ == "__main__":
    main()
