"""Refuses request bodies over the cap before any route reads them, whether the client sent a
Content-Length or streamed the body in chunks (then it is buffered up to the cap)."""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyLimit:
    def __init__(self, app: ASGIApp, max_bytes: int):
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        # The last of each, as dict(headers) would (one pass, no dict per request).
        length: bytes | None = None
        encoding = b""
        for name, value in scope.get("headers") or ():
            if name == b"content-length":
                length = value
            elif name == b"transfer-encoding":
                encoding = value
        if length is not None:
            if length.isdigit() and int(length) > self.max_bytes:
                await self._refuse(send)
                return
            await self.app(scope, receive, send)
            return
        if b"chunked" not in encoding.lower():
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            size += len(message.get("body", b""))
            if size > self.max_bytes:
                await self._refuse(send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        payload = json.dumps(
            {
                "success": False,
                "error": {
                    "code": "PAYLOAD_TOO_LARGE",
                    "message": f"Request body exceeds {self.max_bytes} bytes.",
                },
            }
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(payload)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": payload})
