from kit.service import Parts, Runtime, serve
from slides.billing.v1 import billing_pb2_grpc

from billing import store
from billing.events import MailWorker
from billing.server import BillingServicer
from billing.settings import Settings


async def build(rt: Runtime) -> Parts:
    settings = rt.settings
    assert isinstance(settings, Settings)
    relay = rt.relay_for(store.outbox)
    mailer = MailWorker(rt.engine, settings)
    servicer = BillingServicer(rt.engine, settings, relay, mailer)
    return Parts(
        servicers=[
            (
                billing_pb2_grpc.add_BillingServiceServicer_to_server,
                servicer,
                "slides.billing.v1.BillingService",
            )
        ],
        tasks=[mailer.run],
    )


def main() -> None:
    serve(Settings(), package="billing", schema="billing", build=build)


if __name__ == "__main__":
    main()
