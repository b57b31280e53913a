"""Alembic migrations per service, each in its own Postgres schema.

A service's ``migrations/env.py`` is two lines: ``from kit.migrate import run_env; run_env()``.
"""

from __future__ import annotations

from alembic import command, context
from alembic.config import Config
from sqlalchemy import create_engine, text

_LOCK_ID = 7_242_611  # advisory lock: replicas starting together migrate one at a time


def alembic_config(package: str, schema: str, database_url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", f"{package}:migrations")
    cfg.attributes["database_url"] = database_url
    cfg.attributes["schema"] = schema
    return cfg


def upgrade(package: str, schema: str, database_url: str) -> None:
    command.upgrade(alembic_config(package, schema, database_url), "head")


def run_env() -> None:
    cfg = context.config
    schema = cfg.attributes["schema"]
    engine = create_engine(cfg.attributes["database_url"])
    with engine.connect() as conn:
        conn.execute(text("SELECT pg_advisory_lock(:id)"), {"id": _LOCK_ID})
        # Only when missing: in production each service's database role owns its schema (created
        # with it) and has no CREATE on the database, which CREATE SCHEMA IF NOT EXISTS would need.
        exists = conn.execute(
            text("SELECT 1 FROM pg_namespace WHERE nspname = :schema"), {"schema": schema}
        ).first()
        if not exists:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        conn.commit()
        try:
            context.configure(connection=conn, version_table_schema=schema, include_schemas=True)
            with context.begin_transaction():
                context.run_migrations()
            conn.commit()
        finally:
            conn.execute(text("SELECT pg_advisory_unlock(:id)"), {"id": _LOCK_ID})
            conn.commit()
    engine.dispose()
