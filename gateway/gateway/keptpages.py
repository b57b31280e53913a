"""Pages of a list the gateway keeps with the version the service read them at, and sends again
while the service says that version is still current (a conditional read: the service reads one
row instead of the page, and nothing is converted or validated here).

Correct on every replica without any protocol between gateways: each read still asks the service,
which compares the known version with the one in its database, and every write raises that version
in the writing transaction; so the read after a write, through any gateway, gets the new page.
What is kept is only ever the answer the service last gave this replica for the same request.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class KeptPages(Generic[T]):
    """The `size` pages asked for last (least recently used out): key -> (version, page)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._pages: OrderedDict[Any, tuple[int, T]] = OrderedDict()

    def version(self, key: Any) -> int:
        """The version of the page kept for `key`; 0 (none) when nothing is kept."""
        kept = self._pages.get(key)
        return kept[0] if kept else 0

    def get(self, key: Any, version: int) -> T | None:
        """The page kept for `key` at `version` (the service said it is current), or None."""
        kept = self._pages.get(key)
        if kept is None or kept[0] != version:
            return None
        self._pages.move_to_end(key)
        return kept[1]

    def put(self, key: Any, version: int, page: T) -> None:
        if self.size <= 0 or version <= 0:
            return
        self._pages[key] = (version, page)
        self._pages.move_to_end(key)
        while len(self._pages) > self.size:
            self._pages.popitem(last=False)

    def __len__(self) -> int:
        return len(self._pages)
