"""`python -m renderer`: gRPC RendererService, its outbox relay, the render workers (the
renderer.jobs faust agent and the Postgres queue runner), the app-deleted faust agent and the
stuck-deck sweeper."""

from __future__ import annotations

from kit.pgnotify import Listener
from kit.service import Parts, Runtime, serve
from kit.storage import Storage
from PIL import Image
from slides.billing.v1 import billing_pb2_grpc
from slides.catalog.v1 import catalog_pb2_grpc
from slides.hooks.v1 import hooks_pb2_grpc
from slides.renderer.v1 import renderer_pb2_grpc

from renderer import consumers, events, store
from renderer.deletions import AppDeletions
from renderer.server import RendererServicer
from renderer.settings import Settings
from renderer.sweeper import sweeper
from renderer.worker import RenderWorker


async def build(rt: Runtime) -> Parts:
    settings = rt.settings
    assert isinstance(settings, Settings)
    Image.MAX_IMAGE_PIXELS = settings.max_image_pixels
    storage = Storage(settings)
    await storage.ensure_bucket()
    deps = events.Deps(
        settings=settings,
        engine=rt.engine,
        storage=storage,
        relay=rt.relay_for(store.outbox),
        catalog=rt.clients.stub(catalog_pb2_grpc.CatalogServiceStub, settings.catalog_addr),
        billing=rt.clients.stub(billing_pb2_grpc.BillingServiceStub, settings.billing_addr),
        hooks=rt.clients.stub(hooks_pb2_grpc.HooksServiceStub, settings.hooks_addr),
    )
    queued = Listener(settings.database_url, events.QUEUE_CHANNEL)
    worker = RenderWorker(deps, queued)
    deletions = AppDeletions(deps)
    return Parts(
        servicers=[
            (
                renderer_pb2_grpc.add_RendererServiceServicer_to_server,
                RendererServicer(deps),
                "slides.renderer.v1.RendererService",
            )
        ],
        # The faust apps run in this loop (serve() runs none where KAFKA_CONSUMERS=false).
        consumers=consumers.agents(settings, worker, deletions),
        tasks=[queued.run, worker.run_queue, sweeper(deps)],
    )


if __name__ == "__main__":
    serve(Settings(), package="renderer", schema=store.SCHEMA, build=build)
