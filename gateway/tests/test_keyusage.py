"""gateway.keyusage: the keys a gateway authenticated reach billing in one report; a failed report
keeps them for the next one."""

from gateway.keyusage import KeyUsage
from kit.errors import ServiceError


class Billing:
    def __init__(self, fail: bool = False):
        self.fail = fail
        self.requests: list = []

    async def RecordApiKeyUse(self, request, timeout=None, metadata=None):  # noqa: N802 - gRPC naming
        if self.fail:
            raise ServiceError("UNAVAILABLE", "billing is down")
        self.requests.append(request)
        return None


async def test_seen_keys_are_reported_once():
    usage, billing = KeyUsage(), Billing()
    for key in ("key_a", "key_b", "key_a"):
        usage.note(key)
    await usage.report(billing)
    [request] = billing.requests
    assert sorted(u.key_id for u in request.uses) == ["key_a", "key_b"]
    assert all(u.used_at.seconds > 0 for u in request.uses)
    await usage.report(billing)  # nothing new: no call
    assert len(billing.requests) == 1


async def test_a_failed_report_is_retried_with_the_next():
    usage, down = KeyUsage(), Billing(fail=True)
    usage.note("key_a")
    await usage.report(down)
    up = Billing()
    usage.note("key_b")
    await usage.report(up)
    assert sorted(u.key_id for u in up.requests[0].uses) == ["key_a", "key_b"]
