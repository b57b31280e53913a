"""The remote MCP server (POST /v0/mcp): ten tools over the same operations as REST."""
