"""The web console (/console) in a real headless Chromium (Debian's `chromium`, driven by
Playwright): a first-time user's whole path, the CSRF and tenant rules, axe-core on every page
(no serious or critical violations) and no Content-Security-Policy violation anywhere.

Screenshots of every page at 360 and 1280 px wide are written to out/console/."""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM),
    reason=f"{CHROMIUM} is missing: install it with `apt-get install -y chromium` to run the browser test",
)

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "console"
STATE = ROOT / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0")
WIDTHS = (360, 1280)
PASSWORD = "correct horse battery staple"  # noqa: S105 - test credential


def signature(secret: str, body: bytes) -> str:
    """`X-Service-Signature` as the spec publishes it: `sha256=` + hex HMAC-SHA256 of the raw body,
    keyed by the endpoint secret as shown (UTF-8)."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def slidectl(stack_env: dict[str, str], *args: str) -> str:
    """The operator's admin CLI (billing's `slidectl`), pointed at this stack's billing."""
    done = subprocess.run(
        [str(Path(sys.executable).with_name("slidectl")), *args],
        env={**os.environ, "BILLING_ADDR": stack_env["BILLING_ADDR"]},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


class Browser:
    """One Chromium for the module; every page visit records CSP violations and axe results."""

    def __init__(self, playwright: Any, base: str):
        self.base = base
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        self.csp: list[str] = []
        self.axe_problems: list[str] = []
        self.checked: set[str] = set()

    def context(self) -> Any:
        context = self.browser.new_context(
            viewport={"width": 1280, "height": 900}, accept_downloads=True, base_url=self.base
        )
        context.set_default_timeout(30_000)
        return context

    def page(self, context: Any) -> Any:
        page = context.new_page()
        page.on(
            "console",
            lambda m: (
                self.csp.append(f"{page.url}: {m.text}") if "Content Security Policy" in m.text else None
            ),
        )
        return page

    def check(self, page: Any, name: str) -> None:
        """axe-core on the page, then full-page screenshots at 1280 and 360 px."""
        from axe_playwright_python.sync_playwright import Axe

        results = Axe().run(page)
        for violation in results.response["violations"]:
            if violation.get("impact") in ("serious", "critical"):
                targets = [n.get("target") for n in violation.get("nodes", [])][:3]
                self.axe_problems.append(f"{name}: {violation['id']} ({violation['impact']}) {targets}")
        SHOTS.mkdir(parents=True, exist_ok=True)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
        page.set_viewport_size({"width": 1280, "height": 900})
        self.checked.add(name)

    def close(self) -> None:
        self.browser.close()


@pytest.fixture(scope="module")
def browser(gateway_url: str) -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = Browser(p, gateway_url)
        try:
            yield b
        finally:
            b.close()
    assert b.csp == [], "Content-Security-Policy violations:\n" + "\n".join(b.csp)


def sign_in(browser: Browser, email: str, password: str = PASSWORD) -> tuple[Any, Any]:
    context = browser.context()
    page = browser.page(context)
    page.goto("/console/keys")
    assert "/console/login" in page.url  # every page needs a session
    page.fill("#f-email", email)
    page.fill("#f-password", password)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/console/keys$"))  # back where it was going
    return context, page


def png() -> bytes:
    """A small phone-shaped screenshot."""
    import io

    from PIL import Image, ImageDraw

    image = Image.new("RGB", (360, 780), "#f1f5f9")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 360, 90), fill="#0f766e")
    for row in range(6):
        draw.rounded_rectangle((24, 130 + row * 100, 336, 210 + row * 100), radius=12, fill="#ffffff")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def publish_as_draft(page: Any, rest: httpx.Client, app_id: str, slideshow_id: str) -> None:
    """With a TikTok account connected (over REST, to the local fake of TikTok's API), the deck
    page sends the deck to TikTok as a draft. Skipped without the fake's address."""
    from urllib.parse import urlsplit

    from testkit.delivery import FakeTikTok, local_ca

    base = os.environ.get("TIKTOK_API_BASE", "")
    if not base.startswith("https://127.0.0.1:"):
        return
    token = "act.example-user-token"  # noqa: S105 - the fake's accepted token
    fake = FakeTikTok(local_ca(STATE), port=urlsplit(base).port or 443, token=token)
    try:
        connected = rest.post(
            f"/v0/api/v1/apps/{app_id}/social-accounts",
            json={"platform": "tiktok", "access_token": token, "open_id": "open-1", "display_name": "Fit Co"},
        )
        assert connected.status_code == 201, connected.text
        page.goto(f"/console/apps/{app_id}#accounts")
        assert page.locator("#accounts li:has-text('Fit Co')").is_visible()
        page.goto(f"/console/slideshows/{slideshow_id}")
        page.click("button:has-text('Send to TikTok as a draft')")
        page.wait_for_url(re.compile(r"msg=published"), timeout=120_000)
        assert page.locator("#publish li").count() == 1
    finally:
        fake.close()


