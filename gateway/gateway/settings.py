from typing import ClassVar, Self

from kit.settings import STORAGE_SECRETS, KitSettings
from pydantic import model_validator


class GatewaySettings(KitSettings):
    # Secrets refused in production while they keep their local default.
    production_secrets: ClassVar[tuple[str, ...]] = STORAGE_SECRETS  # no database
    service_name: str = "gateway"
    gateway_host: str = "127.0.0.1"
    gateway_port: int = 8080
    # Shared rate-limit counters for several replicas; in-memory (one replica) when empty.
    redis_url: str = ""
    # While Redis fails, each replica counts in memory and allows this share of every limit
    # (limit / N): the gateway replicas that are normally running (the HPA's minimum in Kubernetes).
    rate_limit_fallback_replicas: int = 1
    # Proxies whose X-Forwarded-For (and X-Forwarded-Proto) is believed: comma-separated addresses
    # or CIDR ranges (the ingress controllers' range in Kubernetes). Empty (the local default):
    # none, the client address is the TCP peer, and a client cannot choose it by sending the
    # header. Never "*". Every per-IP limit (public pages, login, sign-up) keys on this address.
    forwarded_allow_ips: str = ""
    # Per-IP limit of the public (unauthenticated) endpoints, requests per minute.
    public_requests_per_minute: int = 300
    # Largest request body accepted anywhere (screenshot uploads are the biggest).
    max_body_bytes: int = 11 * 1024 * 1024
    # Host names (besides localhost) the MCP transport accepts; "*" accepts any.
    mcp_allowed_hosts: str = "*"
    # Services whose state /readyz reports (comma separated); none of them makes it fail.
    required_services: str = "billing,catalog,hooks,renderer,delivery,sharing"
    # Pages of the hook list kept per replica (gateway.keptpages: sent again while the hooks
    # service says the library's version is unchanged; about 100 KB for a page of 50); 0 keeps none.
    kept_hook_pages: int = 128
    # Pages of the slideshow list kept per replica (the same, with the renderer's list version;
    # about 35 KB for a page of 20); 0 keeps none.
    kept_slideshow_pages: int = 256

    @model_validator(mode="after")
    def _production_hosts(self) -> Self:
        if self.production and "*" in [h.strip() for h in self.mcp_allowed_hosts.split(",")]:
            raise ValueError("APP_ENV=production needs MCP_ALLOWED_HOSTS set to the public host names, not *")
        if self.production and self.forwarded_allow_ips.strip() == "*":
            raise ValueError("FORWARDED_ALLOW_IPS must list the ingress controllers' addresses, never *")
        return self
