"""Prints (or, with --write, updates in docs/operations.md) the table of every setting of
every service: the pydantic-settings classes are the single source of truth."""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "operations.md"
START, END = "<!-- settings:start -->", "<!-- settings:end -->"
SECRET_WORDS = ("secret", "password", "key", "token")


def settings_classes() -> list[tuple[str, type]]:
    out = [("all services", importlib.import_module("kit.settings").KitSettings)]
    for svc in sorted(p.name for p in (ROOT / "services").iterdir() if (p / p.name / "settings.py").exists()):
        module = importlib.import_module(f"{svc}.settings")
        out.append((svc, module.Settings))
    out.append(("gateway", importlib.import_module("gateway.settings").GatewaySettings))
    return out


def comments(cls: type) -> dict[str, str]:
    """Field name -> the comment written above it (or at the end of its line) in the class source."""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        try:
            lines = inspect.getsource(klass).splitlines()
        except (OSError, TypeError):
            continue
        pending: list[str] = []
        for line in lines:
            stripped = line.strip()
            if stripped.startswith("#"):
                pending.append(stripped.lstrip("# "))
                continue
            match = re.match(r"(\w+)\s*:", stripped)
            if match and not stripped.startswith(("def ", "class ")):
                trailing = stripped.split("#", 1)[1].strip() if "#" in stripped else ""
                text = " ".join(pending) or trailing
                if text and not text.startswith("noqa"):
                    found[match.group(1)] = text
            pending = []
    return found


def render() -> str:
    from kit.settings import KitSettings

    base = set(KitSettings.model_fields)
    rows = ["| service | variable | default | meaning |", "|---|---|---|---|"]
    for owner, cls in settings_classes():
        notes = comments(cls)
        for name, field in cls.model_fields.items():
            if owner != "all services" and name in base:
                continue
            default = field.default
            shown = "(secret)" if any(w in name for w in SECRET_WORDS) and default else repr(default)
            meaning = (field.description or notes.get(name, "")).replace("|", "/")
            rows.append(f"| {owner} | `{name.upper()}` | `{shown}` | {meaning} |")
    return "\n".join(rows)


def main() -> None:
    table = render()
    if "--write" in sys.argv:
        text = DOC.read_text()
        text = re.sub(f"{START}.*{END}", f"{START}\n{table}\n{END}", text, flags=re.S)
        DOC.write_text(text)
    else:
        print(table)


if __name__ == "__main__":
    main()
