"""kit.grpcx.Server.stop and kit.grpcerrors against a real gRPC server in this process: a stopping
server lets the handler that runs answer and refuses new calls with UNAVAILABLE and our code; a
call gRPC cancels at shutdown before any handler took it (CANCELLED, no code of ours) is
UNAVAILABLE for its client, never INTERNAL. And the outbox relay, cancelled in the same turn as it is
woken, stops (it held a stopping service's exit forever)."""

import asyncio

import grpc
import pytest
from kit import grpcx, outbox
from kit.grpcerrors import CODE_KEY, error_from_rpc

SERVICE = "kit.test.Slow"


class Slow:
    """A handler that runs until `release` is set."""

    def __init__(self) -> None:
        self.entered = asyncio.Event()
        self.release = asyncio.Event()
        self.answered: list[bytes] = []

    @grpcx.rpc
    async def Work(self, request: bytes, context) -> bytes:
        self.entered.set()
        await self.release.wait()
        self.answered.append(request)
        return b"done " + request


def _add(servicer: Slow, server: grpc.aio.Server) -> None:
    handler = grpc.unary_unary_rpc_method_handler(servicer.Work)
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, {"Work": handler}),))


@pytest.fixture
def handlers_reset():
    yield
    grpcx.HANDLERS.stopping = False


async def test_a_stopping_server_lets_the_running_handler_answer_and_refuses_new_calls(handlers_reset):
    slow = Slow()
    server = await grpcx.start_server("127.0.0.1", 0, [(_add, slow, SERVICE)])
    async with grpc.aio.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        work = channel.unary_unary(f"/{SERVICE}/Work")
        running = asyncio.ensure_future(work(b"first", timeout=20))
        await asyncio.wait_for(slow.entered.wait(), 10)

        stopping = asyncio.create_task(server.stop(drain_seconds=20, grace_seconds=1))
        await asyncio.sleep(0.3)
        assert not await grpcx.check_health(channel)  # NOT_SERVING while it drains
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await work(b"second", timeout=10)
        assert refused.value.code() == grpc.StatusCode.UNAVAILABLE
        assert dict(refused.value.trailing_metadata())[CODE_KEY] == "UNAVAILABLE"
        assert error_from_rpc(refused.value).code == "UNAVAILABLE"
        assert not stopping.done()  # the first call still runs: the server waits for it

        slow.release.set()
        assert await running == b"done first"  # answered, not cancelled by the stop
        await asyncio.wait_for(stopping, 10)
    assert slow.answered == [b"first"]


@pytest.mark.parametrize(
    ("status", "code"),
    [
        (grpc.StatusCode.UNAVAILABLE, "UNAVAILABLE"),
        (grpc.StatusCode.DEADLINE_EXCEEDED, "UNAVAILABLE"),
        # gRPC's answer for a call it had received but handed to no handler when the server shut
        # down (a rolling restart answered create_app 500 INTERNAL for one).
        (grpc.StatusCode.CANCELLED, "UNAVAILABLE"),
        (grpc.StatusCode.INTERNAL, "INTERNAL"),
        (grpc.StatusCode.UNKNOWN, "INTERNAL"),
    ],
)
def test_a_call_without_an_answer_is_unavailable_and_a_failure_internal(status, code):
    err = grpc.aio.AioRpcError(status, grpc.aio.Metadata(), grpc.aio.Metadata(), details="x")
    assert error_from_rpc(err).code == code


async def test_the_outbox_relay_stops_when_cancelled_as_it_is_woken():
    relay = outbox.OutboxRelay(None, None, None, replay_seconds=0, poll_seconds=30, idle_poll_seconds=30)

    async def nothing_to_relay() -> int:
        return 0

    relay.relay_once = nothing_to_relay  # type: ignore[method-assign]
    task = asyncio.create_task(relay.run())
    await asyncio.sleep(0.05)  # waiting for a wakeup
    relay.wakeup.set()
    task.cancel()
    done, _ = await asyncio.wait([task], timeout=2)
    if not done:
        task.cancel()
    assert done == {task} and task.cancelled()
