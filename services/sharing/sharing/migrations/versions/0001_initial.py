"""sharing: share links, wrong-password attempts, outbox, processed events.

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
        "shares",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, nullable=False),
        sa.Column("slideshow_id", sa.Text, nullable=False),
        sa.Column("app_id", sa.Text, nullable=False, server_default=""),
        # sha256 hex of the token: lookups go by hash, the DB never holds a usable token.
        sa.Column("token_hash", sa.Text, nullable=False, unique=True),
        # Fernet ciphertext of the token, so the API can show the existing link again.
        sa.Column("token_encrypted", sa.Text, nullable=False),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("enabled", sa.Boolean, nullable=False, server_default=sa.true()),
        _ts("created_at", False, True),
        _ts("updated_at", False, True),
        sa.UniqueConstraint("organization_id", "slideshow_id", name="shares_org_slideshow_key"),
        schema=s,
    )
    op.create_index("shares_org_app_idx", "shares", ["organization_id", "app_id"], schema=s)
    op.create_table(
        "password_failures",
        sa.Column("id", sa.BigInteger, sa.Identity(), primary_key=True),
        sa.Column("share_id", sa.Text, nullable=False),
        sa.Column("client_ip", sa.Text, nullable=False),
        _ts("failed_at", False, True),
        schema=s,
    )
    op.create_index(
        "password_failures_lookup_idx", "password_failures", ["share_id", "client_ip", "failed_at"], schema=s
    )
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
    for table in ("processed_events", "outbox", "password_failures", "shares"):
        op.drop_table(table, schema=s)
