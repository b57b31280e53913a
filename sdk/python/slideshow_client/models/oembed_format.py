from enum import StrEnum


class OembedFormat(StrEnum):
    JSON = "json"
    XML = "xml"

    def __str__(self) -> str:
        return str(self.value)
