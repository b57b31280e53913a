"""Production settings: default secrets refused, dev-only switches off, Kafka security options,
object-store credentials (static keys or the pod's IAM role). No I/O."""

from __future__ import annotations

import ssl

import pytest
import trustme
from kit import kafka, storage
from kit.settings import KitSettings
from minio.credentials import ChainedProvider, StaticProvider
from pydantic import ValidationError

PROD_SECRETS = {
    "DATABASE_URL": "postgresql+psycopg://billing:s3cret@db-rw:5432/slides",
    "S3_ACCESS_KEY": "AKIAEXAMPLE",
    "S3_SECRET_KEY": "also-secret",
}


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    for name in [*KitSettings.model_fields, "app_env"]:
        monkeypatch.delenv(name.upper(), raising=False)


def test_local_defaults_work_and_create_topics_and_bucket():
    s = KitSettings()
    assert not s.production
    assert s.kafka_create_topics and s.s3_create_bucket and s.s3_set_public_policy
    assert s.s3_region == "us-east-1"


@pytest.mark.parametrize("missing", sorted(PROD_SECRETS))
def test_production_refuses_a_default_secret(monkeypatch, missing):
    from renderer.settings import Settings as Renderer

    monkeypatch.setenv("APP_ENV", "production")
    for key, value in PROD_SECRETS.items():
        if key != missing:
            monkeypatch.setenv(key, value)
    with pytest.raises(ValidationError, match=missing):
        Renderer()
    Renderer(app_env="development")


def test_a_service_is_refused_only_for_the_secrets_it_uses(monkeypatch):
    """Catalog has no object store and the gateway no database: their defaults do not matter."""
    from catalog.settings import Settings as Catalog
    from gateway.settings import GatewaySettings

    monkeypatch.setenv("APP_ENV", "production")
    monkeypatch.setenv("DATABASE_URL", PROD_SECRETS["DATABASE_URL"])
    Catalog()
    monkeypatch.delenv("DATABASE_URL")
    monkeypatch.setenv("MCP_ALLOWED_HOSTS", "api.slides.example.org")
    with pytest.raises(ValidationError, match="S3_ACCESS_KEY, S3_SECRET_KEY"):
        GatewaySettings()
    monkeypatch.setenv("S3_ACCESS_KEY", "")
    monkeypatch.setenv("S3_SECRET_KEY", "")
    GatewaySettings()


def test_production_refuses_every_default_secret_of_a_subclass(monkeypatch):
    from billing.settings import Settings as Billing
    from delivery.settings import Settings as Delivery
    from sharing.settings import Settings as Sharing

    monkeypatch.setenv("APP_ENV", "production")
    for key, value in PROD_SECRETS.items():
        monkeypatch.setenv(key, value)
    for cls, key in (
        (Billing, "STRIPE_WEBHOOK_SECRET"),
        (Delivery, "WEBHOOK_SECRET_KEY"),
        (Sharing, "SHARE_SECRET_KEY"),
    ):
        with pytest.raises(ValidationError, match=key):
            cls()
        monkeypatch.setenv(key, "k1:" + "x" * 43)
        cls()


def test_production_turns_dev_only_switches_off_unless_set(monkeypatch):
    monkeypatch.setenv("APP_ENV", "production")
    for key, value in PROD_SECRETS.items():
        monkeypatch.setenv(key, value)
    s = KitSettings()
    assert s.production
    assert not s.kafka_create_topics and not s.s3_create_bucket and not s.s3_set_public_policy
    monkeypatch.setenv("KAFKA_CREATE_TOPICS", "true")
    assert KitSettings().kafka_create_topics


def test_production_accepts_iam_role_instead_of_static_keys(monkeypatch):
    monkeypatch.setenv("APP_ENV", "production")
    monkeypatch.setenv("DATABASE_URL", PROD_SECRETS["DATABASE_URL"])
    monkeypatch.setenv("S3_ACCESS_KEY", "")
    monkeypatch.setenv("S3_SECRET_KEY", "")
    from renderer.settings import Settings as Renderer

    s = Renderer()
    assert isinstance(storage.credentials_provider(s), ChainedProvider)


def test_static_keys_use_a_static_provider_and_half_a_pair_is_refused():
    s = KitSettings(s3_access_key="a", s3_secret_key="b")
    assert isinstance(storage.credentials_provider(s), StaticProvider)
    with pytest.raises(ValueError, match="go together"):
        storage.credentials_provider(KitSettings(s3_access_key="a", s3_secret_key=""))


