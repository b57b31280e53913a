"""catalog: NOTIFY catalog_apps with the organization id whenever an app is created, updated or
deleted, so every catalog replica can tell the gateways watching it (WatchApps). A trigger rather
than application code, so that no write path can forget it.

Revision ID: 0002
"""

from alembic import context, op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    s = context.config.attributes["schema"]
    op.execute(
        f"""
        CREATE FUNCTION "{s}".notify_apps_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'DELETE' THEN
                PERFORM pg_notify('catalog_apps', OLD.organization_id);
            ELSE
                PERFORM pg_notify('catalog_apps', NEW.organization_id);
            END IF;
            RETURN NULL;
        END $$"""
    )
    op.execute(
        f"""
        CREATE TRIGGER apps_change AFTER INSERT OR UPDATE OR DELETE ON "{s}".apps
        FOR EACH ROW EXECUTE FUNCTION "{s}".notify_apps_change()"""
    )


def downgrade() -> None:
    s = context.config.attributes["schema"]
    op.execute(f'DROP TRIGGER apps_change ON "{s}".apps')
    op.execute(f'DROP FUNCTION "{s}".notify_apps_change()')
