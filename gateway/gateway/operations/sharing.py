"""Share links: the application calls shared by the REST routes and the MCP tools."""

from __future__ import annotations

from typing import Any

from kit.grpcx import call
from slides.sharing.v1 import sharing_pb2

from gateway.auth import Caller
from gateway.formats import ts


def share_json(share: sharing_pb2.Share) -> dict[str, Any]:
    return {
        "token": share.token,
        "url": share.url,
        "embed_url": share.embed_url,
        "password_protected": share.password_protected,
        "createdAt": ts(share.created_at),
    }


async def share(
    backends: Any,
    caller: Caller,
    slideshow_id: str,
    password: str | None = "",
    rotate: bool = False,
    remove_password: bool = False,
) -> dict[str, Any]:
    """Issue the slideshow's link, or return the live one (`created` false), or rotate it.

    password: empty/None keeps the current protection, a value sets it; remove_password drops it.
    Returns {"success", "body": {token, url, embed_url, password_protected, createdAt}, "created"}.
    """
    req = sharing_pb2.CreateShareRequest(
        organization_id=caller.organization_id, slideshow_id=slideshow_id, rotate=rotate
    )
    if password:
        req.password = password
    elif remove_password:
        req.password = ""
    resp = await call(backends.sharing.CreateShare, req)
    return {"success": True, "body": share_json(resp.share), "created": resp.created}


async def unshare(backends: Any, caller: Caller, slideshow_id: str) -> dict[str, Any]:
    """Disable the slideshow's link (idempotent); {"success", "body": {"disabled"}}."""
    resp = await call(
        backends.sharing.DisableShare,
        sharing_pb2.DisableShareRequest(organization_id=caller.organization_id, slideshow_id=slideshow_id),
    )
    return {"success": True, "body": {"disabled": resp.disabled}}
