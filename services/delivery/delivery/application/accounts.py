"""Connecting TikTok accounts by OAuth (the authorize URL, the callback), the tokens' life
(refreshed before they expire, one replica at a time; RECONNECT_REQUIRED once TikTok refuses to)
and disconnecting (revoked at TikTok, tokens deleted). Tokens are stored encrypted, bound to the
account id. TikTok and catalog are remote: asked outside any unit of work."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from kit import logs
from kit.errors import ServiceError
from kit.ids import new_id

from delivery import domain, oauth
from delivery.application.ports import AccountReads, Apps, DeliveryUnitOfWork

log = logs.get(__name__)

REFRESH_LEASE = timedelta(seconds=30)
STATES_KEPT = timedelta(days=1)  # expired OAuth states are dropped a day later
NOT_CONFIGURED = (
    "Connecting TikTok accounts is not configured on this server (TIKTOK_CLIENT_KEY is not "
    "set); an access token can still be given with POST /v0/api/v1/apps/{id}/social-accounts."
)


class Keys(Protocol):
    """Encrypts credentials bound to an id and signs OAuth states (crypto.KeyRing)."""

    def encrypt(self, plaintext: str, context: str) -> tuple[str, bytes]: ...

    def decrypt(self, key_id: str, blob: bytes, context: str) -> str: ...

    def sign(self, message: str) -> str: ...

    def verify(self, message: str, signature: str) -> bool: ...


class Tokens(Protocol):
    """TikTok's answer to a code exchange or a refresh (tiktok.Tokens)."""

    @property
    def access_token(self) -> str: ...

    @property
    def refresh_token(self) -> str: ...

    @property
    def expires_in(self) -> int: ...

    @property
    def refresh_expires_in(self) -> int: ...

    @property
    def open_id(self) -> str: ...

    @property
    def scope(self) -> str: ...


class TikTokAuth(Protocol):
    """TikTok's OAuth endpoints (tiktok.TikTok): domain.GrantRefused when TikTok refuses a code
    or refresh token, ServiceError when it cannot be reached."""

    async def exchange_code(self, code: str, verifier: str, redirect_uri: str) -> Tokens: ...

    async def refresh(self, refresh_token: str) -> Tokens: ...

    async def revoke(self, access_token: str) -> None: ...

    async def user_info(self, token: str) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Config:
    """The TikTok app this server connects accounts with (Settings)."""

    client_key: str
    auth_base: str
    public_base_url: str
    refresh_margin_seconds: int


@dataclass(frozen=True, slots=True)
class Finished:
    """How the OAuth callback ended (oauth.CONNECTED, DENIED, INVALID_STATE, ...)."""

    outcome: str
    message: str
    redirect_url: str = ""
    account: domain.Account | None = None
    error: str = ""


def _finished(outcome: str) -> Finished:
    return Finished(outcome, oauth.MESSAGES[outcome])


def _after(now: datetime, seconds: int) -> datetime | None:
    return now + timedelta(seconds=seconds) if seconds > 0 else None


def _https_url(value: Any) -> str:
    url = str(value or "")
    return url[:2048] if url.startswith("https://") else ""


# --- connecting ------------------------------------------------------------------------


async def start_connect(
    uow: DeliveryUnitOfWork,
    apps: Apps,
    keys: Keys,
    config: Config,
    organization_id: str,
    app_id: str,
    redirect_after: str,
) -> str:
    """TikTok's authorize URL for the app, with a signed state and a PKCE challenge (the verifier
    kept encrypted with the state, for the callback)."""
    if not config.client_key:
        raise ServiceError("UNAVAILABLE", NOT_CONFIGURED)
    redirect_after = oauth.clean_redirect_after(redirect_after, config.public_base_url)
    await apps.check(organization_id, app_id)
    state = oauth.new_state(organization_id, app_id, time.time())
    verifier = oauth.new_verifier()
    key_id, cipher = keys.encrypt(verifier, state.nonce)
    now = datetime.now(UTC)
    async with uow:
        await uow.repos.states.add(
            {
                "id": state.nonce,
                "organization_id": organization_id,
                "app_id": app_id,
                "platform": "tiktok",
                "redirect_after": redirect_after,
                "verifier_key_id": key_id,
                "verifier_cipher": cipher,
                "expires_at": datetime.fromtimestamp(state.expires, UTC),
                "created_at": now,
            }
        )
        await uow.commit()
    return oauth.authorize_url(
        config.auth_base,
        config.client_key,
        oauth.callback_url(config.public_base_url),
        oauth.encode_state(keys, state),
        oauth.challenge(verifier),
    )


