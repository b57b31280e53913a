"""hooks: a local view of the catalog's apps (kept from catalog.apps.v1), so the daily refresh
needs no call per organization.

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
        "apps",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, nullable=False),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        schema=s,
    )
    op.create_index("apps_org_status", "apps", ["organization_id", "status"], schema=s)


def downgrade() -> None:
    op.drop_table("apps", schema=context.config.attributes["schema"])
