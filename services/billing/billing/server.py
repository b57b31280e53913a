"""BillingService over gRPC: proto <-> domain, one transaction per call."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import grpc
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from google.protobuf.timestamp_pb2 import Timestamp
from kit import db, ids, logs, throttle
from kit.errors import ServiceError
from kit.grpcx import rpc
from kit.outbox import OutboxRelay
from kit.watchers import Watchers
from slides.billing.v1 import billing_pb2, billing_pb2_grpc
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from billing import domain, events, intake, payments, store
from billing.events import MailWorker
from billing.settings import Settings

log = logs.get(__name__)

# OWASP's argon2id baseline (19 MiB, 2 passes): every test organization has an owner password,
# so the library default (64 MiB, 3 passes) would dominate signup time on small machines.
_hasher = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)
# Verified against when the e-mail is unknown, so both failures cost the same time.
_DUMMY_HASH = _hasher.hash("not-a-real-password-0000")


def _ts(value: datetime | None) -> Timestamp | None:
    if value is None:
        return None
    ts = Timestamp()
    ts.FromDatetime(value)
    return ts


def limits_pb(limits: domain.PlanLimits) -> billing_pb2.PlanLimits:
    return billing_pb2.PlanLimits(
        apps=limits.apps,
        slideshows_per_month=limits.slideshows_per_month,
        hook_refreshes_per_month=limits.hook_refreshes_per_month,
        api_keys=limits.api_keys,
        publishing=limits.publishing,
        requests_per_minute=limits.requests_per_minute,
    )


def key_pb(row: Row, secret: str = "") -> billing_pb2.ApiKey:
    return billing_pb2.ApiKey(
        id=row.id,
        name=row.name,
        key=secret,
        prefix=row.prefix,
        created_at=_ts(row.created_at),
        revoked_at=_ts(row.revoked_at),
        organization_id=row.organization_id,
        last_used_at=_ts(getattr(row, "last_used_at", None)),
    )


def subscription_pb(row: Row) -> billing_pb2.Subscription:
    return billing_pb2.Subscription(
        id=row.id,
        status=row.status,
        plan=row.plan,
        current_period_start=_ts(row.current_period_start),
        current_period_end=_ts(row.current_period_end),
    )


def org_not_found(org_id: str) -> ServiceError:
    return ServiceError("ORGANIZATION_NOT_FOUND", f"No organization {org_id!r}.")


TOO_MANY_ATTEMPTS = "Too many attempts from this address; try again later."


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
        self.reads = db.autocommit(engine)
        self.settings = settings
        self.relay = relay
        self.mailer = mailer
        self.watchers = watchers
        self.plans = domain.plan_table(settings.plan_limits)
        self.payments = payments.Payments(
            settings.stripe_secret_key,
            settings.stripe_api_base,
            settings.stripe_timeout_seconds,
            settings.stripe_max_network_retries,
        )

    # --- helpers --------------------------------------------------------------------------

    def org_pb(self, row: Row) -> billing_pb2.Organization:
        return billing_pb2.Organization(
            id=row.id,
            name=row.name,
            plan=row.plan,
            status=row.status,
            stripe_customer_id=row.stripe_customer_id or "",
            limits=limits_pb(self.plans[row.plan]),
            created_at=_ts(row.created_at),
            rate_limit_override=row.rate_limit_override,
        )

    def period(self, org: Row, now: datetime | None = None) -> tuple[datetime, datetime]:
        return domain.billing_period(now or datetime.now(UTC), org.period_start, org.period_end)

    async def _org(self, conn: AsyncConnection, org_id: str, lock: bool = False) -> Row:
        if not ids.has_prefix(org_id, "org"):
            raise org_not_found(org_id)
        row = await store.get_organization(conn, org_id, lock=lock)
        if row is None:
            raise org_not_found(org_id)
        return row

    async def _new_key(self, conn: AsyncConnection, org_id: str, name: str) -> billing_pb2.ApiKey:
        secret = domain.new_api_key()
        row = await store.insert_api_key(
            conn,
            ids.new_id("key"),
            org_id,
            name,
            domain.token_hash(secret),
            domain.key_display_prefix(secret),
        )
        return key_pb(row, secret)

    async def _new_session(self, conn: AsyncConnection, org_id: str, user_id: str) -> str:
        token = domain.new_session_token()
        expires = datetime.now(UTC) + timedelta(days=self.settings.session_days)
        await store.insert_session(
            conn, "ses_" + ids.random_base62(20), org_id, user_id, domain.token_hash(token), expires
        )
        return token

    async def _create_org(
        self, conn: AsyncConnection, name: str, plan: str, email: str, password: str
    ) -> tuple[Row, str]:
        """Organization plus (when e-mail given) its owner; returns (org row, owner user id)."""
        org = await store.insert_organization(conn, ids.new_id("org"), name, plan)
        user_id = ""
        if email:
            password_hash = await asyncio.to_thread(_hasher.hash, password)
            user_id = ids.new_id("usr")
            if not await store.insert_user(conn, user_id, org.id, email, password_hash):
                raise ServiceError(
                    "EMAIL_EXISTS",
                    "An account with this e-mail already exists.",
                    {"fields": [{"field": "email", "message": "already registered"}]},
                )
        await events.organization_changed(conn, self.org_pb(org))
        return org, user_id

    # --- organizations ------------------------------------------------------------------

    @rpc
    async def CreateOrganization(
        self, request: billing_pb2.CreateOrganizationRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.CreateOrganizationResponse:
        name = domain.check_org_name(request.name)
        plan = domain.check_plan(request.plan)
        email = domain.normalize_email(request.owner_email) if request.owner_email else ""
        if email:
            domain.check_password(request.owner_password)
        async with self.engine.begin() as conn:
            org, _ = await self._create_org(conn, name, plan, email, request.owner_password)
            key = await self._new_key(conn, org.id, "default")
        self.relay.notify()
        return billing_pb2.CreateOrganizationResponse(organization=self.org_pb(org), api_key=key)

    @rpc
    async def GetOrganization(
        self, request: billing_pb2.GetOrganizationRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.GetOrganizationResponse:
        org_id = request.organization_id
        if not ids.has_prefix(org_id, "org"):
            raise org_not_found(org_id)
        async with self.reads.connect() as conn:  # one statement: the organization and its subscription
            row = await store.organization_with_subscription(conn, org_id)
        if row is None:
            raise org_not_found(org_id)
        sub = None
        if row.sub_id is not None:
            sub = billing_pb2.Subscription(
                id=row.sub_id,
                status=row.sub_status,
                plan=row.sub_plan,
                current_period_start=_ts(row.sub_current_period_start),
                current_period_end=_ts(row.sub_current_period_end),
            )
        return billing_pb2.GetOrganizationResponse(organization=self.org_pb(row), subscription=sub)

    async def _update_org(self, org_id: str, **values) -> Row:
        async with self.engine.begin() as conn:
            await self._org(conn, org_id, lock=True)
            org = await store.update_organization(conn, org_id, **values)
            assert org is not None
            await events.organization_changed(conn, self.org_pb(org))
        self.relay.notify()
        await self.watchers.changed(org_id)
        return org

    @rpc
    async def SetPlan(
        self, request: billing_pb2.SetPlanRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.SetPlanResponse:
        org = await self._update_org(request.organization_id, plan=domain.check_plan(request.plan))
        return billing_pb2.SetPlanResponse(organization=self.org_pb(org))

    @rpc
    async def SetRateLimit(
        self, request: billing_pb2.SetRateLimitRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.SetRateLimitResponse:
        value = domain.check_rate_limit(request.requests_per_minute)
        org = await self._update_org(request.organization_id, rate_limit_override=value)
        return billing_pb2.SetRateLimitResponse(organization=self.org_pb(org))

    @rpc
    async def ListActiveOrganizations(
        self, request: billing_pb2.ListActiveOrganizationsRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.ListActiveOrganizationsResponse:
        min_plan = domain.check_plan(request.min_plan or "free", "min_plan")
        plans = [p for p in domain.PLANS if domain.plan_rank(p) >= domain.plan_rank(min_plan)]
        async with self.engine.connect() as conn:
            rows = await store.list_organizations(conn, plans)
        return billing_pb2.ListActiveOrganizationsResponse(organizations=[self.org_pb(r) for r in rows])

    # --- credentials ----------------------------------------------------------------------

    async def WatchPrincipals(self, request_iterator, context):
        await self.watchers.serve(context)

    @rpc
    async def Authenticate(
        self, request: billing_pb2.AuthenticateRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.AuthenticateResponse:
        token = request.token.strip()
        kind = domain.token_kind(token)
        if not kind:
            raise ServiceError("UNAUTHORIZED", "Invalid API key or session token.")
        lookup = store.principal_by_key_hash if kind == "api_key" else store.principal_by_session_hash
        async with self.reads.connect() as conn:
            row = await lookup(conn, domain.token_hash(token))
        if row is None:
            raise ServiceError("UNAUTHORIZED", "Invalid, expired or revoked API key or session token.")
        limits = self.plans[row.plan]
        domain.authorize(
            kind,
            row.plan,
            row.status,
            limits,
            billing_access=request.billing_access,
            role=getattr(row, "role", "") or "",
        )
        return billing_pb2.AuthenticateResponse(
            organization=self.org_pb(row),
            principal_kind=kind,
            principal_id=row.principal_id,
            requests_per_minute=domain.requests_per_minute(row.rate_limit_override, limits),
        )

    @rpc
    async def CreateApiKey(
        self, request: billing_pb2.CreateApiKeyRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.CreateApiKeyResponse:
        name = domain.check_key_name(request.name)
        async with self.engine.begin() as conn:
            await self._org(conn, request.organization_id)
            key = await self._new_key(conn, request.organization_id, name)
        return billing_pb2.CreateApiKeyResponse(api_key=key)

    @rpc
    async def ListApiKeys(
        self, request: billing_pb2.ListApiKeysRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.ListApiKeysResponse:
        async with self.engine.connect() as conn:
            await self._org(conn, request.organization_id)
            rows = await store.list_api_keys(conn, request.organization_id)
        return billing_pb2.ListApiKeysResponse(api_keys=[key_pb(r) for r in rows])

    @rpc
    async def RecordApiKeyUse(
        self, request: billing_pb2.RecordApiKeyUseRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.RecordApiKeyUseResponse:
        # Latest use per key; at most a few thousand keys per report (a gateway's minute).
        uses: dict[str, datetime] = {}
        for use in request.uses[:10_000]:
            if ids.has_prefix(use.key_id, "key") and use.HasField("used_at"):
                when = use.used_at.ToDatetime(tzinfo=UTC)
                uses[use.key_id] = max(when, uses.get(use.key_id, when))
        if uses:
            async with self.engine.begin() as conn:
                await store.record_key_use(conn, sorted(uses.items()))
        return billing_pb2.RecordApiKeyUseResponse()

    @rpc
    async def RevokeApiKey(
        self, request: billing_pb2.RevokeApiKeyRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.RevokeApiKeyResponse:
        if not ids.has_prefix(request.key_id, "key"):
            raise ServiceError("KEY_NOT_FOUND", f"No API key {request.key_id!r}.")
        async with self.engine.begin() as conn:
            row, revoked = await store.revoke_api_key(conn, request.key_id, request.organization_id or None)
            if row is None:
                raise ServiceError("KEY_NOT_FOUND", f"No API key {request.key_id!r}.")
            if revoked:
                await events.api_key_revoked(conn, row.organization_id, row.id)
        self.relay.notify()
        if revoked:
            await self.watchers.changed(row.organization_id)
        return billing_pb2.RevokeApiKeyResponse(api_key=key_pb(row))

    # --- users and sessions ---------------------------------------------------------------

    @rpc
    async def Signup(
        self, request: billing_pb2.SignupRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.SignupResponse:
        email = domain.normalize_email(request.email)
        domain.check_password(request.password)
        name = domain.check_org_name(request.organization_name, "organization_name")
        s = self.settings
        if request.client_ip:
            # Every sign-up attempt from an address counts (the row stays), so one address
            # cannot mint organizations (and free quotas) without end.
            limit = throttle.Limit(s.signup_max_per_ip, s.signup_window_seconds)
            await self._take_attempts([(f"signup:{request.client_ip[:64]}", limit)])
        async with self.engine.begin() as conn:
            org, user_id = await self._create_org(conn, name, "free", email, request.password)
            token = await self._new_session(conn, org.id, user_id)
        self.relay.notify()
        return billing_pb2.SignupResponse(session_token=token, organization_id=org.id)

    async def _take_attempts(self, subjects: list[tuple[str, throttle.Limit]]) -> list[int]:
        """Checks and records one attempt per subject under its limit (`kit.throttle`: over it ->
        RATE_LIMITED) in one transaction, serialized per subject (no check-then-record race: N
        concurrent attempts at the edge never pass more than the limit). Returns the recorded ids."""
        now = datetime.now(UTC)
        async with self.engine.begin() as conn:
            await db.lock_keys(conn, [subject for subject, _ in subjects])
            for subject, limit in subjects:
                since = limit.since(now)
                await store.forget_attempts_before(conn, subject, since)
                attempts = await store.recent_attempts(conn, subject, since)
                throttle.check(limit, attempts, now, TOO_MANY_ATTEMPTS)
            return await store.add_login_failures(conn, [subject for subject, _ in subjects], now)

    @rpc
    async def Login(
        self, request: billing_pb2.LoginRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.LoginResponse:
        s = self.settings
        email = (request.email or "").strip().lower()[:254]
        address = request.client_ip[:64]
        # Failures count per (account, client address): a stranger exhausts only their own
        # attempts, never the owner's; and per address across accounts (password spraying).
        account = f"account:{email}|ip:{address}"
        window = s.login_window_seconds
        subjects = [
            (account, throttle.Limit(s.login_max_failures_per_email, window, s.login_backoff_after_failures))
        ]
        if address:
            subjects.append((f"ip:{address}", throttle.Limit(s.login_max_failures_per_ip, window)))
        attempts = await self._take_attempts(subjects)
        async with self.engine.connect() as conn:
            user = await store.get_user_by_email(conn, email) if email else None
        ok = await asyncio.to_thread(
            _verify, user.password_hash if user else _DUMMY_HASH, request.password or ""
        )
        token = ""
        if user is not None and ok:
            async with self.engine.begin() as conn:
                await store.remove_attempts(conn, attempts)
                await store.clear_login_failures(conn, account)
                token = await self._new_session(conn, user.organization_id, user.id)
        if user is None or not token:
            raise ServiceError("UNAUTHORIZED", "Wrong e-mail or password.")
        return billing_pb2.LoginResponse(session_token=token, organization_id=user.organization_id)

    @rpc
    async def Logout(
        self, request: billing_pb2.LogoutRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.LogoutResponse:
        token = request.session_token.strip()
        if domain.token_kind(token) == "session":
            async with self.engine.begin() as conn:
                await store.revoke_session(conn, domain.token_hash(token))
        return billing_pb2.LogoutResponse()

    # --- quotas ---------------------------------------------------------------------------

    @rpc
    async def ConsumeQuota(
        self, request: billing_pb2.ConsumeQuotaRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.ConsumeQuotaResponse:
        quota = domain.check_quota(request.quota)
        amount = domain.check_amount(request.amount)
        key = request.idempotency_key[:255]
        async with self.engine.begin() as conn:
            org = await self._org(conn, request.organization_id)
            limit = self.plans[org.plan].quota_limit(quota)
            period = self.period(org)
            counter = domain.counter_period(quota, period[0])
            await store.ensure_counter(conn, org.id, quota, counter)
            if key and not await store.claim_quota_op(conn, org.id, "consume", key):
                used = await store.used(conn, org.id, quota, counter)
                return billing_pb2.ConsumeQuotaResponse(used=used, limit=limit)
            used_now = await store.try_consume(conn, org.id, quota, counter, amount, limit)
            if used_now is not None:
                return billing_pb2.ConsumeQuotaResponse(used=used_now, limit=limit)
            if key:
                await store.unclaim_quota_op(conn, org.id, "consume", key)
            used = await store.used(conn, org.id, quota, counter)
            if await store.first_quota_notice(conn, org.id, quota, period[0]):
                await events.quota_exceeded(conn, org.id, quota, limit, used, org.plan, period)
        self.relay.notify()
        raise domain.quota_exceeded(quota, limit, used, org.plan, period)

    @rpc
    async def ReleaseQuota(
        self, request: billing_pb2.ReleaseQuotaRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.ReleaseQuotaResponse:
        quota = domain.check_quota(request.quota)
        amount = domain.check_amount(request.amount)
        key = request.idempotency_key[:255]
        async with self.engine.begin() as conn:
            org = await self._org(conn, request.organization_id)
            limit = self.plans[org.plan].quota_limit(quota)
            counter = domain.counter_period(quota, self.period(org)[0])
            # A keyed release gives back only what a consume with the same key took, once; so a
            # caller unsure whether its consume happened (a lost answer) may always release.
            if key and (
                not await store.has_quota_op(conn, org.id, "consume", key)
                or not await store.claim_quota_op(conn, org.id, "release", key)
            ):
                used = await store.used(conn, org.id, quota, counter)
            else:
                used = await store.release(conn, org.id, quota, counter, amount)
        return billing_pb2.ReleaseQuotaResponse(used=used, limit=limit)

    @rpc
    async def GetUsage(
        self, request: billing_pb2.GetUsageRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.GetUsageResponse:
        if not ids.has_prefix(request.organization_id, "org"):
            raise org_not_found(request.organization_id)
        async with self.reads.connect() as conn:
            org = await store.organization_row(conn, request.organization_id)
            if org is None:
                raise org_not_found(request.organization_id)
            period = self.period(org)
            limits = self.plans[org.plan]
            used = await store.used_in(
                conn, org.id, {q: domain.counter_period(q, period[0]) for q in domain.QUOTAS}
            )
        usage = [
            billing_pb2.QuotaUsage(quota=q, limit=limits.quota_limit(q), used=used.get(q, 0))
            for q in domain.QUOTAS
        ]
        return billing_pb2.GetUsageResponse(
            plan=org.plan,
            limits=limits_pb(limits),
            usage=usage,
            period_start=_ts(period[0]),
            period_end=_ts(period[1]),
            status=org.status,
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
        result = await intake.Intake(self.engine, self.org_pb).handle(event)
        self.relay.notify()
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
        s = self.settings
        plan = domain.check_checkout_plan(request.plan)
        success_url = domain.check_redirect_url(
            request.success_url, "success_url", s.public_base_url, s.checkout_success_path
        )
        cancel_url = domain.check_redirect_url(
            request.cancel_url, "cancel_url", s.public_base_url, s.checkout_cancel_path
        )
        if not self.payments.configured:
            raise payments.not_configured()
        # What Stripe needs is read first; no transaction stays open across Stripe's answers,
        # and nothing is written: the plan changes only through Stripe's signed events.
        async with self.engine.connect() as conn:
            org = await self._org(conn, request.organization_id)
            live = await store.live_subscription(conn, org.id)
            email = await store.owner_email(conn, org.id)
        conflict = domain.checkout_conflict(plan, org.plan, org.status, live.id if live else "")
        if conflict is not None:
            raise conflict
        price_id = await self.payments.price_for(plan)
        session = await self.payments.create_checkout(
            organization_id=org.id,
            plan=plan,
            price_id=price_id,
            success_url=success_url,
            cancel_url=cancel_url,
            customer_id=org.stripe_customer_id or "",
            customer_email=email,
        )
        log.info("checkout session created", organization_id=org.id, plan=plan, session_id=session.id)
        return billing_pb2.CreateCheckoutSessionResponse(id=session.id, url=session.url)

    @rpc
    async def CreateBillingPortalSession(
        self, request: billing_pb2.CreateBillingPortalSessionRequest, context: grpc.aio.ServicerContext
    ) -> billing_pb2.CreateBillingPortalSessionResponse:
        s = self.settings
        return_url = domain.check_redirect_url(
            request.return_url, "return_url", s.public_base_url, s.portal_return_path
        )
        if not self.payments.configured:
            raise payments.not_configured()
        async with self.engine.connect() as conn:
            org = await self._org(conn, request.organization_id)
        if not org.stripe_customer_id:
            raise ServiceError(
                "CONFLICT",
                "This organization has no Stripe customer yet; subscribe first "
                "(POST /v0/api/v1/billing/checkout).",
            )
        session = await self.payments.create_portal(customer_id=org.stripe_customer_id, return_url=return_url)
        log.info("billing portal session created", organization_id=org.id, session_id=session.id)
        return billing_pb2.CreateBillingPortalSessionResponse(id=session.id, url=session.url)


def _verify(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False
