from enum import StrEnum


class AppCreateDesign(StrEnum):
    BRAND_STUDIO = "brand-studio"
    CLASSIC = "classic"
    EDITORIAL_SPLIT = "editorial-split"
    INSPO = "inspo"

    def __str__(self) -> str:
        return str(self.value)
