"""The sender's HTTP client (delivery.poster) against a local HTTPS receiver: the pinned
connection used when private networks are not allowed goes to the checked address while TLS
still verifies the URL's host name, kept-alive connections are never shared between host
names, and answers are read only up to a bound."""

from __future__ import annotations

import time

import aiohttp
import pytest
import trustme
from delivery import urls
from delivery.poster import MAX_ANSWER_BYTES, Poster
from delivery.settings import Settings
from delivery.testing import Receiver


@pytest.fixture
def ca_bundle(tmp_path):
    ca = trustme.CA()
    bundle = tmp_path / "ca.pem"
    bundle.write_bytes(ca.cert_pem.bytes())
    return ca, bundle


def target(host: str, port: int, path: str = "/hook") -> urls.Target:
    return urls.Target(url=f"https://{host}:{port}{path}", host=host, port=port, addresses=("127.0.0.1",))


async def test_pinned_request_verifies_the_real_host_name(ca_bundle):
    ca, bundle = ca_bundle
    receiver = Receiver(ca)  # certificate for localhost and 127.0.0.1 only
    poster = Poster(Settings(webhook_ca_bundle=str(bundle)))
    try:
        status = await poster.send(target("localhost", receiver.port), {}, b"{}", pin=True)
        assert status == 200
        assert receiver.received()[0].headers["host"] == f"localhost:{receiver.port}"
        # Same address and port, another host name: the kept-alive connection verified for
        # localhost must not be reused, and the new handshake fails verification.
        with pytest.raises(aiohttp.ClientConnectorCertificateError):
            await poster.send(target("evil.example", receiver.port), {}, b"{}", pin=True)
        assert len(receiver.received()) == 1
    finally:
        await poster.close()
        receiver.close()


async def test_untrusted_certificate_is_refused(ca_bundle):
    ca, _ = ca_bundle
    receiver = Receiver(ca)
    poster = Poster(Settings())  # system CAs only
    try:
        with pytest.raises(aiohttp.ClientConnectorCertificateError):
            await poster.send(target("127.0.0.1", receiver.port), {}, b"{}", pin=False)
        assert receiver.received() == []
    finally:
        await poster.close()
        receiver.close()


async def test_private_address_is_refused_before_any_connection(ca_bundle):
    ca, bundle = ca_bundle
    receiver = Receiver(ca)
    poster = Poster(Settings(webhook_ca_bundle=str(bundle), webhook_allow_private_networks=False))
    try:
        with pytest.raises(urls.UrlRefused):
            await poster.post(receiver.url("/hook"), {}, b"{}")
        assert receiver.received() == []
    finally:
        await poster.close()
        receiver.close()


async def test_headers_body_and_no_redirects(ca_bundle):
    ca, bundle = ca_bundle
    receiver = Receiver(ca)
    receiver.script["/moved"] = [302]
    poster = Poster(Settings(webhook_ca_bundle=str(bundle), webhook_allow_private_networks=True))
    body = b'{"exact": "bytes", "n": 1}'
    try:
        status = await poster.post(receiver.url("/hook?x=1"), {"X-Test": "yes"}, body)
        assert status == 200
        got = receiver.received("/hook")[0]
        assert got.body == body
        assert got.headers["x-test"] == "yes"
        assert got.headers["user-agent"].startswith("SlidesService-Webhooks/")
        assert got.path == "/hook?x=1"
        # A redirect is an answer like any other: reported, never followed.
        assert await poster.post(receiver.url("/moved"), {}, body) == 302
        assert [r.path for r in receiver.received()] == ["/hook?x=1", "/moved"]
    finally:
        await poster.close()
        receiver.close()


async def test_a_long_answer_is_cut_off_and_the_next_request_still_works(ca_bundle):
    ca, bundle = ca_bundle
    receiver = Receiver(ca, responder=lambda rec: (200, {"pad": "x" * (4 * MAX_ANSWER_BYTES)}))
    poster = Poster(Settings(webhook_ca_bundle=str(bundle), webhook_allow_private_networks=True))
    try:
        assert await poster.post(receiver.url("/big"), {}, b"{}") == 200
        assert await poster.post(receiver.url("/big"), {}, b"{}") == 200
        assert len(receiver.received()) == 2
    finally:
        await poster.close()
        receiver.close()


async def test_an_answer_later_than_the_timeout_is_a_timeout(ca_bundle):
    ca, bundle = ca_bundle

    def slow(rec):
        time.sleep(1.5)
        return 200, {"ok": True}

    receiver = Receiver(ca, responder=slow)
    poster = Poster(
        Settings(
            webhook_ca_bundle=str(bundle), webhook_allow_private_networks=True, webhook_timeout_seconds=0.5
        )
    )
    try:
        started = time.monotonic()
        with pytest.raises(TimeoutError):
            await poster.post(receiver.url("/slow"), {}, b"{}")
        assert time.monotonic() - started < 1.4
    finally:
        await poster.close()
        receiver.close()
