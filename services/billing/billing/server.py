"""gRPC adapter: proto in -> billing.application call -> proto out. The use cases live in
application, the rules in domain, the SQL in store; the billing-provider intake in intake."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import grpc
from google.protobuf.timestamp_pb2 import Timestamp
from kit import ids, logs
from kit.grpcx import rpc
from kit.outbox import OutboxRelay
from kit.watchers import Watchers
from slides.billing.v1 import billing_pb2, billing_pb2_grpc
from sqlalchemy.ext.asyncio import AsyncEngine

from billing import application, domain, events, intake, passwords, payments, store
from billing.events import MailWorker
from billing.settings import Settings

log = logs.get(__name__)

limits_pb = events.limits_pb


def _ts(value: datetime | None) -> Timestamp | None:
    if value is None:
        return None
    ts = Timestamp()
    ts.FromDatetime(value)
    return ts


def key_pb(key: domain.ApiKey, secret: str = "") -> billing_pb2.ApiKey:
    return billing_pb2.ApiKey(
        id=key.id,
        name=key.name,
        key=secret,
        prefix=key.prefix,
        created_at=_ts(key.created_at),
        revoked_at=_ts(key.revoked_at),
        organization_id=key.organization_id,
        last_used_at=_ts(key.last_used_at),
    )


def subscription_pb(sub: domain.Subscription) -> billing_pb2.Subscription:
    return billing_pb2.Subscription(
        id=sub.id,
        status=sub.status,
        plan=sub.plan,
        current_period_start=_ts(sub.current_period_start),
        current_period_end=_ts(sub.current_period_end),
    )


class BillingServicer(billing_pb2_grpc.BillingServiceServicer):
    def __init__(
        self,
        engine: AsyncEngine,
        settings: Settings,
        relay: OutboxRelay,
        mailer: MailWorker,
        watchers: Watchers,
    ):
        self.engine = engine
        self.reads = store.Reads(engine)
        self.settings = settings
        self.relay = relay
        self.mailer = mailer
        self.watchers = watchers
        self.rules = application.Rules.of(settings)
        self.plans = self.rules.plans
        self.passwords = passwords.Argon2Passwords()
        self.payments = payments.Payments(
            settings.stripe_secret_key,
            settings.stripe_api_base,
            settings.stripe_timeout_seconds,
            settings.stripe_max_network_retries,
        )

    def uow(self, *, watched: bool = False) -> application.BillingUnitOfWork:
        """A unit of work for one call; `watched`: after the commit, every gateway drops the kept
        answers of the organizations whose plan, limits or keys the unit changed."""
        return events.unit_of_work(self.engine, self.relay, [self._changed] if watched else [])

    async def _changed(self, committed: Sequence[object]) -> None:
        changed = (e for e in committed if isinstance(e, domain.OrganizationChanged | domain.ApiKeyRevoked))
        for org in dict.fromkeys(e.organization_id for e in changed):
            await self.watchers.changed(org)

    def org_pb(self, org: domain.Organization) -> billing_pb2.Organization:
        return events.org_pb(org, self.plans[org.plan])

    # --- organizations ------------------------------------------------------------------

    @rpc
    async def CreateOrganization(
        self, request: billing_pb2.CreateOrganizationRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.CreateOrganizationResponse:
        org, key = await application.create_organization(
            self.uow(),
            self.passwords,
            self.rules,
            request.name,
            request.plan,
            request.owner_email,
            request.owner_password,
        )
        return billing_pb2.CreateOrganizationResponse(
            organization=self.org_pb(org), api_key=key_pb(key.key, key.secret)
        )

    @rpc
    async def GetOrganization(
        self, request: billing_pb2.GetOrganizationRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.GetOrganizationResponse:
        org, sub = await application.get_organization(self.reads, request.organization_id)
        return billing_pb2.GetOrganizationResponse(
            organization=self.org_pb(org), subscription=subscription_pb(sub) if sub else None
        )

    @rpc
    async def SetPlan(
        self, request: billing_pb2.SetPlanRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.SetPlanResponse:
        org = await application.set_plan(
            self.uow(watched=True), self.rules, request.organization_id, request.plan
        )
        return billing_pb2.SetPlanResponse(organization=self.org_pb(org))

    @rpc
    async def SetRateLimit(
        self, request: billing_pb2.SetRateLimitRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.SetRateLimitResponse:
        org = await application.set_rate_limit(
            self.uow(watched=True), self.rules, request.organization_id, request.requests_per_minute
        )
        return billing_pb2.SetRateLimitResponse(organization=self.org_pb(org))

    @rpc
    async def ListActiveOrganizations(
        self, request: billing_pb2.ListActiveOrganizationsRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.ListActiveOrganizationsResponse:
        orgs = await application.list_active_organizations(self.reads, request.min_plan)
        return billing_pb2.ListActiveOrganizationsResponse(organizations=[self.org_pb(o) for o in orgs])

    # --- credentials ----------------------------------------------------------------------

    async def WatchPrincipals(self, request_iterator, context):
        await self.watchers.serve(context)

    @rpc
    async def Authenticate(
        self, request: billing_pb2.AuthenticateRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.AuthenticateResponse:
        who = await application.authenticate(self.reads, self.rules, request.token, request.billing_access)
        return billing_pb2.AuthenticateResponse(
            organization=self.org_pb(who.organization),
            principal_kind=who.principal_kind,
            principal_id=who.principal_id,
            requests_per_minute=who.requests_per_minute,
        )

    @rpc
    async def CreateApiKey(
        self, request: billing_pb2.CreateApiKeyRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.CreateApiKeyResponse:
        key = await application.create_api_key(self.uow(), request.organization_id, request.name)
        return billing_pb2.CreateApiKeyResponse(api_key=key_pb(key.key, key.secret))

    @rpc
    async def ListApiKeys(
        self, request: billing_pb2.ListApiKeysRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.ListApiKeysResponse:
        keys = await application.list_api_keys(self.reads, request.organization_id)
        return billing_pb2.ListApiKeysResponse(api_keys=[key_pb(k) for k in keys])

    @rpc
    async def RecordApiKeyUse(
        self, request: billing_pb2.RecordApiKeyUseRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.RecordApiKeyUseResponse:
        # Latest use per key; at most a few thousand keys per report (a gateway's minute).
        uses = (
            (use.key_id, use.used_at.ToDatetime(tzinfo=UTC))
            for use in request.uses[:10_000]
            if ids.has_prefix(use.key_id, "key") and use.HasField("used_at")
        )
        await application.record_api_key_use(self.uow(), uses)
        return billing_pb2.RecordApiKeyUseResponse()

    @rpc
    async def RevokeApiKey(
        self, request: billing_pb2.RevokeApiKeyRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.RevokeApiKeyResponse:
        key = await application.revoke_api_key(
            self.uow(watched=True), request.key_id, request.organization_id
        )
        return billing_pb2.RevokeApiKeyResponse(api_key=key_pb(key))

    # --- users and sessions ---------------------------------------------------------------

    @rpc
    async def Signup(
        self, request: billing_pb2.SignupRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.SignupResponse:
        signed_in = await application.signup(
            self.uow(),
            self.passwords,
            self.rules,
            request.email,
            request.password,
            request.organization_name,
            request.client_ip,
        )
        return billing_pb2.SignupResponse(
            session_token=signed_in.session_token, organization_id=signed_in.organization_id
        )

    @rpc
    async def Login(
        self, request: billing_pb2.LoginRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.LoginResponse:
        signed_in = await application.login(
            self.uow(),
            self.reads,
            self.passwords,
            self.rules,
            request.email,
            request.password,
            request.client_ip,
        )
        return billing_pb2.LoginResponse(
            session_token=signed_in.session_token, organization_id=signed_in.organization_id
        )

    @rpc
    async def Logout(
        self, request: billing_pb2.LogoutRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.LogoutResponse:
        await application.logout(self.uow(), request.session_token)
        return billing_pb2.LogoutResponse()

    # --- quotas ---------------------------------------------------------------------------

    @rpc
    async def ConsumeQuota(
        self, request: billing_pb2.ConsumeQuotaRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.ConsumeQuotaResponse:
        use = await application.consume_quota(
            self.uow(),
            self.rules,
            request.organization_id,
            request.quota,
            request.amount,
            request.idempotency_key,
        )
        return billing_pb2.ConsumeQuotaResponse(used=use.used, limit=use.limit)

    @rpc
    async def ReleaseQuota(
        self, request: billing_pb2.ReleaseQuotaRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.ReleaseQuotaResponse:
        use = await application.release_quota(
            self.uow(),
            self.rules,
            request.organization_id,
            request.quota,
            request.amount,
            request.idempotency_key,
        )
        return billing_pb2.ReleaseQuotaResponse(used=use.used, limit=use.limit)

    @rpc
    async def GetUsage(
        self, request: billing_pb2.GetUsageRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.GetUsageResponse:
        usage = await application.get_usage(self.reads, self.rules, request.organization_id)
        return billing_pb2.GetUsageResponse(
            plan=usage.organization.plan,
            limits=limits_pb(usage.limits),
            usage=[
                billing_pb2.QuotaUsage(quota=q, limit=usage.limits.quota_limit(q), used=used)
                for q, used in usage.used.items()
            ],
            period_start=_ts(usage.period[0]),
            period_end=_ts(usage.period[1]),
            status=usage.organization.status,
        )

    # --- billing-provider events ----------------------------------------------------------

    @rpc
    async def HandleBillingEvent(
        self, request: billing_pb2.HandleBillingEventRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.HandleBillingEventResponse:
        event = intake.verify(
            bytes(request.payload),
            request.signature_header,
            self.settings.stripe_webhook_secret,
            self.settings.stripe_tolerance_seconds,
        )
        unit = events.connection_unit(self.engine, self.relay)
        result = await intake.Intake(unit, self.plans).handle(event)
        self.mailer.notify()
        if result.organization_id:
            await self.watchers.changed(result.organization_id)
        return billing_pb2.HandleBillingEventResponse(
            duplicate=result.duplicate, event_id=result.event_id, event_type=result.event_type
        )

    # --- self-serve billing (Stripe Checkout and Billing Portal) ---------------------------

    @rpc
    async def CreateCheckoutSession(
        self, request: billing_pb2.CreateCheckoutSessionRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.CreateCheckoutSessionResponse:
        session = await application.create_checkout_session(
            self.reads,
            self.payments,
            self.rules,
            request.organization_id,
            request.plan,
            request.success_url,
            request.cancel_url,
        )
        return billing_pb2.CreateCheckoutSessionResponse(id=session.id, url=session.url)

    @rpc
    async def CreateBillingPortalSession(
        self, request: billing_pb2.CreateBillingPortalSessionRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.CreateBillingPortalSessionResponse:
        session = await application.create_billing_portal_session(
            self.reads, self.payments, self.rules, request.organization_id, request.return_url
        )
        return billing_pb2.CreateBillingPortalSessionResponse(id=session.id, url=session.url)
