from kit.settings import KitSettings


class Settings(KitSettings):
    service_name: str = "catalog"
    grpc_port: int = 20052
