"""The application layer shared by REST routes and MCP tools: one code path per operation."""
