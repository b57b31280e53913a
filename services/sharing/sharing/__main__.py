"""python -m sharing: gRPC server, outbox relay and the app-deleted consumer (a faust agent)."""

from kit.service import Parts, Runtime, serve
from slides.sharing.v1 import sharing_pb2_grpc

from sharing import consumers, store
from sharing.server import SharingServicer
from sharing.settings import Settings


async def build(rt: Runtime) -> Parts:
    settings = rt.settings
    assert isinstance(settings, Settings)
    relay = rt.relay_for(store.outbox)
    servicer = SharingServicer(settings, rt.engine, relay, rt.clients)
    return Parts(
        servicers=[
            (
                sharing_pb2_grpc.add_SharingServiceServicer_to_server,
                servicer,
                "slides.sharing.v1.SharingService",
            )
        ],
        # The faust app runs in this loop (serve() runs none where KAFKA_CONSUMERS=false).
        consumers=[consumers.agents(settings, rt.engine, relay)],
    )


if __name__ == "__main__":
    serve(Settings(), package="sharing", schema="sharing", build=build)
