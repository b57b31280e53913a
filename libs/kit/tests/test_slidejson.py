"""kit.slidejson: the one JSON of a slide and a marketing asset (key order is part of the bytes)."""

from kit.slidejson import asset_json, slide_json
from slides.renderer.v1 import renderer_pb2


def test_slide_json_fields_in_order():
    s = renderer_pb2.Slide(
        order=1,
        template="hook",
        layout_type="full",
        title="T",
        subtitle="S",
        label="L",
        image_url="https://x/1.png",
        duration=2.5,
    )
    assert list(slide_json(s).items()) == [
        ("order", 1),
        ("template", "hook"),
        ("layout_type", "full"),
        ("title", "T"),
        ("subtitle", "S"),
        ("label", "L"),
        ("image_url", "https://x/1.png"),
        ("duration", 2.5),
    ]


def test_asset_json_shows_tags_or_text():
    tags = renderer_pb2.MarketingAsset(type="hashtags", tags=["a", "b"], text="ignored")
    assert asset_json(tags) == {"type": "hashtags", "tags": ["a", "b"]}
    assert asset_json(renderer_pb2.MarketingAsset(type="caption", text="Hi")) == {
        "type": "caption",
        "text": "Hi",
    }
