"""kit.outages tells "a dependency is unreachable right now" (UNAVAILABLE, retry) from a bug
(INTERNAL), with the real libraries' real errors; kit.grpcx gives every call a deadline."""

import socket
import time

import grpc
import psycopg
import pytest
from kit import grpcx
from kit.errors import ServiceError
from kit.outages import is_transient, unavailable_error
from kit.pgnotify import libpq_url
from kit.settings import KitSettings
from kit.storage import Storage
from slides.catalog.v1 import catalog_pb2, catalog_pb2_grpc
from slides.hooks.v1 import hooks_pb2_grpc
from slides.renderer.v1 import renderer_pb2_grpc
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine


def dead_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_refused_postgres_connection_is_transient():
    with pytest.raises(psycopg.OperationalError) as caught:
        psycopg.connect(f"postgresql://postgres@127.0.0.1:{dead_port()}/x", connect_timeout=5)
    assert is_transient(caught.value)
    err = unavailable_error(caught.value)
    assert err is not None and err.code == "UNAVAILABLE"


async def test_sqlalchemy_wrapped_connection_errors_are_transient():
    engine = create_async_engine(f"postgresql+psycopg://postgres@127.0.0.1:{dead_port()}/x")
    try:
        with pytest.raises(Exception) as caught:
            async with engine.connect() as conn:
                await conn.execute(text("SELECT 1"))
        assert is_transient(caught.value), repr(caught.value)
    finally:
        await engine.dispose()


async def test_a_terminated_connection_is_transient_and_a_constraint_violation_is_not(stack_env):
    settings = KitSettings()
    engine = create_async_engine(settings.database_url, pool_size=1, max_overflow=0)
    try:
        async with engine.connect() as conn:
            with pytest.raises(Exception) as violation:
                await conn.execute(text("SELECT 1/0"))
            assert not is_transient(violation.value)
        async with engine.connect() as conn:
            backend = (await conn.execute(text("SELECT pg_backend_pid()"))).scalar_one()
            with psycopg.connect(libpq_url(settings.database_url), autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(%s)", (backend,))
            with pytest.raises(Exception) as severed:
                await conn.execute(text("SELECT 1"))
        assert is_transient(severed.value), repr(severed.value)
        async with engine.connect() as conn:  # the pool dialled again
            assert (await conn.execute(text("SELECT 1"))).scalar_one() == 1
    finally:
        await engine.dispose()


def test_an_unreachable_object_store_is_transient():
    storage = Storage(KitSettings(s3_endpoint=f"127.0.0.1:{dead_port()}"))
    with pytest.raises(Exception) as caught:
        storage.client.bucket_exists("slides")
    assert is_transient(caught.value), repr(caught.value)


def test_bugs_are_not_transient():
    assert not is_transient(ValueError("bad"))
    assert not is_transient(KeyError("x"))
    assert unavailable_error(ServiceError("APP_NOT_FOUND", "no")) is None


async def test_reads_get_the_short_deadline_and_writes_the_long_one():
    async with grpc.aio.insecure_channel("127.0.0.1:1") as channel:
        catalog = catalog_pb2_grpc.CatalogServiceStub(channel)
        renderer = renderer_pb2_grpc.RendererServiceStub(channel)
        hooks = hooks_pb2_grpc.HooksServiceStub(channel)
        for read in (catalog.GetApp, catalog.ListApps, hooks.ListHooks):
            assert grpcx.default_timeout(read) == grpcx.READ_TIMEOUT
        for write in (catalog.CreateApp, renderer.GenerateSlideshow, renderer.GetZip, hooks.RefreshNow):
            assert grpcx.default_timeout(write) == grpcx.WRITE_TIMEOUT


async def test_a_call_never_outlives_the_rpc_being_served():
    async with grpc.aio.insecure_channel(f"127.0.0.1:{dead_port()}") as channel:
        stub = catalog_pb2_grpc.CatalogServiceStub(channel)
        token = grpcx._deadline.set(time.monotonic() - 0.1)  # the caller has given up already
        try:
            with pytest.raises(ServiceError) as caught:
                await grpcx.call(stub.GetApp, catalog_pb2.GetAppRequest(app_id="app_x"))
        finally:
            grpcx._deadline.reset(token)
    assert caught.value.code == "UNAVAILABLE"
