"""renderer: slideshow_counts, the number of decks per (organization, app, status), kept by
triggers in the transaction that inserts, deletes or moves a deck, so a list's total is a sum
over a handful of rows instead of a count over every deck of the organization.

Revision ID: 0005
"""

from alembic import context, op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    s = context.config.attributes["schema"]
    op.execute(
        f"""
        CREATE TABLE "{s}".slideshow_counts (
            organization_id text NOT NULL,
            app_id text NOT NULL,
            status text NOT NULL,
            n bigint NOT NULL,
            PRIMARY KEY (organization_id, app_id, status)
        )"""
    )
    op.execute(
        f"""
        CREATE FUNCTION "{s}".count_slideshows() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP IN ('UPDATE', 'DELETE') THEN
                UPDATE "{s}".slideshow_counts SET n = n - 1
                WHERE organization_id = OLD.organization_id AND app_id = OLD.app_id
                  AND status = OLD.status;
            END IF;
            IF TG_OP IN ('UPDATE', 'INSERT') THEN
                INSERT INTO "{s}".slideshow_counts AS c (organization_id, app_id, status, n)
                VALUES (NEW.organization_id, NEW.app_id, NEW.status, 1)
                ON CONFLICT (organization_id, app_id, status) DO UPDATE SET n = c.n + 1;
            END IF;
            RETURN NULL;
        END $$"""
    )
    # No deck may be written between the first count and the triggers taking over.
    op.execute(f'LOCK TABLE "{s}".slideshows IN SHARE ROW EXCLUSIVE MODE')
    op.execute(
        f"""
        CREATE TRIGGER slideshows_counted AFTER INSERT OR DELETE ON "{s}".slideshows
        FOR EACH ROW EXECUTE FUNCTION "{s}".count_slideshows()"""
    )
    op.execute(
        f"""
        CREATE TRIGGER slideshows_recounted AFTER UPDATE OF organization_id, app_id, status
        ON "{s}".slideshows FOR EACH ROW
        WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id
              OR OLD.app_id IS DISTINCT FROM NEW.app_id OR OLD.status IS DISTINCT FROM NEW.status)
        EXECUTE FUNCTION "{s}".count_slideshows()"""
    )
    op.execute(
        f"""
        INSERT INTO "{s}".slideshow_counts (organization_id, app_id, status, n)
        SELECT organization_id, app_id, status, count(*) FROM "{s}".slideshows
        GROUP BY organization_id, app_id, status"""
    )


def downgrade() -> None:
    s = context.config.attributes["schema"]
    op.execute(f'DROP TRIGGER slideshows_recounted ON "{s}".slideshows')
    op.execute(f'DROP TRIGGER slideshows_counted ON "{s}".slideshows')
    op.execute(f'DROP FUNCTION "{s}".count_slideshows()')
    op.execute(f'DROP TABLE "{s}".slideshow_counts')
