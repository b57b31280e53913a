"""Postgres LISTEN/NOTIFY fan-out: one connection listens on a channel and hands every payload to
each subscriber's queue. When the connection is lost, subscribers receive None (whatever they
derived from notifications may have missed some) and the listener reconnects."""

from __future__ import annotations

import asyncio

import psycopg
from psycopg import sql
from sqlalchemy.engine import make_url

from kit import logs

log = logs.get(__name__)

# How often an idle listener proves its connection is alive.
LIVENESS_SECONDS = 5.0


def libpq_url(database_url: str) -> str:
    """A SQLAlchemy URL ("postgresql+psycopg://...") as the libpq URL psycopg connects with."""
    return make_url(database_url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    def __init__(self, database_url: str, channel: str, liveness_seconds: float = LIVENESS_SECONDS):
        self.conninfo = libpq_url(database_url)
        self.channel = channel
        self.liveness_seconds = liveness_seconds
        self.listening = asyncio.Event()
        self._queues: set[asyncio.Queue[str | None]] = set()

    def subscribe(self) -> asyncio.Queue[str | None]:
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._queues.add(queue)
        return queue

    def unsubscribe(self, queue: asyncio.Queue[str | None]) -> None:
        self._queues.discard(queue)

    async def run(self) -> None:
        """Listen forever, reconnecting with a growing pause (up to 5 s) after a failure."""
        pause = 0.2
        while True:
            try:
                await self._listen()
            except (psycopg.Error, OSError) as err:
                log.warning("notification listener lost its connection", channel=self.channel, error=str(err))
            finally:
                was_listening = self.listening.is_set()
                self.listening.clear()
                for queue in self._queues:
                    queue.put_nowait(None)
            pause = 0.2 if was_listening else min(pause * 2, 5.0)
            await asyncio.sleep(pause)

    async def _listen(self) -> None:
        conn = await psycopg.AsyncConnection.connect(
            self.conninfo, autocommit=True, application_name=f"listen {self.channel}"
        )
        async with conn:
            # Notifications reach the handler whenever psycopg reads from the connection: here, the
            # statement run once the socket turns readable (a notification, or the connection
            # going away), or every liveness_seconds. Not conn.notifies(): it wakes every 100 ms
            # while it waits (psycopg's wait interval), 10 loop turns a second per idle listener.
            conn.add_notify_handler(self._fan_out)
            await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
            self.listening.set()
            loop = asyncio.get_running_loop()
            readable = asyncio.Event()
            while True:
                # psycopg waits on the same socket while a statement runs: ours only in between.
                loop.add_reader(conn.fileno(), readable.set)
                # asyncio.timeout, not wait_for: on Python 3.11 wait_for drops a cancel that
                # comes in the same turn as the wakeup, and the listener then never stopped.
                try:
                    async with asyncio.timeout(self.liveness_seconds):
                        await readable.wait()
                except TimeoutError:
                    pass
                finally:
                    loop.remove_reader(conn.fileno())
                readable.clear()
                await conn.execute("SELECT 1")

    def _fan_out(self, notify: psycopg.Notify) -> None:
        for queue in self._queues:
            queue.put_nowait(notify.payload)
