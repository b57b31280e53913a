"""Connected TikTok accounts: connecting by OAuth (authorize URL, callback), the tokens' life
(refreshed before they expire, RECONNECT_REQUIRED once TikTok refuses to), and disconnecting
(revoked at TikTok, tokens deleted). Tokens are stored encrypted, bound to the account id."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from kit import grpcx, ids, logs
from kit.errors import ServiceError
from slides.catalog.v1 import catalog_pb2
from sqlalchemy.ext.asyncio import AsyncEngine

from delivery import domain, oauth, store
from delivery.crypto import KeyRing
from delivery.settings import Settings
from delivery.tiktok import GrantRefused, TikTok

log = logs.get(__name__)

REFRESH_LEASE = timedelta(seconds=30)
KEEPER_SECONDS = 60.0
reconnect_required = domain.reconnect_required


@dataclass
class Finished:
    outcome: str
    message: str
    redirect_url: str = ""
    account: domain.Account | None = None
    error: str = ""


class Accounts:
    def __init__(
        self, settings: Settings, engine: AsyncEngine, keyring: KeyRing, tiktok: TikTok, catalog: Any
    ):
        self.settings = settings
        self.engine = engine
        self.keyring = keyring
        self.tiktok = tiktok
        self.catalog = catalog

    # --- connecting ------------------------------------------------------------------

    async def check(self, organization_id: str, app_id: str) -> None:
        """APP_NOT_FOUND unless the app is the organization's (application.publishing.Apps)."""
        await self.check_app(organization_id, app_id)

    async def check_app(self, org: str, app_id: str) -> None:
        await grpcx.call(
            self.catalog.GetApp,
            catalog_pb2.GetAppRequest(organization_id=org, app_id=app_id),
            organization_id=org,
        )

    async def start_connect(self, org: str, app_id: str, redirect_after: str) -> str:
        s = self.settings
        if not s.tiktok_client_key:
            raise ServiceError(
                "UNAVAILABLE",
                "Connecting TikTok accounts is not configured on this server (TIKTOK_CLIENT_KEY is not "
                "set); an access token can still be given with POST /v0/api/v1/apps/{id}/social-accounts.",
            )
        redirect_after = oauth.clean_redirect_after(redirect_after, s.public_base_url)
        await self.check_app(org, app_id)
        state = oauth.new_state(org, app_id, time.time())
        verifier = oauth.new_verifier()
        key_id, cipher = self.keyring.encrypt(verifier, state.nonce)
        now = datetime.now(UTC)
        async with self.engine.begin() as conn:
            await store.insert_state(
                conn,
                {
                    "id": state.nonce,
                    "organization_id": org,
                    "app_id": app_id,
                    "platform": "tiktok",
                    "redirect_after": redirect_after,
                    "verifier_key_id": key_id,
                    "verifier_cipher": cipher,
                    "expires_at": datetime.fromtimestamp(state.expires, UTC),
                    "created_at": now,
                },
            )
        return oauth.authorize_url(
            s.tiktok_auth_base,
            s.tiktok_client_key,
            oauth.callback_url(s.public_base_url),
            oauth.encode_state(self.keyring, state),
            oauth.challenge(verifier),
        )

    async def finish_connect(
        self, state_text: str, code: str, error: str, error_description: str, session_org: str
    ) -> Finished:
        state = oauth.decode_state(self.keyring, state_text)
        if state is None:
            return Finished(oauth.INVALID_STATE, oauth.MESSAGES[oauth.INVALID_STATE])
        if session_org and session_org != state.organization_id:
            return Finished(oauth.WRONG_ORGANIZATION, oauth.MESSAGES[oauth.WRONG_ORGANIZATION])
        now = datetime.now(UTC)
        if state.expires <= now.timestamp():
            return Finished(oauth.EXPIRED_STATE, oauth.MESSAGES[oauth.EXPIRED_STATE])
        async with self.engine.begin() as conn:
            row = await store.use_state(conn, state.nonce, state.organization_id, state.app_id, now)
            if row is None:
                known = await store.get_state(conn, state.nonce)
        if row is None:
            bound = (state.organization_id, state.app_id)
            if known is None or (known.organization_id, known.app_id) != bound:
                return Finished(oauth.INVALID_STATE, oauth.MESSAGES[oauth.INVALID_STATE])
            if known.used_at is not None:
                return Finished(oauth.USED_STATE, oauth.MESSAGES[oauth.USED_STATE])
            return Finished(oauth.EXPIRED_STATE, oauth.MESSAGES[oauth.EXPIRED_STATE])
        if error or not code:
            shown = error or "no_code"
            text = f"TikTok did not connect the account ({shown}"
            text += f": {error_description})." if error_description else ")."
            return Finished(oauth.DENIED, text + " Nothing was changed.", error=shown)
        org, app_id = state.organization_id, state.app_id
        try:
            await self.check_app(org, app_id)
        except ServiceError as exc:
            if exc.code == "APP_NOT_FOUND":
                return Finished(oauth.APP_NOT_FOUND, oauth.MESSAGES[oauth.APP_NOT_FOUND])
            raise
        verifier = self.keyring.decrypt(row.verifier_key_id, row.verifier_cipher, row.id)
        try:
            tokens = await self.tiktok.exchange_code(
                code, verifier, oauth.callback_url(self.settings.public_base_url)
            )
        except GrantRefused as exc:
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
            user = await self.tiktok.user_info(tokens.access_token)
        except ServiceError:
            log.info("tiktok user info unavailable; the account is stored without name and avatar")
            user = {}
        account = await self._store_tokens(org, app_id, tokens, user)
        log.info("tiktok account connected", app_id=app_id, account_id=account.id)
        redirect = ""
        if row.redirect_after:
            redirect = oauth.with_query(row.redirect_after, {"tiktok": "connected", "account_id": account.id})
        return Finished(
            oauth.CONNECTED,
            f"TikTok account {account.display_name or account.open_id} is connected.",
            redirect_url=redirect,
            account=account,
        )

    async def _store_tokens(self, org: str, app_id: str, tokens: Any, user: dict[str, Any]) -> domain.Account:
        now = datetime.now(UTC)
        async with self.engine.begin() as conn:
            current = await store.account_for(conn, org, app_id, "tiktok")
            account_id = current.id if current is not None else ids.new_id("acct")
            key_id, cipher = self.keyring.encrypt(tokens.access_token, account_id)
            refresh_key_id, refresh_cipher = (None, None)
            if tokens.refresh_token:
                refresh_key_id, refresh_cipher = self.keyring.encrypt(
                    tokens.refresh_token, "refresh:" + account_id
                )
            return await store.upsert_account(
                conn,
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
                },
            )

    # --- tokens ------------------------------------------------------------------------

    def access_token_of(self, account: domain.Account) -> str:
        return self.keyring.decrypt(account.token_key_id, account.token_cipher, account.id)

    def _due(self, account: domain.Account, now: datetime) -> bool:
        if account.refresh_cipher is None or account.access_expires_at is None:
            return False  # a token given by hand: used as it is until TikTok refuses it
        return account.access_expires_at - now <= timedelta(
            seconds=self.settings.tiktok_refresh_margin_seconds
        )

    async def token(self, account: domain.Account) -> str:
        """The account's access token, refreshed first when it expires soon.
        RECONNECT_REQUIRED when TikTok will not refresh it; UPSTREAM_ERROR when TikTok is down."""
        if account.status == domain.RECONNECT_REQUIRED:
            raise reconnect_required(account)
        if self._due(account, datetime.now(UTC)):
            account = await self.refresh(account)
        return self.access_token_of(account)

    async def refresh(self, account: domain.Account) -> domain.Account:
        """Refresh the account's tokens (one replica at a time): the row with new tokens.
        A token given by hand cannot be refreshed: TikTok refusing it means reconnecting."""
        org = account.organization_id
        if account.refresh_cipher is None:
            await self._mark_reconnect(account, "the access token given by hand was refused")
            raise reconnect_required(account)
        before = account.access_expires_at
        deadline = time.monotonic() + REFRESH_LEASE.total_seconds()
        while True:
            now = datetime.now(UTC)
            async with self.engine.begin() as conn:
                leased = await store.lease_refresh(conn, org, account.id, now, REFRESH_LEASE)
                current = leased or await store.get_account(conn, org, account.id)
            if current is None:
                raise ServiceError("SOCIAL_ACCOUNT_NOT_FOUND", "The account was disconnected meanwhile.")
            if current.status == domain.RECONNECT_REQUIRED:
                raise reconnect_required(current)
            if leased is not None:
                if current.access_expires_at != before and not self._due(current, now):
                    # Another replica refreshed it just before: keep its tokens.
                    await self._release(current)
                    return current
                return await self._refresh_leased(current)
            if current.access_expires_at != before:
                return current  # another replica refreshed it while we waited
            if time.monotonic() > deadline:
                raise ServiceError(
                    "UPSTREAM_ERROR", "The account's tokens are being refreshed; retry shortly."
                )
            await asyncio.sleep(0.2)

    async def _release(self, account: domain.Account) -> None:
        async with self.engine.begin() as conn:
            await store.store_refreshed(conn, account.organization_id, account.id, {})

    async def _refresh_leased(self, account: domain.Account) -> domain.Account:
        refresh_token = self.keyring.decrypt(
            account.refresh_key_id or "", account.refresh_cipher or b"", "refresh:" + account.id
        )
        try:
            tokens = await self.tiktok.refresh(refresh_token)
        except GrantRefused as exc:
            await self._mark_reconnect(account, exc.error)
            raise reconnect_required(account) from None
        except BaseException:
            await self._release(account)
            raise
        now = datetime.now(UTC)
        key_id, cipher = self.keyring.encrypt(tokens.access_token, account.id)
        values: dict[str, Any] = {
            "token_key_id": key_id,
            "token_cipher": cipher,
            "access_expires_at": _after(now, tokens.expires_in),
            "updated_at": now,
        }
        if tokens.refresh_token:
            values["refresh_key_id"], values["refresh_cipher"] = self.keyring.encrypt(
                tokens.refresh_token, "refresh:" + account.id
            )
            values["refresh_expires_at"] = _after(now, tokens.refresh_expires_in)
        if tokens.scope:
            values["scope"] = tokens.scope[:500]
        async with self.engine.begin() as conn:
            row = await store.store_refreshed(conn, account.organization_id, account.id, values)
        if row is None:
            raise ServiceError("SOCIAL_ACCOUNT_NOT_FOUND", "The account was disconnected meanwhile.")
        log.info("tiktok tokens refreshed", account_id=account.id)
        return row

    async def _mark_reconnect(self, account: domain.Account, reason: str) -> None:
        log.info("tiktok account needs reconnecting", account_id=account.id, reason=reason)
        async with self.engine.begin() as conn:
            await store.store_refreshed(
                conn,
                account.organization_id,
                account.id,
                {"status": domain.RECONNECT_REQUIRED, "updated_at": datetime.now(UTC)},
            )

    # --- disconnecting -------------------------------------------------------------------

    async def disconnect(self, org: str, app_id: str, account_id: str) -> None:
        """Revoke the access token at TikTok (when it can be: a failure is logged, the account is
        disconnected here anyway), then delete the account and its tokens."""
        async with self.engine.connect() as conn:
            account = await store.get_account(conn, org, account_id)
        if account is None or account.app_id != app_id:
            raise ServiceError("SOCIAL_ACCOUNT_NOT_FOUND", "No such connected account for this app.")
        if self.settings.tiktok_client_key:
            try:
                await self.tiktok.revoke(self.access_token_of(account))
            except (ServiceError, GrantRefused) as exc:
                log.warning(
                    "tiktok token not revoked; the account is removed here anyway", error=str(exc)[:200]
                )
        async with self.engine.begin() as conn:
            if not await store.delete_account(conn, org, app_id, account_id):
                raise ServiceError("SOCIAL_ACCOUNT_NOT_FOUND", "No such connected account for this app.")

    # --- background --------------------------------------------------------------------

    async def keep(self) -> None:
        """Background: refresh access tokens before they expire (every replica; the lease keeps
        two from refreshing one account), and drop OAuth states long expired."""
        while True:
            try:
                await self.keep_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("token keeper failed; retrying")
            await asyncio.sleep(KEEPER_SECONDS)

    async def keep_once(self) -> int:
        now = datetime.now(UTC)
        margin = timedelta(seconds=self.settings.tiktok_refresh_margin_seconds)
        async with self.engine.begin() as conn:
            due = await store.accounts_due_refresh(conn, now + margin, now, 50)
            await store.delete_old_states(conn, now - timedelta(days=1))
        refreshed = 0
        for item in due:
            async with self.engine.connect() as conn:
                account = await store.get_account(conn, item.organization_id, item.id)
            if account is None or not self._due(account, datetime.now(UTC)):
                continue
            try:
                await self.refresh(account)
                refreshed += 1
            except ServiceError as exc:
                log.info("tiktok token not refreshed", account_id=item.id, code=exc.code)
        return refreshed


def _after(now: datetime, seconds: int) -> datetime | None:
    return now + timedelta(seconds=seconds) if seconds > 0 else None


def _https_url(value: Any) -> str:
    url = str(value or "")
    return url[:2048] if url.startswith("https://") else ""
