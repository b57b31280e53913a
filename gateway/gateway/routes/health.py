import asyncio

from fastapi import Request
from kit.grpcx import check_health

from gateway.responses import JSONResponse
from gateway.routing import Router

router = Router(tags=["health"])

# Each backend's health check gets this long: the whole answer stays well inside a readiness
# probe's timeout (1 s by default) even when a backend hangs.
HEALTH_CHECK_SECONDS = 0.5


@router.get("/healthz", include_in_schema=False)
async def healthz() -> dict:
    return {"status": "ok"}


@router.get("/readyz", include_in_schema=False)
async def readyz(request: Request) -> JSONResponse:
    """Ready while this gateway can serve: it is up, and its rate limiter counts in Redis or, while
    Redis fails, in memory (`limiter`: redis, fallback or memory). A backend that is down fails
    only its own routes (503 UNAVAILABLE + Retry-After), never readiness: taking every gateway out
    of the ingress for one bad service would darken the whole API. `services` reports each
    backend's gRPC health for operators."""
    backends = request.app.state.backends
    wanted = set(request.app.state.settings.required_services.split(","))
    addrs = {k: v for k, v in backends.addresses().items() if k in wanted}
    results = await asyncio.gather(
        *(check_health(backends.clients.channel(a), HEALTH_CHECK_SECONDS) for a in addrs.values())
    )
    return JSONResponse(
        {
            "status": "ready",
            "limiter": request.app.state.ratelimiter.mode,
            "services": dict(zip(addrs, results, strict=True)),
        }
    )
