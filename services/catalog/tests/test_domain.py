"""Rules of an app, without I/O."""

import pytest
from catalog import domain
from hypothesis import given
from hypothesis import strategies as st
from kit.errors import ServiceError


def bad_fields(fn, values) -> dict[str, str]:
    with pytest.raises(ServiceError) as info:
        fn(values)
    assert info.value.code == "VALIDATION_ERROR"
    return {f["field"]: f["message"] for f in info.value.details["fields"]}


def test_new_app_gets_defaults():
    app = domain.validate_new({"name": "  Focus Timer "})
    assert app["name"] == "Focus Timer"
    assert (app["language"], app["status"], app["design"], app["image_source"]) == (
        "en",
        "ACTIVE",
        "classic",
        "brand",
    )
    assert app["screenshots"] == [] and app["photos"] == [] and app["ios_url"] == "" and "slug" not in app


@pytest.mark.parametrize(
    ("field", "ok", "bad"),
    [
        ("name", "ab", "a"),
        ("name", "x" * 80, "x" * 81),
        ("niche", "x" * 40, "x" * 41),
        ("niche", "ab", "a"),
        ("language", "pt-BR", "e"),
        ("language", "x" * 8, "en_US"),
        ("target_audience", "x" * 400, "x" * 401),
        ("description", "x" * 4000, "x" * 4001),
        ("ios_url", "https://apps.apple.com/app/id1", "ftp://apps.apple.com"),
        ("website_url", "http://example.com", "javascript:alert(1)"),
        ("brand_primary_color", "#fff", "#ffff"),
        ("brand_accent_color", "#A1b2C3", "red"),
        ("design", "editorial-split", "fancy"),
        ("image_source", "screenshots", "unsplash"),
        ("image_source", "photos", "photo"),
        ("image_source", "stock", "Stock"),
        ("image_source", "ai", "dalle"),
        ("slug", "my-app-2", "My App"),
    ],
)
def test_scalar_bounds(field, ok, bad):
    base = {"name": "Focus"}
    assert domain.validate_new({**base, field: ok})[field] == ok
    assert field in bad_fields(domain.validate_new, {**base, field: bad})


@pytest.mark.parametrize(
    ("field", "most"),
    [("screenshots", 12), ("photos", 24), ("value_props", 12), ("pain_points", 12), ("differentiators", 12)],
)
def test_list_bounds(field, most):
    item = "https://cdn.example.com/s.png" if field in ("screenshots", "photos") else "x" * 200
    assert len(domain.validate_new({"name": "Focus", field: [item] * most})[field]) == most
    assert field in bad_fields(domain.validate_new, {"name": "Focus", field: [item] * (most + 1)})
    assert f"{field}[1]" in bad_fields(domain.validate_new, {"name": "Focus", field: [item, ""]})
    assert field in bad_fields(domain.validate_changes, {field: [item] * (most + 1)})


@pytest.mark.parametrize("field", ["screenshots", "photos"])
@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "cdn.example.com/p.jpg",
        "javascript:alert(1)",
        "https:///p.jpg",
        "https://a b/p.jpg",
    ],
)
def test_image_lists_hold_http_urls_only(field, url):
    ok = ["https://cdn.example.com/p.jpg", " http://cdn.example.com/q.png "]
    assert domain.validate_new({"name": "Focus", field: ok})[field] == [u.strip() for u in ok]
    assert f"{field}[1]" in bad_fields(domain.validate_new, {"name": "Focus", field: [ok[0], url]})
    assert f"{field}[0]" in bad_fields(domain.validate_changes, {field: [url]})
    long_url = "https://cdn.example.com/" + "p" * domain.MAX_URL_CHARS
    assert f"{field}[0]" in bad_fields(domain.validate_changes, {field: [long_url]})


def test_photos_are_not_limited_to_200_characters_like_text_items():
    url = "https://cdn.example.com/" + "p" * 300 + ".jpg"
    assert domain.validate_changes({"photos": [url]}) == {"photos": [url]}


def test_every_bad_field_is_named():
    fields = bad_fields(
        domain.validate_new,
        {
            "name": "",
            "niche": "n",
            "brand_primary_color": "blue",
            "value_props": ["x" * 201],
            "status": "GONE",
        },
    )
    assert set(fields) == {"name", "niche", "brand_primary_color", "value_props[0]", "status"}


def test_control_characters_are_refused():
    assert "description" in bad_fields(domain.validate_new, {"name": "Focus", "description": "a\x00b"})


def test_changes_cannot_empty_required_fields_but_can_clear_optional_ones():
    assert domain.validate_changes({"description": "", "screenshots": [], "photos": []}) == {
        "description": "",
        "screenshots": [],
        "photos": [],
    }
    assert set(bad_fields(domain.validate_changes, {"name": " ", "status": "", "design": ""})) == {
        "name",
        "status",
        "design",
    }
    assert "owner" in bad_fields(domain.validate_changes, {"owner": "x"})


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Café Münster!", "cafe-munster"),
        ("  Focus -- Timer  ", "focus-timer"),
        ("ÆON Ünïcode 2", "aeon-unicode-2"),
    ],
)
def test_slugify(name, slug):
    assert domain.slugify(name) == slug


def test_slug_for_names_without_latin_letters_uses_the_id():
    assert domain.slug_for("日本語", "app_AbCdEfGhIjKlMnOpQrSt") == "app-abcdefghij"


def test_slug_taken_message_says_to_pass_a_unique_slug():
    err = domain.slug_taken("focus")
    assert err.code == "SLUG_EXISTS" and "unique slug" in err.message


def test_page_window():
    assert domain.page_window(0, 0) == (1, 50)
    assert domain.page_window(3, 100) == (3, 100)
    assert set(bad_fields(lambda v: domain.page_window(*v), (-1, 101))) == {"page", "limit"}


def test_app_id_shape():
    assert domain.is_app_id("app_abc123")
    assert not domain.is_app_id("org_abc") and not domain.is_app_id("app_a\x00")


@given(st.text(max_size=120))
def test_any_name_gives_a_valid_slug_or_a_refusal(name):
    slug = domain.slug_for(name, "app_AbCdEfGhIjKlMnOpQrSt")
    assert domain._check_slug(slug) is None
    try:
        domain.validate_new({"name": name, "slug": slug})
    except ServiceError as err:
        assert err.code == "VALIDATION_ERROR" and err.details["fields"]


def _field_value(field: str) -> st.SearchStrategy:
    return st.lists(st.text(max_size=20)) if field in domain.LIST_FIELDS else st.text(max_size=50)


changes = st.sampled_from(domain.WRITABLE_FIELDS).flatmap(
    lambda f: st.dictionaries(st.just(f), _field_value(f), min_size=1)
)


@given(st.lists(changes, max_size=5))
def test_changes_either_validate_or_name_the_bad_fields(parts):
    values = {k: v for part in parts for k, v in part.items()}
    try:
        cleaned = domain.validate_changes(values)
    except ServiceError as err:
        named = {f["field"].split("[")[0] for f in err.details["fields"]}
        assert named and named <= set(values)
    else:
        assert set(cleaned) == set(values)
