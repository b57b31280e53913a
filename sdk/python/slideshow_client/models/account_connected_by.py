from enum import StrEnum


class AccountConnectedBy(StrEnum):
    OAUTH = "oauth"
    TOKEN = "token"

    def __str__(self) -> str:
        return str(self.value)
