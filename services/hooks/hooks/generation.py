"""One entry point for writing hooks: the LLM provider when configured, topped up (or fully
replaced on any LLM failure) by the built-in writer."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kit import logs

from hooks import domain, writer
from hooks.llm import LLMError, LLMProvider
from hooks.writer import Brief, Draft

log = logs.get(__name__)


class HookWriter:
    def __init__(self, llm: LLMProvider | None = None):
        self.llm = llm

    async def write(
        self,
        brief: Brief,
        count: int,
        categories: Sequence[str] = domain.CATEGORIES,
        seed: str = "",
        avoid: Iterable[str] = (),
    ) -> list[Draft]:
        if not brief.language:
            return []  # no copy in the app's language, and no other language stands in for it
        seen = set(avoid)
        drafts: list[Draft] = []
        if self.llm is not None:
            try:
                llm_drafts = await self.llm.write(brief, count, categories)
            except LLMError as exc:
                log.warning("llm provider failed; using the built-in writer", error=str(exc))
                llm_drafts = []
            for draft in llm_drafts:
                key = domain.normalize(draft.text)
                if key and key not in seen and len(drafts) < count:
                    seen.add(key)
                    drafts.append(draft)
        if len(drafts) < count:
            drafts += writer.write(brief, count - len(drafts), categories, seed=seed, avoid=seen)
        return drafts
