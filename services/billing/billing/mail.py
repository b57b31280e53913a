"""Sending e-mail over SMTP (smtp://[user:password@]host:port, smtps:// for implicit TLS)."""

from __future__ import annotations

import asyncio
import smtplib
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit


def build_message(sender: str, to_addr: str, subject: str, body: str) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to_addr
    msg["Subject"] = subject
    msg.set_content(body)
    return msg


def send_sync(smtp_url: str, msg: EmailMessage, timeout: float = 10.0) -> None:
    url = urlsplit(smtp_url)
    if url.scheme not in ("smtp", "smtps"):
        raise ValueError(f"unsupported SMTP_URL scheme {url.scheme!r}")
    host = url.hostname or "127.0.0.1"
    port = url.port or (465 if url.scheme == "smtps" else 25)
    client_cls = smtplib.SMTP_SSL if url.scheme == "smtps" else smtplib.SMTP
    with client_cls(host, port, timeout=timeout) as client:
        if url.username:
            client.login(unquote(url.username), unquote(url.password or ""))
        client.send_message(msg)


async def send(smtp_url: str, msg: EmailMessage) -> None:
    await asyncio.to_thread(send_sync, smtp_url, msg)