async def finish_connect(
    uow: DeliveryUnitOfWork,
    apps: Apps,
    keys: Keys,
    tiktok: TikTokAuth,
    config: Config,
    state_text: str,
    code: str,
    error: str,
    error_description: str,
    session_organization_id: str,
) -> Finished:
    """TikTok's callback: the state is used up once; the code becomes the account's tokens."""
    state = oauth.decode_state(keys, state_text)
    if state is None:
        return _finished(oauth.INVALID_STATE)
    if session_organization_id and session_organization_id != state.organization_id:
        return _finished(oauth.WRONG_ORGANIZATION)
    now = datetime.now(UTC)
    if state.expires <= now.timestamp():
        return _finished(oauth.EXPIRED_STATE)
    known: domain.OAuthState | None = None
    async with uow:
        used = await uow.repos.states.use(state.nonce, state.organization_id, state.app_id, now)
        if used is None:
            known = await uow.repos.states.get(state.nonce)
        await uow.commit()
    if used is None:
        if known is None or (known.organization_id, known.app_id) != (state.organization_id, state.app_id):
            return _finished(oauth.INVALID_STATE)
        if known.used_at is not None:
            return _finished(oauth.USED_STATE)
        return _finished(oauth.EXPIRED_STATE)
    if error or not code:
        shown = error or "no_code"
        text = f"TikTok did not connect the account ({shown}"
        text += f": {error_description})." if error_description else ")."
        return Finished(oauth.DENIED, text + " Nothing was changed.", error=shown)
    org, app_id = state.organization_id, state.app_id
    try:
        await apps.check(org, app_id)
    except ServiceError as exc:
        if exc.code == "APP_NOT_FOUND":
            return _finished(oauth.APP_NOT_FOUND)
        raise
    verifier = keys.decrypt(used.verifier_key_id, used.verifier_cipher, used.id)
    try:
        tokens = await tiktok.exchange_code(code, verifier, oauth.callback_url(config.public_base_url))
    except domain.GrantRefused as exc:
        log.info("tiktok refused the authorization code", error=exc.error)
        return Finished(
            oauth.FAILED,
            f"TikTok refused the authorization ({exc.error}). Nothing was changed: start connecting "
            "TikTok again.",
            error=exc.error,
        )
    except ServiceError:
        return Finished(
            oauth.FAILED,
            "TikTok could not be reached to finish the connection. Nothing was changed: try connecting "
            "TikTok again in a few minutes.",
        )
    try:
        user = await tiktok.user_info(tokens.access_token)
    except ServiceError:
        log.info("tiktok user info unavailable; the account is stored without name and avatar")
        user = {}
    account = await _store_tokens(uow, keys, org, app_id, tokens, user)
    log.info("tiktok account connected", app_id=app_id, account_id=account.id)
    redirect = ""
    if used.redirect_after:
        redirect = oauth.with_query(used.redirect_after, {"tiktok": "connected", "account_id": account.id})
    return Finished(
        oauth.CONNECTED,
        f"TikTok account {account.display_name or account.open_id} is connected.",
        redirect_url=redirect,
        account=account,
    )


