import signal
import sys

import uvicorn
from kit import logs, tracing

from gateway.app import create_app
from gateway.protocol import EnvelopeHttpToolsProtocol
from gateway.settings import GatewaySettings

# Inside Kubernetes' terminationGracePeriodSeconds (35) less the preStop sleep (5).
SHUTDOWN_GRACE_SECONDS = 25


def main() -> None:
    settings = GatewaySettings()
    logs.configure("gateway", settings.log_level)
    tracing.configure("gateway")
    if settings.metrics_port:
        from prometheus_client import start_http_server

        start_http_server(settings.metrics_port, addr=settings.gateway_host)
    # uvicorn stops gracefully on SIGTERM (no new connections, in-flight requests finish within
    # SHUTDOWN_GRACE_SECONDS), then raises the signal again into the handler that was there before
    # it: this one, so a graceful stop exits 0.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    uvicorn.run(
        create_app(settings),
        timeout_graceful_shutdown=SHUTDOWN_GRACE_SECONDS,
        host=settings.gateway_host,
        port=settings.gateway_port,
        access_log=False,
        log_config=None,
        server_header=False,
        http=EnvelopeHttpToolsProtocol,
        # X-Forwarded-For is honoured only from the configured proxies (none by default).
        proxy_headers=bool(settings.forwarded_allow_ips.strip()),
        forwarded_allow_ips=settings.forwarded_allow_ips.strip() or "127.0.0.1",
    )


if __name__ == "__main__":
    main()
