"""The sender: leases due delivery attempts from Postgres, posts them concurrently and
records every attempt (the attempts finished meanwhile in one transaction). Rows are claimed with FOR UPDATE SKIP LOCKED plus a lease, so several
workers (or a restarted one) never send the same attempt twice while it is in flight, and a
worker killed mid-send loses nothing: the lease runs out and the attempt is sent again. A worker
stopped by SIGTERM finishes and records what it is sending first."""

from __future__ import annotations

import asyncio
import ssl
import time
from datetime import UTC, datetime, timedelta

import aiohttp
from kit import logs, metrics, netguard
from kit.pgnotify import Listener
from sqlalchemy.ext.asyncio import AsyncEngine

from delivery import domain, store
from delivery.crypto import KeyRing
from delivery.poster import Poster
from delivery.settings import Settings

log = logs.get(__name__)


class AttemptRecorder:
    """Writes attempt outcomes to Postgres: the outcomes that finish while a write is under way
    go together in the next transaction, so a busy sender commits once per batch, not per attempt."""

    def __init__(self, engine: AsyncEngine, max_batch: int):
        self.engine = engine
        self.queue_store = store.SenderQueue(engine)
        self.max_batch = max(1, max_batch)
        self.queue: asyncio.Queue[tuple[store.Attempt, asyncio.Future[bool]]] = asyncio.Queue()

    async def record(self, outcome: store.Attempt) -> bool:
        """Stores the outcome; False when another worker already recorded this attempt."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait((outcome, done))
        return await done

    async def run(self) -> None:
        while True:
            batch = [await self.queue.get()]
            while len(batch) < self.max_batch and not self.queue.empty():
                batch.append(self.queue.get_nowait())
            await self._write_batch(batch)

    async def _write_batch(self, batch: list[tuple[store.Attempt, asyncio.Future[bool]]]) -> None:
        try:
            results = await self.queue_store.record([attempt for attempt, _ in batch])
        except Exception:
            if len(batch) == 1:
                attempt, done = batch[0]
                log.exception("recording a delivery attempt failed", delivery_id=attempt.claimed.id)
                _settle(done, exc=RuntimeError("attempt not recorded"))
                return
            # One bad row must not cost the others their record: write them one by one.
            for one in batch:
                await self._write_batch([one])
            return
        await self._count_failures([a for (a, _), ok in zip(batch, results, strict=True) if ok])
        for (_, done), recorded in zip(batch, results, strict=True):
            _settle(done, result=recorded)

    async def _count_failures(self, recorded: list[store.Attempt]) -> None:
        """The endpoints' failure counts (informational: a lost update is logged, not retried)."""
        try:
            await self.queue_store.count_failures(recorded)
        except Exception:
            log.warning("endpoint failure counts not updated", exc_info=True, attempts=len(recorded))


def _settle(done: asyncio.Future[bool], result: bool = False, exc: BaseException | None = None) -> None:
    if done.done():  # the waiting delivery task was cancelled (shutdown)
        return
    if exc is not None:
        done.set_exception(exc)
    else:
        done.set_result(result)


QUEUE_CHANNEL = "delivery_queue"  # NOTIFY: deliveries created or due again (migration 0004)


