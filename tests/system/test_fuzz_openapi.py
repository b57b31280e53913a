"""Schema-driven fuzzing of every operation in the gateway's /openapi.json (schemathesis), as a
Pro organization that owns one of every resource kind.

Each operation gets positive and negative cases with random ids, then cases with the ids of
real resources substituted into its path, DELETEs last. Assertions: no 5xx ever, and every 4xx
answer is the error envelope {success: false, error: {code, message[, details]}}.

Then schemathesis's own run, in-process (the `schemathesis run --checks all` engine): every
built-in check but those LEFT_OUT names, in the examples, coverage, fuzzing and stateful phases,
the stateful phase following the document's OpenAPI links (create -> read/update/delete), over
every operation of the document, none excluded. Two kinds of operation could break the run or
reach the outside world, and are made safe rather than left out:
- Revoking API keys (DELETE /v0/api/v1/api-keys/{key_id}): the run authenticates with a session
  token of the organization's owner (POST /v0/auth/login), not with an API key. REST and MCP
  take sessions on every route and plan (API.md), and no answer ever carries a session token, so
  no key the run discovers (GET /v0/api/v1/api-keys, which schemathesis's response data feeds to
  the DELETE) is the credential it runs with: every key, the organization's own one included,
  may be revoked, and the run stays deterministic. The one operation that ends a session,
  POST /v0/auth/logout, is sent a second session of the same owner instead, which it ends (then
  answers 200 for it as for any token that is no longer a session). An auth provider sets each
  case's Authorization (SessionAuth): schemathesis's per-operation `headers` are not enough, its
  stateful phase sends every request through one session object carrying one operation's headers.
- Publishing and TikTok accounts (POST .../publish, /v0/api/v1/apps/{id}/social-accounts...):
  the stack points TIKTOK_API_BASE and TIKTOK_AUTH_BASE at https://127.0.0.1:<18443 + offset>
  (`make test`), where the run starts TikTok's local stand-in (testkit.delivery.FakeTikTok): no
  case reaches TikTok. Fuzzed access tokens are refused there, so a publish that gets that far
  answers its documented 409 RECONNECT_REQUIRED; disconnecting revokes at the stand-in. A stack
  pointing at the real TikTok (or at none) runs them only outside the engine (TIKTOK_OPERATIONS).

Documented exceptions to the envelope: the public share/embed pages answer unknown tokens with
an HTML page (documented as text/html), and so does TikTok's OAuth callback a state it refuses;
/v0/mcp speaks JSON-RPC, whose protocol errors are JSON-RPC error objects. Excluded: nothing.
In the first run, the one destructive operation that could break the fixture,
DELETE /v0/api/v1/api-keys/{key_id}, only ever sees random ids or a spare key's id, never the id
of the key the fuzzer authenticates with; the fuzzing organization starts without a TikTok
account and publish runs before the account routes, so no case reaches TikTok.
"""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
import schemathesis
import schemathesis.engine
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import Status, events
from testkit.billing import FakeStripe
from testkit.delivery import FakeTikTok, local_ca

from tests.system.resources import FUZZ_CASES, seed

EXAMPLES = 10  # per operation and generation mode, random ids
REAL_ID_EXAMPLES = 5  # per operation and generation mode, real ids
# The public routes' per-IP bucket: the fuzzer connects from a loopback address of its own, so
# other tests' public calls do not share its minute (X-Forwarded-For is not believed locally).
FUZZ_CLIENT_IP = "127.0.18.77"


class _FromAddress(requests.adapters.HTTPAdapter):
    def init_poolmanager(self, *args, **kwargs):
        kwargs["source_address"] = (FUZZ_CLIENT_IP, 0)
        super().init_poolmanager(*args, **kwargs)


# Printed at the end of the run by tests/system/conftest.py (the closing note's figure).
CASES = FUZZ_CASES


@pytest.fixture(scope="module")
def fuzz_org(org_client) -> dict[str, Any]:
    client = org_client()
    ids = seed(client, ready=False, social=False)
    return {"key": client.org["api_key"], "ids": ids}


def operation_statuses(case) -> set[str]:
    return set(case.operation.definition.raw.get("responses", {}))