def test_first_time_user_makes_a_deck_gets_a_key_and_a_webhook(
    browser: Browser, gateway_url: str, stack_env
) -> None:
    from testkit.delivery import Receiver, local_ca

    context = browser.context()
    page = browser.page(context)

    # Signed out: the sign-in page, and sign-up with its field errors.
    page.goto("/console")
    page.wait_for_url(re.compile(r"/console/login"))
    page.keyboard.press("Tab")  # keyboard users skip the header first
    assert page.evaluate("document.activeElement.textContent") == "Skip to content"
    browser.check(page, "login")
    page.click("text=Create a free account")
    page.click("button[type=submit]")
    assert page.locator("#err-email").is_visible()
    browser.check(page, "signup-errors")
    email = f"console-{uuid.uuid4().hex[:10]}@example.com"
    page.fill("#f-organization_name", "Console <b>Test</b> Co")
    page.fill("#f-email", email)
    page.fill("#f-password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/console\?welcome=1"))
    assert page.locator("h1").inner_text().startswith("Welcome")
    cookie = next(c for c in context.cookies() if c["name"] == "session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    browser.check(page, "overview-new")

    # An app: the form's errors name the field, then it is created.
    page.click("text=Add your app")
    browser.check(page, "app-new")
    page.fill("#f-name", "Z")
    page.fill("#f-brand_primary_color", "blue")
    page.click("button:has-text('Create app')")
    assert "at least 2" in page.locator("#err-name").inner_text()
    assert page.locator("#err-brand_primary_color").is_visible()
    page.fill("#f-name", "Fit <script>alert(1)</script> Coach")
    page.fill("#f-brand_primary_color", "#0F766E")
    page.select_option("#f-niche", "fitness")
    page.fill("#f-target_audience", "busy parents who want to get fit at home")
    page.fill("#f-value_props", "10-minute workouts\nNo equipment")
    page.click("button:has-text('Create app')")
    page.wait_for_url(re.compile(r"/console/apps/app_"))
    assert page.locator("h1").inner_text() == "Fit <script>alert(1)</script> Coach"  # escaped, shown as text
    app_id = page.url.split("/console/apps/")[1].split("?")[0]
    browser.check(page, "app-detail")

    # A screenshot upload lands in the app's screenshots and shows as a thumbnail.
    page.set_input_files("#u-file", files=[{"name": "home.png", "mimeType": "image/png", "buffer": png()}])
    page.click("button:has-text('Upload')")
    page.wait_for_url(re.compile(r"msg=uploaded"))
    page.wait_for_function(
        "() => { const i = document.querySelector('.thumbs img'); return i && i.complete && i.naturalWidth > 0; }"
    )
    browser.check(page, "app-uploaded")

    # Generate: the page follows the render without a reload until the six slides show.
    page.select_option("#g-format", "problem_solution")
    page.click("button:has-text('Generate deck')")
    page.wait_for_url(re.compile(r"/console/slideshows/ss_"))
    slideshow_id = page.url.rsplit("/", 1)[1]
    page.evaluate("window.__notReloaded = true")
    if page.locator("#deck-live[hx-get]").count():
        browser.check(page, "deck-rendering")
    page.wait_for_selector("#carousel li >> nth=5", timeout=240_000)
    assert page.evaluate("window.__notReloaded === true"), "the page reloaded instead of updating itself"
    assert page.locator("#carousel li").count() == 6
    page.wait_for_function(
        "() => [...document.querySelectorAll('#carousel img')].slice(0, 1).every(i => i.complete && i.naturalWidth === 1080)"
    )
    assert page.locator("#caption").inner_text().strip()
    assert page.locator("#hashtags").inner_text().startswith("#")
    page.click("button[data-carousel=next]")
    page.wait_for_function("() => document.getElementById('counter').textContent.startsWith('2 /')")
    browser.check(page, "deck-ready")
    with page.expect_download(timeout=120_000) as download:
        page.click("#download")
    # Named after the app and the deck (the presigned URL overrides Content-Disposition), not "2.zip".
    assert download.value.suggested_filename.endswith(f"-{slideshow_id}.zip")

    page.click("button:has-text('Get share link')")
    share_url = page.locator("#share-url").inner_text()
    assert "/share/" in share_url
    assert httpx.get(share_url).status_code == 200
    browser.check(page, "deck-shared")
    page.fill("#f-password", "open sesame 42")
    page.click("button:has-text('Save password')")
    assert "after entering the password" in page.locator("#share").inner_text()
    assert 'name="password"' in httpx.get(share_url).text  # the public page asks for it now
    page.click("button:has-text('Disable sharing')")
    page.wait_for_url(re.compile(r"msg=share-disabled"))
    assert httpx.get(share_url).status_code == 404

    page.goto("/console/slideshows")
    browser.check(page, "decks")
    page.goto("/console/apps")
    browser.check(page, "apps")

    # API keys: Free sees why they need Pro; after the upgrade a key works over REST until revoked.
    page.goto("/console/keys")
    assert page.locator("#upsell-h").is_visible()
    browser.check(page, "keys-free")
    page.goto("/console/usage")
    browser.check(page, "usage-free")
    # The organization of this session, as the REST API shows it (an app names its organization),
    # upgraded by the operator's CLI (no Stripe needed).
    mine = httpx.get(f"{gateway_url}/v0/api/v1/apps/{app_id}", cookies={"session": cookie["value"]})
    assert mine.status_code == 200, mine.text
    org_id = mine.json()["body"]["organization_id"]
    slidectl(stack_env, "org", "set-plan", org_id, "pro")
    page.goto("/console/keys")
    page.fill("#f-name", "ci <pipeline>")
    page.click("button:has-text('Create key')")
    key = page.locator("#new-key").inner_text().strip()
    assert key.startswith("sk_live_")
    browser.check(page, "keys-created")
    with httpx.Client(base_url=gateway_url, headers={"Authorization": f"Bearer {key}"}) as rest:
        assert rest.get("/v0/api/v1/usage").status_code == 200
        publish_as_draft(page, rest, app_id, slideshow_id)
        page.goto("/console/keys")
        assert page.locator("#new-key").count() == 0  # shown once
        page.click("a[aria-label='Revoke key ci <pipeline>']")
        browser.check(page, "keys-revoke-confirm")
        page.click("button:has-text('Revoke key')")
        page.wait_for_url(re.compile(r"/console/keys\?msg=revoked"))
        assert rest.get("/v0/api/v1/usage").status_code == 401

    # A webhook: the secret once, a signed test event at a local HTTPS receiver, the delivery log.
    receiver = Receiver(local_ca(STATE))
    try:
        page.goto("/console/integrations")
        browser.check(page, "integrations-empty")
        page.fill("#f-url", receiver.url("/console-hook"))
        page.fill("#f-description", "console test")
        page.click("button:has-text('Add endpoint')")
        secret = page.locator("#wh-secret").inner_text().strip()
        assert secret.startswith("whsec_")
        browser.check(page, "integrations-added")
        page.click("text=Send a test event to it")
        page.click("#send-test")
        page.wait_for_url(re.compile(r"msg=webhook-tested"))
        [got] = receiver.wait_for(lambda r: len(r) >= 1, path="/console-hook", timeout=60)[:1]
        assert got.headers["x-service-event"] == "webhook.test"
        assert got.headers["x-service-signature"] == signature(secret, got.body)
        # The log updates itself (htmx) until the delivery is no longer pending.
        page.wait_for_selector("#deliveries td:has-text('HTTP 200')", timeout=60_000)
        browser.check(page, "webhook-log")

        # Chat: a Slack incoming-webhook URL, a test message, then removed after a confirmation.
        page.goto("/console/integrations")
        page.select_option("#f-chat_kind", "slack")
        page.fill("#f-chat_url", receiver.url("/slack"))
        page.click("button:has-text('Add integration')")
        page.wait_for_url(re.compile(r"msg=chat-created"))
        page.click("button:has-text('Send test')")
        page.wait_for_url(re.compile(r"msg=chat-tested"))
        receiver.wait_for(lambda r: len(r) >= 1, path="/slack", timeout=60)
        browser.check(page, "integrations")
        page.click("a:has-text('Remove')")
        page.click("button:has-text('Remove integration')")
        page.wait_for_url(re.compile(r"msg=chat-deleted"))
    finally:
        receiver.close()

    page.goto("/console/hooks")
    browser.check(page, "hooks")
    # Reviewing the organization's own hooks: reject one (it stays out of decks), approve it again.
    first = page.locator("tbody tr", has=page.locator("button:has-text('Reject')")).first
    hook_text = first.locator(".hook-text").inner_text()
    first.locator("button:has-text('Reject')").click()
    page.wait_for_url(re.compile(r"msg=hook-reviewed"))
    page.goto("/console/hooks?status=REJECTED")
    row = page.locator("tbody tr", has_text=hook_text)
    assert row.locator(".badge-rejected").is_visible()
    row.locator("button:has-text('Approve')").click()
    page.wait_for_url(re.compile(r"msg=hook-reviewed"))
    page.goto("/console/hooks?status=REJECTED")
    assert page.locator("tbody tr", has_text=hook_text).count() == 0
    page.goto("/console/usage")
    browser.check(page, "usage-pro")
    page.goto("/console")
    browser.check(page, "overview")

    # Deleting the app asks first.
    page.goto(f"/console/apps/{app_id}")
    page.click("text=Delete app…")
    browser.check(page, "app-delete-confirm")
    page.click("button:has-text('Delete app')")
    page.wait_for_url(re.compile(r"/console/apps\?msg=app-deleted"))
    assert page.locator("text=Add your first app").is_visible()

    # Sign out: the session is over, pages lead to sign-in again.
    page.click("button:has-text('Sign out')")
    page.wait_for_url(re.compile(r"/console/login"))
    page.goto(f"/console/slideshows/{slideshow_id}")
    assert "/console/login?next=" in page.url
    page.goto(f"/console/apps/{app_id}")
    assert "/console/login" in page.url
    context.close()
    assert browser.axe_problems == [], "\n".join(browser.axe_problems)


def test_csrf_token_is_required(browser: Browser, new_org, gateway_url: str) -> None:
    org = new_org("pro")
    context, page = sign_in(browser, org["email"])
    token = page.locator("input[name=csrf_token]").first.get_attribute("value")
    # The page's own form works; the same post without the token, or with another, is refused.
    missing = page.request.post(f"{gateway_url}/console/keys", form={"name": "forged"})
    assert missing.status == 403 and "security token" in missing.text()
    wrong = page.request.post(f"{gateway_url}/console/keys", form={"name": "forged", "csrf_token": "x" * 64})
    assert wrong.status == 403
    other_site = page.request.post(
        f"{gateway_url}/console/keys",
        form={"name": "forged", "csrf_token": token},
        headers={"Origin": "https://evil.example"},
    )
    assert other_site.status == 403
    page.goto("/console/keys")
    assert "forged" not in page.content()
    ok = page.request.post(f"{gateway_url}/console/keys", form={"name": "real", "csrf_token": token})
    assert ok.status == 201
    # Signed out too: sign-in without its token is refused.
    fresh = browser.context()
    anonymous = fresh.request.post(
        f"{gateway_url}/console/login", form={"email": org["email"], "password": PASSWORD}
    )
    assert anonymous.status == 403
    assert not [c for c in fresh.cookies() if c["name"] == "session"]
    fresh.close()
    context.close()


def test_other_organizations_ids_are_a_404_page(browser: Browser, new_org, gateway_url: str) -> None:
    mine, theirs = new_org("pro"), new_org("pro")
    with httpx.Client(base_url=gateway_url, headers={"Authorization": f"Bearer {theirs['api_key']}"}) as rest:
        app = rest.post("/v0/api/v1/apps", json={"name": "Their app", "niche": "fitness"}).json()["body"][
            "_id"
        ]
        hook = rest.post("/v0/api/webhooks", json={"url": "https://127.0.0.1:9/theirs"}).json()["body"]["_id"]
    context, page = sign_in(browser, mine["email"])
    for path in (
        f"/console/apps/{app}",
        f"/console/apps/{app}/delete",
        f"/console/webhooks/{hook}",
        f"/console/keys/{theirs['api_key_id']}/revoke",
        "/console/slideshows/ss_doesnotexist000000000",
        "/console/no-such-page",
        "/console/apps/app_%E2%80%AEx",  # a bidi override: no id carries one
        "/console/webhooks/wh_%00",
    ):
        response = page.goto(path)
        assert response is not None and response.status == 404, path
        assert page.locator("h1").inner_text() == "Not found", path
        assert "Their app" not in page.content()
    browser.check(page, "not-found")
    token = page.locator("input[name=csrf_token]").first.get_attribute("value")
    refused = page.request.post(f"{gateway_url}/console/apps/{app}/delete", form={"csrf_token": token})
    assert refused.status == 404
    with httpx.Client(base_url=gateway_url, headers={"Authorization": f"Bearer {theirs['api_key']}"}) as rest:
        assert rest.get(f"/v0/api/v1/apps/{app}").status_code == 200  # untouched
    context.close()


def test_upgrade_through_checkout(browser: Browser, new_org, stack_env, gateway_url: str) -> None:
    """Free -> Upgrade to Pro: the console sends the browser on to the Checkout Session's page."""
    from testkit.billing import FakeStripe

    port = 12111 + int(os.environ.get("STACK_PORT_OFFSET", "0"))
    base = os.environ.get("STRIPE_API_BASE") or stack_env.get("STRIPE_API_BASE", "")
    if base != f"http://127.0.0.1:{port}":
        pytest.skip(f"the stack's STRIPE_API_BASE does not point at a local stand-in (127.0.0.1:{port})")
    fake = FakeStripe(port=port, secret_key=os.environ.get("STRIPE_SECRET_KEY", ""))
    try:
        org = new_org("free")
        context, page = sign_in(browser, org["email"])
        context.route("https://checkout.stripe.com/**", lambda route: route.fulfill(body="<h1>Stripe</h1>"))
        page.goto("/console/usage")
        page.click("button:has-text('Upgrade to Pro')")
        page.wait_for_url(re.compile(r"^https://checkout\.stripe\.com/"))
        [created] = fake.calls("POST", "/v1/checkout/sessions")
        assert created.params.get("client_reference_id") == org["organization_id"]
        context.close()
    finally:
        fake.close()