async def _store_tokens(
    uow: DeliveryUnitOfWork, keys: Keys, org: str, app_id: str, tokens: Tokens, user: Mapping[str, Any]
) -> domain.Account:
    now = datetime.now(UTC)
    async with uow:
        current = await uow.repos.accounts.for_app(org, app_id, "tiktok")
        account_id = current.id if current is not None else new_id("acct")
        key_id, cipher = keys.encrypt(tokens.access_token, account_id)
        refresh_key_id, refresh_cipher = (None, None)
        if tokens.refresh_token:
            refresh_key_id, refresh_cipher = keys.encrypt(tokens.refresh_token, "refresh:" + account_id)
        account = await uow.repos.accounts.save(
            {
                "id": account_id,
                "organization_id": org,
                "app_id": app_id,
                "platform": "tiktok",
                "open_id": str(user.get("open_id") or tokens.open_id)[:200],
                "display_name": str(user.get("display_name") or "")[:200],
                "avatar_url": _https_url(user.get("avatar_url")),
                "scope": tokens.scope[:500],
                "connected_by": "oauth",
                "status": domain.CONNECTED,
                "token_key_id": key_id,
                "token_cipher": cipher,
                "refresh_key_id": refresh_key_id,
                "refresh_cipher": refresh_cipher,
                "access_expires_at": _after(now, tokens.expires_in),
                "refresh_expires_at": _after(now, tokens.refresh_expires_in),
                "created_at": now,
                "updated_at": now,
            }
        )
        await uow.commit()
    return account


# --- tokens ----------------------------------------------------------------------------


def access_token_of(keys: Keys, account: domain.Account) -> str:
    return keys.decrypt(account.token_key_id, account.token_cipher, account.id)


def refresh_due(account: domain.Account, now: datetime, margin_seconds: int) -> bool:
    """Whether the access token expires within the margin (a token given by hand: never, it is
    used as it is until TikTok refuses it)."""
    if account.refresh_cipher is None or account.access_expires_at is None:
        return False
    return account.access_expires_at - now <= timedelta(seconds=margin_seconds)


async def token(
    uow: DeliveryUnitOfWork, keys: Keys, tiktok: TikTokAuth, config: Config, account: domain.Account
) -> str:
    """The account's access token, refreshed first when it expires soon. RECONNECT_REQUIRED when
    TikTok will not refresh it; UPSTREAM_ERROR when TikTok is down."""
    if account.status == domain.RECONNECT_REQUIRED:
        raise domain.reconnect_required(account)
    if refresh_due(account, datetime.now(UTC), config.refresh_margin_seconds):
        account = await refresh(uow, keys, tiktok, config, account)
    return access_token_of(keys, account)


async def refresh(
    uow: DeliveryUnitOfWork, keys: Keys, tiktok: TikTokAuth, config: Config, account: domain.Account
) -> domain.Account:
    """Refresh the account's tokens (one replica at a time, under a lease): the account with new
    tokens. A token given by hand cannot be refreshed: TikTok refusing it means reconnecting."""
    org = account.organization_id
    if account.refresh_cipher is None:
        await _mark_reconnect(uow, account, "the access token given by hand was refused")
        raise domain.reconnect_required(account)
    before = account.access_expires_at
    deadline = time.monotonic() + REFRESH_LEASE.total_seconds()
    while True:
        now = datetime.now(UTC)
        async with uow:
            leased = await uow.repos.accounts.lease_refresh(org, account.id, now, REFRESH_LEASE)
            current = leased or await uow.repos.accounts.get(org, account.id)
            await uow.commit()
        if current is None:
            raise ServiceError("SOCIAL_ACCOUNT_NOT_FOUND", "The account was disconnected meanwhile.")
        if current.status == domain.RECONNECT_REQUIRED:
            raise domain.reconnect_required(current)
        if leased is not None:
            if current.access_expires_at != before and not refresh_due(
                current, now, config.refresh_margin_seconds
            ):
                # Another replica refreshed it just before: keep its tokens.
                await _release(uow, current)
                return current
            return await _refresh_leased(uow, keys, tiktok, current)
        if current.access_expires_at != before:
            return current  # another replica refreshed it while we waited
        if time.monotonic() > deadline:
            raise ServiceError("UPSTREAM_ERROR", "The account's tokens are being refreshed; retry shortly.")
        await asyncio.sleep(0.2)


async def _release(uow: DeliveryUnitOfWork, account: domain.Account) -> None:
    async with uow:
        await uow.repos.accounts.store_refreshed(account.organization_id, account.id, {})
        await uow.commit()


