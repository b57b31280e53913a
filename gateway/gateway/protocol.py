"""uvicorn's HTTP protocol, answering requests too malformed to reach the app (raw non-ASCII
bytes in the target, a Content-Length that is not a number, ...) in the API's error envelope
instead of uvicorn's plain-text "Invalid HTTP request received."."""

from __future__ import annotations

import orjson
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

MALFORMED = orjson.dumps(
    {
        "success": False,
        "error": {
            "code": "VALIDATION_ERROR",
            "message": "The HTTP request is malformed.",
            "details": {"fields": [{"field": "request", "message": "is not valid HTTP/1.1"}]},
        },
    }
)


class EnvelopeHttpToolsProtocol(HttpToolsProtocol):
    def send_400_response(self, msg: str) -> None:
        head = [b"HTTP/1.1 400 Bad Request\r\n"]
        for name, value in self.server_state.default_headers:
            head.append(name + b": " + value + b"\r\n")
        head.append(b"content-type: application/json\r\n")
        head.append(b"content-length: " + str(len(MALFORMED)).encode("ascii") + b"\r\n")
        head.append(b"connection: close\r\n\r\n")
        self.transport.write(b"".join(head) + MALFORMED)
        self.transport.close()
