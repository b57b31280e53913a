"""The backends' gRPC health, as /readyz reports it for operators."""

from __future__ import annotations

import asyncio
from typing import Any

from kit.grpcx import check_health


async def services_health(backends: Any, wanted: set[str], timeout: float) -> dict[str, bool]:
    """Each wanted backend's gRPC health (each check gets `timeout` seconds), in address order."""
    addrs = {k: v for k, v in backends.addresses().items() if k in wanted}
    results = await asyncio.gather(
        *(check_health(backends.clients.channel(a), timeout) for a in addrs.values())
    )
    return dict(zip(addrs, results, strict=True))
