from enum import StrEnum


class QuotaExceededEventQuota(StrEnum):
    APPS = "apps"
    HOOK_REFRESHES = "hook_refreshes"
    SLIDESHOWS_PER_MONTH = "slideshows_per_month"

    def __str__(self) -> str:
        return str(self.value)
