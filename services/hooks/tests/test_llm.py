"""The OpenAI-compatible provider against a small local chat-completions server, and the
fallback to the built-in writer on every kind of failure."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from hooks import domain, llm, writer
from hooks.generation import HookWriter

BRIEF = writer.brief_for(
    app_name="FitFlow",
    niche="fitness",
    language="en",
    pain_points=["Skipping workouts"],
    value_props=["Quick wins"],
)
GOOD_HOOKS = {
    "hooks": [
        {"text": "Your gym bag is judging you", "category": "curiosity"},
        {"text": "3 excuses that kill your streak", "category": "listicle"},
        {"text": "Miracle abs in a week", "category": "problem"},
        {"text": "your gym bag is JUDGING you!", "category": "story"},
        {
            "text": "I skipped workouts for a year and then everything changed for me and my kids",
            "category": "story",
        },
        "A plain string hook",
    ]
}


class ChatServer:
    """Answers POST /v1/chat/completions with whatever `reply` returns: (status, body bytes)."""

    def __init__(self) -> None:
        self.requests: list[dict] = []
        self.reply: Callable[[], tuple[int, bytes]] = lambda: (200, b"{}")
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server API
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                server.requests.append(
                    {"path": self.path, "auth": self.headers.get("authorization"), "json": json.loads(body)}
                )
                status, payload = server.reply()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.handle_error = lambda *args: None  # type: ignore[method-assign] # client gave up (timeout test)
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def completion(self, content: str) -> None:
        body = {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "choices": [
                {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
            ],
        }
        self.reply = lambda: (200, json.dumps(body).encode())


@pytest.fixture(scope="module")
def chat() -> Iterator[ChatServer]:
    srv = ChatServer()
    thread = threading.Thread(target=srv.httpd.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.httpd.shutdown()


_PROVIDERS: dict[tuple[str, float], llm.LLMProvider] = {}


def provider(chat: ChatServer, timeout: float = 5.0) -> llm.LLMProvider:
    """One provider (one pooled HTTP client) per server and timeout, as in the service."""
    key = (chat.base_url, timeout)
    if key not in _PROVIDERS:
        made = llm.from_settings(chat.base_url, "sk-test", "test-model", timeout)
        assert made is not None
        _PROVIDERS[key] = made
    return _PROVIDERS[key]


def test_provider_is_off_without_url_or_key() -> None:
    assert llm.from_settings("", "key", "m", 1) is None
    assert llm.from_settings("http://127.0.0.1:1", "", "m", 1) is None


async def test_provider_speaks_chat_completions(chat: ChatServer) -> None:
    chat.completion(json.dumps(GOOD_HOOKS))
    drafts = await provider(chat).write(BRIEF, 10, domain.CATEGORIES)
    sent = chat.requests[-1]
    assert sent["path"] == "/v1/chat/completions"
    assert sent["auth"] == "Bearer sk-test"
    assert sent["json"]["model"] == "test-model"
    assert [m["role"] for m in sent["json"]["messages"]] == ["system", "user"]
    assert "Skipping workouts" in sent["json"]["messages"][1]["content"]
    assert [d.text for d in drafts][:2] == ["Your gym bag is judging you", "3 excuses that kill your streak"]
    assert drafts[0].category == "curiosity" and drafts[1].category == "listicle"
    assert all(d.source == "llm" and d.language == "en" for d in drafts)
    assert drafts[-1].text == "A plain string hook" and drafts[-1].category in domain.CATEGORIES


async def test_writer_uses_llm_dedupes_and_moderation_applies(chat: ChatServer) -> None:
    chat.completion("```json\n" + json.dumps(GOOD_HOOKS) + "\n```")
    drafts = await HookWriter(provider(chat)).write(BRIEF, 5, seed="s")
    texts = [d.text for d in drafts]
    assert texts.count("Your gym bag is judging you") == 1
    assert "your gym bag is JUDGING you!" not in texts  # normalized duplicate
    assert all(d.source == "llm" for d in drafts)
    statuses = {d.text: domain.moderate(d.text, d.language, d.source) for d in drafts}
    assert statuses["Your gym bag is judging you"] == "PENDING"
    assert statuses["Miracle abs in a week"] == "REJECTED"
    assert statuses[texts[3]] == "REJECTED"  # too long


async def test_short_llm_answer_is_topped_up_by_the_built_in_writer(chat: ChatServer) -> None:
    chat.completion(json.dumps({"hooks": [{"text": "Only one idea today", "category": "story"}]}))
    drafts = await HookWriter(provider(chat)).write(BRIEF, 6, seed="s")
    assert len(drafts) == 6
    assert drafts[0].source == "llm"
    assert {d.source for d in drafts[1:]} == {"generated"}


def _garbage_replies() -> dict[str, Callable[[], tuple[int, bytes]]]:
    def completion(content: str) -> Callable[[], tuple[int, bytes]]:
        body = {"choices": [{"message": {"role": "assistant", "content": content}}]}
        return lambda: (200, json.dumps(body).encode())

    return {
        "http 500": lambda: (500, b'{"error": {"message": "boom"}}'),
        "http 429": lambda: (429, b'{"error": {"message": "slow down"}}'),
        "body not json": lambda: (200, b"<html>gateway error</html>"),
        "no choices": lambda: (200, b'{"object": "chat.completion"}'),
        "content not json": completion("Here are some hooks: 1. Stop scrolling"),
        "truncated json": completion('{"hooks": [{"text": "Stop scro'),
        "hooks not a list": completion('{"hooks": "Stop scrolling"}'),
        "empty hooks": completion('{"hooks": []}'),
    }


@pytest.mark.parametrize("case", list(_garbage_replies()))
async def test_any_failure_falls_back_to_the_built_in_writer(chat: ChatServer, case: str) -> None:
    chat.reply = _garbage_replies()[case]
    with pytest.raises(llm.LLMError):
        await provider(chat).write(BRIEF, 6, domain.CATEGORIES)
    drafts = await HookWriter(provider(chat)).write(BRIEF, 6, seed="fallback")
    assert drafts == writer.write(BRIEF, 6, seed="fallback")
    assert {d.source for d in drafts} == {"generated"}


async def test_timeout_falls_back(chat: ChatServer) -> None:
    def slow() -> tuple[int, bytes]:
        time.sleep(1.5)
        return 200, json.dumps({"choices": [{"message": {"content": json.dumps(GOOD_HOOKS)}}]}).encode()

    chat.reply = slow
    drafts = await HookWriter(provider(chat, timeout=0.3)).write(BRIEF, 4, seed="t")
    assert len(drafts) == 4 and {d.source for d in drafts} == {"generated"}


async def test_unreachable_server_falls_back() -> None:
    dead = llm.from_settings("http://127.0.0.1:9/v1", "k", "m", 0.5)
    drafts = await HookWriter(dead).write(BRIEF, 3, seed="d")
    assert len(drafts) == 3 and {d.source for d in drafts} == {"generated"}


def test_every_language_with_copy_has_a_name_for_the_model() -> None:
    assert set(llm.LANGUAGE_NAMES) == set(domain.LANGUAGES)


async def test_prompt_names_the_matched_language(chat: ChatServer) -> None:
    chat.completion(json.dumps({"hooks": [{"text": "试了三天，结果惊喜", "category": "story"}]}))
    brief = writer.brief_for(app_name="FitFlow", niche="fitness", language="zh-TW")
    drafts = await provider(chat).write(brief, 1, ["story"])
    assert "Traditional Chinese" in chat.requests[-1]["json"]["messages"][1]["content"]
    assert drafts[0].language == "zh-Hant"


async def test_no_hooks_at_all_for_a_language_without_copy(chat: ChatServer) -> None:
    """Neither the model nor the built-in writer stands in with another language."""
    chat.completion(json.dumps(GOOD_HOOKS))
    before = len(chat.requests)
    brief = writer.brief_for(app_name="FitFlow", niche="fitness", language="sw")
    assert await HookWriter(provider(chat)).write(brief, 6, seed="sw") == []
    assert await HookWriter().write(brief, 6, seed="sw") == []
    assert len(chat.requests) == before
