from enum import StrEnum


class AccountStatus(StrEnum):
    CONNECTED = "CONNECTED"
    RECONNECT_REQUIRED = "RECONNECT_REQUIRED"

    def __str__(self) -> str:
        return str(self.value)
