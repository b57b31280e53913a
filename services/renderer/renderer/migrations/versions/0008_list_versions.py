"""renderer: list_versions, a number per organization that every statement changing what a list
shows of its slideshows (a deck added or deleted, a summary column changed) raises in the same
transaction (statement triggers), so a page of the list a caller keeps (the gateway) is known
current by reading one row: any replica, after any write.

Revision ID: 0008
"""

from alembic import context, op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

# What a list shows of a deck (store.SUMMARY_COLUMNS): a lease or an attempt count changes none.
SUMMARY = (
    "id",
    "organization_id",
    "app_id",
    "app_name",
    "hook_id",
    "hook_text_snapshot",
    "status",
    "language",
    "template_set",
    "template_key",
    "design",
    "error_code",
    "error_message",
    "created_at",
    "updated_at",
)


def upgrade() -> None:
    s = context.config.attributes["schema"]
    op.execute(
        f"""
        CREATE TABLE "{s}".list_versions (
            organization_id text PRIMARY KEY,
            version bigint NOT NULL
        )"""
    )
    # Once per statement and organization; rows locked in one order, so two statements never wait
    # on each other crosswise (the sweeper's statements span organizations).
    raise_for = (
        f'INSERT INTO "{s}".list_versions AS v (organization_id, version) '
        "SELECT DISTINCT organization_id, 1 FROM {rows} ORDER BY organization_id "
        "ON CONFLICT (organization_id) DO UPDATE SET version = v.version + 1"
    )
    old = ", ".join(f"o.{c}" for c in SUMMARY)
    new = ", ".join(f"n.{c}" for c in SUMMARY)
    changed = (
        "(SELECT o.organization_id FROM old_rows o JOIN new_rows n ON n.id = o.id "
        f"WHERE ({old}) IS DISTINCT FROM ({new}) "
        "UNION SELECT n.organization_id FROM old_rows o JOIN new_rows n ON n.id = o.id "
        f"WHERE ({old}) IS DISTINCT FROM ({new})) c"
    )
    op.execute(
        f"""
        CREATE FUNCTION "{s}".raise_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                {raise_for.format(rows="new_rows")};
            ELSIF TG_OP = 'DELETE' THEN
                {raise_for.format(rows="old_rows")};
            ELSE
                {raise_for.format(rows=changed)};
            END IF;
            RETURN NULL;
        END $$"""
    )
    # No deck may be written between the first versions and the triggers taking over.
    op.execute(f'LOCK TABLE "{s}".slideshows IN SHARE ROW EXCLUSIVE MODE')
    for event, transitions in (
        ("INSERT", "NEW TABLE AS new_rows"),
        ("UPDATE", "OLD TABLE AS old_rows NEW TABLE AS new_rows"),
        ("DELETE", "OLD TABLE AS old_rows"),
    ):
        op.execute(
            f"""
            CREATE TRIGGER slideshows_listed_{event.lower()} AFTER {event} ON "{s}".slideshows
            REFERENCING {transitions}
            FOR EACH STATEMENT EXECUTE FUNCTION "{s}".raise_list_version()"""
        )
    # Every organization with decks starts at 1 (0 is "before its first deck": never kept).
    op.execute(
        f"""
        INSERT INTO "{s}".list_versions (organization_id, version)
        SELECT DISTINCT organization_id, 1 FROM "{s}".slideshows"""
    )


def downgrade() -> None:
    s = context.config.attributes["schema"]
    for name in ("insert", "update", "delete"):
        op.execute(f'DROP TRIGGER slideshows_listed_{name} ON "{s}".slideshows')
    op.execute(f'DROP FUNCTION "{s}".raise_list_version()')
    op.execute(f'DROP TABLE "{s}".list_versions')
