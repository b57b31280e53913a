from enum import StrEnum


class SlideshowEventStatus(StrEnum):
    COMPLETED = "COMPLETED"
    FAILED = "FAILED"

    def __str__(self) -> str:
        return str(self.value)
