"""The edge's text hygiene (gateway.edge, kit.text) said in the OpenAPI document: every string a
request carries in a JSON or form body, a query parameter or a header gets kit.text's pattern
for its field (no control characters or bidi controls; no tab or newline in single-line fields,
query parameters and headers), and every object that takes keys beyond its properties says
that those keys are single-line. A schema-valid request is then never refused for its
characters (the bodies the edge leaves to others, MCP's and Stripe's, are left alone).
Strings that carry a pattern, an enum, a const or a format already say more."""

from __future__ import annotations

from typing import Any

from kit.text import LINE_PATTERN, TEXT_PATTERN, pattern_for

from gateway.edge import HYGIENE_SKIPPED

# Shapes the document promises for URLs and e-mail addresses: a subset of what the API takes (an
# ASCII host name, an optional port, then anything but whitespace and control characters) that
# every check behind it accepts (kit.netguard.parse, the catalog's and billing's URL rules).
_NOT_IN_URL = r"\x00-\x20\x7f-\xa0\u1680\u2000-\u200a\u2028\u2029\u202a-\u202f\u205f\u2066-\u2069\u3000"
_HOST_PORT_REST = rf"[A-Za-z0-9][A-Za-z0-9.-]*(?::[1-9][0-9]{{0,3}})?(?:[/?#][^{_NOT_IN_URL}]*)?$"
HTTP_URL = rf"^[Hh][Tt][Tt][Pp][Ss]?://{_HOST_PORT_REST}"
HTTPS_URL = rf"^[Hh][Tt][Tt][Pp][Ss]://{_HOST_PORT_REST}"
# gateway.routes.auth's (and billing's) rule: 1-64 characters, @, a domain with a dot; no
# whitespace inside, around it only spaces (stripped), no control characters.
_NOT_IN_EMAIL = _NOT_IN_URL + "@"
_SPACE = r"[\x20\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*"
EMAIL = rf"^{_SPACE}[^{_NOT_IN_EMAIL}]{{1,64}}@[^{_NOT_IN_EMAIL}]+\.[^{_NOT_IN_EMAIL}]+{_SPACE}$"

BODY_TYPES = ("application/json", "application/x-www-form-urlencoded")
SAID_ALREADY = frozenset({"pattern", "enum", "const", "format", "contentMediaType"})


def _referenced(node: Any, components: dict[str, Any], seen: set[str]) -> set[str]:
    """Names of the components `node` refers to, directly or through other components."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            name = ref.rsplit("/", 1)[-1]
            if name not in seen:
                seen.add(name)
                _referenced(components.get(name), components, seen)
        for value in node.values():
            _referenced(value, components, seen)
    elif isinstance(node, list):
        for value in node:
            _referenced(value, components, seen)
    return seen


class _Rules:
    def __init__(self, components: dict[str, Any]):
        self.components = components
        self.done: set[str] = set()

    def visit(self, node: Any, pattern: str) -> None:
        """Puts `pattern` on the strings of `node` that say nothing of their characters yet."""
        if not isinstance(node, dict):
            return
        ref = node.get("$ref")
        if isinstance(ref, str):
            name = ref.rsplit("/", 1)[-1]
            if name not in self.done:
                self.done.add(name)
                self.visit(self.components.get(name), pattern)
            return
        for key in ("anyOf", "oneOf", "allOf"):
            for sub in node.get(key, []):
                self.visit(sub, pattern)
        kind = node.get("type")
        if kind == "string" and not SAID_ALREADY & node.keys():
            node["pattern"] = pattern
        elif kind == "array":
            self.visit(node.get("items"), pattern)
        elif kind == "object":
            for name, sub in node.get("properties", {}).items():
                self.visit(sub, pattern_for(name))
            extra = node.get("additionalProperties", True)
            if extra is not False:
                node.setdefault("propertyNames", {"pattern": LINE_PATTERN})
                self.visit(extra, TEXT_PATTERN)


def document_text_rules(schema: dict[str, Any]) -> None:
    components = schema.get("components", {}).get("schemas", {})
    rules = _Rules(components)
    requests: list[tuple[Any, str]] = []
    responses: list[Any] = []
    for path, path_item in schema.get("paths", {}).items():
        for operation in path_item.values():
            for media, content in operation.get("requestBody", {}).get("content", {}).items():
                if media in BODY_TYPES and not path.startswith(HYGIENE_SKIPPED):
                    requests.append((content.get("schema"), TEXT_PATTERN))
            for parameter in operation.get("parameters", []):
                if parameter.get("in") in ("query", "header"):
                    # The edge reads every query parameter and header value as one line.
                    requests.append((parameter.get("schema"), LINE_PATTERN))
            responses.append(operation.get("responses"))
    shared = _referenced([n for n, _ in requests], components, set()) & _referenced(
        responses, components, set()
    )
    if shared:  # a pattern put on them would also claim something of the answers
        raise RuntimeError(f"components used by requests and responses alike: {sorted(shared)}")
    for node, pattern in requests:
        rules.visit(node, pattern)
