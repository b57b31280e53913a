"""HTML pages of share links (Jinja2, autoescaping always on)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from sharing import domain

_env = Environment(
    loader=PackageLoader("sharing", "templates"),
    autoescape=True,
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)


@dataclass
class Page:
    status_code: int
    html: str
    headers: dict[str, str]


def _render(template: str, status: int, image_urls: list[str], frameable: bool, **context) -> Page:
    nonce = secrets.token_urlsafe(16)
    html = _env.get_template(template).render(nonce=nonce, **context)
    return Page(status, html, domain.page_headers(nonce, image_urls, frameable))


def deck_page(deck: domain.DeckView, *, base_url: str, token: str, embed: bool, provider_name: str) -> Page:
    images = [s.image_url for s in deck.slides] if deck.ready else []
    return _render(
        "embed.html" if embed else "share.html",
        200,
        images,
        embed,
        deck=deck,
        lang=deck.language or "en",
        provider_name=provider_name,
        share_url=domain.share_url(base_url, token),
        oembed_url=domain.oembed_url(base_url, token),
        zip_path=domain.zip_path(token),
    )


def password_page(
    *, base_url: str, token: str, embed: bool, provider_name: str, error: str = "", status: int = 200
) -> Page:
    return _render(
        "password.html",
        status,
        [],
        embed,
        lang="en",
        embed=embed,
        error=error,
        provider_name=provider_name,
        share_url=domain.share_url(base_url, token),
        form_action=f"/share/{token}",
    )


def message_page(status: int, heading: str, text: str, provider_name: str, frameable: bool = False) -> Page:
    return _render(
        "message.html",
        status,
        [],
        frameable,
        lang="en",
        heading=heading,
        text=text,
        provider_name=provider_name,
    )


def not_found_page(provider_name: str, frameable: bool = False) -> Page:
    """The one answer for unknown, rotated, disabled and deleted: it reveals nothing."""
    return message_page(404, "Not found", "There is nothing here.", provider_name, frameable)


def oembed_iframe(src: str, width: int, height: int, title: str) -> str:
    return str(
        Markup(
            '<iframe src="{}" width="{}" height="{}" title="{}" frameborder="0" scrolling="no" '
            'allowfullscreen loading="lazy"></iframe>'
        ).format(src, width, height, title)
    )
