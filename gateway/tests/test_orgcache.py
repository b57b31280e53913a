"""The rules of gateway.orgcache.OrgCache and its two uses, AuthCache and AppsCache (no I/O; the
streams themselves are covered against the running stack by tests/contract/test_api_keys.py,
tests/contract/test_apps_cache.py and the services' test_watchers.py)."""

import asyncio
import time

import grpc
from gateway.appscache import AppsCache
from gateway.auth import Caller
from gateway.authcache import MAX_ENTRIES, AuthCache
from slides.billing.v1 import billing_pb2


def caller(org: str = "org_a", key: str = "key_1") -> Caller:
    return Caller(org, "pro", "ACTIVE", "api_key", key, 120, True)


def keep(cache: AuthCache, key: bytes, who: Caller, generation: int | None = None) -> None:
    cache.put(who.organization_id, key, who, cache.generation if generation is None else generation)


def live_cache() -> AuthCache:
    cache = AuthCache()
    cache.live = True
    return cache


def test_nothing_is_kept_while_the_stream_is_not_live():
    cache = AuthCache()
    key = cache.key("sk_live_x")
    keep(cache, key, caller())
    assert cache.get(key) is None


def test_answers_are_kept_under_a_hash_of_the_token():
    cache = live_cache()
    key = cache.key("sk_live_x")
    assert key != b"sk_live_x" and len(key) == 32
    keep(cache, key, caller())
    assert cache.get(key) == caller()
    assert cache.get(cache.key("sk_live_y")) is None


def test_an_answer_fetched_across_an_eviction_is_not_kept():
    cache = live_cache()
    key = cache.key("sk_live_x")
    generation = cache.generation  # Authenticate sent ...
    cache.forget("org_other")  # ... a change arrives meanwhile ...
    keep(cache, key, caller(), generation)  # ... the (possibly older) answer is not kept
    assert cache.get(key) is None


def test_forget_drops_only_that_organizations_answers():
    cache = live_cache()
    a1, a2, b = cache.key("a1"), cache.key("a2"), cache.key("b")
    keep(cache, a1, caller("org_a", "key_1"))
    keep(cache, a2, caller("org_a", "key_2"))
    keep(cache, b, caller("org_b", "key_3"))
    cache.forget("org_a")
    assert cache.get(a1) is None and cache.get(a2) is None
    assert cache.get(b) == caller("org_b", "key_3")


def test_a_closed_stream_drops_everything_and_stops_keeping():
    cache = live_cache()
    key = cache.key("a")
    keep(cache, key, caller())
    cache._stop_keeping()
    assert cache.get(key) is None
    keep(cache, key, caller())
    assert cache.get(key) is None


def test_the_cache_is_bounded():
    cache = live_cache()
    for i in range(MAX_ENTRIES + 1):
        keep(cache, cache.key(str(i)), caller())
    assert len(cache._entries) <= MAX_ENTRIES
    assert cache.get(cache.key(str(MAX_ENTRIES))) == caller()


def test_app_answers_are_keyed_by_organization_and_query():
    cache = AppsCache()
    cache.live = True
    mine = cache.list_key("org_a", 1, 50, None)
    cache.put("org_a", mine, {"data": ["a"]}, cache.generation)
    assert cache.get(cache.list_key("org_b", 1, 50, None)) is None
    assert cache.get(cache.list_key("org_a", 1, 50, "ACTIVE")) is None
    assert cache.get(cache.list_key("org_a", 2, 50, None)) is None
    assert cache.get(mine) == {"data": ["a"]}
    one = cache.app_key("org_a", "app_1")
    cache.put("org_a", one, {"body": {}}, cache.generation)
    assert cache.get(cache.app_key("org_b", "app_1")) is None
    cache.forget("org_a")
    assert cache.get(mine) is None and cache.get(one) is None


def test_oldest_answers_go_first_when_the_budget_is_spent():
    cache = AppsCache()
    cache.live = True
    cache.budget = 100
    for i in range(4):
        cache.put(f"org_{i}", cache.app_key(f"org_{i}", "app_1"), i, cache.generation, weight=30)
    assert cache.weight == 90
    assert cache.get(cache.app_key("org_0", "app_1")) is None
    assert [cache.get(cache.app_key(f"org_{i}", "app_1")) for i in (1, 2, 3)] == [1, 2, 3]
    cache.put("org_x", cache.app_key("org_x", "big"), "x", cache.generation, weight=101)
    assert cache.get(cache.app_key("org_x", "big")) is None  # larger than the whole budget
    cache.forget("org_2")
    assert cache.weight == 60


