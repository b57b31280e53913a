from enum import StrEnum


class PublishEventStatus(StrEnum):
    FAILED = "FAILED"
    PUBLISH_COMPLETE = "PUBLISH_COMPLETE"
    SEND_TO_USER_INBOX = "SEND_TO_USER_INBOX"

    def __str__(self) -> str:
        return str(self.value)
