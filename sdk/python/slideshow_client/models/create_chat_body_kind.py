from enum import StrEnum


class CreateChatBodyKind(StrEnum):
    DISCORD = "discord"
    SLACK = "slack"

    def __str__(self) -> str:
        return str(self.value)
