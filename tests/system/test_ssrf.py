"""SSRF: with the private-network setting off, outgoing URLs that reach loopback, private,
link-local (cloud metadata), unspecified or IPv4-in-IPv6 addresses are refused, for webhook
and chat URLs and for screenshots fetched by the renderer (the one guard, kit.netguard).

The running stack allows private networks (local receivers), so these call the rules directly."""

from __future__ import annotations

import asyncio

import pytest
from kit import netguard
from kit.errors import ServiceError
from renderer import events as renderer_events
from renderer.settings import Settings as RendererSettings

FORBIDDEN_HOSTS = [
    "127.0.0.1",
    "10.0.0.1",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "[::1]",
    "[fd00::1]",
    "[::ffff:127.0.0.1]",
    "[::ffff:169.254.169.254]",
    "0.0.0.0",
    "localhost",  # a DNS name that resolves to loopback
    "127.1",  # shorthand and numeric forms the resolver expands to loopback
    "2130706433",
]
PUBLIC_HOST = "93.184.215.14"  # a literal public address: no DNS, no connection needed


def run(coro):
    return asyncio.run(coro)


@pytest.mark.parametrize("host", FORBIDDEN_HOSTS)
@pytest.mark.parametrize("kind", ["webhook", "chat"])
def test_delivery_url_rule_refuses_private_targets(kind, host):
    url = f"https://{host}/{kind}/endpoint"
    with pytest.raises(ServiceError) as err:
        run(netguard.check(url, allow_private=False))
    assert err.value.code == "VALIDATION_ERROR"
    assert err.value.details["fields"][0]["field"] == "url"


@pytest.mark.parametrize("host", FORBIDDEN_HOSTS)
def test_delivery_url_rule_refuses_private_targets_on_other_ports(host):
    with pytest.raises(ServiceError):
        run(netguard.check(f"https://{host}:8443/x", allow_private=False))


def test_delivery_url_rule_accepts_public_and_allowed_private_targets():
    assert run(netguard.check(f"https://{PUBLIC_HOST}/hook", allow_private=False)).addresses == (PUBLIC_HOST,)
    # The operator setting is what the running stack uses for its local receivers.
    assert run(netguard.check("https://127.0.0.1:9/hook", allow_private=True)).addresses == ("127.0.0.1",)


@pytest.mark.parametrize(
    "url", ["http://93.184.215.14/x", "https://user:pw@93.184.215.14/x", "file:///etc/passwd"]
)
def test_delivery_url_rule_refuses_other_schemes_and_credentials(url):
    with pytest.raises(ServiceError):
        run(netguard.check(url, allow_private=False))


@pytest.fixture(scope="module")
def renderer_settings() -> RendererSettings:
    # A short timeout: a missing guard shows as a failed assertion, not a long hang.
    return RendererSettings(screenshot_allow_private_hosts=False, screenshot_fetch_timeout_seconds=1.0)


@pytest.mark.parametrize("host", FORBIDDEN_HOSTS)
@pytest.mark.parametrize("scheme", ["http", "https"])
def test_renderer_screenshot_fetch_refuses_private_targets(renderer_settings, scheme, host):
    with pytest.raises(renderer_events.RenderFailure) as err:
        run(renderer_events.fetch_external(f"{scheme}://{host}/shot.png", renderer_settings))
    assert err.value.code == "SCREENSHOT_UNAVAILABLE"
    assert "non-public address" in str(err.value)  # the words of the one guard (kit.netguard)


@pytest.mark.parametrize("url", ["file:///etc/passwd", "gopher://127.0.0.1/", "ftp://10.0.0.1/x"])
def test_renderer_screenshot_fetch_refuses_other_schemes(renderer_settings, url):
    with pytest.raises(renderer_events.RenderFailure):
        run(renderer_events.fetch_external(url, renderer_settings))
