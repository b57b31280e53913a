"""When API keys were last used: authenticate_token notes the key of every request (a dict write,
answers from the auth cache included), and one task per gateway reports the keys seen to billing
about once a minute (RecordApiKeyUse), so a key's "last used" costs the request path nothing more."""

from __future__ import annotations

import asyncio
import time

from google.protobuf.timestamp_pb2 import Timestamp
from kit import logs
from kit.grpcx import call
from slides.billing.v1 import billing_pb2

log = logs.get(__name__)

REPORT_SECONDS = 60.0
MAX_KEYS = 50_000  # between two reports; past that, keys are reported at the next one


class KeyUsage:
    def __init__(self, report_seconds: float = REPORT_SECONDS):
        self.report_seconds = report_seconds
        self.seen: dict[str, float] = {}

    def note(self, key_id: str) -> None:
        if len(self.seen) < MAX_KEYS or key_id in self.seen:
            self.seen[key_id] = time.time()

    async def report(self, billing: object) -> None:
        seen, self.seen = self.seen, {}
        if not seen:
            return
        uses = []
        for key_id, when in seen.items():
            stamp = Timestamp()
            stamp.FromNanoseconds(int(when * 1e9))
            uses.append(billing_pb2.ApiKeyUse(key_id=key_id, used_at=stamp))
        try:
            await call(billing.RecordApiKeyUse, billing_pb2.RecordApiKeyUseRequest(uses=uses))  # type: ignore[attr-defined]
        except Exception as err:  # noqa: BLE001 - a lost report only makes "last used" older
            log.warning("reporting API key use failed", error=str(err), keys=len(uses))
            for key_id, when in seen.items():  # tried again with the next report
                self.seen.setdefault(key_id, when)

    async def run(self, billing: object) -> None:
        try:
            while True:
                await asyncio.sleep(self.report_seconds)
                await self.report(billing)
        finally:
            await asyncio.shield(self.report(billing))  # what was seen since the last report
