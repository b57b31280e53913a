"""Settings shared by every service, read from the environment with working local defaults."""

from pydantic_settings import BaseSettings, SettingsConfigDict


class KitSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    # Name used in logs and metrics.
    service_name: str = "service"
    # DEBUG, INFO, WARNING or ERROR.
    log_level: str = "INFO"

    # Postgres URL (SQLAlchemy form); every service keeps its tables in its own schema.
    database_url: str = "postgresql+psycopg://postgres@127.0.0.1:5432/slides"
    # Connections per process (the pool may overflow by as many again).
    db_pool_size: int = 10

    # Kafka bootstrap servers, comma separated.
    kafka_bootstrap: str = "127.0.0.1:19092"
    # Tansu (the local broker) needs one record per batch (16); real Kafka keeps its default.
    kafka_max_batch_size: int = 16384
    # Consumer group session timeout; short values make restarts rejoin faster.
    kafka_session_timeout_ms: int = 10000
    # Consumer heartbeat interval (well under the session timeout).
    kafka_heartbeat_interval_ms: int = 3000
    # Longest a fetch waits for data; Tansu answers only when it runs out, so keep it short there.
    kafka_fetch_max_wait_ms: int = 500
    # Partitions of topics created at start-up when missing (the upper bound of busy consumers).
    kafka_partitions: int = 3
    # false: this replica runs no Kafka consumers, only its gRPC server and background loops
    # (delivery's sender, the renderer's queue runner), e.g. a worker that only adds capacity.
    kafka_consumers: bool = True

    # S3/MinIO host:port.
    s3_endpoint: str = "127.0.0.1:8333"
    # S3 access key.
    s3_access_key: str = "minioadmin"
    # S3 secret key.
    s3_secret_key: str = "minioadmin123"  # noqa: S105 - local default only
    # Use HTTPS to reach the object store.
    s3_secure: bool = False
    # Bucket holding slides, uploads and ZIP bundles.
    s3_bucket: str = "slides"
    # Base URL under which public (unguessable) objects are fetched without credentials.
    s3_public_url: str = "http://127.0.0.1:8333/slides"

    # Run the migrations and exit (Kubernetes migration Jobs use this).
    migrate_only: bool = False

    # Interface the gRPC server binds (0.0.0.0 in containers).
    grpc_host: str = "127.0.0.1"
    # gRPC port of this service (0 = any free port).
    grpc_port: int = 0
    # Prometheus metrics port (0 = off).
    metrics_port: int = 0

    # Address of the billing service.
    billing_addr: str = "127.0.0.1:20051"
    # Address of the catalog service.
    catalog_addr: str = "127.0.0.1:20052"
    # Address of the hooks service.
    hooks_addr: str = "127.0.0.1:20053"
    # Address of the renderer service.
    renderer_addr: str = "127.0.0.1:20054"
    # Address of the delivery service.
    delivery_addr: str = "127.0.0.1:20055"
    # Address of the sharing service.
    sharing_addr: str = "127.0.0.1:20056"
    # Deadline of every gRPC call between services.
    grpc_timeout_seconds: float = 10.0

    # Public base URL of the gateway (share links, oEmbed, webhook payload URLs).
    public_base_url: str = "http://127.0.0.1:8080"