def test_storage_uses_the_configured_region():
    st = storage.Storage(KitSettings(s3_region="eu-central-1", s3_endpoint="s3.eu-central-1.amazonaws.com"))
    assert st.client._base_url.region == "eu-central-1"


def test_storage_trusts_a_configured_ca(tmp_path):
    ca = trustme.CA()
    ca.cert_pem.write_to_path(str(tmp_path / "ca.crt"))
    st = storage.Storage(KitSettings(s3_secure=True, s3_ca_file=str(tmp_path / "ca.crt")))
    assert st.client._http.connection_pool_kw["ca_certs"] == str(tmp_path / "ca.crt")


def test_gateway_refuses_any_mcp_host_in_production(monkeypatch):
    from gateway.settings import GatewaySettings

    monkeypatch.setenv("APP_ENV", "production")
    for key, value in PROD_SECRETS.items():
        monkeypatch.setenv(key, value)
    with pytest.raises(ValidationError, match="MCP_ALLOWED_HOSTS"):
        GatewaySettings()
    monkeypatch.setenv("MCP_ALLOWED_HOSTS", "api.slides.example.org")
    GatewaySettings()


def test_kafka_plaintext_by_default():
    assert kafka.client_options(KitSettings()) == {
        "bootstrap_servers": "127.0.0.1:19092",
        "security_protocol": "PLAINTEXT",
    }


def test_kafka_sasl_scram_over_tls(tmp_path):
    ca = trustme.CA()
    ca.cert_pem.write_to_path(str(tmp_path / "ca.crt"))
    options = kafka.client_options(
        KitSettings(
            kafka_security_protocol="SASL_SSL",
            kafka_sasl_username="renderer",
            kafka_sasl_password="pw",
            kafka_ssl_cafile=str(tmp_path / "ca.crt"),
        )
    )
    assert options["sasl_mechanism"] == "SCRAM-SHA-512"
    assert options["sasl_plain_username"] == "renderer" and options["sasl_plain_password"] == "pw"
    assert isinstance(options["ssl_context"], ssl.SSLContext)
    assert options["ssl_context"].verify_mode == ssl.CERT_REQUIRED


def test_kafka_mutual_tls(tmp_path):
    ca = trustme.CA()
    leaf = ca.issue_cert("renderer")
    ca.cert_pem.write_to_path(str(tmp_path / "ca.crt"))
    leaf.cert_chain_pems[0].write_to_path(str(tmp_path / "user.crt"))
    leaf.private_key_pem.write_to_path(str(tmp_path / "user.key"))
    options = kafka.client_options(
        KitSettings(
            kafka_security_protocol="SSL",
            kafka_ssl_cafile=str(tmp_path / "ca.crt"),
            kafka_ssl_certfile=str(tmp_path / "user.crt"),
            kafka_ssl_keyfile=str(tmp_path / "user.key"),
        )
    )
    assert "sasl_mechanism" not in options
    assert isinstance(options["ssl_context"], ssl.SSLContext)


@pytest.mark.parametrize(
    "overrides, message",
    [
        ({"kafka_security_protocol": "TLS"}, "KAFKA_SECURITY_PROTOCOL"),
        ({"kafka_security_protocol": "SASL_SSL"}, "KAFKA_SASL_USERNAME"),
        (
            {"kafka_security_protocol": "SASL_PLAINTEXT", "kafka_sasl_mechanism": "GSSAPI"},
            "KAFKA_SASL_MECHANISM",
        ),
        ({"kafka_security_protocol": "SSL", "kafka_ssl_certfile": "/x.crt"}, "go together"),
    ],
)
def test_kafka_bad_security_settings_are_refused(overrides, message):
    with pytest.raises(ValueError, match=message):
        kafka.client_options(KitSettings(**overrides))


async def test_no_topics_are_created_when_switched_off(monkeypatch):
    def boom(**_):
        raise AssertionError("admin client must not be created")

    monkeypatch.setattr(kafka, "AIOKafkaAdminClient", boom)
    await kafka.ensure_topics(KitSettings(kafka_create_topics=False))


async def test_no_bucket_calls_when_the_bucket_is_provisioned():
    st = storage.Storage(KitSettings(s3_create_bucket=False, s3_set_public_policy=False))

    class NoCalls:
        def __getattr__(self, name):
            raise AssertionError(f"object store called: {name}")

    st.client = NoCalls()  # type: ignore[assignment]
    await st.ensure_bucket()
