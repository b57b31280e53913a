"""Sessions and credential checks over HTTP: signup, login, logout, cookie and Bearer sessions,
the generic login error, login throttling, and the 401/403 answers of API keys."""

from __future__ import annotations

import uuid

import httpx
import pytest

PASSWORD = "correct horse battery staple"  # noqa: S105 - test credential


def email() -> str:
    return f"user-{uuid.uuid4().hex[:12]}@example.com"


def signup(client: httpx.Client, address: str) -> httpx.Response:
    return client.post(
        "/v0/auth/signup", json={"email": address, "password": PASSWORD, "organization_name": "Session Org"}
    )


@pytest.fixture
def http(client_from):
    """A client from a loopback address of its own: sign-ups and login failures are limited
    per client address."""
    return client_from()


def assert_error(resp: httpx.Response, status: int, code: str) -> None:
    assert resp.status_code == status, resp.text
    body = resp.json()
    assert body["success"] is False
    assert body["error"]["code"] == code


def test_signup_starts_a_session_on_a_free_org(http: httpx.Client) -> None:
    resp = signup(http, email())
    assert resp.status_code == 201, resp.text
    body = resp.json()["body"]
    assert body["organization_id"].startswith("org_")
    cookie = resp.headers["set-cookie"]
    assert "session=" in cookie and "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    # Sessions work on every plan, including Free (keys would be PLAN_LACKS_API).
    usage = http.get("/v0/api/v1/usage", headers={"Authorization": f"Bearer {body['session_token']}"})
    assert usage.status_code == 200, usage.text
    assert usage.json()["body"]["plan"] == "free"


def test_cookie_session_is_accepted(client_from) -> None:
    with client_from() as client:
        assert signup(client, email()).status_code == 201
        # httpx keeps the Set-Cookie for the next request.
        resp = client.get("/v0/api/v1/usage")
        assert resp.status_code == 200, resp.text


def test_duplicate_signup_is_a_conflict(http: httpx.Client) -> None:
    address = email()
    assert signup(http, address).status_code == 201
    assert_error(signup(http, address.upper()), 409, "EMAIL_EXISTS")


def test_signup_validation(http: httpx.Client) -> None:
    resp = http.post(
        "/v0/auth/signup", json={"email": "not-an-email", "password": "x", "organization_name": ""}
    )
    assert_error(resp, 400, "VALIDATION_ERROR")
    fields = {f["field"]: f["message"] for f in resp.json()["error"]["details"]["fields"]}
    assert set(fields) == {"email", "password", "organization_name"}  # every bad field at once
    assert fields["email"] == "must be a valid e-mail address"
    assert_error(
        http.post("/v0/auth/signup", content=b"{nope", headers={"content-type": "application/json"}),
        400,
        "VALIDATION_ERROR",
    )


def test_login_and_logout(http: httpx.Client) -> None:
    address = email()
    org_id = signup(http, address).json()["body"]["organization_id"]
    resp = http.post("/v0/auth/login", json={"email": address, "password": PASSWORD})
    assert resp.status_code == 200, resp.text
    token = resp.json()["body"]["session_token"]
    assert resp.json()["body"]["organization_id"] == org_id
    auth = {"Authorization": f"Bearer {token}"}
    assert http.get("/v0/api/v1/usage", headers=auth).status_code == 200
    assert http.post("/v0/auth/logout", headers=auth).status_code == 200
    resp = http.get("/v0/api/v1/usage", headers=auth)
    assert_error(resp, 401, "UNAUTHORIZED")
    assert resp.headers["www-authenticate"] == "Bearer"


def test_wrong_email_and_wrong_password_look_the_same(http: httpx.Client) -> None:
    address = email()
    signup(http, address)
    wrong_password = http.post("/v0/auth/login", json={"email": address, "password": "wrong password!"})
    unknown_email = http.post("/v0/auth/login", json={"email": email(), "password": PASSWORD})
    assert_error(wrong_password, 401, "UNAUTHORIZED")
    assert_error(unknown_email, 401, "UNAUTHORIZED")
    assert wrong_password.json()["error"] == unknown_email.json()["error"]


def test_login_is_throttled_per_email_and_address(http: httpx.Client, client_from) -> None:
    """Five wrong passwords in a row pass; then each further attempt from that address for that
    account waits longer (backoff), even the right password; another address is unaffected."""
    address = email()
    signup(http, address)
    codes = [
        http.post("/v0/auth/login", json={"email": address, "password": "wrong password!"}).status_code
        for _ in range(6)
    ]
    assert codes == [401] * 5 + [429]
    resp = http.post("/v0/auth/login", json={"email": address, "password": PASSWORD})
    assert_error(resp, 429, "RATE_LIMITED")
    assert int(resp.headers["retry-after"]) >= 1
    other = client_from().post("/v0/auth/login", json={"email": address, "password": PASSWORD})
    assert other.status_code == 200, other.text


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer"},
        {"Authorization": "Basic dXNlcjpwYXNz"},
        {"Authorization": "Bearer garbage"},
        {"Authorization": "Bearer sk_live_" + "A" * 40},
        {"Authorization": "Bearer st_" + "A" * 43},
    ],
)
def test_missing_or_bad_credentials_are_401(http: httpx.Client, headers: dict[str, str]) -> None:
    resp = http.get("/v0/api/v1/usage", headers=headers)
    assert_error(resp, 401, "UNAUTHORIZED")
    assert resp.headers["www-authenticate"] == "Bearer"


@pytest.mark.parametrize("plan", ["free", "starter"])
def test_keys_of_free_and_starter_orgs_lack_api(client_for, new_org, plan: str) -> None:
    resp = client_for(new_org(plan)["api_key"]).get("/v0/api/v1/usage")
    assert_error(resp, 403, "PLAN_LACKS_API")


@pytest.mark.parametrize("plan", ["pro", "business"])
def test_keys_of_pro_and_business_orgs_work(client_for, new_org, plan: str) -> None:
    resp = client_for(new_org(plan)["api_key"]).get("/v0/api/v1/usage")
    assert resp.status_code == 200, resp.text
    assert resp.json()["body"]["plan"] == plan
