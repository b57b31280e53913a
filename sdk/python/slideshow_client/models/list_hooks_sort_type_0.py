from enum import StrEnum


class ListHooksSortType0(StrEnum):
    PERFORMANCE_SCORE = "performance_score"
    RECENT = "recent"

    def __str__(self) -> str:
        return str(self.value)
