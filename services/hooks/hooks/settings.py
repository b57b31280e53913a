import re

from kit.settings import KitSettings
from pydantic import field_validator

DAILY_AT = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")


def daily_at(value: str) -> str:
    """HOOKS_DAILY_AT in its normal form: "HH:MM" (UTC) or "off"."""
    value = value.strip()
    if value.lower() in ("off", ""):
        return "off"
    match = DAILY_AT.fullmatch(value)
    if not match:
        raise ValueError("HOOKS_DAILY_AT is HH:MM (UTC, 00:00 to 23:59) or off")
    return f"{int(match.group(1)):02d}:{match.group(2)}"


class Settings(KitSettings):
    service_name: str = "hooks"
    grpc_port: int = 20053
    # Refresh-now: at most one per organization per this many seconds.
    refresh_interval_seconds: int = 3600
    # Hooks written per app: when the app is created (seed) and per refresh job.
    seed_hooks_per_app: int = 18
    refresh_hooks_per_app: int = 12
    # Optional OpenAI-compatible provider; both must be set to use it.
    llm_base_url: str = ""
    llm_api_key: str = ""
    llm_model: str = "gpt-4o-mini"
    llm_timeout_seconds: float = 8.0
    # UTC time (HH:MM, or off) at which the local stack (scripts/stack.py) runs the daily refresh,
    # `slidectl hooks refresh-daily`, once a day (up to an hour late if it was down then); the
    # refresh itself runs once per organization and UTC day. Kubernetes: the hooks-daily CronJob.
    hooks_daily_at: str = "03:17"

    @field_validator("hooks_daily_at")
    @classmethod
    def _daily_at(cls, value: str) -> str:
        return daily_at(value)
