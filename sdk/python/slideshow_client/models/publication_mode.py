from enum import StrEnum


class PublicationMode(StrEnum):
    DIRECT = "direct"
    DRAFT = "draft"

    def __str__(self) -> str:
        return str(self.value)
