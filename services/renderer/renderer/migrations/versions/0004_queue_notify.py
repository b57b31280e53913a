"""renderer: NOTIFY renderer_queue whenever a deck becomes QUEUED (new, or given back), so idle
render workers start at once instead of polling.

Revision ID: 0004
"""

from alembic import context, op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    s = context.config.attributes["schema"]
    op.execute(
        f"""
        CREATE FUNCTION "{s}".notify_render_queue() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('renderer_queue', '');
            RETURN NULL;
        END $$"""
    )
    op.execute(
        f"""
        CREATE TRIGGER slideshows_queued AFTER INSERT OR UPDATE OF status ON "{s}".slideshows
        FOR EACH ROW WHEN (NEW.status = 'QUEUED') EXECUTE FUNCTION "{s}".notify_render_queue()"""
    )


def downgrade() -> None:
    s = context.config.attributes["schema"]
    op.execute(f'DROP TRIGGER slideshows_queued ON "{s}".slideshows')
    op.execute(f'DROP FUNCTION "{s}".notify_render_queue()')
