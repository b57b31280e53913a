"""`python -m delivery`: gRPC server, the event consumer (a faust agent), the delivery sender, the publish
follower and the TikTok token keeper."""

from __future__ import annotations

from kit.pgnotify import Listener
from kit.service import Parts, Runtime, serve
from kit.storage import Storage
from slides.catalog.v1 import catalog_pb2_grpc
from slides.delivery.v1 import delivery_pb2_grpc
from slides.renderer.v1 import renderer_pb2_grpc

from delivery.accounts import Accounts
from delivery.consumers import EventHandler
from delivery.crypto import KeyRing
from delivery.events import sharing_stub
from delivery.publishing import Publisher
from delivery.sender import QUEUE_CHANNEL, Sender
from delivery.server import DeliveryServicer
from delivery.settings import Settings
from delivery.tiktok import TikTok


async def build(rt: Runtime) -> Parts:
    settings = rt.settings
    assert isinstance(settings, Settings)
    keyring = KeyRing(settings.webhook_secret_key)
    queued = Listener(settings.database_url, QUEUE_CHANNEL)
    sender = Sender(settings, rt.engine, keyring, queued)
    handler = EventHandler(settings, rt.engine, sharing_stub(rt.clients, settings), sender.notify)
    storage = Storage(settings)
    renderer = rt.clients.stub(renderer_pb2_grpc.RendererServiceStub, settings.renderer_addr)
    catalog = rt.clients.stub(catalog_pb2_grpc.CatalogServiceStub, settings.catalog_addr)
    tiktok = TikTok(settings)
    accounts = Accounts(settings, rt.engine, keyring, tiktok, catalog)
    publisher = Publisher(
        rt.engine,
        accounts,
        storage,
        renderer,
        tiktok,
        settings.webhook_allow_private_networks,
        on_new=sender.notify,
    )
    servicer = DeliveryServicer(settings, rt.engine, keyring, publisher, accounts, sender.notify)
    return Parts(
        servicers=[
            (
                delivery_pb2_grpc.add_DeliveryServiceServicer_to_server,
                servicer,
                "slides.delivery.v1.DeliveryService",
            )
        ],
        # The faust app runs in this loop (serve() runs none where KAFKA_CONSUMERS=false).
        consumers=[handler.agents()],
        tasks=[queued.run, sender.run, publisher.follow, accounts.keep],
        on_stop=[sender.close],
    )


def main() -> None:
    serve(Settings(), package="delivery", schema="delivery", build=build)


if __name__ == "__main__":
    main()
