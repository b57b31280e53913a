"""renderer: slideshows, slides, marketing assets, ZIP bundles, idempotency keys, outbox.

Revision ID: 0001
"""

import sqlalchemy as sa
from alembic import context, op
from sqlalchemy.dialects.postgresql import ARRAY, JSONB

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _ts(name: str) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now())


def upgrade() -> None:
    s = context.config.attributes["schema"]
    op.create_table(
        "slideshows",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, nullable=False),
        sa.Column("app_id", sa.Text, nullable=False),
        sa.Column("app_name", sa.Text, nullable=False, server_default=""),
        sa.Column("hook_id", sa.Text, nullable=False),
        sa.Column("hook_text_snapshot", sa.Text, nullable=False),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("language", sa.Text, nullable=False),
        sa.Column("template_set", sa.Text, nullable=False),
        sa.Column("template_key", sa.Text, nullable=False),
        sa.Column("design", sa.Text, nullable=False),
        sa.Column("variable_overrides", JSONB, nullable=False),
        sa.Column("asset_token", sa.Text, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("version", sa.Integer, nullable=False, server_default="1"),
        sa.Column("error_code", sa.Text, nullable=True),
        sa.Column("error_message", sa.Text, nullable=True),
        _ts("created_at"),
        _ts("updated_at"),
        schema=s,
    )
    op.create_index("slideshows_org_created", "slideshows", ["organization_id", "created_at"], schema=s)
    op.create_index("slideshows_org_app", "slideshows", ["organization_id", "app_id"], schema=s)
    op.create_index("slideshows_status_updated", "slideshows", ["status", "updated_at"], schema=s)
    op.create_table(
        "slides",
        sa.Column("slideshow_id", sa.Text, primary_key=True),
        sa.Column("position", sa.Integer, primary_key=True),
        sa.Column("template", sa.Text, nullable=False),
        sa.Column("layout_type", sa.Text, nullable=False),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("subtitle", sa.Text, nullable=False),
        sa.Column("label", sa.Text, nullable=False),
        sa.Column("object_key", sa.Text, nullable=False),
        sa.Column("image_url", sa.Text, nullable=False),
        sa.Column("duration", sa.Double, nullable=False),
        schema=s,
    )
    op.create_table(
        "marketing_assets",
        sa.Column("slideshow_id", sa.Text, primary_key=True),
        sa.Column("position", sa.Integer, primary_key=True),
        sa.Column("type", sa.Text, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("tags", ARRAY(sa.Text), nullable=False),
        schema=s,
    )
    op.create_table(
        "bundles",
        sa.Column("slideshow_id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("object_key", sa.Text, nullable=False),
        _ts("created_at"),
        schema=s,
    )
    op.create_table(
        "idempotency_keys",
        sa.Column("organization_id", sa.Text, primary_key=True),
        sa.Column("key", sa.Text, primary_key=True),
        sa.Column("fingerprint", sa.Text, nullable=False),
        sa.Column("slideshow_id", sa.Text, nullable=False),
        _ts("created_at"),
        schema=s,
    )
    op.create_table(
        "deleted_apps",
        sa.Column("organization_id", sa.Text, primary_key=True),
        sa.Column("app_id", sa.Text, primary_key=True),
        _ts("deleted_at"),
        schema=s,
    )
    op.create_table(
        "outbox",
        sa.Column("id", sa.BigInteger, sa.Identity(), primary_key=True),
        sa.Column("topic", sa.Text, nullable=False),
        sa.Column("key", sa.Text, nullable=False),
        sa.Column("envelope", sa.LargeBinary, nullable=False),
        _ts("created_at"),
        schema=s,
    )
    op.create_table(
        "processed_events",
        sa.Column("consumer", sa.Text, primary_key=True),
        sa.Column("event_id", sa.Text, primary_key=True),
        _ts("processed_at"),
        schema=s,
    )


def downgrade() -> None:
    s = context.config.attributes["schema"]
    for name in ("processed_events", "outbox", "deleted_apps", "idempotency_keys", "bundles",
                 "marketing_assets", "slides", "slideshows"):
        op.drop_table(name, schema=s)
