"""slidectl: operator commands against the running services (gRPC). Prints one JSON line;
on failure prints one error line to stderr and exits non-zero.

Addresses: BILLING_ADDR / HOOKS_ADDR, else the running local stack's
.stack/${STACK_PORT_OFFSET:-0}/env.json (searched upwards from the current directory),
else the defaults of KitSettings.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

import grpc
from google.protobuf.json_format import MessageToDict
from kit.errors import ServiceError
from kit.grpcerrors import error_from_rpc

from billing.domain import QUOTAS


def stack_env() -> dict[str, str]:
    offset = os.environ.get("STACK_PORT_OFFSET", "0")
    for folder in [Path.cwd(), *Path.cwd().parents]:
        path = folder / ".stack" / offset / "env.json"
        if path.is_file():
            try:
                data = json.loads(path.read_text())
            except (OSError, ValueError):
                return {}
            return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}
    return {}


def address(name: str) -> str:
    var = f"{name.upper()}_ADDR"
    if os.environ.get(var):
        return os.environ[var]
    env = stack_env()
    if env.get(var):
        return env[var]
    from kit.settings import KitSettings  # slow import (pydantic-settings): only when needed

    return str(KitSettings.model_fields[f"{name}_addr"].default)


def invoke(method: Any, request: Any, timeout: float = 15) -> Any:
    try:
        return method(request, timeout=timeout)
    except grpc.RpcError as err:
        raise error_from_rpc(err) from None


def billing_stub(channel: grpc.Channel) -> Any:
    from slides.billing.v1 import billing_pb2_grpc

    return billing_pb2_grpc.BillingServiceStub(channel)


def org_summary(org: Any) -> dict[str, Any]:
    return {
        "organization_id": org.id,
        "name": org.name,
        "plan": org.plan,
        "status": org.status,
        "rate_limit_override": org.rate_limit_override,
    }


def cmd_org_create(args: argparse.Namespace) -> dict[str, Any]:
    from slides.billing.v1 import billing_pb2

    with grpc.insecure_channel(address("billing")) as ch:
        resp = invoke(
            billing_stub(ch).CreateOrganization,
            billing_pb2.CreateOrganizationRequest(
                name=args.name,
                plan=args.plan,
                owner_email=args.owner_email or "",
                owner_password=args.owner_password or "",
            ),
        )
    return {"organization_id": resp.organization.id, "api_key": resp.api_key.key}


def cmd_org_set_plan(args: argparse.Namespace) -> dict[str, Any]:
    from slides.billing.v1 import billing_pb2

    with grpc.insecure_channel(address("billing")) as ch:
        resp = invoke(
            billing_stub(ch).SetPlan, billing_pb2.SetPlanRequest(organization_id=args.org, plan=args.plan)
        )
    return org_summary(resp.organization)


def cmd_org_set_rate_limit(args: argparse.Namespace) -> dict[str, Any]:
    from slides.billing.v1 import billing_pb2

    with grpc.insecure_channel(address("billing")) as ch:
        resp = invoke(
            billing_stub(ch).SetRateLimit,
            billing_pb2.SetRateLimitRequest(
                organization_id=args.org, requests_per_minute=args.requests_per_minute
            ),
        )
    return org_summary(resp.organization)


def cmd_key_create(args: argparse.Namespace) -> dict[str, Any]:
    from slides.billing.v1 import billing_pb2

    with grpc.insecure_channel(address("billing")) as ch:
        resp = invoke(
            billing_stub(ch).CreateApiKey,
            billing_pb2.CreateApiKeyRequest(organization_id=args.org, name=args.name),
        )
    key = resp.api_key
    return {
        "organization_id": key.organization_id,
        "api_key_id": key.id,
        "api_key": key.key,
        "prefix": key.prefix,
    }


def cmd_key_revoke(args: argparse.Namespace) -> dict[str, Any]:
    from slides.billing.v1 import billing_pb2

    with grpc.insecure_channel(address("billing")) as ch:
        resp = invoke(billing_stub(ch).RevokeApiKey, billing_pb2.RevokeApiKeyRequest(key_id=args.key_id))
    return {"api_key_id": resp.api_key.id, "organization_id": resp.api_key.organization_id, "revoked": True}


def cmd_usage_consume(args: argparse.Namespace) -> dict[str, Any]:
    return _usage(args, consume=True)


def cmd_usage_release(args: argparse.Namespace) -> dict[str, Any]:
    return _usage(args, consume=False)


def _usage(args: argparse.Namespace, consume: bool) -> dict[str, Any]:
    """Charges (consume) or credits (release) units of a quota; the counter after it."""
    from slides.billing.v1 import billing_pb2

    fields = {"organization_id": args.org, "quota": args.quota, "amount": args.amount}
    with grpc.insecure_channel(address("billing")) as ch:
        stub = billing_stub(ch)
        if consume:
            resp = invoke(stub.ConsumeQuota, billing_pb2.ConsumeQuotaRequest(**fields))
        else:
            resp = invoke(stub.ReleaseQuota, billing_pb2.ReleaseQuotaRequest(**fields))
    return {"organization_id": args.org, "quota": args.quota, "used": resp.used, "limit": resp.limit}


def cmd_hooks_refresh_daily(args: argparse.Namespace) -> dict[str, Any]:
    from slides.hooks.v1 import hooks_pb2, hooks_pb2_grpc

    with grpc.insecure_channel(address("hooks")) as ch:
        resp = invoke(
            hooks_pb2_grpc.HooksServiceStub(ch).RefreshDaily, hooks_pb2.RefreshDailyRequest(), timeout=120
        )
    return MessageToDict(resp, preserving_proto_field_name=True, always_print_fields_with_no_presence=True)


MAX_AMOUNT = 2**31 - 1  # the RPCs' int32 (billing itself takes at most 1,000,000 at a time)


def positive_amount(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a positive whole number: {text!r}") from None
    if not 1 <= value <= MAX_AMOUNT:
        raise argparse.ArgumentTypeError(f"must be a positive whole number: {text!r}")
    return value


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"slidectl: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def parser() -> argparse.ArgumentParser:
    root = Parser(prog="slidectl", description="Operator commands for the slideshow service.")
    groups = root.add_subparsers(dest="group", required=True, parser_class=Parser)

    org = groups.add_parser("org", help="organizations").add_subparsers(dest="cmd", required=True)
    p = org.add_parser("create", help="create an organization (prints its id and an API key)")
    p.add_argument("--name", required=True)
    p.add_argument("--plan", required=True, choices=["free", "starter", "pro", "business"])
    p.add_argument("--owner-email")
    p.add_argument("--owner-password")
    p.set_defaults(run=cmd_org_create)
    p = org.add_parser("set-plan", help="change an organization's plan")
    p.add_argument("org")
    p.add_argument("plan", choices=["free", "starter", "pro", "business"])
    p.set_defaults(run=cmd_org_set_plan)
    p = org.add_parser("set-rate-limit", help="per-minute request limit override (0 clears it)")
    p.add_argument("org")
    p.add_argument("requests_per_minute", type=int)
    p.set_defaults(run=cmd_org_set_rate_limit)

    key = groups.add_parser("key", help="API keys").add_subparsers(dest="cmd", required=True)
    p = key.add_parser("create", help="create an API key for an organization")
    p.add_argument("org")
    p.add_argument("--name", default="slidectl")
    p.set_defaults(run=cmd_key_create)
    p = key.add_parser("revoke", help="revoke an API key at once")
    p.add_argument("key_id")
    p.set_defaults(run=cmd_key_revoke)

    usage = groups.add_parser("usage", help="quota usage of the current period").add_subparsers(
        dest="cmd", required=True
    )
    p = usage.add_parser("consume", help="charge quota units to an organization (refused past its limit)")
    p.add_argument("org")
    p.add_argument("quota", choices=QUOTAS)
    p.add_argument("amount", type=positive_amount)
    p.set_defaults(run=cmd_usage_consume)
    p = usage.add_parser("release", help="credit quota units back to an organization (never below zero)")
    p.add_argument("org")
    p.add_argument("quota", choices=QUOTAS)
    p.add_argument("amount", type=positive_amount)
    p.set_defaults(run=cmd_usage_release)

    hooks = groups.add_parser("hooks", help="hook library").add_subparsers(dest="cmd", required=True)
    p = hooks.add_parser("refresh-daily", help="run the daily hook refresh now")
    p.set_defaults(run=cmd_hooks_refresh_daily)
    return root


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        result = args.run(args)
    except ServiceError as err:
        print(f"slidectl: {err.code}: {err.message}", file=sys.stderr)
        return 1
    print(json.dumps(result, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
