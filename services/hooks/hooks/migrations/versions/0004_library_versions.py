"""hooks: library_versions, a number per organization that every statement writing its hooks
raises in the same transaction (statement triggers), so a kept page of the hook list is known
current by reading one row (store.HookReads): any replica, after any write.

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
        CREATE TABLE "{s}".library_versions (
            organization_id text PRIMARY KEY,
            version bigint NOT NULL
        )"""
    )
    # Once per statement and organization (a refresh writes its hooks in one statement); rows
    # locked in one order, so two statements never wait on each other crosswise.
    raise_for = (
        f'INSERT INTO "{s}".library_versions AS v (organization_id, version) '
        "SELECT DISTINCT organization_id, 1 FROM {rows} ORDER BY organization_id "
        "ON CONFLICT (organization_id) DO UPDATE SET version = v.version + 1"
    )
    op.execute(
        f"""
        CREATE FUNCTION "{s}".raise_library_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                {raise_for.format(rows="new_rows")};
            ELSIF TG_OP = 'DELETE' THEN
                {raise_for.format(rows="old_rows")};
            ELSE
                {raise_for.format(rows="(SELECT organization_id FROM old_rows UNION SELECT organization_id FROM new_rows) c")};
            END IF;
            RETURN NULL;
        END $$"""
    )
    # No hook may be written between the first versions and the triggers taking over.
    op.execute(f'LOCK TABLE "{s}".hooks IN SHARE ROW EXCLUSIVE MODE')
    for event, transitions in (
        ("INSERT", "NEW TABLE AS new_rows"),
        ("UPDATE", "OLD TABLE AS old_rows NEW TABLE AS new_rows"),
        ("DELETE", "OLD TABLE AS old_rows"),
    ):
        op.execute(
            f"""
            CREATE TRIGGER hooks_versioned_{event.lower()} AFTER {event} ON "{s}".hooks
            REFERENCING {transitions}
            FOR EACH STATEMENT EXECUTE FUNCTION "{s}".raise_library_version()"""
        )
    # Every library that has hooks starts at 1 (0 is "before its first hook": never kept).
    op.execute(
        f"""
        INSERT INTO "{s}".library_versions (organization_id, version)
        SELECT DISTINCT organization_id, 1 FROM "{s}".hooks"""
    )


def downgrade() -> None:
    s = context.config.attributes["schema"]
    for name in ("insert", "update", "delete"):
        op.execute(f'DROP TRIGGER hooks_versioned_{name} ON "{s}".hooks')
    op.execute(f'DROP FUNCTION "{s}".raise_library_version()')
    op.execute(f'DROP TABLE "{s}".library_versions')
