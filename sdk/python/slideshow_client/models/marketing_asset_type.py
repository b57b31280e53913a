from enum import StrEnum


class MarketingAssetType(StrEnum):
    CAPTION = "caption"
    CTA = "cta"
    HASHTAGS = "hashtags"

    def __str__(self) -> str:
        return str(self.value)
