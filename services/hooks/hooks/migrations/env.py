from kit.migrate import run_env

run_env()