class Sender:
    def __init__(
        self, settings: Settings, engine: AsyncEngine, keyring: KeyRing, queued: Listener | None = None
    ):
        self.settings = settings
        self.queued = queued
        self.engine = engine
        self.queue_store = store.SenderQueue(engine)
        self.keyring = keyring
        self.delays = settings.retry_delays()
        self.lease = timedelta(
            seconds=max(settings.webhook_lease_seconds, settings.webhook_timeout_seconds + 5)
        )
        self.poster = Poster(settings)
        self.recorder = AttemptRecorder(engine, settings.webhook_batch_size)
        self.wakeup = asyncio.Event()
        self.in_flight = 0
        self._tasks: set[asyncio.Task] = set()

    def notify(self) -> None:
        """New deliveries were created (or a slot freed): look for work now."""
        self.wakeup.set()

    async def run(self) -> None:
        recorder = asyncio.create_task(self.recorder.run(), name="attempt-recorder")
        told = asyncio.create_task(self._wake_when_told(), name="delivery-queue") if self.queued else None
        try:
            await self._claim_loop()
        finally:
            await self._finish_in_flight()
            recorder.cancel()
            if told is not None:
                told.cancel()

    async def _wake_when_told(self) -> None:
        """Wakes the claim loop on every notification of the queue, and when the listener lost its
        connection (None: a notification may have been missed meanwhile)."""
        assert self.queued is not None
        wakeups = self.queued.subscribe()
        try:
            while True:
                await wakeups.get()
                self.wakeup.set()
        finally:
            self.queued.unsubscribe(wakeups)

    def _hears_the_queue(self) -> bool:
        return self.queued is not None and self.queued.listening.is_set()

    async def _finish_in_flight(self) -> None:
        """Stopping (SIGTERM cancels the claim loop): no new claims, and the attempts in flight
        finish (each bounded by the post timeout) and are recorded, so none is sent again when
        its lease runs out. Whatever is still unfinished after that is left to its lease."""
        if self._tasks:
            log.info("sender stopping: finishing attempts in flight", in_flight=len(self._tasks))
            await asyncio.wait(list(self._tasks), timeout=self.settings.webhook_timeout_seconds + 2)

    async def _claim_loop(self) -> None:
        while True:
            # Cleared before looking, so a notify() during the claim is not lost.
            self.wakeup.clear()
            try:
                claimed = await self._claim_and_start()
                wait = self.settings.webhook_poll_seconds if claimed else await self._seconds_until_due()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("delivery sender failed; retrying")
                claimed, wait = 0, 1.0
            if claimed and self.in_flight < self.settings.webhook_concurrency:
                continue
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for drops a cancel that comes in
            # the same turn as a wakeup, and the sender then held the process's stop forever.
            try:
                async with asyncio.timeout(wait):
                    await self.wakeup.wait()
            except TimeoutError:
                pass

    async def _seconds_until_due(self) -> float:
        """Until the next pending delivery is due, at most webhook_idle_poll_seconds: a new or
        rescheduled one comes with a notification. Not hearing the queue (its listener reconnecting),
        at most webhook_poll_seconds: only a look finds what other processes wrote."""
        poll = self.settings.webhook_poll_seconds
        look = max(poll, self.settings.webhook_idle_poll_seconds) if self._hears_the_queue() else poll
        nxt = await self.queue_store.next_due()
        if nxt is None:
            return look
        return min(max((nxt - datetime.now(UTC)).total_seconds(), 0.01), look)

    async def _claim_and_start(self) -> int:
        free = self.settings.webhook_concurrency - self.in_flight
        if free <= 0:
            return 0
        claimed = await self.queue_store.claim(
            datetime.now(UTC), min(free, self.settings.webhook_batch_size), self.lease
        )
        for item in claimed:
            self.in_flight += 1
            task = asyncio.create_task(self._deliver(item))
            self._tasks.add(task)
            task.add_done_callback(self._done)
        return len(claimed)

    def _done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        self.in_flight -= 1
        if self.in_flight == self.settings.webhook_concurrency - 1:
            self.wakeup.set()  # the claim loop was waiting for a free slot
        if not task.cancelled() and task.exception():
            log.error("delivery task crashed", error=repr(task.exception()))

    async def _deliver(self, item: store.Claimed) -> None:
        started = time.monotonic()
        status_code, error = 0, ""
        try:
            status_code = await self._post(item)
            if not domain.is_success(status_code):
                error = f"HTTP {status_code}"
        except netguard.UrlRefused as exc:
            error = f"refused: {exc.message}"
        except TimeoutError:
            error = f"timeout after {self.settings.webhook_timeout_seconds:g}s"
        except (aiohttp.ClientSSLError, ssl.SSLError):
            error = "TLS failed: the endpoint's certificate could not be verified"
        except (aiohttp.ClientConnectorError, ConnectionError):
            error = "connection failed: the endpoint could not be reached"
        except (aiohttp.ClientError, OSError) as exc:
            log.info("delivery attempt failed", delivery_id=item.id, error=repr(exc)[:300])
            error = "the endpoint's answer could not be read"
        except Exception:  # e.g. an undecryptable secret: still an attempt on record
            log.exception("delivery attempt crashed", delivery_id=item.id)
            error = "internal error"
        duration_ms = int((time.monotonic() - started) * 1000)
        await self._record(item, status_code, duration_ms, error)

    def _destination(self, item: store.Claimed) -> str:
        """Where the attempt goes: a chat endpoint's real URL is stored encrypted (rows made
        before that keep the plain URL)."""
        if item.kind != domain.WEBHOOK and item.secret_cipher:
            return self.keyring.decrypt(item.secret_key_id or "", item.secret_cipher, item.endpoint_id)
        return item.url

    async def _post(self, item: store.Claimed) -> int:
        headers = {"Content-Type": "application/json"}
        if item.kind == domain.WEBHOOK:
            secret = self.keyring.decrypt(
                item.secret_key_id or "", item.secret_cipher or b"", item.endpoint_id
            )
            headers.update(domain.delivery_headers(secret, item.event, item.id, item.body, int(time.time())))
        return await self.poster.post(self._destination(item), headers, item.body)

    async def _record(self, item: store.Claimed, status_code: int, duration_ms: int, error: str) -> None:
        now = datetime.now(UTC)
        attempt_no = item.attempt_count + 1
        if domain.is_success(status_code):
            status, next_at = domain.SUCCEEDED, None
        elif status_code == 410:
            status, next_at = domain.FAILED, None
            error = "HTTP 410: endpoint disabled"
        else:
            next_at = domain.next_attempt_at(self.delays, attempt_no, now, self.settings.webhook_retry_jitter)
            status = domain.PENDING if next_at else domain.FAILED
        await self.recorder.record(store.Attempt(item, status_code, duration_ms, error, status, next_at, now))
        metrics.WEBHOOK_ATTEMPTS.labels(getattr(item, "kind", "webhook"), status, str(attempt_no)).inc()
        log.info(
            "delivery attempt",
            delivery_id=item.id,
            endpoint_id=item.endpoint_id,
            attempt=attempt_no,
            status_code=status_code,
            outcome=status,
            duration_ms=duration_ms,
            error=error or None,
        )

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.poster.close()
