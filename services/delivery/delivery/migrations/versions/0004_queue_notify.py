"""delivery: NOTIFY delivery_queue when deliveries are created or a delivery is due again (a retry
scheduled after a failed attempt, a redelivery), so every sender (the replicas too) looks at once
instead of polling.

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
        CREATE FUNCTION "{s}".notify_delivery_queue() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('delivery_queue', '');
            RETURN NULL;
        END $$"""
    )
    # One per statement for new rows (a batch of an event's deliveries); per row for a retry or a
    # redelivery (Postgres sends one notification per transaction anyway). A claim's lease (the
    # next attempt time moved, the count unchanged) notifies nobody.
    op.execute(
        f"""
        CREATE TRIGGER deliveries_created AFTER INSERT ON "{s}".deliveries
        FOR EACH STATEMENT EXECUTE FUNCTION "{s}".notify_delivery_queue()"""
    )
    op.execute(
        f"""
        CREATE TRIGGER deliveries_due_again AFTER UPDATE ON "{s}".deliveries FOR EACH ROW
        WHEN (NEW.status = 'PENDING'
              AND (OLD.status <> 'PENDING' OR NEW.attempt_count <> OLD.attempt_count))
        EXECUTE FUNCTION "{s}".notify_delivery_queue()"""
    )


def downgrade() -> None:
    s = context.config.attributes["schema"]
    op.execute(f'DROP TRIGGER deliveries_due_again ON "{s}".deliveries')
    op.execute(f'DROP TRIGGER deliveries_created ON "{s}".deliveries')
    op.execute(f'DROP FUNCTION "{s}".notify_delivery_queue()')
