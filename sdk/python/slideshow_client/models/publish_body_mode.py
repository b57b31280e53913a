from enum import StrEnum


class PublishBodyMode(StrEnum):
    DIRECT = "direct"
    DRAFT = "draft"

    def __str__(self) -> str:
        return str(self.value)
