"""A local stand-in for the part of Stripe's API that self-serve billing uses, for tests (billing's
test support).

A small HTTP server on 127.0.0.1 that takes requests as the stripe SDK sends them (form-encoded
bodies and queries with bracketed keys, `Authorization: Bearer <secret key>`) and answers with
the documented JSON objects: the Price list (`GET /v1/prices?lookup_keys[]=...`), Customers,
Checkout Sessions, Billing Portal Sessions, and Stripe's error body
(`{"error": {"type", "code", "message", "param"}}`). `complete()` plays the customer paying
(the Customer and Subscription Stripe would then create, for the events a test signs and sends);
`fail()` makes the next matching request answer an error.
"""

from __future__ import annotations

import json
import re
import secrets
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlsplit

PLAN_PRICES = {"starter": 1900, "pro": 4900, "business": 19900}


def decode_form(pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """Stripe's form encoding back to JSON: `a[b][0][c]=v` -> {"a": {"b": [{"c": "v"}]}}; both
    `k[]=v` and `k[0]=v` make lists."""
    root: dict[str, Any] = {}
    appended: dict[int, int] = {}
    for key, value in pairs:
        head, _, rest = key.partition("[")
        parts = [head] + (re.findall(r"\[([^\]]*)\]", "[" + rest) if rest else [])
        node: Any = root
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            if part == "":  # k[]: the next list index
                part = str(appended.setdefault(id(node), len(node)))
                appended[id(node)] += 1
            if last:
                node[part] = value
            else:
                node = node.setdefault(part, {})
    return _lists(root)


def _lists(value: Any) -> Any:
    if isinstance(value, dict):
        value = {k: _lists(v) for k, v in value.items()}
        if value and all(k.isdigit() for k in value):
            return [value[k] for k in sorted(value, key=int)]
    return value


@dataclass
class Request:
    method: str
    path: str
    params: dict[str, Any]
    headers: dict[str, str]


@dataclass
class Failure:
    method: str
    path_prefix: str
    status: int
    body: dict[str, Any]
    times: int = 1


def error_body(type_: str, message: str, code: str = "", param: str = "") -> dict[str, Any]:
    error: dict[str, Any] = {"type": type_, "message": message}
    if code:
        error["code"] = code
    if param:
        error["param"] = param
    return {"error": error}


@dataclass
class FakeStripe:
    """Listens on 127.0.0.1:`port` (0 = any free port) until close()."""

    port: int = 0
    # The secret key callers must send; empty = any "sk_..." key.
    secret_key: str = ""
    prices: dict[str, dict[str, Any]] = field(default_factory=dict)
    customers: dict[str, dict[str, Any]] = field(default_factory=dict)
    sessions: dict[str, dict[str, Any]] = field(default_factory=dict)
    portal_sessions: dict[str, dict[str, Any]] = field(default_factory=dict)
    subscriptions: dict[str, dict[str, Any]] = field(default_factory=dict)
    requests: list[Request] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)

    def __post_init__(self) -> None:
        now = int(time.time())
        for plan, amount in PLAN_PRICES.items():
            if plan not in self.prices:
                self.prices[plan] = {
                    "id": f"price_{plan}_{secrets.token_hex(4)}",
                    "object": "price",
                    "active": True,
                    "billing_scheme": "per_unit",
                    "created": now,
                    "currency": "usd",
                    "livemode": False,
                    "lookup_key": plan,
                    "metadata": {"plan": plan},
                    "nickname": plan.title(),
                    "product": f"prod_{plan}",
                    "recurring": {"interval": "month", "interval_count": 1, "usage_type": "licensed"},
                    "tax_behavior": "unspecified",
                    "type": "recurring",
                    "unit_amount": amount,
                    "unit_amount_decimal": str(amount),
                }
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def _handle(self) -> None:
                url = urlsplit(self.path)
                pairs = parse_qsl(url.query, keep_blank_values=True)
                if self.command == "POST":
                    length = int(self.headers.get("content-length") or 0)
                    pairs += parse_qsl(self.rfile.read(length).decode(), keep_blank_values=True)
                req = Request(
                    self.command,
                    url.path,
                    decode_form(pairs),
                    {k.lower(): v for k, v in self.headers.items()},
                )
                status, body = fake._respond(req)
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Request-Id", "req_" + secrets.token_hex(7))
                self.send_header("Stripe-Should-Retry", "false")
                self.end_headers()
                self.wfile.write(data)

            do_GET = _handle
            do_POST = _handle
            do_DELETE = _handle

        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    # --- test controls ------------------------------------------------------------------------

    def fail(
        self,
        method: str,
        path_prefix: str,
        status: int = 400,
        type_: str = "invalid_request_error",
        message: str = "Something went wrong.",
        code: str = "",
        times: int = 1,
    ) -> None:
        """The next `times` requests matching method and path prefix answer this error."""
        with self._lock:
            self.failures.append(
                Failure(method, path_prefix, status, error_body(type_, message, code), times)
            )

    def calls(self, method: str, path: str) -> list[Request]:
        with self._lock:
            return [r for r in self.requests if r.method == method and r.path == path]

    def complete(self, session_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """The customer pays: (the completed Checkout Session, the active Subscription) with the
        Customer made when the session had none, as in Stripe's events."""
        with self._lock:
            session = self.sessions[session_id]
            now = int(time.time())
            customer = session["customer"]
            if not customer:
                customer = self._new_customer(session.get("customer_email") or "")["id"]
            price = next(p for p in self.prices.values() if p["id"] == session["_price"])
            sub_id = "sub_" + secrets.token_hex(12)
            period = (now, now + 30 * 86400)
            sub = {
                "id": sub_id,
                "object": "subscription",
                "customer": customer,
                "status": "active",
                "created": now,
                "cancel_at_period_end": False,
                "livemode": False,
                "metadata": dict(session["_subscription_metadata"]),
                "items": {
                    "object": "list",
                    "data": [
                        {
                            "id": "si_" + secrets.token_hex(7),
                            "object": "subscription_item",
                            "current_period_start": period[0],
                            "current_period_end": period[1],
                            "price": price,
                            "quantity": 1,
                            "subscription": sub_id,
                        }
                    ],
                    "has_more": False,
                    "url": f"/v1/subscription_items?subscription={sub_id}",
                },
            }
            self.subscriptions[sub_id] = sub
            session.update(
                status="complete", payment_status="paid", customer=customer, subscription=sub_id, url=None
            )
            return self._public(session), json.loads(json.dumps(sub))

    def cancel(self, sub_id: str) -> dict[str, Any]:
        """The subscription ends (canceled in the Portal, or unpaid): the deleted event's object."""
        with self._lock:
            sub = self.subscriptions[sub_id]
            sub.update(status="canceled", canceled_at=int(time.time()), ended_at=int(time.time()))
            return json.loads(json.dumps(sub))

    # --- the API --------------------------------------------------------------------------------

    @staticmethod
    def _public(obj: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in obj.items() if not k.startswith("_")}

    def _new_customer(self, email: str) -> dict[str, Any]:
        customer_id = "cus_" + secrets.token_hex(7)
        customer: dict[str, Any] = {
            "id": customer_id,
            "object": "customer",
            "created": int(time.time()),
            "email": email or None,
            "livemode": False,
            "metadata": {},
        }
        self.customers[customer_id] = customer
        return customer

    def _respond(self, req: Request) -> tuple[int, dict[str, Any]]:
        with self._lock:
            self.requests.append(req)
            auth = req.headers.get("authorization", "")
            key = auth.removeprefix("Bearer ")
            if not auth.startswith("Bearer ") or not (
                key == self.secret_key if self.secret_key else key.startswith("sk_")
            ):
                return 401, error_body("invalid_request_error", "Invalid API Key provided.")
            for failure in self.failures:
                if req.method == failure.method and req.path.startswith(failure.path_prefix):
                    failure.times -= 1
                    if failure.times <= 0:
                        self.failures.remove(failure)
                    return failure.status, failure.body
            return self._route(req)

    def _route(self, req: Request) -> tuple[int, dict[str, Any]]:
        p, path = req.params, req.path
        if req.method == "GET" and path == "/v1/prices":
            keys = p.get("lookup_keys") or []
            found = [
                pr
                for pr in self.prices.values()
                if (not keys or pr["lookup_key"] in keys)
                and ("active" not in p or str(pr["active"]).lower() == p["active"])
            ]
            found = found[: int(p.get("limit") or 10)]
            return 200, {"object": "list", "data": found, "has_more": False, "url": "/v1/prices"}
        if req.method == "POST" and path == "/v1/customers":
            return 200, self._new_customer(p.get("email") or "")
        if req.method == "GET" and path.startswith("/v1/customers/"):
            customer = self.customers.get(path.rsplit("/", 1)[1])
            if customer is None:
                return _missing("customer", path.rsplit("/", 1)[1], "id")
            return 200, customer
        if req.method == "POST" and path == "/v1/checkout/sessions":
            return self._create_session(p)
        if req.method == "GET" and path.startswith("/v1/checkout/sessions/"):
            session = self.sessions.get(path.rsplit("/", 1)[1])
            if session is None:
                return _missing("checkout.session", path.rsplit("/", 1)[1], "session")
            return 200, self._public(session)
        if req.method == "POST" and path == "/v1/billing_portal/sessions":
            portal_customer = str(p.get("customer") or "")
            if not portal_customer:
                return 400, error_body(
                    "invalid_request_error",
                    "Missing required param: customer.",
                    "parameter_missing",
                    "customer",
                )
            if portal_customer not in self.customers:
                return _missing("customer", portal_customer, "customer")
            bps_id = "bps_" + secrets.token_hex(12)
            bps: dict[str, Any] = {
                "id": bps_id,
                "object": "billing_portal.session",
                "configuration": "bpc_default",
                "created": int(time.time()),
                "customer": portal_customer,
                "livemode": False,
                "return_url": p.get("return_url"),
                "url": "https://billing.stripe.com/p/session/test_" + secrets.token_urlsafe(24),
            }
            self.portal_sessions[bps_id] = bps
            return 200, bps
        return 404, error_body("invalid_request_error", f"Unrecognized request URL ({req.method}: {path}).")

    def _create_session(self, p: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if p.get("mode") != "subscription":
            return 400, error_body(
                "invalid_request_error", "This fake only takes mode=subscription.", param="mode"
            )
        items = p.get("line_items") or []
        if len(items) != 1 or not isinstance(items[0], dict):
            return 400, error_body(
                "invalid_request_error",
                "Missing required param: line_items.",
                "parameter_missing",
                "line_items",
            )
        price_id = items[0].get("price", "")
        if not any(pr["id"] == price_id for pr in self.prices.values()):
            return _missing("price", price_id, "line_items[0][price]")
        for name in ("success_url",):
            if not p.get(name):
                return 400, error_body(
                    "invalid_request_error", f"Missing required param: {name}.", "parameter_missing", name
                )
        customer = p.get("customer") or None
        if customer and customer not in self.customers:
            return _missing("customer", customer, "customer")
        if customer and p.get("customer_email"):
            return 400, error_body(
                "invalid_request_error",
                "You may only specify one of these parameters: customer, customer_email.",
            )
        now = int(time.time())
        sid = "cs_test_" + secrets.token_urlsafe(40).replace("-", "a").replace("_", "b")
        session = {
            "id": sid,
            "object": "checkout.session",
            "cancel_url": p.get("cancel_url"),
            "client_reference_id": p.get("client_reference_id"),
            "created": now,
            "customer": customer,
            "customer_email": p.get("customer_email"),
            "expires_at": now + 86400,
            "livemode": False,
            "metadata": p.get("metadata") or {},
            "mode": "subscription",
            "payment_status": "unpaid",
            "status": "open",
            "subscription": None,
            "success_url": p.get("success_url"),
            "url": f"https://checkout.stripe.com/c/pay/{sid}",
            "_price": price_id,
            "_subscription_metadata": (p.get("subscription_data") or {}).get("metadata") or {},
        }
        self.sessions[sid] = session
        return 200, self._public(session)


def _missing(kind: str, value: str, param: str) -> tuple[int, dict[str, Any]]:
    return 400, error_body("invalid_request_error", f"No such {kind}: '{value}'", "resource_missing", param)