def check_response(case, response) -> None:
    where = f"{case.method} {case.formatted_path} query={case.query} body={case.body!r}"[:800]
    answer = f"-> {response.status_code} {response.text[:500]}"
    documented = operation_statuses(case)
    # A 5xx only where the operation documents it (oEmbed's 501 for formats other than json).
    assert response.status_code < 500 or (
        response.status_code != 500 and str(response.status_code) in documented
    ), f"{where} {answer}"
    if response.status_code < 400:
        return
    ctype = " ".join(response.headers.get("content-type", []))
    if "text/html" in ctype and re.match(r"^/(share/|embed/|v0/public/oauth/)", case.formatted_path):
        return  # the documented HTML page for an unknown token (or TikTok's OAuth callback's page)
    assert "application/json" in ctype, f"{where} {answer} (content-type {ctype})"
    body = response.json()
    if case.path == "/v0/mcp" and isinstance(body, dict) and "jsonrpc" in body:
        error = body.get("error")
        assert isinstance(error, dict) and isinstance(error.get("code"), int), f"{where} {answer}"
        return
    assert isinstance(body, dict) and body.get("success") is False, f"{where} {answer}"
    error = body.get("error")
    assert isinstance(error, dict) and set(error) <= {"code", "message", "details"}, f"{where} {answer}"
    assert isinstance(error.get("code"), str) and re.fullmatch(r"[A-Z][A-Z0-9_]*", error["code"]), (
        f"{where} {answer}"
    )
    assert isinstance(error.get("message"), str) and error["message"], f"{where} {answer}"
    assert error.get("details") is None or isinstance(error["details"], dict), f"{where} {answer}"


def fuzz(
    operation, session: requests.Session, base_url: str, headers, mode, examples, path_parameters=None
) -> None:
    strategy = operation.as_strategy(generation_mode=mode, headers=headers, path_parameters=path_parameters)

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=True,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy)
    def run(case) -> None:
        CASES["run"] += 1
        check_response(case, case.call(base_url=base_url, session=session, timeout=30))

    try:
        run()
    except Unsatisfiable:
        if mode is not GenerationMode.NEGATIVE:
            raise  # else: with the fixed values, nothing in this operation is left to make invalid


def real_ids(path: str, ids: dict[str, str]) -> dict[str, str]:
    """The ids of the fuzzer's own resources for the path's parameters (empty when none fit)."""
    out: dict[str, str] = {}
    if "{key_id}" in path:
        out["key_id"] = ids["key_id"]
    if "{token}" in path:
        out["token"] = ids["share_token"]
    if "{delivery_id}" in path:
        out["delivery_id"] = ids["delivery_id"]
    if "{id}" in path:
        for marker, name in (
            ("/apps/{id}", "app_id"),
            ("/slideshows/{id}", "slideshow_id"),
            ("/webhooks/{id}", "webhook_id"),
            ("/chat/{id}", "chat_id"),
            ("/hooks/{id}", "hook_id"),
        ):
            if marker in path:
                out["id"] = ids[name]
    return out


