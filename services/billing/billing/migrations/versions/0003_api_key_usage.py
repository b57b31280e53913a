"""billing: when each API key was last used (reported by the gateways, RecordApiKeyUse). A table of
its own: api_keys' trigger tells the gateways to drop their answers on every change of a key row,
which a use must not do.

Revision ID: 0003
"""

import sqlalchemy as sa
from alembic import context, op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    s = context.config.attributes["schema"]
    op.create_table(
        "api_key_usage",
        sa.Column("key_id", sa.Text, sa.ForeignKey(f"{s}.api_keys.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=False),
        schema=s,
    )


def downgrade() -> None:
    op.drop_table("api_key_usage", schema=context.config.attributes["schema"])
