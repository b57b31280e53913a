from enum import StrEnum


class SlideshowEventEvent(StrEnum):
    SLIDESHOW_COMPLETED = "slideshow.completed"
    SLIDESHOW_FAILED = "slideshow.failed"

    def __str__(self) -> str:
        return str(self.value)
