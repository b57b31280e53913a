"""Prometheus metrics shared by every service (exposed on METRICS_PORT)."""

from prometheus_client import Counter, Gauge, Histogram

RPC_REQUESTS = Counter("rpc_requests_total", "gRPC requests handled", ["method", "code"])
RPC_LATENCY = Histogram("rpc_latency_seconds", "gRPC handler latency", ["method"])
EVENTS_PROCESSED = Counter("events_processed_total", "Kafka events handled", ["group", "topic", "outcome"])
EVENT_SECONDS = Histogram("event_processing_seconds", "Kafka event handling time", ["group", "topic"])
CONSUMER_LAG = Gauge(
    "kafka_consumer_lag", "Records behind the end of the partition", ["group", "topic", "partition"]
)
CONSUMER_LOG_RESETS = Counter(
    "consumer_log_resets_total",
    "Partitions read again from their start because the broker's log went back under the consumer",
    ["group", "topic"],
)
OUTBOX_RELAYED = Counter("outbox_relayed_total", "Events relayed from the outbox to Kafka", ["topic"])
# A last batch at the batch limit (200) means the relay is behind.
OUTBOX_REPLAYED = Counter(
    "outbox_replayed_total", "Events sent again because the broker lost records it had acknowledged"
)
OUTBOX_BATCH = Gauge("outbox_last_batch_size", "Rows moved by the last relay batch")
HTTP_REQUESTS = Counter("http_requests_total", "HTTP requests at the gateway", ["method", "route", "status"])
HTTP_LATENCY = Histogram("http_request_seconds", "HTTP latency at the gateway", ["method", "route"])
AUTH_CACHE = Counter("auth_cache_total", "API-key checks at the gateway by cache outcome", ["outcome"])
AUTH_CACHE_LIVE = Gauge("auth_cache_live", "1 while billing's change stream is open and answers are kept")
APPS_CACHE = Counter("apps_cache_total", "App reads at the gateway by cache outcome", ["outcome"])
APPS_CACHE_LIVE = Gauge("apps_cache_live", "1 while catalog's change stream is open and answers are kept")
RATE_LIMITED = Counter("rate_limit_rejections_total", "Requests refused by the per-minute limit", ["scope"])
RENDERS_IN_FLIGHT = Gauge("renders_in_flight", "Decks being drawn right now")
RENDER_SECONDS = Histogram("render_seconds", "Time to draw and upload one deck", ["outcome"])
DECK_LINT_VIOLATIONS = Counter(
    "deck_lint_violations_total",
    "Layout rules a rendered deck broke (renderer deck lint)",
    ["rule", "design"],
)
WEBHOOK_ATTEMPTS = Counter("webhook_attempts_total", "Delivery attempts", ["kind", "outcome", "attempt"])
