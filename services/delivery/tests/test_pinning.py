"""The sender's HTTP client (delivery.poster) against a local HTTPS receiver: the pinned
connection used when private networks are not allowed goes to the checked address while TLS
still verifies the URL's host name, kept-alive connections are never shared between host
names, and answers are read only up to a bound."""

from __future__ import annotations

import time

import aiohttp
import pytest
import trustme
from delivery.poster import MAX_ANSWER_BYTES, Poster
from delivery.settings import Settings
from kit import netguard
from testkit.delivery import Receiver


@pytest.fixture
def ca() -> trustme.CA:
    return trustme.CA()


@pytest.fixture
def bundle(ca, tmp_path) -> str:
    path = tmp_path / "ca.pem"
    path.write_bytes(ca.cert_pem.bytes())
    return str(path)


@pytest.fixture
def receiver_for(ca):
    """Receivers with certificates for localhost and 127.0.0.1 only, closed after the test."""
    made: list[Receiver] = []

    def make(**kwargs) -> Receiver:
        made.append(Receiver(ca, **kwargs))
        return made[-1]

    yield make
    for receiver in made:
        receiver.close()


@pytest.fixture
async def poster_for():
    made: list[Poster] = []

    def make(**settings) -> Poster:
        made.append(Poster(Settings(**settings)))
        return made[-1]

    yield make
    for poster in made:
        await poster.close()


def target(host: str, port: int, path: str = "/hook") -> netguard.Target:
    return netguard.Target(url=f"https://{host}:{port}{path}", host=host, port=port, addresses=("127.0.0.1",))


async def test_pinned_request_verifies_the_real_host_name(bundle, receiver_for, poster_for):
    receiver = receiver_for()
    poster = poster_for(webhook_ca_bundle=bundle)
    status = await poster.send(target("localhost", receiver.port), {}, b"{}", pin=True)
    assert status == 200
    assert receiver.received()[0].headers["host"] == f"localhost:{receiver.port}"
    # Same address and port, another host name: the kept-alive connection verified for
    # localhost must not be reused, and the new handshake fails verification.
    with pytest.raises(aiohttp.ClientConnectorCertificateError):
        await poster.send(target("evil.example", receiver.port), {}, b"{}", pin=True)
    assert len(receiver.received()) == 1


async def test_untrusted_certificate_is_refused(receiver_for, poster_for):
    receiver = receiver_for()
    poster = poster_for()  # system CAs only
    with pytest.raises(aiohttp.ClientConnectorCertificateError):
        await poster.send(target("127.0.0.1", receiver.port), {}, b"{}", pin=False)
    assert receiver.received() == []


async def test_private_address_is_refused_before_any_connection(bundle, receiver_for, poster_for):
    receiver = receiver_for()
    poster = poster_for(webhook_ca_bundle=bundle, webhook_allow_private_networks=False)
    with pytest.raises(netguard.UrlRefused):
        await poster.post(receiver.url("/hook"), {}, b"{}")
    assert receiver.received() == []


async def test_headers_body_and_no_redirects(bundle, receiver_for, poster_for):
    receiver = receiver_for(script={"/moved": [302]})
    poster = poster_for(webhook_ca_bundle=bundle, webhook_allow_private_networks=True)
    body = b'{"exact": "bytes", "n": 1}'
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


async def test_a_long_answer_is_cut_off_and_the_next_request_still_works(bundle, receiver_for, poster_for):
    receiver = receiver_for(responder=lambda rec: (200, {"pad": "x" * (4 * MAX_ANSWER_BYTES)}))
    poster = poster_for(webhook_ca_bundle=bundle, webhook_allow_private_networks=True)
    assert await poster.post(receiver.url("/big"), {}, b"{}") == 200
    assert await poster.post(receiver.url("/big"), {}, b"{}") == 200
    assert len(receiver.received()) == 2


async def test_an_answer_later_than_the_timeout_is_a_timeout(bundle, receiver_for, poster_for):
    def slow(rec):
        time.sleep(1.5)
        return 200, {"ok": True}

    receiver = receiver_for(responder=slow)
    poster = poster_for(
        webhook_ca_bundle=bundle, webhook_allow_private_networks=True, webhook_timeout_seconds=0.5
    )
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        await poster.post(receiver.url("/slow"), {}, b"{}")
    assert time.monotonic() - started < 1.4
