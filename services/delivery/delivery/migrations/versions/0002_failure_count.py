"""delivery: endpoints count their consecutive failed attempts (reset by a success, or when the
endpoint is enabled again).

Revision ID: 0002
"""

import sqlalchemy as sa
from alembic import context, op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    s = context.config.attributes["schema"]
    op.add_column(
        "endpoints", sa.Column("failure_count", sa.Integer, nullable=False, server_default="0"), schema=s
    )


def downgrade() -> None:
    s = context.config.attributes["schema"]
    op.drop_column("endpoints", "failure_count", schema=s)