async def _refresh_leased(
    uow: DeliveryUnitOfWork, keys: Keys, tiktok: TikTokAuth, account: domain.Account
) -> domain.Account:
    refresh_token = keys.decrypt(
        account.refresh_key_id or "", account.refresh_cipher or b"", "refresh:" + account.id
    )
    try:
        tokens = await tiktok.refresh(refresh_token)
    except domain.GrantRefused as exc:
        await _mark_reconnect(uow, account, exc.error)
        raise domain.reconnect_required(account) from None
    except BaseException:
        await _release(uow, account)
        raise
    now = datetime.now(UTC)
    key_id, cipher = keys.encrypt(tokens.access_token, account.id)
    values: dict[str, Any] = {
        "token_key_id": key_id,
        "token_cipher": cipher,
        "access_expires_at": _after(now, tokens.expires_in),
        "updated_at": now,
    }
    if tokens.refresh_token:
        values["refresh_key_id"], values["refresh_cipher"] = keys.encrypt(
            tokens.refresh_token, "refresh:" + account.id
        )
        values["refresh_expires_at"] = _after(now, tokens.refresh_expires_in)
    if tokens.scope:
        values["scope"] = tokens.scope[:500]
    async with uow:
        refreshed = await uow.repos.accounts.store_refreshed(account.organization_id, account.id, values)
        await uow.commit()
    if refreshed is None:
        raise ServiceError("SOCIAL_ACCOUNT_NOT_FOUND", "The account was disconnected meanwhile.")
    log.info("tiktok tokens refreshed", account_id=account.id)
    return refreshed


async def _mark_reconnect(uow: DeliveryUnitOfWork, account: domain.Account, reason: str) -> None:
    log.info("tiktok account needs reconnecting", account_id=account.id, reason=reason)
    async with uow:
        await uow.repos.accounts.store_refreshed(
            account.organization_id,
            account.id,
            {"status": domain.RECONNECT_REQUIRED, "updated_at": datetime.now(UTC)},
        )
        await uow.commit()


# --- disconnecting ---------------------------------------------------------------------


async def disconnect(
    uow: DeliveryUnitOfWork,
    reads: AccountReads,
    keys: Keys,
    tiktok: TikTokAuth,
    config: Config,
    organization_id: str,
    app_id: str,
    account_id: str,
) -> None:
    """Revoke the access token at TikTok (when it can be: a failure is logged, the account is
    disconnected here anyway), then delete the account and its tokens."""
    account = await reads.account(organization_id, account_id)
    if account is None or account.app_id != app_id:
        raise ServiceError("SOCIAL_ACCOUNT_NOT_FOUND", "No such connected account for this app.")
    if config.client_key:
        try:
            await tiktok.revoke(access_token_of(keys, account))
        except (ServiceError, domain.GrantRefused) as exc:
            log.warning("tiktok token not revoked; the account is removed here anyway", error=str(exc)[:200])
    async with uow:
        if not await uow.repos.accounts.delete(organization_id, app_id, account_id):
            raise ServiceError("SOCIAL_ACCOUNT_NOT_FOUND", "No such connected account for this app.")
        await uow.commit()


# --- background ------------------------------------------------------------------------


async def keep_tokens(
    uow: DeliveryUnitOfWork, reads: AccountReads, keys: Keys, tiktok: TikTokAuth, config: Config
) -> int:
    """Refresh the access tokens that expire within the margin (a batch) and drop OAuth states
    long expired: how many accounts were refreshed."""
    now = datetime.now(UTC)
    margin = timedelta(seconds=config.refresh_margin_seconds)
    async with uow:
        due = await uow.repos.accounts.due_refresh(now + margin, now, 50)
        await uow.repos.states.delete_expired(now - STATES_KEPT)
        await uow.commit()
    refreshed = 0
    for organization_id, account_id in due:
        account = await reads.account(organization_id, account_id)
        if account is None or not refresh_due(account, datetime.now(UTC), config.refresh_margin_seconds):
            continue
        try:
            await refresh(uow, keys, tiktok, config, account)
            refreshed += 1
        except ServiceError as exc:
            log.info("tiktok token not refreshed", account_id=account_id, code=exc.code)
    return refreshed
