"""billing: organizations, users, sessions, api keys, subscriptions, usage, billing events, mail.

Revision ID: 0001
"""

import sqlalchemy as sa
from alembic import context, op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _ts(name: str, nullable: bool = True, now: bool = False) -> sa.Column:
    return sa.Column(
        name, sa.DateTime(timezone=True), nullable=nullable, server_default=sa.func.now() if now else None
    )


def upgrade() -> None:
    s = context.config.attributes["schema"]
    op.create_table(
        "organizations",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("plan", sa.Text, nullable=False),
        sa.Column("status", sa.Text, nullable=False, server_default="ACTIVE"),
        sa.Column("stripe_customer_id", sa.Text, nullable=True, unique=True),
        sa.Column("rate_limit_override", sa.Integer, nullable=False, server_default="0"),
        _ts("period_start"),
        _ts("period_end"),
        _ts("created_at", False, True),
        _ts("updated_at", False, True),
        schema=s,
    )
    op.create_table(
        "users",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, sa.ForeignKey(f"{s}.organizations.id"), nullable=False),
        sa.Column("email", sa.Text, nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("role", sa.Text, nullable=False, server_default="owner"),
        _ts("created_at", False, True),
        schema=s,
    )
    op.create_index("users_org", "users", ["organization_id"], schema=s)
    op.create_table(
        "sessions",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, nullable=False),
        sa.Column("user_id", sa.Text, nullable=False),
        sa.Column("token_hash", sa.Text, nullable=False, unique=True),
        _ts("created_at", False, True),
        _ts("expires_at", False),
        _ts("revoked_at"),
        schema=s,
    )
    op.create_table(
        "api_keys",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, sa.ForeignKey(f"{s}.organizations.id"), nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("key_hash", sa.Text, nullable=False, unique=True),
        sa.Column("prefix", sa.Text, nullable=False),
        _ts("created_at", False, True),
        _ts("revoked_at"),
        schema=s,
    )
    op.create_index("api_keys_org", "api_keys", ["organization_id"], schema=s)
    op.create_table(
        "subscriptions",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, nullable=False),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("plan", sa.Text, nullable=False),
        _ts("current_period_start"),
        _ts("current_period_end"),
        sa.Column("event_created", sa.BigInteger, nullable=False),
        _ts("updated_at", False, True),
        schema=s,
    )
    op.create_index("subscriptions_org", "subscriptions", ["organization_id"], schema=s)
    op.create_table(
        "usage_counters",
        sa.Column("organization_id", sa.Text, primary_key=True),
        sa.Column("quota", sa.Text, primary_key=True),
        sa.Column("period_start", sa.DateTime(timezone=True), primary_key=True),
        sa.Column("used", sa.Integer, nullable=False, server_default="0"),
        sa.CheckConstraint("used >= 0", name="usage_counters_used_nonnegative"),
        schema=s,
    )
    op.create_table(
        "quota_ops",
        sa.Column("organization_id", sa.Text, primary_key=True),
        sa.Column("op", sa.Text, primary_key=True),
        sa.Column("idempotency_key", sa.Text, primary_key=True),
        _ts("created_at", False, True),
        schema=s,
    )
    op.create_table(
        "quota_notices",
        sa.Column("organization_id", sa.Text, primary_key=True),
        sa.Column("quota", sa.Text, primary_key=True),
        sa.Column("period_start", sa.DateTime(timezone=True), primary_key=True),
        _ts("created_at", False, True),
        schema=s,
    )
    op.create_table(
        "billing_events",
        sa.Column("event_id", sa.Text, primary_key=True),
        sa.Column("type", sa.Text, nullable=False),
        sa.Column("created", sa.BigInteger, nullable=False),
        sa.Column("organization_id", sa.Text, nullable=True),
        sa.Column("outcome", sa.Text, nullable=False, server_default="processed"),
        _ts("received_at", False, True),
        schema=s,
    )
    op.create_table(
        "mail_queue",
        sa.Column("id", sa.BigInteger, sa.Identity(), primary_key=True),
        sa.Column("organization_id", sa.Text, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("to_addr", sa.Text, nullable=False),
        sa.Column("subject", sa.Text, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("last_error", sa.Text, nullable=True),
        _ts("next_attempt_at", False, True),
        _ts("sent_at"),
        _ts("created_at", False, True),
        schema=s,
    )
    op.create_index(
        "mail_queue_due", "mail_queue", ["next_attempt_at"], schema=s, postgresql_where=sa.text("sent_at IS NULL")
    )
    op.create_table(
        "login_failures",
        sa.Column("id", sa.BigInteger, sa.Identity(), primary_key=True),
        sa.Column("subject", sa.Text, nullable=False),
        _ts("at", False, True),
        schema=s,
    )
    op.create_index("login_failures_subject_at", "login_failures", ["subject", "at"], schema=s)
    op.create_table(
        "outbox",
        sa.Column("id", sa.BigInteger, sa.Identity(), primary_key=True),
        sa.Column("topic", sa.Text, nullable=False),
        sa.Column("key", sa.Text, nullable=False),
        sa.Column("envelope", sa.LargeBinary, nullable=False),
        _ts("created_at", False, True),
        schema=s,
    )
    op.create_table(
        "processed_events",
        sa.Column("consumer", sa.Text, primary_key=True),
        sa.Column("event_id", sa.Text, primary_key=True),
        _ts("processed_at", False, True),
        schema=s,
    )


def downgrade() -> None:
    s = context.config.attributes["schema"]
    for t in ("processed_events", "outbox", "login_failures", "mail_queue", "billing_events", "quota_notices",
              "quota_ops", "usage_counters", "subscriptions", "api_keys", "sessions", "users", "organizations"):
        op.drop_table(t, schema=s)
