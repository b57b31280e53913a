"""Optional LLM provider: any OpenAI-compatible chat-completions endpoint.

Used only when LLM_BASE_URL and LLM_API_KEY are both set. Every failure (network, timeout,
non-2xx, malformed JSON, no usable hook) raises LLMError; the caller falls back to the
built-in writer (see generation.py).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import httpx

from hooks.writer import Brief, Draft

# Every code of domain.LANGUAGES (checked by the tests), as the model should read it.
LANGUAGE_NAMES = {
    "en": "English",
    "es": "Spanish",
    "fr": "French",
    "de": "German",
    "it": "Italian",
    "pt": "Brazilian Portuguese",
    "nl": "Dutch",
    "pl": "Polish",
    "tr": "Turkish",
    "ru": "Russian",
    "uk": "Ukrainian",
    "ar": "Arabic",
    "he": "Hebrew",
    "hi": "Hindi (Devanagari script)",
    "ja": "Japanese",
    "ko": "Korean",
    "zh-Hans": "Simplified Chinese",
    "zh-Hant": "Traditional Chinese (Taiwan)",
    "th": "Thai",
    "vi": "Vietnamese",
    "id": "Indonesian",
}

SYSTEM_PROMPT = (
    "You write scroll-stopping opening lines (hooks) for short-video slideshows that promote "
    "mobile apps. Answer with JSON only: "
    '{"hooks": [{"text": "...", "category": "problem|curiosity|social_proof|listicle|contrarian|story"}]}. '
    "Each hook: one line, at most 14 words and 90 characters (Japanese, Chinese and Thai: 40 characters), "
    "no hashtags, no emojis, no quotes, no promises of guaranteed results."
)


class LLMError(Exception):
    pass


class LLMProvider:
    def __init__(self, base_url: str, api_key: str, model: str, timeout_seconds: float):
        self.url = base_url.rstrip("/") + "/chat/completions"
        self.api_key = api_key
        self.model = model
        self.timeout = httpx.Timeout(timeout_seconds)
        self._client: httpx.AsyncClient | None = None

    def client(self) -> httpx.AsyncClient:
        # One pooled client: building one (TLS context) costs far more than a request.
        if self._client is None:
            self._client = httpx.AsyncClient(timeout=self.timeout)
        return self._client

    async def close(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def write(self, brief: Brief, count: int, categories: Sequence[str]) -> list[Draft]:
        payload = {
            "model": self.model,
            "temperature": 0.9,
            "messages": [
                {"role": "system", "content": SYSTEM_PROMPT},
                {"role": "user", "content": user_prompt(brief, count, categories)},
            ],
        }
        try:
            resp = await self.client().post(
                self.url, json=payload, headers={"Authorization": f"Bearer {self.api_key}"}
            )
            resp.raise_for_status()
            content = resp.json()["choices"][0]["message"]["content"]
        except (httpx.HTTPError, ValueError, KeyError, IndexError, TypeError) as exc:
            raise LLMError(f"LLM request failed: {type(exc).__name__}") from exc
        drafts = parse_hooks(content, categories, brief.language)
        if not drafts:
            raise LLMError("LLM answer held no usable hook")
        return drafts


def user_prompt(brief: Brief, count: int, categories: Sequence[str]) -> str:
    def listed(values: Sequence[str]) -> str:
        return "; ".join(values[:12]) or "-"

    return "\n".join(
        [
            f"Write {count} different hooks in {LANGUAGE_NAMES.get(brief.language, brief.language)}.",
            f"Spread them over these categories: {', '.join(categories)}.",
            f"App: {brief.app_name or '-'}",
            f"Niche: {brief.niche or '-'}",
            f"Audience: {brief.audience or '-'}",
            f"Pain points: {listed(brief.pain_points)}",
            f"Value props: {listed(brief.value_props)}",
            f"Differentiators: {listed(brief.differentiators)}",
        ]
    )


def parse_hooks(content: Any, categories: Sequence[str], language: str) -> list[Draft]:
    """Accepts {"hooks": [...]} or a bare list, items as strings or {text, category};
    tolerates a Markdown code fence around the JSON."""
    if not isinstance(content, str):
        raise LLMError("LLM answer is not text")
    body = content.strip()
    if body.startswith("```"):
        body = body.strip("`")
        body = body.split("\n", 1)[1] if "\n" in body else ""
    start = min((i for i in (body.find("{"), body.find("[")) if i >= 0), default=-1)
    if start < 0:
        raise LLMError("LLM answer holds no JSON")
    try:
        data, _ = json.JSONDecoder().raw_decode(body[start:])
    except ValueError as exc:
        raise LLMError("LLM answer is not valid JSON") from exc
    items = data.get("hooks") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise LLMError("LLM answer has no hooks list")
    drafts = []
    for i, item in enumerate(items):
        text, category = _item(item)
        text = " ".join(text.split()).strip("\"'“”")
        if not text:
            continue
        if category not in categories:
            category = categories[i % len(categories)]
        drafts.append(Draft(text=text[:300], category=category, language=language, source="llm"))
    return drafts


def _item(item: Any) -> tuple[str, str]:
    if isinstance(item, str):
        return item, ""
    if isinstance(item, dict) and isinstance(item.get("text"), str):
        category = item.get("category")
        return item["text"], category if isinstance(category, str) else ""
    return "", ""


def from_settings(base_url: str, api_key: str, model: str, timeout_seconds: float) -> LLMProvider | None:
    if not (base_url and api_key):
        return None
    return LLMProvider(base_url, api_key, model, timeout_seconds)
