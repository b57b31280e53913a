"""renderer: quota_holds.releasing: a sweeper marks a stale hold before it gives the unit back, and a
generate request only drops a hold nobody is releasing (so a unit given back never pays for a deck).

Revision ID: 0006
"""

import sqlalchemy as sa
from alembic import context, op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "quota_holds",
        sa.Column("releasing", sa.Boolean(), nullable=False, server_default=sa.false()),
        schema=context.config.attributes["schema"],
    )


def downgrade() -> None:
    op.drop_column("quota_holds", "releasing", schema=context.config.attributes["schema"])
