"""billing: NOTIFY billing_principals with the organization id whenever an organization or an API
key changes or goes, so every billing replica can tell the gateways watching it (WatchPrincipals).
A trigger rather than application code, so that no write path can forget it.

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
        CREATE FUNCTION "{s}".notify_principal_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            -- TG_ARGV[0] names the row's organization id column.
            PERFORM pg_notify('billing_principals', to_jsonb(OLD) ->> TG_ARGV[0]);
            RETURN NULL;
        END $$"""
    )
    for table, org_column in (("organizations", "id"), ("api_keys", "organization_id")):
        op.execute(
            f"""
            CREATE TRIGGER {table}_principal_change AFTER UPDATE OR DELETE ON "{s}".{table}
            FOR EACH ROW EXECUTE FUNCTION "{s}".notify_principal_change('{org_column}')"""
        )


def downgrade() -> None:
    s = context.config.attributes["schema"]
    for table in ("organizations", "api_keys"):
        op.execute(f'DROP TRIGGER {table}_principal_change ON "{s}".{table}')
    op.execute(f'DROP FUNCTION "{s}".notify_principal_change()')
