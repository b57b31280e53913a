from enum import StrEnum


class ListAppsStatusType0(StrEnum):
    ACTIVE = "ACTIVE"
    ARCHIVED = "ARCHIVED"

    def __str__(self) -> str:
        return str(self.value)
