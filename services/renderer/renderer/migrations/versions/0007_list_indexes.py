"""renderer: the list's indexes end in (created_at, id), its order, and carry status: a page is
read in index order (no sort of every deck with the same created_at; the clones of a deck and
the decks of one request share it) and a page far from the first counts off the decks before it
in the index alone (index-only scan), then reads only its own rows.

Revision ID: 0007
"""

from alembic import context, op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    s = context.config.attributes["schema"]
    op.execute(
        f'CREATE INDEX slideshows_org_recent ON "{s}".slideshows (organization_id, created_at, id) '
        "INCLUDE (status)"
    )
    op.execute(
        f'CREATE INDEX slideshows_org_app_recent ON "{s}".slideshows '
        "(organization_id, app_id, created_at, id) INCLUDE (status)"
    )
    op.drop_index("slideshows_org_created", "slideshows", schema=s)
    op.drop_index("slideshows_org_app", "slideshows", schema=s)


def downgrade() -> None:
    s = context.config.attributes["schema"]
    op.create_index("slideshows_org_created", "slideshows", ["organization_id", "created_at"], schema=s)
    op.create_index("slideshows_org_app", "slideshows", ["organization_id", "app_id"], schema=s)
    op.drop_index("slideshows_org_app_recent", "slideshows", schema=s)
    op.drop_index("slideshows_org_recent", "slideshows", schema=s)
