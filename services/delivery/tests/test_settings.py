"""Delivery trusts only the CAs it is configured with: without WEBHOOK_CA_BUNDLE the system CAs
only, even when the local stack's test CA lies where the contract tests put it."""

from __future__ import annotations

import os

import trustme
from delivery.settings import Settings


def test_no_extra_ca_unless_configured(tmp_path, monkeypatch):
    stack = tmp_path / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0")
    stack.mkdir(parents=True)
    (stack / "webhook-ca.pem").write_bytes(trustme.CA().cert_pem.bytes())
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("WEBHOOK_CA_BUNDLE", raising=False)
    assert Settings().ca_bundle_path() is None


def test_a_configured_ca_is_used_once_it_exists(tmp_path):
    path = tmp_path / "ca.pem"
    settings = Settings(webhook_ca_bundle=str(path))
    assert settings.ca_bundle_path() is None  # not there yet (the local stack's CA comes later)
    path.write_bytes(trustme.CA().cert_pem.bytes())
    assert settings.ca_bundle_path() == path
