"""Billing rules without I/O."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from billing import domain
from kit.errors import ServiceError


def test_default_plan_table_matches_api_md() -> None:
    t = domain.plan_table({})
    assert (t["free"].apps, t["free"].slideshows_per_month, t["free"].hook_refreshes_per_month) == (1, 10, 0)
    assert (t["starter"].apps, t["starter"].slideshows_per_month, t["starter"].hook_refreshes_per_month) == (
        3,
        100,
        31,
    )
    assert (t["pro"].apps, t["pro"].slideshows_per_month, t["pro"].hook_refreshes_per_month) == (10, 500, 62)
    assert (t["business"].apps, t["business"].slideshows_per_month, t["business"].requests_per_minute) == (
        50,
        5000,
        600,
    )
    assert [t[p].api_keys for p in domain.PLANS] == [False, False, True, True]
    assert [t[p].publishing for p in domain.PLANS] == [False, False, True, True]


def test_plan_table_overrides() -> None:
    t = domain.plan_table({"free": {"apps": 2}})
    assert t["free"].apps == 2 and t["free"].slideshows_per_month == 10
    assert domain.DEFAULT_PLANS["free"].apps == 1
    with pytest.raises(ValueError):
        domain.plan_table({"gold": {"apps": 1}})
    with pytest.raises(ValueError):
        domain.plan_table({"free": {"unknown": 1}})


def test_api_keys_and_sessions_have_distinct_formats() -> None:
    key, session = domain.new_api_key(), domain.new_session_token()
    assert key.startswith("sk_live_") and len(key) == 48
    assert domain.token_kind(key) == "api_key"
    assert domain.token_kind(session) == "session"
    for bad in ["", "sk_live_short", "sk_live_" + "!" * 40, "garbage", key + "x", "st_x"]:
        assert domain.token_kind(bad) == ""
    assert domain.token_hash(key) != domain.token_hash(domain.new_api_key())
    assert domain.key_display_prefix(key) == key[:12]


def test_authorize() -> None:
    t = domain.plan_table({})
    domain.authorize("session", "free", "ACTIVE", t["free"])
    domain.authorize("api_key", "pro", "PAST_DUE", t["pro"])
    with pytest.raises(ServiceError) as err:
        domain.authorize("api_key", "starter", "ACTIVE", t["starter"])
    assert err.value.code == "PLAN_LACKS_API"
    with pytest.raises(ServiceError) as err:
        domain.authorize("session", "pro", "SUSPENDED", t["pro"])
    assert err.value.code == "ORGANIZATION_SUSPENDED"


def test_requests_per_minute_override() -> None:
    pro = domain.DEFAULT_PLANS["pro"]
    assert domain.requests_per_minute(0, pro) == 120
    assert domain.requests_per_minute(5000, pro) == 5000


def test_billing_period() -> None:
    now = datetime(2026, 12, 15, tzinfo=UTC)
    assert domain.billing_period(now, None, None) == (
        datetime(2026, 12, 1, tzinfo=UTC),
        datetime(2027, 1, 1, tzinfo=UTC),
    )
    start, end = datetime(2026, 12, 10, tzinfo=UTC), datetime(2027, 1, 10, tzinfo=UTC)
    assert domain.billing_period(now, start, end) == (start, end)
    # A subscription period that is over falls back to the calendar month.
    assert domain.billing_period(datetime(2027, 2, 3, tzinfo=UTC), start, end)[0] == datetime(
        2027, 2, 1, tzinfo=UTC
    )
    assert domain.counter_period("apps", start) == domain.LIFETIME_PERIOD
    assert domain.counter_period("hook_refreshes", start) == start


@pytest.mark.parametrize(
    ("price", "plan"),
    [
        ({"lookup_key": "pro"}, "pro"),
        ({"lookup_key": "business_monthly"}, "business"),
        ({"lookup_key": None, "metadata": {"plan": "Starter"}}, "starter"),
        ({"lookup_key": "enterprise"}, ""),
        ({"lookup_key": "free"}, ""),
        ({}, ""),
    ],
)
def test_plan_from_price(price: dict, plan: str) -> None:
    assert domain.plan_from_price(price) == plan


def test_subscription_fields() -> None:
    sub = {
        "items": {
            "data": [{"price": {"lookup_key": "pro"}, "current_period_start": 100, "current_period_end": 200}]
        }
    }
    assert domain.subscription_plan(sub) == "pro"
    assert domain.subscription_period(sub) == (
        datetime.fromtimestamp(100, UTC),
        datetime.fromtimestamp(200, UTC),
    )
    assert domain.subscription_period({"current_period_start": 1, "current_period_end": 2})[
        1
    ] == datetime.fromtimestamp(2, UTC)
    assert domain.subscription_period({}) == (None, None)
    assert domain.org_status_for("past_due") == "PAST_DUE" and domain.sub_status_for("trialing") == "TRIALING"
    assert (
        domain.org_status_for("canceled") == "SUSPENDED" and domain.sub_status_for("canceled") == "CANCELED"
    )


def test_invoice_period_prefers_the_line_period() -> None:
    inv = {"period_start": 1, "period_end": 5, "lines": {"data": [{"period": {"start": 10, "end": 20}}]}}
    assert domain.invoice_period(inv)[0] == datetime.fromtimestamp(10, UTC)
    assert domain.invoice_period({"period_start": 1, "period_end": 5})[0] == datetime.fromtimestamp(1, UTC)
    assert domain.invoice_period({}) == (None, None)


def test_payment_failed_mail_names_amount_and_currency() -> None:
    subject, body = domain.payment_failed_mail("Acme", 4900, "eur")
    assert "49.00 EUR" in subject and "49.00 EUR" in body and "Acme" in body
    assert domain.format_amount(500, "jpy") == "500 JPY"


@pytest.mark.parametrize("email", ["", "a", "a@b", "a b@c.de", "x" * 250 + "@example.com"])
def test_bad_emails(email: str) -> None:
    with pytest.raises(ServiceError):
        domain.normalize_email(email)


def test_validation() -> None:
    assert domain.normalize_email(" A@Example.COM ") == "a@example.com"
    assert domain.check_amount(0) == 1
    for fn, value in [
        (domain.check_plan, "gold"),
        (domain.check_quota, "x"),
        (domain.check_amount, -1),
        (domain.check_rate_limit, -5),
        (domain.check_password, "short"),
        (domain.check_org_name, " "),
    ]:
        with pytest.raises(ServiceError) as err:
            fn(value)
        assert err.value.code == "VALIDATION_ERROR"


def test_quota_exceeded_carries_the_figures_of_the_event():
    period = (datetime(2026, 11, 1, tzinfo=UTC), datetime(2026, 12, 1, 0, 0, 0, 250_000, tzinfo=UTC))
    err = domain.quota_exceeded("slideshows_per_month", 500, 500, "pro", period)
    assert err.code == "QUOTA_EXCEEDED" and "slideshows_per_month" in err.message
    assert err.details == {
        "quota": "slideshows_per_month",
        "limit": 500,
        "used": 500,
        "plan": "pro",
        "period_start": "2026-11-01T00:00:00.000Z",
        "period_end": "2026-12-01T00:00:00.250Z",
    }


def test_checkout_plan_is_a_paid_plan() -> None:
    assert domain.check_checkout_plan(" Pro ") == "pro"
    for bad in ("free", "platinum", "", "pro_monthly"):
        with pytest.raises(ServiceError) as err:
            domain.check_checkout_plan(bad)
        assert err.value.code == "VALIDATION_ERROR"
        assert err.value.details["fields"][0]["field"] == "plan"


@pytest.mark.parametrize(
    "url",
    [
        "https://evil.example/x",
        "https://app.example.evil.example/x",
        "https://app.example@evil.example/x",
        "https://user:pw@app.example/x",
        "javascript:alert(1)",
        "//app.example/x",
        "/relative",
        "ftp://app.example/x",
        "http://app.example/x",  # the public base is https
        "https://app.example/a b",
        "https://app.example/" + "x" * 2048,
        "https://[::1/x",
    ],
)
def test_redirect_urls_off_the_public_host_are_refused(url: str) -> None:
    with pytest.raises(ServiceError) as err:
        domain.check_redirect_url(url, "success_url", "https://app.example", "/console")
    assert err.value.code == "VALIDATION_ERROR"
    assert err.value.details["fields"][0]["field"] == "success_url"


def test_redirect_urls_on_the_public_host() -> None:
    base = "https://App.Example"
    assert domain.check_redirect_url("", "u", base + "/", "/console/usage") == base + "/console/usage"
    for url in ("https://app.example/done?x=1", "https://APP.example:8443/done", "https://app.example"):
        assert domain.check_redirect_url(url, "u", base, "/") == url
    assert domain.check_redirect_url("http://127.0.0.1:8081/x", "u", "http://127.0.0.1:8080", "/") == (
        "http://127.0.0.1:8081/x"
    )


def test_checkout_conflicts() -> None:
    assert domain.checkout_conflict("pro", "free", "ACTIVE", "") is None
    assert domain.checkout_conflict("business", "pro", "ACTIVE", "") is None  # plan set by hand, no sub
    assert domain.checkout_conflict("pro", "pro", "SUSPENDED", "") is None  # pays its way back
    current = domain.checkout_conflict("pro", "pro", "ACTIVE", "")
    assert current is not None and current.code == "CONFLICT"
    live = domain.checkout_conflict("business", "pro", "PAST_DUE", "sub_1")
    assert live is not None and live.code == "CONFLICT" and "Portal" in live.message


def test_suspended_owner_session_gets_billing_access_only() -> None:
    limits = domain.DEFAULT_PLANS["pro"]
    domain.authorize("session", "pro", "SUSPENDED", limits, billing_access=True, role="owner")
    for kind, access, role in (
        ("session", False, "owner"),
        ("session", True, "member"),
        ("session", True, ""),
        ("api_key", True, ""),
    ):
        with pytest.raises(ServiceError) as err:
            domain.authorize(kind, "pro", "SUSPENDED", limits, billing_access=access, role=role)
        assert err.value.code == "ORGANIZATION_SUSPENDED"
    with pytest.raises(ServiceError) as err:
        domain.authorize("api_key", "free", "ACTIVE", domain.DEFAULT_PLANS["free"], billing_access=True)
    assert err.value.code == "PLAN_LACKS_API"
