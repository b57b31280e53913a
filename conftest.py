"""Fixtures shared by every test package. Tests run against the stack started by `make test`
(scripts/stack.py); its addresses are read from .stack/<STACK_PORT_OFFSET>/env.json."""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import grpc
import httpx
import pytest

# pytest (importlib mode) names gateway/tests/* "gateway.tests.*": the real package must be imported
# first, or a stand-in "gateway" made from the folder would hide it.
import gateway  # noqa: F401, I001

ROOT = Path(__file__).resolve().parent
STATE = ROOT / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0")


# The drills (tests/drills) kill, freeze and cut processes of the shared stack, and the log audit
# reads the logs of the whole run: they run after every other test, in this order (a drill not
# named here runs before the audit), whatever the files are called and however pytest is invoked.
DRILLS = ROOT / "tests" / "drills"
DRILL_ORDER = [
    "test_cache_failover.py",
    "test_degrade.py",
    "test_load_chaos.py",
    "test_secrets_not_logged.py",
]


def _drill_rank(item: pytest.Item) -> tuple[int, int]:
    path = Path(str(item.path))
    if path.parent != DRILLS:
        return (0, 0)
    if path.name in DRILL_ORDER:
        return (1, DRILL_ORDER.index(path.name))
    return (1, len(DRILL_ORDER) - 1)  # before the audit, after the named drills before it (stable sort)


_STACK_COUNT = pytest.StashKey[tuple[int, int]]()  # (tests that need the stack, tests collected)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--without-stack",
        action="store_true",
        help="run only the tests that need no running stack (no stack_env fixture, directly or through "
        "another fixture); `make unit` runs them with nothing started",
    )


def needs_stack(item: pytest.Item) -> bool:
    """Whether the test reaches the stack: every fixture that does depends on stack_env."""
    return "stack_env" in getattr(item, "fixturenames", ())


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    items.sort(key=_drill_rank)  # stable: every other test keeps pytest's order
    config.stash[_STACK_COUNT] = (sum(1 for item in items if needs_stack(item)), len(items))
    if config.getoption("--without-stack"):
        stack = [item for item in items if needs_stack(item)]
        if stack:
            config.hook.pytest_deselected(items=stack)
            items[:] = [item for item in items if not needs_stack(item)]


def pytest_report_collectionfinish(config: pytest.Config, items: list[pytest.Item]) -> str:
    with_stack, collected = config.stash.get(_STACK_COUNT, (0, len(items)))
    return f"{collected - with_stack} of the {collected} tests collected run without the stack"


def _load_env() -> dict[str, str]:
    path = STATE / "env.json"
    if not path.exists():
        return {}
    env = json.loads(path.read_text())
    for k, v in env.items():
        os.environ.setdefault(k, v)
    return env


_ENV = _load_env()


@pytest.fixture(scope="session")
def stack_env() -> dict[str, str]:
    if not (STATE / "ready").exists():
        pytest.fail(
            f"the local stack is not running (no {STATE}/ready): run `make stack-up` first", pytrace=False
        )
    return _ENV


@pytest.fixture(scope="session")
def gateway_url(stack_env: dict[str, str]) -> str:
    return stack_env["PUBLIC_BASE_URL"]


@pytest.fixture(scope="session")
def billing_stub(stack_env: dict[str, str]) -> Iterator[object]:
    from slides.billing.v1 import billing_pb2_grpc

    channel = grpc.insecure_channel(stack_env["BILLING_ADDR"])
    yield billing_pb2_grpc.BillingServiceStub(channel)
    channel.close()


@pytest.fixture(scope="session")
def new_org(billing_stub) -> Callable[..., dict[str, str]]:
    """new_org(plan="pro") -> {"organization_id", "api_key", "api_key_id", "email", "password"}."""
    from slides.billing.v1 import billing_pb2

    def make(plan: str = "pro", name: str = "") -> dict[str, str]:
        email = f"owner-{uuid.uuid4().hex[:10]}@example.com"
        password = "correct horse battery staple"  # noqa: S105 - test credential
        resp = billing_stub.CreateOrganization(
            billing_pb2.CreateOrganizationRequest(
                name=name or f"Test Org {uuid.uuid4().hex[:6]}",
                plan=plan,
                owner_email=email,
                owner_password=password,
            ),
            timeout=10,
        )
        return {
            "organization_id": resp.organization.id,
            "api_key": resp.api_key.key,
            "api_key_id": resp.api_key.id,
            "email": email,
            "password": password,
        }

    return make


@pytest.fixture
def api(gateway_url: str, new_org) -> Iterator[httpx.Client]:
    """An httpx client authenticated as a fresh Pro organization (org details on .org)."""
    org = new_org("pro")
    with httpx.Client(
        base_url=gateway_url, headers={"Authorization": f"Bearer {org['api_key']}"}, timeout=30
    ) as client:
        client.org = org  # type: ignore[attr-defined]
        yield client


@pytest.fixture
def client_for(gateway_url: str) -> Iterator[Callable[[str], httpx.Client]]:
    """client_for(api_key) -> httpx.Client with that key."""
    made: list[httpx.Client] = []

    def make(key: str) -> httpx.Client:
        c = httpx.Client(base_url=gateway_url, headers={"Authorization": f"Bearer {key}"}, timeout=30)
        made.append(c)
        return c

    yield make
    for c in made:
        c.close()


def fresh_loopback() -> str:
    """A loopback address no other test uses (127.0.0.0/8 is all loopback on Linux): the
    gateway sees it as the client address, so per-address limits start from zero."""
    n = uuid.uuid4().int
    return f"127.{(n >> 16) % 254 + 1}.{(n >> 8) % 256}.{n % 254 + 1}"


@pytest.fixture
def client_from(gateway_url: str) -> Iterator[Callable[..., httpx.Client]]:
    """client_from(address=None, base_url=None, **kw) -> httpx.Client whose connections come
    from that loopback address (a fresh one by default); its address is on .address."""
    made: list[httpx.Client] = []

    def make(address: str | None = None, base_url: str | None = None, **kw) -> httpx.Client:
        address = address or fresh_loopback()
        c = httpx.Client(
            base_url=base_url or gateway_url,
            transport=httpx.HTTPTransport(local_address=address),
            timeout=kw.pop("timeout", 30),
            **kw,
        )
        c.address = address  # type: ignore[attr-defined]
        made.append(c)
        return c

    yield make
    for c in made:
        c.close()
