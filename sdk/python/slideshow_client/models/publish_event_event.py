from enum import StrEnum


class PublishEventEvent(StrEnum):
    SLIDESHOW_PUBLISHED = "slideshow.published"
    SLIDESHOW_PUBLISH_FAILED = "slideshow.publish_failed"

    def __str__(self) -> str:
        return str(self.value)
