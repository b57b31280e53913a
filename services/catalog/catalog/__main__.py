"""`python -m catalog`: the catalog gRPC service and its outbox relay."""

from kit.service import Parts, Runtime, serve
from slides.billing.v1 import billing_pb2_grpc
from slides.catalog.v1 import catalog_pb2_grpc

from catalog import store
from catalog.server import CatalogServicer
from catalog.settings import Settings


async def build(rt: Runtime) -> Parts:
    billing = rt.clients.stub(billing_pb2_grpc.BillingServiceStub, rt.settings.billing_addr)
    servicer = CatalogServicer(rt.engine, rt.relay_for(store.outbox), billing)
    return Parts(
        servicers=[
            (
                catalog_pb2_grpc.add_CatalogServiceServicer_to_server,
                servicer,
                "slides.catalog.v1.CatalogService",
            )
        ]
    )


def main() -> None:
    serve(Settings(), package="catalog", schema="catalog", build=build)


if __name__ == "__main__":
    main()
