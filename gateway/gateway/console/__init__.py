"""The web console under /console: server-rendered pages (Jinja2, a little htmx) on the same
gateway operations as REST and MCP, signed in with the REST sessions. Not in the OpenAPI document."""

from gateway.console.pages import router

__all__ = ["router"]
