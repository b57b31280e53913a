"""delivery: TikTok accounts connected by OAuth (refresh token, expiries, status, avatar), the
single-use OAuth states of connections under way, and publishes followed to their final status.

Revision ID: 0003
"""

import sqlalchemy as sa
from alembic import context, op
from sqlalchemy.dialects import postgresql

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def _ts(name: str, nullable: bool = True) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    s = context.config.attributes["schema"]
    for column in (
        sa.Column("status", sa.Text, nullable=False, server_default="CONNECTED"),
        sa.Column("connected_by", sa.Text, nullable=False, server_default="token"),
        sa.Column("avatar_url", sa.Text, nullable=False, server_default=""),
        sa.Column("scope", sa.Text, nullable=False, server_default=""),
        sa.Column("refresh_key_id", sa.Text),
        sa.Column("refresh_cipher", sa.LargeBinary),
        _ts("access_expires_at"),
        _ts("refresh_expires_at"),
        _ts("refresh_lease_until"),
    ):
        op.add_column("social_accounts", column, schema=s)
    op.create_index(
        "social_accounts_due_refresh",
        "social_accounts",
        ["access_expires_at"],
        schema=s,
        postgresql_where=sa.text("status = 'CONNECTED' AND refresh_cipher IS NOT NULL"),
    )
    for column in (
        sa.Column("fail_reason", sa.Text, nullable=False, server_default=""),
        sa.Column("post_ids", postgresql.ARRAY(sa.Text), nullable=False, server_default="{}"),
        sa.Column("check_count", sa.Integer, nullable=False, server_default="0"),
        _ts("next_check_at"),
        _ts("notified_at"),
    ):
        op.add_column("publishes", column, schema=s)
    op.create_index(
        "publishes_due_check",
        "publishes",
        ["next_check_at"],
        schema=s,
        postgresql_where=sa.text("next_check_at IS NOT NULL"),
    )
    # Posts made before this revision whose status was not final yet are followed from now on.
    op.execute(
        f'UPDATE "{s}".publishes SET next_check_at'
        " = now() WHERE publish_id <> '' "
        "AND status NOT IN ('PUBLISH_COMPLETE', 'SEND_TO_USER_INBOX', 'FAILED')"
    )
    op.create_table(
        "oauth_states",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, nullable=False),
        sa.Column("app_id", sa.Text, nullable=False),
        sa.Column("platform", sa.Text, nullable=False),
        sa.Column("redirect_after", sa.Text, nullable=False, server_default=""),
        sa.Column("verifier_key_id", sa.Text, nullable=False),
        sa.Column("verifier_cipher", sa.LargeBinary, nullable=False),
        _ts("expires_at", False),
        _ts("used_at"),
        _ts("created_at", False),
        schema=s,
    )
    op.create_index("oauth_states_expires", "oauth_states", ["expires_at"], schema=s)


def downgrade() -> None:
    s = context.config.attributes["schema"]
    op.drop_table("oauth_states", schema=s)
    op.drop_index("publishes_due_check", table_name="publishes", schema=s)
    for name in ("fail_reason", "post_ids", "check_count", "next_check_at", "notified_at"):
        op.drop_column("publishes", name, schema=s)
    op.drop_index("social_accounts_due_refresh", table_name="social_accounts", schema=s)
    for name in (
        "status",
        "connected_by",
        "avatar_url",
        "scope",
        "refresh_key_id",
        "refresh_cipher",
        "access_expires_at",
        "refresh_expires_at",
        "refresh_lease_until",
    ):
        op.drop_column("social_accounts", name, schema=s)
