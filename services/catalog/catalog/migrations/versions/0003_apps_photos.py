"""catalog: apps.photos, the photo URLs of image_source photos (at most 24, like screenshots).

Revision ID: 0003
"""

import sqlalchemy as sa
from alembic import context, op
from sqlalchemy.dialects.postgresql import ARRAY

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    s = context.config.attributes["schema"]
    op.add_column("apps", sa.Column("photos", ARRAY(sa.Text), nullable=False, server_default="{}"), schema=s)


def downgrade() -> None:
    s = context.config.attributes["schema"]
    op.drop_column("apps", "photos", schema=s)
