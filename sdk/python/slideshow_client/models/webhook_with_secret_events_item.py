from enum import StrEnum


class WebhookWithSecretEventsItem(StrEnum):
    QUOTA_EXCEEDED = "quota.exceeded"
    SLIDESHOW_COMPLETED = "slideshow.completed"
    SLIDESHOW_FAILED = "slideshow.failed"
    SLIDESHOW_PUBLISHED = "slideshow.published"
    SLIDESHOW_PUBLISH_FAILED = "slideshow.publish_failed"

    def __str__(self) -> str:
        return str(self.value)
