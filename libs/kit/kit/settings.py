"""Settings shared by every service, read from the environment with working local defaults."""

from pydantic_settings import BaseSettings, SettingsConfigDict


class KitSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    service_name: str = "service"
    log_level: str = "INFO"

    database_url: str = "postgresql+psycopg://postgres@127.0.0.1:5432/slides"
    db_pool_size: int = 10

    kafka_bootstrap: str = "127.0.0.1:19092"
    # Tansu (the local broker) needs one record per batch (16); real Kafka keeps its default.
    kafka_max_batch_size: int = 16384
    kafka_session_timeout_ms: int = 10000
    kafka_heartbeat_interval_ms: int = 3000
    kafka_partitions: int = 3

    s3_endpoint: str = "127.0.0.1:8333"
    s3_access_key: str = "minioadmin"
    s3_secret_key: str = "minioadmin123"  # noqa: S105 - local default only
    s3_secure: bool = False
    s3_bucket: str = "slides"
    # Base URL under which public (unguessable) objects are fetched without credentials.
    s3_public_url: str = "http://127.0.0.1:8333/slides"

    # Run the migrations and exit (Kubernetes migration Jobs use this).
    migrate_only: bool = False

    grpc_host: str = "127.0.0.1"
    grpc_port: int = 0
    metrics_port: int = 0

    billing_addr: str = "127.0.0.1:50051"
    catalog_addr: str = "127.0.0.1:50052"
    hooks_addr: str = "127.0.0.1:50053"
    renderer_addr: str = "127.0.0.1:50054"
    delivery_addr: str = "127.0.0.1:50055"
    sharing_addr: str = "127.0.0.1:50056"
    grpc_timeout_seconds: float = 10.0

    # Public base URL of the gateway (share links, oEmbed, webhook payload URLs).
    public_base_url: str = "http://127.0.0.1:8080"
