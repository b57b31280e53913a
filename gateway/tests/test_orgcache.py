"""The rules of gateway.orgcache.OrgCache and its two uses, AuthCache and AppsCache (no I/O; the
streams themselves are covered against the running stack by tests/contract/test_api_keys.py,
tests/contract/test_apps_cache.py and the services' test_watchers.py)."""

from gateway.appscache import AppsCache
from gateway.auth import Caller
from gateway.authcache import MAX_ENTRIES, AuthCache


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
