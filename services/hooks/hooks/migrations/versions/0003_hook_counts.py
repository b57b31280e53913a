"""hooks: hook_counts, the number of hooks per (organization, niche, language, category, status),
kept by triggers in the transaction that inserts, deletes or moves a hook, so the total of a list
without `q` is a sum over a handful of rows instead of a count over the whole library (5,000
hooks: a sequential scan per page view).

Revision ID: 0003
"""

from alembic import context, op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

KEY = ("organization_id", "niche", "language", "category", "status")


def upgrade() -> None:
    s = context.config.attributes["schema"]
    cols = ", ".join(KEY)
    op.execute(
        f"""
        CREATE TABLE "{s}".hook_counts (
            organization_id text NOT NULL,
            niche text NOT NULL,
            language text NOT NULL,
            category text NOT NULL,
            status text NOT NULL,
            n bigint NOT NULL,
            PRIMARY KEY ({cols})
        )"""
    )
    old = " AND ".join(f"{c} = OLD.{c}" for c in KEY)
    new = ", ".join(f"NEW.{c}" for c in KEY)
    op.execute(
        f"""
        CREATE FUNCTION "{s}".count_hooks() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP IN ('UPDATE', 'DELETE') THEN
                UPDATE "{s}".hook_counts SET n = n - 1 WHERE {old};
            END IF;
            IF TG_OP IN ('UPDATE', 'INSERT') THEN
                INSERT INTO "{s}".hook_counts AS c ({cols}, n) VALUES ({new}, 1)
                ON CONFLICT ({cols}) DO UPDATE SET n = c.n + 1;
            END IF;
            RETURN NULL;
        END $$"""
    )
    # No hook may be written between the first count and the triggers taking over.
    op.execute(f'LOCK TABLE "{s}".hooks IN SHARE ROW EXCLUSIVE MODE')
    op.execute(
        f"""
        CREATE TRIGGER hooks_counted AFTER INSERT OR DELETE ON "{s}".hooks
        FOR EACH ROW EXECUTE FUNCTION "{s}".count_hooks()"""
    )
    changed = " OR ".join(f"OLD.{c} IS DISTINCT FROM NEW.{c}" for c in KEY)
    op.execute(
        f"""
        CREATE TRIGGER hooks_recounted AFTER UPDATE OF {cols} ON "{s}".hooks FOR EACH ROW
        WHEN ({changed})
        EXECUTE FUNCTION "{s}".count_hooks()"""
    )
    op.execute(
        f"""
        INSERT INTO "{s}".hook_counts ({cols}, n)
        SELECT {cols}, count(*) FROM "{s}".hooks GROUP BY {cols}"""
    )


def downgrade() -> None:
    s = context.config.attributes["schema"]
    op.execute(f'DROP TRIGGER hooks_recounted ON "{s}".hooks')
    op.execute(f'DROP TRIGGER hooks_counted ON "{s}".hooks')
    op.execute(f'DROP FUNCTION "{s}".count_hooks()')
    op.execute(f'DROP TABLE "{s}".hook_counts')
