from enum import StrEnum


class ListSlideshowsStatusType0(StrEnum):
    FAILED = "FAILED"
    QUEUED = "QUEUED"
    READY = "READY"
    RENDERING = "RENDERING"

    def __str__(self) -> str:
        return str(self.value)