def modes_for(operation) -> tuple[GenerationMode, ...]:
    definition = operation.definition.raw
    if "requestBody" in definition or definition.get("parameters"):
        return (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
    return (GenerationMode.POSITIVE,)


def destructive_rank(operation) -> tuple[int, int, int]:
    """Real-id runs: publish first (before the fuzzer connects TikTok accounts with random tokens,
    which must never reach the real TikTok API), DELETEs after everything else, and the app
    (which takes the rest with it) last."""
    is_delete = operation.method.upper() == "DELETE"
    publish = operation.path.endswith("/publish")
    return (int(not publish), int(is_delete), int(is_delete and operation.path == "/v0/api/v1/apps/{id}"))


def test_every_operation_answers_without_5xx_and_in_the_envelope(gateway_url, fuzz_org):
    schema = schemathesis.openapi.from_url(f"{gateway_url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 40, [f"{o.method} {o.path}" for o in operations]
    headers = {"Authorization": f"Bearer {fuzz_org['key']}"}
    with requests.Session() as session:
        session.mount("http://", _FromAddress())
        for operation in operations:
            for mode in modes_for(operation):
                fuzz(operation, session, gateway_url, headers, mode, EXAMPLES)
        for operation in sorted(operations, key=destructive_rank):
            fixed = real_ids(operation.path, fuzz_org["ids"])
            if not fixed:
                continue
            for mode in modes_for(operation):
                fuzz(operation, session, gateway_url, headers, mode, REAL_ID_EXAMPLES, fixed)
    assert CASES["run"] >= len(operations) * 5


def test_publish_with_a_non_ascii_token_does_not_crash(org_client):
    client = org_client()
    ids = seed(client, ready=True, social=False)
    connect = client.post(
        f"/v0/api/v1/apps/{ids['app_id']}/social-accounts",
        json={"platform": "tiktok", "access_token": "tøkèn"},
    )
    if connect.status_code == 400:
        return
    assert connect.status_code == 201, connect.text
    resp = client.post(f"/v0/api/v1/slideshows/{ids['slideshow_id']}/publish", json={"platform": "tiktok"})
    assert resp.status_code < 500, f"{resp.status_code} {resp.text}"


# ---- schemathesis's own run: every check, every phase, the stateful phase over the document's links


# Only when the stack does not point at TikTok's local stand-in (a run outside `make test`): the
# operations that could then reach the real TikTok API (publishing a READY slideshow, revoking a
# token on disconnect) stay with the fuzzer above, whose order keeps them from TikTok.
TIKTOK_OPERATIONS = r"^/v0/api/v1/(slideshows/\{id\}/publish|apps/\{id\}/social-accounts.*)$"
# Every check runs (max_response_time is off unless given a limit: a time, which no test here
# asserts). The document carries every rule a schema can say (kit.text's patterns on every string
# of a request, URL and e-mail shapes, enums, lengths, no unknown keys: gateway.openapi_rules).
LEFT_OUT: dict[str, bool] = {}
# The documented exceptions: operations whose answer to a schema-valid request may rightly be
# 400, because the rule it breaks depends on data or on the deployment, not on the request's shape
# (schemathesis then accepts 400 as well as its usual answers to positive data for them only).
# - generate: template_key must be a template of the app's niche and variable_overrides name that
#   template's variables (GET /v0/api/v1/niches), and the app's image source needs images;
# - webhook and chat URLs: the host must resolve, to a public address unless
#   WEBHOOK_ALLOW_PRIVATE_NETWORKS (the SSRF guard, kit.netguard);
# - Stripe's events: Stripe-Signature must verify against STRIPE_WEBHOOK_SECRET;
# - TikTok's OAuth callback: state must be a signed, single-use state that connect issued;
# - screenshot uploads: the file must decode as a PNG, JPEG or WebP image;
# - billing checkout and portal, and TikTok's connect: redirect URLs must be on the host of
#   PUBLIC_BASE_URL;
# - publish: a direct post's privacy_level must be one the creator's TikTok account allows
#   (TikTok's creator_info).
DATA_DEPENDENT_400 = (
    ("POST", "/v0/api/v1/apps/{id}/slideshows"),
    ("POST", "/v0/api/webhooks"),
    ("PATCH", "/v0/api/webhooks/{id}"),
    ("POST", "/v0/api/v1/integrations/chat"),
    ("POST", "/v0/public/billing/payment-webhook"),
    ("GET", "/v0/public/oauth/tiktok/callback"),
    ("POST", "/v0/api/v1/uploads/screenshots"),
    ("POST", "/v0/api/v1/billing/checkout"),
    ("POST", "/v0/api/v1/billing/portal"),
    ("POST", "/v0/api/v1/apps/{id}/social-accounts/tiktok/connect"),
    ("POST", "/v0/api/v1/slideshows/{id}/publish"),
)
# Stored state too: creating an app, generating and refreshing hooks may rightly answer their
# documented 402 QUOTA_EXCEEDED to a schema-valid request once the run used up the plan's quota
# (apps: 10 on Pro; the phases create more than that).
QUOTA_402 = (
    ("POST", "/v0/api/v1/apps"),
    ("POST", "/v0/api/v1/apps/{id}/slideshows"),
    ("POST", "/v0/api/v1/hooks/refresh-now"),
)
# schemathesis's own default for positive data, plus the statuses above where they apply.
POSITIVE = ["2xx", "3xx", "401", "403", "404", "409", "429", "5xx"]


def positive_statuses() -> dict[tuple[str, str], list[str]]:
    expected: dict[tuple[str, str], list[str]] = {}
    for extra, operations in (("400", DATA_DEPENDENT_400), ("402", QUOTA_402)):
        for operation in operations:
            expected[operation] = sorted({*expected.get(operation, POSITIVE), extra})
    return expected


ENGINE_EXAMPLES = 12


STRIPE_PORT = 12111 + int(os.environ.get("STACK_PORT_OFFSET", "0"))
STRIPE_OPERATIONS = ("/v0/api/v1/billing/checkout", "/v0/api/v1/billing/portal")


@pytest.fixture
def stripe_stand_in(stack_env: dict[str, str]) -> Iterator[bool]:
    """Checkout and portal reach Stripe: its local stand-in (testkit.billing.FakeStripe) answers
    when the stack points there (`make test`); True then. Else they answer their documented 503
    UNAVAILABLE (no Stripe configured) or 502 UPSTREAM_ERROR (Stripe unreachable)."""
    base = os.environ.get("STRIPE_API_BASE") or stack_env.get("STRIPE_API_BASE", "")
    if base != f"http://127.0.0.1:{STRIPE_PORT}":
        yield False
        return
    fake = FakeStripe(port=STRIPE_PORT, secret_key=os.environ.get("STRIPE_SECRET_KEY", ""))
    yield True
    fake.close()


TIKTOK_PORT = 18443 + int(os.environ.get("STACK_PORT_OFFSET", "0"))
STACK_STATE = Path(__file__).resolve().parents[2] / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0")


@pytest.fixture
def tiktok_stand_in(stack_env: dict[str, str]) -> Iterator[bool]:
    """Publishing and TikTok accounts reach TikTok: its local stand-in (testkit.delivery.FakeTikTok)
    answers when the stack points there (`make test`); True then. Its one valid access token is
    random, so every token the run gives is refused as TikTok would refuse it."""
    base = f"https://127.0.0.1:{TIKTOK_PORT}"
    api = os.environ.get("TIKTOK_API_BASE") or stack_env.get("TIKTOK_API_BASE", "")
    auth = os.environ.get("TIKTOK_AUTH_BASE") or stack_env.get("TIKTOK_AUTH_BASE", "")
    if api != base or auth != base:
        yield False
        return
    fake = FakeTikTok(local_ca(STACK_STATE), port=TIKTOK_PORT, token="act." + secrets.token_urlsafe(24))
    yield True
    fake.close()


def login(base_url: str, org: dict[str, str]) -> str:
    """A new session of the organization's owner (its token)."""
    resp = requests.post(
        f"{base_url}/v0/auth/login", json={"email": org["email"], "password": org["password"]}, timeout=30
    )
    assert resp.status_code == 200, resp.text
    return str(resp.json()["body"]["session_token"])


LOGOUT = "/v0/auth/logout"


def authenticate(schema: Any, session: str, logout_session: str) -> None:
    """Every case is sent `session` as its Bearer token, but logout's, sent `logout_session`."""

    class SessionAuth:
        def get(self, case: Any, context: Any) -> str:
            return logout_session if context.operation.path == LOGOUT else session

        def set(self, case: Any, data: str, context: Any) -> None:
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}

    schema.auth(refresh_interval=None)(SessionAuth)  # no cache, no re-login on a 401


def engine_config(base_url: str, stripe: bool = True) -> SchemathesisConfig:
    return SchemathesisConfig.from_dict(
        {
            "base-url": base_url,
            "cache": {"enabled": False},  # no .schemathesis/ crash cache: every run starts afresh
            "seed": 20_260_522,
            "generation": {"max-examples": ENGINE_EXAMPLES, "database": "none"},
            "checks": {name: {"enabled": enabled} for name, enabled in LEFT_OUT.items()},
            "phases": {
                "examples": {"enabled": True},
                "coverage": {"enabled": True},
                "fuzzing": {"enabled": True},
                # Only the document's own links: inferred ones could follow GET /api-keys to the
                # key the run uses. A scenario walks create -> read/update/delete.
                "stateful": {"enabled": True, "max-steps": 8, "inference": {"algorithms": []}},
            },
            "operations": [
                {  # the documented 501 NOT_IMPLEMENTED of format=xml (check_response: never a 500)
                    "include-path": "/v0/public/oembed",
                    "checks": {"not_a_server_error": {"expected-statuses": ["2xx", "3xx", "4xx", "501"]}},
                },
                *(
                    {
                        "include-method": method,
                        "include-path": path,
                        "checks": {"positive_data_acceptance": {"expected-statuses": statuses}},
                    }
                    for (method, path), statuses in positive_statuses().items()
                ),
                *(
                    ()
                    if stripe
                    else (
                        {
                            "include-path": path,
                            "checks": {
                                "not_a_server_error": {
                                    "expected-statuses": ["2xx", "3xx", "4xx", "502", "503"]
                                }
                            },
                        }
                        for path in STRIPE_OPERATIONS
                    )
                ),
            ],
        }
    )


def answered(interaction) -> str:
    """The status and the start of the body of a failing case's answer (what the API said)."""
    if interaction is None or interaction.response is None:
        return "-> no answer"
    response = interaction.response
    return f"-> {response.status_code} {response.content[:300].decode('utf-8', 'replace')}"


def test_schemathesis_every_check_and_the_stateful_phase_find_nothing(
    gateway_url, org_client, monkeypatch, stripe_stand_in, tiktok_stand_in
):
    """`schemathesis run --checks all` in-process (every built-in check but those in LEFT_OUT;
    examples, coverage, fuzzing and stateful phases; every operation): status codes, content
    types, headers and bodies as documented, negative data refused, Allow headers of 405s,
    authentication enforced, use after free and resource availability along the OpenAPI links.
    Zero failures. As the owner's session (see the module's docstring)."""
    org = org_client().org
    session, logout_session = login(gateway_url, org), login(gateway_url, org)
    # Every connection of the run comes from the fuzzer's own loopback address (the public
    # routes' per-address limits of other tests stay untouched).
    original = requests.adapters.HTTPAdapter.init_poolmanager

    def from_fuzz_address(self, *args, **kwargs):
        kwargs["source_address"] = (FUZZ_CLIENT_IP, 0)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(requests.adapters.HTTPAdapter, "init_poolmanager", from_fuzz_address)
    schema = schemathesis.openapi.from_url(
        f"{gateway_url}/openapi.json", config=engine_config(gateway_url, stripe_stand_in)
    )
    if not tiktok_stand_in:
        schema = schema.exclude(path_regex=TIKTOK_OPERATIONS)
    authenticate(schema, session, logout_session)
    failures: list[str] = []
    errors: list[str] = []
    phases: dict[str, int] = {}
    links_covered = 0
    for event in schemathesis.engine.from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished | events.FuzzScenarioFinished):
            phase = str(getattr(event, "phase", "fuzzing"))
            phases[phase] = phases.get(phase, 0) + 1
            CASES["run"] += len(event.recorder.cases)
            for case_id, checks in event.recorder.checks.items():
                for check in checks:
                    if check.status is Status.FAILURE and check.failure_info is not None:
                        failures.append(
                            f"{event.recorder.label} [{check.name}] {check.failure_info.failure.title}: "
                            f"{check.failure_info.failure.message[:300]}\n  {check.failure_info.code_sample}"
                            f"\n  {answered(event.recorder.interactions.get(case_id))}"
                        )
            if str(getattr(event, "phase", "")).lower().endswith("stateful"):
                links_covered += sum(
                    1 for node in event.recorder.cases.values() if node.is_transition_applied
                )
        elif isinstance(event, events.NonFatalError):
            errors.append(f"{event.label}: {event.info.title} {event.info.message[:300]}")
        elif isinstance(event, events.FatalError):
            errors.append(f"fatal: {event.exception!r}")
        elif isinstance(event, events.EngineFinished):
            failures += [f"after run: {f.title}: {f.message[:300]}" for f in event.failures]
    assert not errors, "\n".join(errors)
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(sorted(set(failures)))
    assert links_covered > 0, phases
    # The run's own session outlived it (no case ended it).
    still = requests.get(
        f"{gateway_url}/v0/api/v1/apps", headers={"Authorization": f"Bearer {session}"}, timeout=30
    )
    assert still.status_code == 200, still.text
