"""catalog: apps, outbox, processed events.

Revision ID: 0001
"""

import sqlalchemy as sa
from alembic import context, op
from sqlalchemy.dialects.postgresql import ARRAY

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TEXT = ("name", "slug", "niche", "language", "status", "target_audience", "description", "ios_url",
        "android_url", "website_url", "brand_primary_color", "brand_secondary_color", "brand_accent_color")
LISTS = ("screenshots", "value_props", "pain_points", "differentiators")


def upgrade() -> None:
    s = context.config.attributes["schema"]
    op.create_table(
        "apps",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, nullable=False),
        *[sa.Column(c, sa.Text, nullable=False, server_default="") for c in TEXT],
        *[sa.Column(c, ARRAY(sa.Text), nullable=False, server_default="{}") for c in LISTS],
        sa.Column("design", sa.Text, nullable=False, server_default="classic"),
        sa.Column("tagline", sa.Text, nullable=False, server_default=""),
        sa.Column("image_source", sa.Text, nullable=False, server_default="brand"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
        sa.UniqueConstraint("organization_id", "slug", name="apps_org_slug_key"),
        schema=s,
    )
    op.create_index("apps_org_created", "apps", ["organization_id", sa.text("created_at DESC"), sa.text("id DESC")],
                    schema=s)
    op.create_index("apps_org_status_created", "apps",
                    ["organization_id", "status", sa.text("created_at DESC"), sa.text("id DESC")], schema=s)
    op.create_table(
        "outbox",
        sa.Column("id", sa.BigInteger, sa.Identity(), primary_key=True),
        sa.Column("topic", sa.Text, nullable=False),
        sa.Column("key", sa.Text, nullable=False),
        sa.Column("envelope", sa.LargeBinary, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
        schema=s,
    )
    op.create_table(
        "processed_events",
        sa.Column("consumer", sa.Text, primary_key=True),
        sa.Column("event_id", sa.Text, primary_key=True),
        sa.Column("processed_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
        schema=s,
    )


def downgrade() -> None:
    s = context.config.attributes["schema"]
    for t in ("processed_events", "outbox", "apps"):
        op.drop_table(t, schema=s)
