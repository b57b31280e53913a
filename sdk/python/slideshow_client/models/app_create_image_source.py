from enum import StrEnum


class AppCreateImageSource(StrEnum):
    AI = "ai"
    BRAND = "brand"
    PHOTOS = "photos"
    SCREENSHOTS = "screenshots"
    STOCK = "stock"

    def __str__(self) -> str:
        return str(self.value)
