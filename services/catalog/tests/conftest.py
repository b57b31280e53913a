"""Fixtures of catalog's service tests (against the running stack)."""

from __future__ import annotations

import grpc
import pytest
from slides.billing.v1 import billing_pb2_grpc
from slides.catalog.v1 import catalog_pb2_grpc


@pytest.fixture(scope="module")
async def stubs(stack_env):
    catalog_channel = grpc.aio.insecure_channel(stack_env["CATALOG_ADDR"])
    billing_channel = grpc.aio.insecure_channel(stack_env["BILLING_ADDR"])
    yield (
        catalog_pb2_grpc.CatalogServiceStub(catalog_channel),
        billing_pb2_grpc.BillingServiceStub(billing_channel),
    )
    await catalog_channel.close()
    await billing_channel.close()
