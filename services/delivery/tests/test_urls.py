"""The outgoing-URL rule with private networks NOT allowed (the production setting)."""

from __future__ import annotations

import ipaddress

import pytest
from kit import netguard
from kit.errors import ServiceError

REFUSED_HOSTS = [
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",  # cloud metadata
    "100.64.0.1",  # carrier-grade NAT
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "[::1]",
    "[::]",
    "[fe80::1]",
    "[fc00::1]",
    "[fd00:ec2::254]",
    "[::ffff:127.0.0.1]",
    "[::ffff:169.254.169.254]",
    "[2002:7f00:1::]",  # 6to4 wrapping 127.0.0.1
    "[ff02::1]",
    "localhost",
]


@pytest.mark.parametrize("host", REFUSED_HOSTS)
async def test_private_targets_are_refused_when_the_setting_is_off(host):
    with pytest.raises(ServiceError) as err:
        await netguard.check(f"https://{host}:8443/hook", allow_private=False)
    assert err.value.code == "VALIDATION_ERROR"
    assert err.value.details["fields"][0]["field"] == "url"


@pytest.mark.parametrize("host", ["127.0.0.1", "[::1]", "10.0.0.5"])
async def test_private_targets_pass_when_the_setting_is_on(host):
    target = await netguard.check(f"https://{host}/hook", allow_private=True)
    assert target.port == 443


async def test_public_address_passes_and_is_pinned():
    target = await netguard.check("https://93.184.215.14:8443/a/b?c=d", allow_private=False)
    assert target.addresses == ("93.184.215.14",)
    assert netguard.pinned_url(target) == "https://93.184.215.14:8443/a/b?c=d"
    v6 = await netguard.check("https://[2606:4700::1111]/x", allow_private=False)
    assert netguard.pinned_url(v6) == "https://[2606:4700::1111]:443/x"


@pytest.mark.parametrize(
    "url",
    [
        "http://93.184.215.14/hook",
        "ftp://93.184.215.14/hook",
        "https:///nohost",
        "https://user:pw@93.184.215.14/",
        "https://93.184.215.14:99999/",
        "https://93.184.215.14/" + "a" * 2100,
        "",
        "https://exa mple.com/",
    ],
)
async def test_static_rule(url):
    with pytest.raises(ServiceError):
        await netguard.check(url, allow_private=True)


async def test_unresolvable_host_is_refused():
    with pytest.raises(ServiceError):
        await netguard.check("https://no-such-host.invalid/hook", allow_private=True)


def test_is_forbidden_covers_embedded_ipv4():
    assert netguard.is_forbidden(ipaddress.ip_address("::ffff:10.0.0.1"))
    assert netguard.is_forbidden(ipaddress.ip_address("::127.0.0.1"))
    assert not netguard.is_forbidden(ipaddress.ip_address("8.8.8.8"))
    assert not netguard.is_forbidden(ipaddress.ip_address("2001:4860:4860::8888"))
