"""delivery: endpoints (webhooks and chat), deliveries, attempts, social accounts, publishes.

Revision ID: 0001
"""

import sqlalchemy as sa
from alembic import context, op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _ts(name: str, nullable: bool = True) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    s = context.config.attributes["schema"]
    op.create_table(
        "endpoints",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("url", sa.Text, nullable=False),
        sa.Column("events", postgresql.ARRAY(sa.Text), nullable=False),
        sa.Column("description", sa.Text, nullable=False, server_default=""),
        sa.Column("secret_key_id", sa.Text),
        sa.Column("secret_cipher", sa.LargeBinary),
        sa.Column("enabled", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("disabled_reason", sa.Text, nullable=False, server_default=""),
        _ts("created_at", False),
        _ts("updated_at", False),
        schema=s,
    )
    op.create_index("endpoints_org_kind", "endpoints", ["organization_id", "kind"], schema=s)
    op.create_table(
        "deliveries",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, nullable=False),
        sa.Column("endpoint_id", sa.Text, sa.ForeignKey(f"{s}.endpoints.id", ondelete="CASCADE"), nullable=False),
        sa.Column("event_id", sa.Text, nullable=False),
        sa.Column("event", sa.Text, nullable=False),
        sa.Column("body", sa.LargeBinary, nullable=False),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("attempt_count", sa.Integer, nullable=False, server_default="0"),
        _ts("next_attempt_at"),
        _ts("created_at", False),
        _ts("updated_at", False),
        sa.UniqueConstraint("endpoint_id", "event_id", name="deliveries_endpoint_event_key"),
        schema=s,
    )
    op.create_index(
        "deliveries_due",
        "deliveries",
        ["next_attempt_at"],
        schema=s,
        postgresql_where=sa.text("status = 'PENDING'"),
    )
    op.create_index(
        "deliveries_endpoint_created", "deliveries", ["organization_id", "endpoint_id", "created_at"], schema=s
    )
    op.create_table(
        "attempts",
        sa.Column("id", sa.BigInteger, sa.Identity(), primary_key=True),
        sa.Column("delivery_id", sa.Text, sa.ForeignKey(f"{s}.deliveries.id", ondelete="CASCADE"), nullable=False),
        sa.Column("organization_id", sa.Text, nullable=False),
        sa.Column("attempt", sa.Integer, nullable=False),
        sa.Column("status_code", sa.Integer, nullable=False),
        sa.Column("duration_ms", sa.Integer, nullable=False),
        sa.Column("error", sa.Text, nullable=False, server_default=""),
        _ts("next_attempt_at"),
        _ts("created_at", False),
        sa.UniqueConstraint("delivery_id", "attempt", name="attempts_delivery_attempt_key"),
        schema=s,
    )
    op.create_table(
        "social_accounts",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, nullable=False),
        sa.Column("app_id", sa.Text, nullable=False),
        sa.Column("platform", sa.Text, nullable=False),
        sa.Column("open_id", sa.Text, nullable=False, server_default=""),
        sa.Column("display_name", sa.Text, nullable=False, server_default=""),
        sa.Column("token_key_id", sa.Text, nullable=False),
        sa.Column("token_cipher", sa.LargeBinary, nullable=False),
        _ts("created_at", False),
        _ts("updated_at", False),
        sa.UniqueConstraint("organization_id", "app_id", "platform", name="social_accounts_app_platform_key"),
        schema=s,
    )
    op.create_table(
        "publishes",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, nullable=False),
        sa.Column("slideshow_id", sa.Text, nullable=False),
        sa.Column("account_id", sa.Text, nullable=False),
        sa.Column("app_id", sa.Text, nullable=False),
        sa.Column("platform", sa.Text, nullable=False),
        sa.Column("mode", sa.Text, nullable=False),
        sa.Column("privacy_level", sa.Text, nullable=False),
        sa.Column("publish_id", sa.Text, nullable=False, server_default=""),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("error", sa.Text, nullable=False, server_default=""),
        _ts("created_at", False),
        _ts("updated_at", False),
        sa.UniqueConstraint("slideshow_id", "account_id", name="publishes_slideshow_account_key"),
        schema=s,
    )


def downgrade() -> None:
    s = context.config.attributes["schema"]
    for table in ("publishes", "social_accounts", "attempts", "deliveries", "endpoints"):
        op.drop_table(table, schema=s)
