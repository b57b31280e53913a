"""Settings shared by every service, read from the environment with working local defaults.

With APP_ENV=production a service refuses to start while any secret still has its local default
(see PRODUCTION_SECRETS), and the dev-only conveniences (creating Kafka topics, creating the bucket
and setting its public-read policy) are off unless set explicitly.
"""

from typing import ClassVar, Self

from pydantic import model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# Settings that hold secrets: in production none may keep its (local, published) default. Each
# settings class lists the ones its service uses (a service without a database or object store
# must not be refused for their defaults).
DATABASE_SECRETS = ("database_url",)
STORAGE_SECRETS = ("s3_access_key", "s3_secret_key")
# Dev-only switches that production turns off unless they are set explicitly.
DEV_ONLY = ("kafka_create_topics", "s3_create_bucket", "s3_set_public_policy")


class DefaultSecretInProduction(ValueError):
    pass


class KitSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", extra="ignore")
    production_secrets: ClassVar[tuple[str, ...]] = DATABASE_SECRETS

    # development or production. production refuses local default secrets and turns the dev-only
    # switches (KAFKA_CREATE_TOPICS, S3_CREATE_BUCKET, S3_SET_PUBLIC_POLICY) off by default.
    app_env: str = "development"
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
    # Fetch wait of a consumer that received nothing for kafka_idle_after_seconds (0: the same as
    # kafka_fetch_max_wait_ms). Raised on Tansu, whose short waits are an idle stack's main cost;
    # the first record after a quiet spell then waits up to this long, the next ones do not.
    kafka_idle_fetch_max_wait_ms: int = 0
    # The idle fetch wait of a background consumer group (kit.faustx.Agents(background=True): one
    # whose events nobody waits on, such as the clean-up after an app's deletion); 0: as above.
    kafka_background_idle_fetch_max_wait_ms: int = 0
    # Seconds without a record after which a consumer fetches with kafka_idle_fetch_max_wait_ms.
    kafka_idle_after_seconds: float = 30.0
    # How often an idle consumer (as above) compares its offsets with the broker's log ends
    # (kit.faustx.LogResets; every 2 s while records arrive): a log that went back during a quiet
    # spell (a restarted in-memory broker) is read again from its start up to this much later.
    kafka_idle_log_check_seconds: float = 10.0
    # Seconds an outbox relay keeps the events it sent, in memory, to send them again if the broker
    # loses records it had acknowledged (a broker keeping its log in memory, restarted); 0: off.
    outbox_replay_seconds: float = 120.0
    # An outbox relay's poll once no event flowed for 30 s: its own process's writes wake it at once,
    # so the poll only finds rows no notify announced (a replica that died before relaying them).
    outbox_idle_poll_seconds: float = 5.0
    # Partitions of topics created at start-up when missing (the upper bound of busy consumers).
    kafka_partitions: int = 3
    # Create missing topics at start-up (local runs); production declares them (KafkaTopic resources).
    kafka_create_topics: bool = True
    # Replication factor of topics created at start-up (1 on a single local broker).
    kafka_replication_factor: int = 1
    # PLAINTEXT, SSL, SASL_PLAINTEXT or SASL_SSL.
    kafka_security_protocol: str = "PLAINTEXT"
    # SASL mechanism with SASL_*: SCRAM-SHA-512, SCRAM-SHA-256 or PLAIN.
    kafka_sasl_mechanism: str = "SCRAM-SHA-512"
    # SASL user name.
    kafka_sasl_username: str = ""
    # SASL password.
    kafka_sasl_password: str = ""
    # PEM file of the CA that signed the brokers' certificates (SSL, SASL_SSL); empty = system CAs.
    kafka_ssl_cafile: str = ""
    # Client certificate (PEM) for mutual TLS; with KAFKA_SSL_KEYFILE.
    kafka_ssl_certfile: str = ""
    # Private key (PEM) of the client certificate.
    kafka_ssl_keyfile: str = ""
    # false: this replica runs no Kafka consumers, only its gRPC server and background loops
    # (delivery's sender, the renderer's queue runner), e.g. a worker that only adds capacity.
    kafka_consumers: bool = True

    # S3/MinIO host:port.
    s3_endpoint: str = "127.0.0.1:8333"
    # Region of the bucket (AWS: the bucket's region; MinIO: its configured region).
    s3_region: str = "us-east-1"
    # S3 access key; empty (with S3_SECRET_KEY empty) = AWS_ACCESS_KEY_ID or the IAM role of the pod
    # (IRSA web identity, EKS Pod Identity, instance profile) through the minio client's providers.
    s3_access_key: str = "minioadmin"
    # S3 secret key.
    s3_secret_key: str = "minioadmin123"  # noqa: S105 - local default only
    # Use HTTPS to reach the object store.
    s3_secure: bool = False
    # PEM file of the CA that signed the object store's certificate (e.g. a MinIO Tenant's); empty =
    # system CAs. Only the object-store client trusts it (webhooks keep the system CAs).
    s3_ca_file: str = ""
    # Longest wait for a connection to the object store (each of up to 4 attempts).
    s3_connect_timeout_seconds: float = 5.0
    # Longest silence of the object store once connected (per read, not the whole transfer).
    s3_read_timeout_seconds: float = 20.0
    # Bucket holding slides, uploads and ZIP bundles.
    s3_bucket: str = "slides"
    # Base URL under which public/ objects (unguessable keys) are fetched without credentials: in
    # production a CDN or a bucket policy that the operator grants on public/* (never the app).
    s3_public_url: str = "http://127.0.0.1:8333/slides"
    # Create the bucket when it is missing (local runs; production buckets are provisioned).
    s3_create_bucket: bool = True
    # Set an anonymous-read policy on public/* at start-up (local runs only: S3 Block Public Access
    # refuses it, and production serves public/ through S3_PUBLIC_URL).
    s3_set_public_policy: bool = True

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
    # Deadline of gRPC calls between services that change something (unless the call names its own).
    grpc_timeout_seconds: float = 10.0
    # Deadline of gRPC reads (Get*, List*, key checks): a backend that takes longer is treated as
    # unavailable, so a hung service costs a client this long before 503 + Retry-After.
    grpc_read_timeout_seconds: float = 2.0

    # Public base URL of the gateway (share links, oEmbed, webhook payload URLs).
    public_base_url: str = "http://127.0.0.1:8080"

    @property
    def production(self) -> bool:
        return self.app_env.strip().lower() in ("production", "prod")

    @model_validator(mode="after")
    def _production_rules(self) -> Self:
        if not self.production:
            return self
        fields = type(self).model_fields
        for name in DEV_ONLY:
            if name in fields and name not in self.model_fields_set:
                setattr(self, name, False)
        defaults = sorted(
            name.upper()
            for name in self.production_secrets
            if name in fields and fields[name].default and getattr(self, name) == fields[name].default
        )
        if defaults:
            raise DefaultSecretInProduction(
                f"APP_ENV=production but {', '.join(defaults)} still has the local default value:"
                " set it from the secret store (docs/operations.md lists every key)"
            )
        return self
