import asyncio

from fastapi import APIRouter, Request
from kit.grpcx import check_health

from gateway.responses import JSONResponse

router = APIRouter(tags=["health"])


@router.get("/healthz", include_in_schema=False)
async def healthz() -> dict:
    return {"status": "ok"}


@router.get("/readyz", include_in_schema=False)
async def readyz(request: Request) -> JSONResponse:
    """Ready only when every backing service answers its gRPC health check."""
    wanted = set(request.app.state.settings.required_services.split(","))
    addrs = {k: v for k, v in request.app.state.backends.addresses().items() if k in wanted}
    results = await asyncio.gather(*(check_health(a) for a in addrs.values()))
    status = dict(zip(addrs, results, strict=True))
    ok = all(results)
    return JSONResponse(
        {"status": "ready" if ok else "not ready", "services": status}, status_code=200 if ok else 503
    )
