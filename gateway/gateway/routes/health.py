from fastapi import Request

from gateway.operations.health import services_health
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
    wanted = set(request.app.state.settings.required_services.split(","))
    services = await services_health(request.app.state.backends, wanted, HEALTH_CHECK_SECONDS)
    return JSONResponse(
        {"status": "ready", "limiter": request.app.state.ratelimiter.mode, "services": services}
    )
