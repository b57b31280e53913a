from kit.pgnotify import Listener
from kit.service import Parts, Runtime, serve
from kit.watchers import Watchers
from slides.billing.v1 import billing_pb2, billing_pb2_grpc

from billing import application, consumers, store
from billing.events import MailWorker
from billing.server import BillingServicer
from billing.settings import Settings

# The NOTIFY channel of migration 0002's trigger (organizations and API keys).
PRINCIPALS_CHANNEL = "billing_principals"


async def build(rt: Runtime) -> Parts:
    settings = rt.settings
    assert isinstance(settings, Settings)
    relay = rt.relay_for(store.outbox)
    mailer = MailWorker(rt.engine, settings)
    listener = Listener(settings.database_url, PRINCIPALS_CHANNEL)
    watchers = Watchers(listener, billing_pb2.WatchPrincipalsResponse, "principal")
    servicer = BillingServicer(rt.engine, settings, relay, mailer, watchers)
    return Parts(
        servicers=[
            (
                billing_pb2_grpc.add_BillingServiceServicer_to_server,
                servicer,
                "slides.billing.v1.BillingService",
            )
        ],
        # The faust app runs in this loop (serve() runs none where KAFKA_CONSUMERS=false).
        consumers=[consumers.agents(settings, rt.engine, relay, application.Rules.of(settings))],
        tasks=[mailer.run, listener.run, watchers.run],
        on_draining=[watchers.end_streams],
    )


def main() -> None:
    serve(Settings(), package="billing", schema="billing", build=build)


if __name__ == "__main__":
    main()
