"""JSON responses rendered by orjson: the same compact UTF-8 bytes as Starlette's JSONResponse,
several times faster on the large lists the API returns."""

from __future__ import annotations

from typing import Any

import orjson
from starlette.responses import JSONResponse as StarletteJSONResponse


class JSONResponse(StarletteJSONResponse):
    def render(self, content: Any) -> bytes:
        return orjson.dumps(content)
