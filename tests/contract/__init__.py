"""Contract tests: only through public interfaces (an import-linter contract in the root pyproject)."""
