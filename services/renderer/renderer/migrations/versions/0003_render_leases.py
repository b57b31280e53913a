"""renderer: render claims are leases, and claimable decks are found by index.

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
    op.add_column("slideshows", sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True), schema=s)
    op.create_index(
        "slideshows_queue_idx",
        "slideshows",
        ["created_at"],
        schema=s,
        postgresql_where=sa.text("status IN ('QUEUED', 'RENDERING')"),
    )


def downgrade() -> None:
    s = context.config.attributes["schema"]
    op.drop_index("slideshows_queue_idx", "slideshows", schema=s)
    op.drop_column("slideshows", "lease_until", schema=s)
