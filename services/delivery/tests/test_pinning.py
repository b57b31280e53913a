"""The pinned connection used when private networks are not allowed: the request goes to the
checked address while TLS still verifies the URL's host name."""

from __future__ import annotations

import httpx
import pytest
import trustme
from delivery import urls
from delivery.sender import ssl_context
from delivery.testing import Receiver


async def test_pinned_request_verifies_the_real_host_name(tmp_path):
    ca = trustme.CA()
    bundle = tmp_path / "ca.pem"
    bundle.write_bytes(ca.cert_pem.bytes())
    receiver = Receiver(ca)
    try:
        target = urls.Target(
            url=f"https://localhost:{receiver.port}/hook",
            host="localhost",
            port=receiver.port,
            addresses=("127.0.0.1",),
        )
        async with httpx.AsyncClient(verify=ssl_context(bundle)) as client:
            resp = await client.post(
                urls.pinned_url(target),
                content=b"{}",
                # As the sender does: no reuse of a connection verified for another host name.
                headers={"Host": f"localhost:{receiver.port}", "Connection": "close"},
                extensions={"sni_hostname": "localhost"},
            )
            assert resp.status_code == 200
            assert receiver.received()[0].headers["host"] == f"localhost:{receiver.port}"
            with pytest.raises(httpx.ConnectError):
                await client.post(
                    urls.pinned_url(target), content=b"{}", extensions={"sni_hostname": "evil.example"}
                )
        async with httpx.AsyncClient(verify=ssl_context(None)) as untrusting:
            with pytest.raises(httpx.ConnectError):
                await untrusting.post(target.url, content=b"{}")
    finally:
        receiver.close()
