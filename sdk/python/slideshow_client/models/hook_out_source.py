from enum import StrEnum


class HookOutSource(StrEnum):
    GENERATED = "generated"
    LLM = "llm"
    MANUAL = "manual"
    SEED = "seed"

    def __str__(self) -> str:
        return str(self.value)
