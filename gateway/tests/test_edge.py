"""The rules of gateway.edge.TextHygiene that need no stack: which answer each path parameter
gets, and what the checks name (the attacks themselves run against the stack in
tests/contract/test_security.py)."""

import re

import pytest
from gateway.app import create_app
from gateway.edge import PATH_PARAMETER_ANSWERS, path_problems, path_templates
from kit.text import pairs, walk


@pytest.fixture(scope="module")
def templates():
    return path_templates(create_app())


def test_every_path_parameter_has_a_decided_answer(templates):
    """A new route with path parameters must say what an impossible id answers (its 404, or
    None when the route refuses such ids itself without a lookup)."""
    seen = {(tpl, name) for _, tpl in templates for name in re.findall(r"\{([^}:]+)", tpl)}
    assert seen == set(PATH_PARAMETER_ANSWERS)


@pytest.mark.parametrize(
    ("path", "answer"),
    [
        ("/v0/api/v1/api-keys/key_\x00", ("KEY_NOT_FOUND", "No API key with that id.")),
        ("/v0/api/v1/apps/app_1/social-accounts/sa_\u202e", ("SOCIAL_ACCOUNT_NOT_FOUND", None)),
        ("/v0/api/webhooks/wh_1/deliveries/dl_\u2066/retry", ("NOT_FOUND", None)),
        ("/v0/api/webhooks/wh_\t1/deliveries/dl_1/retry", ("WEBHOOK_NOT_FOUND", None)),
    ],
)
def test_impossible_ids_get_the_routes_not_found(templates, path, answer):
    bad, found = path_problems(templates, path)
    assert bad == [] and found is not None and found[0] == answer[0]
    assert answer[1] is None or found[1] == answer[1]


def test_clean_paths_share_pages_and_unknown_routes_pass(templates):
    assert path_problems(templates, "/v0/api/v1/api-keys/key_1") == ([], None)
    assert path_problems(templates, "/share/\u202etoken") == ([], None)  # sharing's own 404 page
    assert path_problems(templates, "/v0/nope/\x00") == ([], None)  # the router's 404


def test_form_and_query_pairs_name_the_field():
    assert [f for f, _ in pairs([("password", "two\nlines"), ("note", "two\nlines")], "body")] == ["password"]
    assert [f for f, _ in pairs([("note", "two\nlines")], multiline=False)] == ["note"]
    assert [f for f, _ in pairs([("pass\x00", "x")], "body")] == ["body"]


def test_list_items_and_nested_objects_are_walked():
    value = {
        "screenshots": ["https://a.example/1.png", "https://a.example/\n"],
        "pain_points": ["two\nlines are fine"],
        "variable_overrides": {"problem": "a\u202eb"},
        "events": [{"deep": ["x\x01"]}],
    }
    assert [f for f, _ in walk(value)] == [
        "screenshots[1]",
        "variable_overrides.problem",
        "events[0].deep[0]",
    ]
