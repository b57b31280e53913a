"""`python -m catalog`: the catalog gRPC service and its outbox relay."""

from kit.pgnotify import Listener
from kit.service import Parts, Runtime, serve
from kit.watchers import Watchers
from slides.billing.v1 import billing_pb2_grpc
from slides.catalog.v1 import catalog_pb2, catalog_pb2_grpc

from catalog import store
from catalog.server import CatalogServicer
from catalog.settings import Settings

# The NOTIFY channel of migration 0002's trigger (apps created, updated or deleted).
APPS_CHANNEL = "catalog_apps"


async def build(rt: Runtime) -> Parts:
    billing = rt.clients.stub(billing_pb2_grpc.BillingServiceStub, rt.settings.billing_addr)
    listener = Listener(rt.settings.database_url, APPS_CHANNEL)
    watchers = Watchers(listener, catalog_pb2.WatchAppsResponse, "apps")
    servicer = CatalogServicer(rt.engine, rt.relay_for(store.outbox), billing, watchers)
    return Parts(
        servicers=[
            (
                catalog_pb2_grpc.add_CatalogServiceServicer_to_server,
                servicer,
                "slides.catalog.v1.CatalogService",
            )
        ],
        tasks=[listener.run, watchers.run],
        on_draining=[watchers.end_streams],
    )


def main() -> None:
    serve(Settings(), package="catalog", schema="catalog", build=build)


if __name__ == "__main__":
    main()
