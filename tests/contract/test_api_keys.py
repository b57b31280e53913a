"""API key management over REST: create (secret once), list without secrets, revoke with
effect on the very next call; plan changes seen at once."""

from __future__ import annotations

import re

import httpx


def test_create_list_revoke(api: httpx.Client, client_for) -> None:
    resp = api.post("/v0/api/v1/api-keys", json={"name": "ci"})
    assert resp.status_code == 201, resp.text
    key = resp.json()["body"]
    assert re.fullmatch(r"sk_live_[A-Za-z0-9]{40}", key["key"])
    assert key["_id"].startswith("key_") and key["name"] == "ci"
    assert key["key"].startswith(key["prefix"]) and len(key["prefix"]) < len(key["key"])
    assert key["createdAt"].endswith("Z")

    new_client = client_for(key["key"])
    assert new_client.get("/v0/api/v1/usage").status_code == 200

    listed = api.get("/v0/api/v1/api-keys")
    assert listed.status_code == 200
    rows = listed.json()["data"]
    assert listed.json()["page"] == 1 and listed.json()["total"] == len(rows) >= 2
    assert listed.json()["limit"] >= len(rows)
    assert {r["_id"] for r in rows} >= {key["_id"], api.org["api_key_id"]}  # type: ignore[attr-defined]
    assert all("key" not in r for r in rows)
    assert key["key"] not in listed.text

    revoked = api.delete(f"/v0/api/v1/api-keys/{key['_id']}")
    assert revoked.status_code == 200, revoked.text
    assert revoked.json()["body"]["revokedAt"]
    resp = new_client.get("/v0/api/v1/usage")
    assert resp.status_code == 401
    assert resp.json()["error"]["code"] == "UNAUTHORIZED"
    assert resp.headers["www-authenticate"] == "Bearer"
    assert key["_id"] not in {r["_id"] for r in api.get("/v0/api/v1/api-keys").json()["data"]}


def test_revoking_the_calling_key_blocks_the_next_call(api: httpx.Client) -> None:
    key_id = api.org["api_key_id"]  # type: ignore[attr-defined]
    assert api.delete(f"/v0/api/v1/api-keys/{key_id}").status_code == 200
    assert api.get("/v0/api/v1/api-keys").status_code == 401


def test_other_orgs_keys_are_not_found(api: httpx.Client, new_org) -> None:
    other = new_org("pro")
    resp = api.delete(f"/v0/api/v1/api-keys/{other['api_key_id']}")
    assert resp.status_code == 404, resp.text
    assert resp.json()["error"]["code"] == "KEY_NOT_FOUND"
    assert api.delete("/v0/api/v1/api-keys/key_doesnotexist").status_code == 404
    assert api.delete("/v0/api/v1/api-keys/" + "x" * 300).status_code == 400


def test_create_validation(api: httpx.Client) -> None:
    resp = api.post("/v0/api/v1/api-keys", json={"name": "x" * 101})
    assert resp.status_code == 400
    assert resp.json()["error"]["details"]["fields"][0]["field"] == "name"
    assert api.post("/v0/api/v1/api-keys").status_code == 201


def test_session_can_manage_keys_on_free_plan_but_keys_lack_api(
    gateway_url: str, client_for, client_from
) -> None:
    with client_from() as http:
        signup = http.post(
            "/v0/auth/signup",
            json={
                "email": f"keys-{re.sub('[^a-z0-9]', '', str(id(http)))}-{__import__('uuid').uuid4().hex[:8]}@example.com",
                "password": "correct horse battery staple",
                "organization_name": "Keys Org",
            },
        )
        assert signup.status_code == 201, signup.text
        # The session cookie: a JSON body from this origin (gateway.edge's CSRF rule).
        created = http.post("/v0/api/v1/api-keys", json={"name": "later"}, headers={"Origin": gateway_url})
        assert created.status_code == 201
    resp = client_for(created.json()["body"]["key"]).get("/v0/api/v1/usage")
    assert resp.status_code == 403 and resp.json()["error"]["code"] == "PLAN_LACKS_API"


def test_plan_change_takes_effect_on_next_call(set_plan, new_org, client_for) -> None:
    org = new_org("starter")
    client = client_for(org["api_key"])
    assert client.get("/v0/api/v1/usage").status_code == 403
    set_plan(org["organization_id"], "pro")
    resp = client.get("/v0/api/v1/usage")
    assert resp.status_code == 200
    assert resp.json()["body"]["limits"]["requests_per_minute"] == 120
    assert resp.headers["ratelimit-policy"] == '"minute";q=120;w=60'


def _cache_hits(stack_env) -> float:
    text = httpx.get(stack_env["GATEWAY_METRICS_URL"], timeout=10).text
    found = re.search(r'^auth_cache_total\{outcome="hit"\} ([0-9.e+]+)$', text, re.M)
    return float(found.group(1)) if found else 0.0


def test_the_gateway_keeps_key_answers_between_calls(stack_env, api: httpx.Client) -> None:
    assert api.get("/v0/api/v1/usage").status_code == 200
    before = _cache_hits(stack_env)
    for _ in range(5):
        assert api.get("/v0/api/v1/usage").status_code == 200
    assert _cache_hits(stack_env) - before >= 5


def test_a_kept_key_is_refused_right_after_a_revocation_made_directly_at_billing(
    revoke_key, api: httpx.Client
) -> None:
    """As `slidectl key revoke` does it: straight to billing, not through this gateway."""
    for _ in range(3):
        assert api.get("/v0/api/v1/apps").status_code == 200
    revoke_key(api.org["api_key_id"])  # type: ignore[attr-defined]
    resp = api.get("/v0/api/v1/apps")
    assert resp.status_code == 401 and resp.json()["error"]["code"] == "UNAUTHORIZED"


def test_plan_and_limit_changes_apply_to_a_kept_key_on_the_next_call(
    set_plan, set_rate_limit, api: httpx.Client
) -> None:
    org_id = api.org["organization_id"]  # type: ignore[attr-defined]
    for _ in range(3):
        assert api.get("/v0/api/v1/usage").status_code == 200
    set_plan(org_id, "starter")
    resp = api.get("/v0/api/v1/usage")
    assert resp.status_code == 403 and resp.json()["error"]["code"] == "PLAN_LACKS_API"
    set_plan(org_id, "business")
    assert api.get("/v0/api/v1/usage").headers["ratelimit-policy"] == '"minute";q=600;w=60'
    set_rate_limit(org_id, 7)
    assert api.get("/v0/api/v1/usage").headers["ratelimit-policy"] == '"minute";q=7;w=60'
