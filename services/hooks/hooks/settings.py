from kit.settings import KitSettings


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
