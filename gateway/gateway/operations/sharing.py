"""Share links: the application calls shared by the REST routes and the MCP tools."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.grpcx import call
from slides.sharing.v1 import sharing_pb2

from gateway.auth import Caller
from gateway.formats import ts
from gateway.models import OEmbed, SharedZipData, SharedZipResponse, ShareOut, UnshareOut


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
) -> ShareOut:
    """Issue the slideshow's link, or return the live one (`created` false), or rotate it.

    password: empty/None keeps the current protection, a value sets it; remove_password drops it.
    Every success is 201 (API.md), whether issued now or already live.
    """
    req = sharing_pb2.CreateShareRequest(
        organization_id=caller.organization_id, slideshow_id=slideshow_id, rotate=rotate
    )
    if password:
        req.password = password
    elif remove_password:
        req.password = ""
    resp = await call(backends.sharing.CreateShare, req)
    return ShareOut.of({"success": True, "body": share_json(resp.share)})


async def unshare(backends: Any, caller: Caller, slideshow_id: str) -> UnshareOut:
    """Disable the slideshow's link (idempotent); {"success", "body": {"disabled"}}."""
    resp = await call(
        backends.sharing.DisableShare,
        sharing_pb2.DisableShareRequest(organization_id=caller.organization_id, slideshow_id=slideshow_id),
    )
    return UnshareOut.of({"success": True, "body": {"disabled": resp.disabled}})


# --- the public pages (no caller: the token is the credential) -----------------------------------


@dataclass(frozen=True)
class Page:
    """An HTML answer of the sharing service: the page (may be empty), its status and headers,
    and the share cookie to set (on each of `cookie_paths`) after a right password."""

    html: str
    status_code: int
    headers: dict[str, str]
    cookie_value: str = ""
    cookie_max_age: int = 0
    cookie_paths: tuple[str, ...] = ()


async def render_page(backends: Any, token: str, embed: bool, auth_cookie: str) -> Page:
    kind = sharing_pb2.PAGE_KIND_EMBED if embed else sharing_pb2.PAGE_KIND_SHARE
    resp = await call(
        backends.sharing.RenderPage,
        sharing_pb2.RenderPageRequest(token=token, kind=kind, auth_cookie=auth_cookie),
    )
    return Page(resp.html, resp.status_code or 200, dict(resp.headers))


async def submit_password(backends: Any, token: str, password: str, client_ip: str) -> Page:
    resp = await call(
        backends.sharing.SubmitPassword,
        sharing_pb2.SubmitPasswordRequest(token=token, password=password, client_ip=client_ip),
    )
    return Page(
        resp.html,
        resp.status_code,
        dict(resp.headers),
        resp.cookie_value,
        resp.cookie_max_age,
        tuple(resp.cookie_paths) if resp.cookie_value else (),
    )


async def get_oembed(backends: Any, url: str, maxwidth: int = 0, maxheight: int = 0) -> OEmbed:
    """oEmbed of a share URL; the thumbnail_* keys only once the deck has a thumbnail."""
    resp = await call(
        backends.sharing.GetOembed,
        sharing_pb2.GetOembedRequest(url=url, maxwidth=maxwidth, maxheight=maxheight),
    )
    names = [k for k in OEmbed.model_fields if resp.thumbnail_url or not k.startswith("thumbnail_")]
    return OEmbed.model_validate({k: getattr(resp, k) for k in names})


async def get_share_zip(
    backends: Any, token: str, password: str, auth_cookie: str, client_ip: str
) -> SharedZipResponse:
    resp = await call(
        backends.sharing.GetShareZip,
        sharing_pb2.GetShareZipRequest(
            token=token, password=password, auth_cookie=auth_cookie, client_ip=client_ip
        ),
    )
    data = SharedZipData(url=resp.url, expires_at=ts(resp.expires_at), cached=resp.cached)
    return SharedZipResponse(data=data)
