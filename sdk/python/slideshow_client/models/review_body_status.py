from enum import StrEnum


class ReviewBodyStatus(StrEnum):
    APPROVED = "APPROVED"
    REJECTED = "REJECTED"

    def __str__(self) -> str:
        return str(self.value)
