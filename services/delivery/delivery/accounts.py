"""Connected TikTok accounts, the adapter: catalog's apps (application.ports.Apps) and the
entry points of application.accounts' use cases (connecting by OAuth, the tokens' life,
disconnecting) bound to this process's engine, keyring, TikTok client and settings. Tokens are
stored encrypted, bound to the account id."""

from __future__ import annotations

import asyncio
from functools import cached_property
from typing import Any

from kit import grpcx, logs
from slides.catalog.v1 import catalog_pb2
from sqlalchemy.ext.asyncio import AsyncEngine

from delivery import domain, events, store
from delivery.application import accounts as use_cases
from delivery.application.accounts import Finished
from delivery.application.ports import DeliveryUnitOfWork
from delivery.crypto import KeyRing
from delivery.settings import Settings
from delivery.tiktok import TikTok

log = logs.get(__name__)

KEEPER_SECONDS = 60.0
REFRESH_LEASE = use_cases.REFRESH_LEASE
reconnect_required = domain.reconnect_required

__all__ = ["Accounts", "Finished", "reconnect_required"]


class Accounts:
    def __init__(
        self, settings: Settings, engine: AsyncEngine, keyring: KeyRing, tiktok: TikTok, catalog: Any
    ):
        self.settings = settings
        self.engine = engine
        self.keyring = keyring
        self.tiktok = tiktok
        self.catalog = catalog

    @cached_property
    def reads(self) -> store.Reads:
        return store.Reads(self.engine)

    def uow(self) -> DeliveryUnitOfWork:
        return events.unit_of_work(self.engine)

    @property
    def config(self) -> use_cases.Config:
        s = self.settings
        return use_cases.Config(
            client_key=s.tiktok_client_key,
            auth_base=s.tiktok_auth_base,
            public_base_url=s.public_base_url,
            refresh_margin_seconds=s.tiktok_refresh_margin_seconds,
        )

    # --- catalog (application.ports.Apps) ---------------------------------------------

    async def check(self, organization_id: str, app_id: str) -> None:
        """APP_NOT_FOUND unless the app is the organization's."""
        await self.check_app(organization_id, app_id)

    async def check_app(self, org: str, app_id: str) -> None:
        await grpcx.call(
            self.catalog.GetApp,
            catalog_pb2.GetAppRequest(organization_id=org, app_id=app_id),
            organization_id=org,
        )

    # --- connecting ------------------------------------------------------------------

    async def start_connect(self, org: str, app_id: str, redirect_after: str) -> str:
        return await use_cases.start_connect(
            self.uow(), self, self.keyring, self.config, org, app_id, redirect_after
        )

    async def finish_connect(
        self, state_text: str, code: str, error: str, error_description: str, session_org: str
    ) -> Finished:
        return await use_cases.finish_connect(
            self.uow(),
            self,
            self.keyring,
            self.tiktok,
            self.config,
            state_text,
            code,
            error,
            error_description,
            session_org,
        )

    # --- tokens ------------------------------------------------------------------------

    def access_token_of(self, account: domain.Account) -> str:
        return use_cases.access_token_of(self.keyring, account)

    async def token(self, account: domain.Account) -> str:
        """The account's access token, refreshed first when it expires soon.
        RECONNECT_REQUIRED when TikTok will not refresh it; UPSTREAM_ERROR when TikTok is down."""
        return await use_cases.token(self.uow(), self.keyring, self.tiktok, self.config, account)

    async def refresh(self, account: domain.Account) -> domain.Account:
        return await use_cases.refresh(self.uow(), self.keyring, self.tiktok, self.config, account)

    # --- disconnecting -------------------------------------------------------------------

    async def disconnect(self, org: str, app_id: str, account_id: str) -> None:
        await use_cases.disconnect(
            self.uow(), self.reads, self.keyring, self.tiktok, self.config, org, app_id, account_id
        )

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
        return await use_cases.keep_tokens(self.uow(), self.reads, self.keyring, self.tiktok, self.config)
