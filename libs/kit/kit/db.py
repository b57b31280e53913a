"""SQLAlchemy 2 async engine (psycopg 3). Each service keeps its tables in its own schema."""

from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine


def make_engine(database_url: str, pool_size: int = 10) -> AsyncEngine:
    # pool_recycle instead of pool_pre_ping: no extra round trip on every checkout.
    return create_async_engine(database_url, pool_size=pool_size, max_overflow=pool_size, pool_recycle=300)
