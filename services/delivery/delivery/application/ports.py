"""The ports of delivery's use cases (Protocols); store.py, events.py and server.py hold the
adapters, tests/test_application.py the in-memory fakes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any, Protocol, TypeAlias

from kit.uow import UnitOfWork

from delivery import domain


class EndpointRepository(Protocol):
    """Webhook endpoints and chat integrations inside a unit of work (store.SqlEndpoints)."""

    async def count(self, organization_id: str) -> int: ...

    async def add(self, endpoint: domain.Endpoint, key_id: str, cipher: bytes) -> domain.Endpoint: ...

    async def get(
        self, organization_id: str, endpoint_id: str, kinds: Sequence[str]
    ) -> domain.Endpoint | None: ...

    async def update(
        self, organization_id: str, endpoint_id: str, kinds: Sequence[str], changes: Mapping[str, Any]
    ) -> domain.Endpoint | None: ...

    async def disable(self, organization_id: str, endpoint_id: str, reason: str, now: datetime) -> None: ...

    async def set_secret(
        self, organization_id: str, endpoint_id: str, key_id: str, cipher: bytes, now: datetime
    ) -> domain.Endpoint | None: ...

    async def delete(self, organization_id: str, endpoint_id: str, kinds: Sequence[str]) -> bool: ...

    async def enabled(self, organization_id: str) -> list[domain.Endpoint]:
        """The organization's enabled endpoints of every kind."""
        ...


class DeliveryRepository(Protocol):
    """Deliveries inside a unit of work (store.SqlDeliveries)."""

    async def add(self, deliveries: Sequence[domain.NewDelivery]) -> int:
        """How many are new (one per endpoint and event id: a repeated event adds nothing)."""
        ...

    async def send_again(
        self, organization_id: str, endpoint_id: str, delivery_id: str, now: datetime
    ) -> bool: ...


class AccountRepository(Protocol):
    """Social accounts inside a unit of work (store.SqlAccounts)."""

    async def for_app(self, organization_id: str, app_id: str, platform: str) -> domain.Account | None: ...

    async def save(self, values: Mapping[str, Any]) -> domain.Account:
        """Insert, or replace the app's account on that platform (keeping its id and creation time)."""
        ...

    async def delete_for_app(self, organization_id: str, app_id: str) -> int:
        """The app's accounts and publish records; how many accounts."""
        ...

    async def get(self, organization_id: str, account_id: str) -> domain.Account | None: ...

    async def delete(self, organization_id: str, app_id: str, account_id: str) -> bool: ...

    async def lease_refresh(
        self, organization_id: str, account_id: str, now: datetime, lease: timedelta
    ) -> domain.Account | None:
        """Take the account's refresh lease: None when another replica holds it, or the account
        is gone or needs reconnecting."""
        ...

    async def store_refreshed(
        self, organization_id: str, account_id: str, values: Mapping[str, Any]
    ) -> domain.Account | None:
        """New tokens (or status) after a refresh; ends the lease."""
        ...

    async def due_refresh(self, before: datetime, now: datetime, limit: int) -> list[tuple[str, str]]:
        """(organization id, account id) of OAuth accounts (every organization) whose access
        token expires before `before` and that no replica is refreshing."""
        ...


class StateRepository(Protocol):
    """OAuth states inside a unit of work (store.SqlStates)."""

    async def add(self, values: Mapping[str, Any]) -> None: ...

    async def use(
        self, state_id: str, organization_id: str, app_id: str, now: datetime
    ) -> domain.OAuthState | None:
        """Use up a live state once: None when it is unknown, used or expired."""
        ...

    async def get(self, state_id: str) -> domain.OAuthState | None: ...

    async def delete_expired(self, before: datetime) -> int: ...


class PublishRepository(Protocol):
    """Publish records inside a unit of work (store.SqlPublishes)."""

    async def reserve(self, values: Mapping[str, Any]) -> tuple[domain.Publish, bool]:
        """Insert it, or the one already there for (slideshow, account): (record, created)."""
        ...

    async def get(self, organization_id: str, publish_id: str) -> domain.Publish | None: ...

    async def update(
        self, organization_id: str, publish_id: str, values: Mapping[str, Any]
    ) -> domain.Publish: ...

    async def finish(
        self, organization_id: str, publish_id: str, values: Mapping[str, Any]
    ) -> domain.Publish | None:
        """Record the final outcome once: None when it was recorded before."""
        ...

    async def delete(self, organization_id: str, publish_id: str) -> None: ...

    async def claim_due(self, now: datetime, limit: int, lease: timedelta) -> list[domain.Publish]:
        """Publishes (every organization) whose next status fetch is due, leased (SKIP LOCKED)."""
        ...


class Repositories(Protocol):
    @property
    def endpoints(self) -> EndpointRepository: ...

    @property
    def deliveries(self) -> DeliveryRepository: ...

    @property
    def accounts(self) -> AccountRepository: ...

    @property
    def publishes(self) -> PublishRepository: ...

    @property
    def states(self) -> StateRepository: ...


DeliveryUnitOfWork: TypeAlias = UnitOfWork[Repositories]


class Reads(Protocol):
    """Reads outside any unit of work (store.Reads: autocommit connections)."""

    async def endpoints(self, organization_id: str, kinds: Sequence[str]) -> list[domain.Endpoint]: ...

    async def endpoint(
        self, organization_id: str, endpoint_id: str, kinds: Sequence[str]
    ) -> domain.Endpoint | None: ...

    async def enabled_endpoints(
        self, organization_ids: Sequence[str]
    ) -> dict[str, list[domain.Endpoint]]: ...

    async def deliveries(
        self, organization_id: str, endpoint_id: str, page: int, limit: int
    ) -> tuple[list[domain.Delivery], int]: ...


class AccountReads(Protocol):
    """Accounts and publications outside any unit of work (store.Reads)."""

    async def account_for(
        self, organization_id: str, app_id: str, platform: str
    ) -> domain.Account | None: ...

    async def accounts(self, organization_id: str, app_id: str) -> list[domain.Account]: ...

    async def account(self, organization_id: str, account_id: str) -> domain.Account | None: ...

    async def publishes(
        self, organization_id: str, slideshow_id: str, page: int, limit: int
    ) -> tuple[list[domain.Publish], int]: ...


class Apps(Protocol):
    """Catalog: raises APP_NOT_FOUND unless the app is the organization's."""

    async def check(self, organization_id: str, app_id: str) -> None: ...


class SecretBox(Protocol):
    """Encrypts a credential bound to an id (crypto.KeyRing): (key id, ciphertext)."""

    def encrypt(self, plaintext: str, context: str) -> tuple[str, bytes]: ...


class UrlGuard(Protocol):
    """The platform's SSRF rule for a receiver's URL (kit.netguard.check: DNS, a remote call);
    raises a validation error for a URL the sender may not call."""

    async def check(self, url: str) -> None: ...


class ShareLinks(Protocol):
    """Sharing's live share links of slideshows, by (organization id, slideshow id); a deck
    without one (sharing off, or sharing unavailable) is absent."""

    async def urls(self, slideshows: Sequence[tuple[str, str]]) -> Mapping[tuple[str, str], str]: ...
