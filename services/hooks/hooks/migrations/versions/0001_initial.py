"""hooks: hook library, refresh limits, refresh jobs, daily runs, outbox, processed events.

Revision ID: 0001
"""

import sqlalchemy as sa
from alembic import context, op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _ts(name: str, nullable: bool = True, now: bool = False) -> sa.Column:
    return sa.Column(
        name, sa.DateTime(timezone=True), nullable=nullable, server_default=sa.func.now() if now else None
    )


def upgrade() -> None:
    s = context.config.attributes["schema"]
    op.create_table(
        "hooks",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("normalized_text", sa.Text, nullable=False),
        sa.Column("category", sa.Text, nullable=False),
        sa.Column("language", sa.Text, nullable=False),
        sa.Column("niche", sa.Text, nullable=False),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("performance_score", sa.Float, nullable=False, server_default="50"),
        sa.Column("use_count", sa.Integer, nullable=False, server_default="0"),
        _ts("last_used_at"),
        _ts("created_at", False, True),
        _ts("updated_at", False, True),
        sa.CheckConstraint("performance_score >= 0 AND performance_score <= 100", name="hooks_score_range"),
        sa.CheckConstraint("status IN ('APPROVED', 'PENDING', 'REJECTED')", name="hooks_status"),
        sa.CheckConstraint("source IN ('seed', 'generated', 'llm', 'manual')", name="hooks_source"),
        schema=s,
    )
    op.create_index(
        "hooks_dedupe", "hooks", ["organization_id", "language", "niche", "normalized_text"], unique=True, schema=s
    )
    op.execute(
        f'CREATE INDEX hooks_by_score ON "{s}".hooks '
        "(organization_id, performance_score DESC, created_at DESC, id DESC)"
    )
    op.execute(f'CREATE INDEX hooks_by_recent ON "{s}".hooks (organization_id, created_at DESC, id DESC)')
    op.execute(
        f'CREATE INDEX hooks_pick ON "{s}".hooks '
        "(organization_id, niche, language, status, performance_score DESC)"
    )
    _trigram_index(s)
    op.create_table(
        "refresh_limits",
        sa.Column("organization_id", sa.Text, primary_key=True),
        _ts("last_refresh_at", False),
        schema=s,
    )
    op.create_table(
        "refresh_jobs",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("organization_id", sa.Text, nullable=False),
        sa.Column("app_id", sa.Text, nullable=False),
        sa.Column("trigger", sa.Text, nullable=False),
        sa.Column("status", sa.Text, nullable=False, server_default="QUEUED"),
        sa.Column("hooks_created", sa.Integer, nullable=False, server_default="0"),
        sa.Column("error", sa.Text, nullable=True),
        _ts("created_at", False, True),
        _ts("finished_at"),
        schema=s,
    )
    op.create_index("refresh_jobs_app", "refresh_jobs", ["organization_id", "app_id"], schema=s)
    op.create_table(
        "daily_runs",
        sa.Column("organization_id", sa.Text, primary_key=True),
        sa.Column("day", sa.Date, primary_key=True),
        sa.Column("jobs", sa.Integer, nullable=False, server_default="0"),
        _ts("created_at", False, True),
        schema=s,
    )
    op.create_table(
        "outbox",
        sa.Column("id", sa.BigInteger, sa.Identity(), primary_key=True),
        sa.Column("topic", sa.Text, nullable=False),
        sa.Column("key", sa.Text, nullable=False),
        sa.Column("envelope", sa.LargeBinary, nullable=False),
        _ts("created_at", False, True),
        schema=s,
    )
    op.create_table(
        "processed_events",
        sa.Column("consumer", sa.Text, primary_key=True),
        sa.Column("event_id", sa.Text, primary_key=True),
        _ts("processed_at", False, True),
        schema=s,
    )


def _trigram_index(schema: str) -> None:
    """`q` search: a trigram GIN index on lower(text). Without pg_trgm (not installable on
    this server) the search still works, just without the index."""
    bind = op.get_bind()
    available = bind.execute(sa.text("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'")).first()
    if not available:
        return
    savepoint = bind.begin_nested()
    try:
        bind.execute(sa.text("CREATE EXTENSION IF NOT EXISTS pg_trgm"))
        ops = bind.execute(
            sa.text(
                "SELECT n.nspname FROM pg_opclass c JOIN pg_namespace n ON n.oid = c.opcnamespace "
                "WHERE c.opcname = 'gin_trgm_ops'"
            )
        ).scalar()
        bind.execute(
            sa.text(
                f'CREATE INDEX hooks_text_trgm ON "{schema}".hooks '
                f'USING gin (lower(text) "{ops}".gin_trgm_ops)'
            )
        )
        savepoint.commit()
    except sa.exc.DBAPIError:
        savepoint.rollback()


def downgrade() -> None:
    s = context.config.attributes["schema"]
    for table in ("processed_events", "outbox", "daily_runs", "refresh_jobs", "refresh_limits", "hooks"):
        op.drop_table(table, schema=s)
