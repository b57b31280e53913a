"""The ZIP bundle of one READY slideshow (pure: bytes in, bytes out)."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Sequence
from typing import Any

README = """{app_name}: slideshow {slideshow_id}
{rule}

What is inside
  slides/01.png .. slides/{last:02d}.png   the {count} slides, 1080x1920 PNG (9:16), in posting order
  marketing/caption.txt          the post caption (hook, problem, discovery, result)
  marketing/hashtags.txt         up to 5 hashtags, one per line
  marketing/cta.txt              call-to-action line(s) with the store link
  metadata.json                  the slideshow record: hook, language, template, slides, assets

How to post it (TikTok photo mode; Instagram and others work the same way)
  1. Copy slides/01.png .. slides/{last:02d}.png to your phone.
  2. In TikTok tap +, choose Upload, switch to Photos and pick the slides in order 01 -> {last:02d}.
  3. Paste marketing/caption.txt as the description and add the hashtags from marketing/hashtags.txt.
  4. Put the link from marketing/cta.txt in your bio or comments, then post.
  The slides keep text out of the top 10%, the bottom 20% and the right-hand buttons, so
  nothing important is hidden by the app's interface.
"""


def readme(app_name: str, slideshow_id: str, count: int) -> str:
    title = f"{app_name or 'App'}: slideshow {slideshow_id}"
    return README.format(
        app_name=app_name or "App", slideshow_id=slideshow_id, rule="=" * len(title), last=count, count=count
    )


def build_zip(
    metadata: dict[str, Any],
    slide_pngs: Sequence[bytes],
    caption: str,
    hashtags: Sequence[str],
    ctas: Sequence[str],
) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for i, png in enumerate(slide_pngs, start=1):
            # PNGs are already compressed: store them, deflate only the texts.
            zf.writestr(
                zipfile.ZipInfo(f"slides/{i:02d}.png", date_time=(2026, 1, 1, 0, 0, 0)),
                png,
                compress_type=zipfile.ZIP_STORED,
            )
        zf.writestr("marketing/caption.txt", caption + "\n")
        zf.writestr("marketing/hashtags.txt", "".join(f"{t}\n" for t in hashtags))
        zf.writestr("marketing/cta.txt", "".join(f"{c}\n" for c in ctas))
        zf.writestr("metadata.json", json.dumps(metadata, ensure_ascii=False, indent=2) + "\n")
        zf.writestr(
            "README.txt", readme(str(metadata.get("app_name", "")), str(metadata["_id"]), len(slide_pngs))
        )
    return buf.getvalue()
