"""Language tags matched by RFC 4647 "lookup": the most specific available tag that is a prefix of the
requested one, after the usual region -> script aliases for Chinese (zh-CN -> zh-Hans, zh-TW -> zh-Hant).

Used wherever a service turns an app's `language` into the copy it has: the renderer's decks, the hooks
service's built-in writer and the catalog's checks all agree on one answer.
"""

from __future__ import annotations

import re

# Regions (and the bare language) whose customary script is not in the tag.
_ZH_SCRIPT = {
    "": "Hans",
    "cn": "Hans",
    "sg": "Hans",
    "my": "Hans",
    "tw": "Hant",
    "hk": "Hant",
    "mo": "Hant",
}
_TAG = re.compile(r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$")


def canonical(tag: str) -> str:
    """'PT_br' -> 'pt-BR', 'zh-hant-tw' -> 'zh-Hant-TW' (BCP 47 letter case; '_' read as '-')."""
    parts = [p for p in re.split(r"[-_]", tag.strip()) if p]
    if not parts:
        return ""
    out = [parts[0].lower()]
    for p in parts[1:]:
        if len(p) == 4 and p.isalpha():
            out.append(p.title())
        elif len(p) == 2 and p.isalpha():
            out.append(p.upper())
        else:
            out.append(p.lower())
    return "-".join(out)


def _with_script(tag: str) -> str:
    """Chinese without a script subtag gets the script its region customarily writes."""
    parts = tag.split("-")
    if parts[0] != "zh" or (len(parts) > 1 and len(parts[1]) == 4):
        return tag
    region = parts[1].lower() if len(parts) > 1 else ""
    script = _ZH_SCRIPT.get(region)
    return "-".join(["zh", script, *parts[1:]]) if script else tag


def lookup(tag: str, available: tuple[str, ...] | list[str]) -> str | None:
    """The available tag RFC 4647 lookup picks for `tag`, or None when none matches (no default:
    the caller decides what an unsupported language means)."""
    if not tag or not _TAG.match(tag.strip().replace("_", "-")):
        return None
    wanted = _with_script(canonical(tag))
    by_lower = {a.lower(): a for a in available}
    parts = wanted.split("-")
    while parts:
        found = by_lower.get("-".join(parts).lower())
        if found is not None:
            return found
        parts.pop()
        if parts and len(parts[-1]) == 1:  # never end a range on a singleton (RFC 4647 3.4)
            parts.pop()
    return None