def test_one_organization_cannot_take_the_whole_cache():
    cache = AppsCache()
    cache.live = True
    cache.put("org_b", cache.app_key("org_b", "app_1"), "b", cache.generation)
    for page in range(1, cache.per_organization + 10):
        cache.put("org_a", cache.list_key("org_a", page, 1, None), page, cache.generation)
    assert len([k for k in cache._entries if k[1] == "org_a"]) == cache.per_organization
    assert cache.get(cache.app_key("org_b", "app_1")) == "b"
    # A key already kept can still be refreshed.
    cache.put("org_a", cache.list_key("org_a", 1, 1, None), "new", cache.generation)
    assert cache.get(cache.list_key("org_a", 1, 1, None)) == "new"


class Stream:
    """A WatchPrincipals call as the gateway sees it: scripted messages, then the end."""

    def __init__(self, *messages: billing_pb2.WatchPrincipalsResponse) -> None:
        self.messages = list(messages)
        self.written: list[billing_pb2.WatchPrincipalsRequest] = []

    async def read(self):
        return self.messages.pop(0) if self.messages else grpc.aio.EOF

    async def write(self, message) -> None:
        self.written.append(message)


ack = billing_pb2.WatchPrincipalsRequest


async def test_the_stream_makes_the_cache_live_forgets_changes_and_acknowledges_them():
    cache = AuthCache()
    started_while_down = cache.generation  # a check started before the stream was live ...
    stream = Stream(
        billing_pb2.WatchPrincipalsResponse(),
        billing_pb2.WatchPrincipalsResponse(sequence=7, organization_id="org_a"),
    )
    await cache._follow(stream, ack)
    assert cache.live
    keep(cache, cache.key("a"), caller(), started_while_down)  # ... is not kept
    assert cache.get(cache.key("a")) is None
    keep(cache, cache.key("a"), caller())
    assert cache.get(cache.key("a")) == caller()
    assert [m.acknowledged_sequence for m in stream.written] == [7]


async def test_with_leases_a_kept_answer_is_used_only_under_an_answered_lease():
    """The service offers leases: nothing kept is used until a lease request is answered, and an
    answer of a lease never asked for grants nothing."""
    cache = AuthCache()
    stream = Stream(billing_pb2.WatchPrincipalsResponse(lease_milliseconds=250))
    await cache._follow(stream, ack)
    cache.live = True  # _follow ended with the scripted stream; the lease state is what matters
    key = cache.key("a")
    keep(cache, key, caller())
    assert cache.lease_seconds == 0.25
    assert cache.get(key) is None  # no lease yet: the request goes to the service ...
    assert cache._renew.is_set()  # ... and a lease is asked for
    cache._leased(99)  # not asked for
    assert cache.get(key) is None
    cache._lease_asked[1] = time.monotonic()
    cache._leased(1)
    assert cache.get(key) == caller()


async def test_a_lease_runs_out_and_is_renewed_from_half_way():
    cache = AuthCache()
    cache.live, cache.lease_seconds = True, 0.25
    key = cache.key("a")
    keep(cache, key, caller())
    cache._lease_asked[1] = time.monotonic() - 0.2  # asked 200 ms ago: 50 ms of it left
    cache._leased(1)
    assert cache.get(key) == caller() and cache._renew.is_set()
    cache._renew.clear()
    cache.lease_until = time.monotonic() - 0.001  # ran out (a frozen or starved gateway)
    assert cache.get(key) is None and cache._renew.is_set()


async def test_lease_requests_and_acknowledgements_go_out_on_the_stream():
    cache = AuthCache()
    stream = Stream(
        billing_pb2.WatchPrincipalsResponse(lease_milliseconds=250),
        billing_pb2.WatchPrincipalsResponse(sequence=3, organization_id="org_a"),
    )
    reading = stream.read

    async def slow_read():  # lets the lease task run before the stream ends
        await asyncio.sleep(0.01)
        if cache.lease_seconds:
            cache._renew.set()  # as a get finding no lease does
        return await reading()

    stream.read = slow_read  # type: ignore[method-assign]
    await cache._follow(stream, ack)
    assert sorted((m.acknowledged_sequence, m.lease) for m in stream.written) == [(0, 1), (3, 0)]
