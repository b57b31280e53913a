"""The console's rules that need no stack: CSRF tokens, redirects, CSP, static assets, and its
absence from the OpenAPI document (the browser flows are in tests/contract/test_console_browser.py)."""

from fastapi.testclient import TestClient
from gateway.app import create_app
from gateway.console import web
from gateway.settings import GatewaySettings
from kit.errors import ServiceError


def test_csrf_token_is_bound_to_the_session():
    token = "session-token-0123456789"
    assert web.session_csrf(token) == web.session_csrf(token)
    assert web.session_csrf(token) != web.session_csrf(token + "x")
    assert token not in web.session_csrf(token)


def test_next_only_leads_inside_the_console():
    assert web.safe_next("/console/keys") == "/console/keys"
    for bad in ("https://evil.example/", "//evil.example", "/console\\@evil", "/v0/api/v1/apps", ""):
        assert web.safe_next(bad) == "/console"


def test_content_security_policy_allows_no_inline_code():
    csp = web.content_security_policy({"http://store.example"})
    assert "script-src 'self';" in csp and "style-src 'self';" in csp
    assert "unsafe" not in csp
    assert "img-src 'self' data: http://store.example" in csp
    assert "frame-ancestors 'none'" in csp and "form-action 'self'" in csp


def test_field_errors_name_the_fields():
    err = ServiceError("VALIDATION_ERROR", "bad", {"fields": [{"field": "url", "message": "must be https"}]})
    assert web.field_errors(err) == {"url": "must be https"}
    assert web.field_errors(ServiceError("NOT_FOUND", "x")) == {}


def test_console_is_not_in_the_openapi_document():
    paths = create_app().openapi()["paths"]
    assert not [p for p in paths if p.startswith("/console")]


def test_pages_need_a_session_and_assets_are_cached():
    app = create_app()
    app.state.settings = GatewaySettings()
    client = TestClient(app)  # no lifespan: nothing here reaches a service
    resp = client.get("/console/keys?x=1", follow_redirects=False)
    assert resp.status_code == 303
    assert resp.headers["location"] == "/console/login?next=%2Fconsole%2Fkeys%3Fx%3D1"
    css = client.get(web.static_url("console.css"))
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")
    assert "immutable" in css.headers["cache-control"]
    again = client.get("/console/static/console.css", headers={"If-None-Match": css.headers["etag"]})
    assert again.status_code == 304
    assert client.get("/console/static/web.py").status_code == 404  # only the listed assets
    escaped = client.get("/console/static/..%2Fweb.py", follow_redirects=False)
    assert escaped.status_code == 303 and "import" not in escaped.text
