"""Connecting TikTok by OAuth against the stack's Postgres, for what no public interface shows (moved
here from tests/contract/test_tiktok_oauth.py, which goes through the gateway only): tokens are
stored encrypted, a disconnected account's row and tokens are deleted, and a rightly signed state
is refused when its row expired meanwhile or was never issued. TikTok and catalog are stand-ins
(no network): the HTTP side of the same path is the contract test's."""

from __future__ import annotations

import base64
import os
import time
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from delivery import oauth, store
from delivery.accounts import Accounts
from delivery.crypto import KeyRing
from delivery.settings import Settings
from delivery.tiktok import Tokens
from kit import db, ids
from sqlalchemy import select

KEYS = "k1:" + base64.urlsafe_b64encode(b"a" * 32).decode()
ACCESS = "act.stand-in-access-token"
REFRESH = "rft.stand-in-refresh-token"


class StandInTikTok:
    """TikTok's token exchange, user info and revoke, answered here (what was asked is kept)."""

    def __init__(self) -> None:
        self.revoked: list[str] = []
        self.exchanged: list[tuple[str, str]] = []

    async def exchange_code(self, code: str, verifier: str, redirect_uri: str) -> Tokens:
        self.exchanged.append((code, verifier))
        return Tokens(ACCESS, REFRESH, 86400, 86400 * 365, "open-stand-in", "user.info.basic,video.publish")

    async def user_info(self, access_token: str) -> dict[str, Any]:
        assert access_token == ACCESS
        return {"open_id": "open-stand-in", "display_name": "Stand In", "avatar_url": ""}

    async def revoke(self, access_token: str) -> None:
        self.revoked.append(access_token)


class LocalAccounts(Accounts):
    async def check_app(self, org: str, app_id: str) -> None:  # catalog: every app exists
        return None


@pytest.fixture
async def engine(stack_env):
    eng = db.make_engine(os.environ["DATABASE_URL"], pool_size=2)
    yield eng
    await eng.dispose()


@pytest.fixture
def tiktok() -> StandInTikTok:
    return StandInTikTok()


@pytest.fixture
def accounts(engine, tiktok) -> Accounts:
    s = Settings(webhook_secret_key=KEYS, public_base_url="https://app.example", tiktok_client_key="ck")
    return LocalAccounts(s, engine=engine, keyring=KeyRing(KEYS), tiktok=tiktok, catalog=None)  # type: ignore[arg-type]


def state_of(url: str) -> str:
    return parse_qs(urlsplit(url).query)["state"][0]


async def test_tokens_are_stored_encrypted_and_disconnecting_deletes_them(accounts, engine, tiktok):
    org, app_id = ids.new_id("org"), ids.new_id("app")
    state = state_of(await accounts.start_connect(org, app_id, ""))
    done = await accounts.finish_connect(state, "code-1", "", "", org)
    assert done.outcome == oauth.CONNECTED, done
    assert len(tiktok.exchanged) == 1 and tiktok.exchanged[0][0] == "code-1"
    assert done.account is not None
    account_id = done.account.id

    # Neither token appears in the row; the keyring gives them back.
    async with engine.connect() as conn:
        row = await store.get_account(conn, org, account_id)
    assert row is not None and row.status == "CONNECTED" and row.connected_by == "oauth"
    assert ACCESS.encode() not in bytes(row.token_cipher) and b"act." not in bytes(row.token_cipher)
    assert REFRESH.encode() not in bytes(row.refresh_cipher) and b"rft." not in bytes(row.refresh_cipher)
    assert accounts.access_token_of(row) == ACCESS

    # Disconnecting revokes the access token at TikTok and deletes the row with its tokens.
    await accounts.disconnect(org, app_id, account_id)
    assert tiktok.revoked == [ACCESS]
    async with engine.connect() as conn:
        assert await store.get_account(conn, org, account_id) is None
        left = await conn.execute(
            select(store.social_accounts.c.id).where(store.social_accounts.c.id == account_id)
        )
        assert left.first() is None


async def test_a_signed_state_whose_row_expired_meanwhile_or_never_existed_changes_nothing(
    accounts, engine, tiktok
):
    org, app_id = ids.new_id("org"), ids.new_id("app")
    # Signed right and not expired by its own signed time, but its row expired meanwhile.
    state = state_of(await accounts.start_connect(org, app_id, ""))
    nonce = state.split(".")[0]
    async with engine.begin() as conn:
        await conn.execute(
            store.oauth_states.update()
            .where(store.oauth_states.c.id == nonce)
            .values(expires_at=datetime.now(UTC) - timedelta(minutes=1))
        )
    done = await accounts.finish_connect(state, "code-1", "", "", org)
    assert done.outcome == oauth.EXPIRED_STATE and "expired" in done.message

    # Signed right, but no such state was ever issued.
    unknown = oauth.encode_state(
        KeyRing(KEYS), oauth.State("nonce-never-issued", org, app_id, int(time.time()) + 60)
    )
    done = await accounts.finish_connect(unknown, "code-2", "", "", org)
    assert done.outcome == oauth.INVALID_STATE

    assert tiktok.exchanged == []
    async with engine.connect() as conn:
        assert await store.account_for(conn, org, app_id, "tiktok") is None
