"""kit.text's JSON Schema patterns say what kit.text.problem says, character for character."""

import re

import jsonschema_rs
import pytest
from kit.text import LINE_PATTERN, TEXT_PATTERN, pattern_for, problem

# Every character up to the end of the bidi controls, and a few beyond.
CHARACTERS = [chr(c) for c in range(0x2100)] + ["\u3000", "\ufeff", "\U0001f600"]


@pytest.mark.parametrize(("pattern", "multiline"), [(TEXT_PATTERN, True), (LINE_PATTERN, False)])
def test_the_patterns_accept_exactly_what_the_edge_accepts(pattern, multiline):
    python = re.compile(pattern)
    rust = jsonschema_rs.validator_for({"type": "string", "pattern": pattern})
    for ch in CHARACTERS:
        value = f"a{ch}b"
        accepted = problem(value, multiline=multiline) is None
        assert bool(python.search(value)) is accepted, repr(ch)
        assert rust.is_valid(value) is accepted, repr(ch)
    # Python's `$` also matches before a final newline; the validator's (Rust) does not, as ECMA-262.
    assert rust.is_valid("ab\n") is multiline


def test_a_field_gets_the_pattern_of_its_name():
    assert pattern_for("url") == LINE_PATTERN
    assert pattern_for("description") == TEXT_PATTERN
