"""gateway.keptpages.KeptPages (no I/O): a page is given back only at the version it was kept at."""

from __future__ import annotations

from gateway.keptpages import KeptPages


def test_a_page_is_given_back_only_at_its_version() -> None:
    pages: KeptPages[str] = KeptPages(2)
    assert pages.version("a") == 0 and pages.get("a", 0) is None
    pages.put("a", 3, "page a at 3")
    assert pages.version("a") == 3 and pages.get("a", 3) == "page a at 3"
    assert pages.get("a", 4) is None  # the service's version moved on: not this page
    pages.put("a", 4, "page a at 4")
    assert pages.get("a", 3) is None and pages.get("a", 4) == "page a at 4"


def test_the_least_recently_used_page_goes_first() -> None:
    pages: KeptPages[str] = KeptPages(2)
    pages.put("a", 1, "a")
    pages.put("b", 1, "b")
    assert pages.get("a", 1) == "a"  # a used last: b goes
    pages.put("c", 1, "c")
    assert len(pages) == 2 and pages.version("b") == 0 and pages.get("a", 1) == "a"


def test_nothing_is_kept_without_room_or_a_version() -> None:
    none: KeptPages[str] = KeptPages(0)
    none.put("a", 1, "a")
    assert len(none) == 0
    pages: KeptPages[str] = KeptPages(4)
    pages.put("a", 0, "a")  # 0: the service keeps no version for it (never current)
    assert len(pages) == 0
