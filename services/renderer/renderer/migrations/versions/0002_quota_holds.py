"""renderer: quota holds (a consumed slideshow unit whose slideshow is not committed yet).

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
    op.create_table(
        "quota_holds",
        sa.Column("slideshow_id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
        schema=s,
    )


def downgrade() -> None:
    op.drop_table("quota_holds", schema=context.config.attributes["schema"])
