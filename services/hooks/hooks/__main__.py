"""`python -m hooks`: the hook library's gRPC server, its outbox relay and its consumers (faust agents)."""

from kit.service import Parts, Runtime, serve
from slides.hooks.v1 import hooks_pb2_grpc

from hooks import llm, store
from hooks.consumers import Handlers
from hooks.generation import HookWriter
from hooks.server import HooksServicer
from hooks.settings import Settings
from hooks.upstream import Upstream


async def build(rt: Runtime) -> Parts:
    settings = rt.settings
    assert isinstance(settings, Settings)
    provider = llm.from_settings(
        settings.llm_base_url, settings.llm_api_key, settings.llm_model, settings.llm_timeout_seconds
    )
    hook_writer = HookWriter(provider)
    upstream = Upstream(rt.clients, settings)
    relay = rt.relay_for(store.outbox)
    servicer = HooksServicer(rt.engine, relay, upstream, hook_writer, settings)
    handlers = Handlers(rt.engine, upstream, hook_writer, settings)
    return Parts(
        servicers=[
            (hooks_pb2_grpc.add_HooksServiceServicer_to_server, servicer, "slides.hooks.v1.HooksService")
        ],
        # The faust apps run in this loop (serve() runs none where KAFKA_CONSUMERS=false).
        consumers=handlers.agents(),
        on_stop=[provider.close] if provider else [],
    )


if __name__ == "__main__":
    serve(Settings(), package="hooks", schema="hooks", build=build)
