"""The rules of gateway.authcache.AuthCache (no I/O; the stream itself is covered by
tests/contract/test_api_keys.py and billing's test_watchers.py against the running stack)."""

from gateway.auth import Caller
from gateway.authcache import MAX_ENTRIES, AuthCache


def caller(org: str = "org_a", key: str = "key_1") -> Caller:
    return Caller(org, "pro", "ACTIVE", "api_key", key, 120, True)


def live_cache() -> AuthCache:
    cache = AuthCache()
    cache.live = True
    return cache


def test_nothing_is_kept_while_the_stream_is_not_live():
    cache = AuthCache()
    key = cache.key("sk_live_x")
    cache.put(key, caller(), cache.generation)
    assert cache.get(key) is None


def test_answers_are_kept_under_a_hash_of_the_token():
    cache = live_cache()
    key = cache.key("sk_live_x")
    assert key != b"sk_live_x" and len(key) == 32
    cache.put(key, caller(), cache.generation)
    assert cache.get(key) == caller()
    assert cache.get(cache.key("sk_live_y")) is None


def test_an_answer_fetched_across_an_eviction_is_not_kept():
    cache = live_cache()
    key = cache.key("sk_live_x")
    generation = cache.generation  # Authenticate sent ...
    cache.forget("org_other")  # ... a change arrives meanwhile ...
    cache.put(key, caller(), generation)  # ... the (possibly older) answer is not kept
    assert cache.get(key) is None


def test_forget_drops_only_that_organizations_answers():
    cache = live_cache()
    a1, a2, b = cache.key("a1"), cache.key("a2"), cache.key("b")
    cache.put(a1, caller("org_a", "key_1"), cache.generation)
    cache.put(a2, caller("org_a", "key_2"), cache.generation)
    cache.put(b, caller("org_b", "key_3"), cache.generation)
    cache.forget("org_a")
    assert cache.get(a1) is None and cache.get(a2) is None
    assert cache.get(b) == caller("org_b", "key_3")


def test_a_closed_stream_drops_everything_and_stops_keeping():
    cache = live_cache()
    key = cache.key("a")
    cache.put(key, caller(), cache.generation)
    cache._stop_keeping()
    assert cache.get(key) is None
    cache.put(key, caller(), cache.generation)
    assert cache.get(key) is None


def test_the_cache_is_bounded():
    cache = live_cache()
    for i in range(MAX_ENTRIES + 1):
        cache.put(cache.key(str(i)), caller(), cache.generation)
    assert len(cache._entries) <= MAX_ENTRIES
    assert cache.get(cache.key(str(MAX_ENTRIES))) == caller()
