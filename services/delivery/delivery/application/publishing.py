"""Social accounts and publishing: connecting an account by its access token, listing the app's
accounts, a deleted app's accounts going with it; publishing a READY slideshow to the app's
account once per (slideshow, account), recording what TikTok says about the post, and the final
outcome as slideshow.published / slideshow.publish_failed deliveries (in the outcome's unit, once).

TikTok, the renderer and catalog are remote: asked before a unit opens or after it commits."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from kit.errors import ServiceError
from kit.ids import new_id

from delivery import domain
from delivery.application.ports import AccountReads, Apps, DeliveryUnitOfWork, SecretBox
from delivery.application.webhooks import page_window, require


class Slideshows(Protocol):
    """The renderer: the slideshow as a dict (slideshow_dict, with its status); raises
    SLIDESHOW_NOT_FOUND unless it is the organization's."""

    async def get(self, organization_id: str, slideshow_id: str) -> dict[str, Any]: ...


class PostStatus(Protocol):
    """What TikTok says about a post (tiktok.PostStatus)."""

    @property
    def status(self) -> str: ...

    @property
    def fail_reason(self) -> str: ...

    @property
    def post_ids(self) -> Sequence[str]: ...


class Posts(Protocol):
    """Posting at TikTok with the account's token (refreshed when due; RECONNECT_REQUIRED when
    TikTok refuses it for good): publishing.Publisher."""

    async def post(
        self, publish: domain.Publish, account: domain.Account, show: Mapping[str, Any]
    ) -> tuple[str, PostStatus]:
        """The slides as a photo post: TikTok's publish id and first status."""
        ...

    async def status(self, publish: domain.Publish, account: domain.Account) -> PostStatus: ...


@dataclass(frozen=True, slots=True)
class PublicationPage:
    publications: list[domain.Publish]
    page: int
    limit: int
    total: int


# --- accounts -------------------------------------------------------------------------


async def connect_account(
    uow: DeliveryUnitOfWork,
    apps: Apps,
    box: SecretBox,
    organization_id: str,
    app_id: str,
    platform: str,
    access_token: str,
    open_id: str,
    display_name: str,
) -> domain.Account:
    """Store an access token given by hand; reconnecting replaces the token, keeps the id."""
    org = require("organization_id", organization_id)
    domain.clean_account(platform, access_token, open_id, display_name)
    await apps.check(org, app_id)
    now = datetime.now(UTC)
    async with uow:
        current = await uow.repos.accounts.for_app(org, app_id, platform)
        account_id = current.id if current is not None else new_id("acct")
        key_id, cipher = box.encrypt(access_token, account_id)
        account = await uow.repos.accounts.save(
            {
                "id": account_id,
                "organization_id": org,
                "app_id": app_id,
                "platform": platform,
                "open_id": open_id,
                "display_name": display_name,
                "token_key_id": key_id,
                "token_cipher": cipher,
                "created_at": now,
                "updated_at": now,
            }
        )
        await uow.commit()
    return account


async def list_accounts(
    reads: AccountReads, apps: Apps, organization_id: str, app_id: str
) -> list[domain.Account]:
    await apps.check(organization_id, app_id)
    return await reads.accounts(organization_id, app_id)


async def remove_app_accounts(uow: DeliveryUnitOfWork, organization_id: str, app_id: str) -> int:
    """A deleted app's accounts and publish records go with it: how many accounts."""
    async with uow:
        removed = await uow.repos.accounts.delete_for_app(organization_id, app_id)
        await uow.commit()
    return removed


# --- publishing -----------------------------------------------------------------------


async def list_publications(
    reads: AccountReads,
    slideshows: Slideshows,
    organization_id: str,
    slideshow_id: str,
    page: int,
    limit: int,
) -> PublicationPage:
    """One page of the slideshow's publications (every account), newest first."""
    org = require("organization_id", organization_id)
    await slideshows.get(org, slideshow_id)  # SLIDESHOW_NOT_FOUND
    page, limit = page_window(page, limit)
    found, total = await reads.publishes(org, slideshow_id, page, limit)
    return PublicationPage(found, page, limit, total)


async def publish_slideshow(
    uow: DeliveryUnitOfWork,
    reads: AccountReads,
    slideshows: Slideshows,
    posts: Posts,
    organization_id: str,
    slideshow_id: str,
    platform: str,
    mode: str,
    privacy_level: str,
    poll_seconds: float,
) -> tuple[domain.Publish, bool]:
    """Post the slideshow to its app's account once: (the publish record, created). A repeat
    call answers the recorded post, its status fetched once more while it is not final."""
    org = require("organization_id", organization_id)
    platform, mode, privacy_level = domain.clean_publish(platform, mode, privacy_level)
    show = await slideshows.get(org, slideshow_id)
    if show["status"] != "READY" or not show["slides"]:
        raise ServiceError(
            "SLIDESHOW_NOT_READY",
            "Only a COMPLETED (READY) slideshow can be published.",
            {"status": show["status"]},
        )
    account = await reads.account_for(org, show["app_id"], platform)
    if account is None:
        raise ServiceError(
            "NO_CONNECTED_ACCOUNT",
            f"The slideshow's app has no connected {platform} account; connect one first.",
            {"app_id": show["app_id"], "platform": platform},
        )
    now = datetime.now(UTC)
    async with uow:
        publish, created = await uow.repos.publishes.reserve(
            {
                "id": new_id("pub"),
                "organization_id": org,
                "slideshow_id": slideshow_id,
                "account_id": account.id,
                "app_id": show["app_id"],
                "platform": platform,
                "mode": mode,
                "privacy_level": privacy_level,
                "status": "PENDING",
                "created_at": now,
                "updated_at": now,
            }
        )
        await uow.commit()
    if not created:
        return await _current(uow, posts, publish, account, poll_seconds), False
    if account.status == domain.RECONNECT_REQUIRED:
        await _forget(uow, publish)
        raise domain.reconnect_required(account)
    reserved = publish
    try:
        publish_id, found = await posts.post(publish, account, show)
        async with uow:
            publish = await uow.repos.publishes.update(
                org, publish.id, {"publish_id": publish_id, "updated_at": datetime.now(UTC)}
            )
            await uow.commit()
        return await record_status(uow, publish, found, poll_seconds), True
    except BaseException:
        await _forget(uow, reserved)  # nothing was posted: allow a retry
        raise


async def _forget(uow: DeliveryUnitOfWork, publish: domain.Publish) -> None:
    async with uow:
        await uow.repos.publishes.delete(publish.organization_id, publish.id)
        await uow.commit()


async def _current(
    uow: DeliveryUnitOfWork,
    posts: Posts,
    publish: domain.Publish,
    account: domain.Account,
    poll_seconds: float,
) -> domain.Publish:
    """One status fetch while the recorded one is not final (TikTok keeps processing after the
    first call returned); when TikTok cannot say, the recorded status stands."""
    if (
        not publish.publish_id
        or publish.status in domain.FINAL_STATUSES
        or account.status != domain.CONNECTED
    ):
        return publish
    try:
        found = await posts.status(publish, account)
    except ServiceError:
        return publish  # the follower keeps asking
    return await record_status(uow, publish, found, poll_seconds)


async def record_status(
    uow: DeliveryUnitOfWork, publish: domain.Publish, found: PostStatus, poll_seconds: float
) -> domain.Publish:
    """Store what TikTok said about the post: a final status is recorded once, with its
    deliveries; otherwise the next status fetch is scheduled (backing off from `poll_seconds`)."""
    now = datetime.now(UTC)
    values = domain.publish_update(publish, found.status, found.fail_reason, found.post_ids, now)
    if values["status"] in domain.FINAL_STATUSES:
        return await finish(uow, publish, values, now)
    delay = domain.check_delay(publish.check_count, poll_seconds)
    values.update(check_count=publish.check_count + 1, next_check_at=now + timedelta(seconds=delay))
    async with uow:
        publish = await uow.repos.publishes.update(publish.organization_id, publish.id, values)
        await uow.commit()
    return publish


async def finish(
    uow: DeliveryUnitOfWork, publish: domain.Publish, values: Mapping[str, Any], now: datetime
) -> domain.Publish:
    """Record the final outcome once, with one delivery of its event per subscribed endpoint
    (idempotent per endpoint: the event id is the publish record's). Recorded before (another
    worker, a repeat call): the record as it is."""
    org = publish.organization_id
    async with uow:
        done = await uow.repos.publishes.finish(org, publish.id, {**values, "notified_at": now})
        if done is None:
            return await uow.repos.publishes.get(org, publish.id) or publish
        event = domain.publish_event(done.status)
        payload = domain.publish_payload(done)
        new = [
            domain.new_delivery(ep, event, f"evt_{done.id}_final", payload, now, now, new_id("whd"))
            for ep in await uow.repos.endpoints.enabled(org)
            if event in ep.events
        ]
        created = await uow.repos.deliveries.add(new)
        if created:
            uow.add_event(domain.DeliveriesQueued(created))
        uow.add_event(domain.PublishFinished(done, created))
        await uow.commit()
    return done


async def claim_due(uow: DeliveryUnitOfWork, limit: int, lease: timedelta) -> list[domain.Publish]:
    """The follower's next posts to ask TikTok about (every organization), leased to this worker
    so replicas share the work: a claimed one is not due again until the lease ends or its status
    is recorded."""
    async with uow:
        claimed = await uow.repos.publishes.claim_due(datetime.now(UTC), limit, lease)
        await uow.commit()
    return claimed


async def check_later(uow: DeliveryUnitOfWork, publish: domain.Publish, seconds: float) -> None:
    """The follower asks TikTok again in `seconds`."""
    now = datetime.now(UTC)
    values = {"check_count": publish.check_count + 1, "next_check_at": now + timedelta(seconds=seconds)}
    async with uow:
        await uow.repos.publishes.update(publish.organization_id, publish.id, values)
        await uow.commit()


async def give_up(uow: DeliveryUnitOfWork, publish: domain.Publish, why: str) -> domain.Publish:
    """No final status will come (the account is gone, or TikTok took too long): FAILED."""
    values = {
        "status": domain.PUBLISH_FAILED_STATUS,
        "fail_reason": publish.fail_reason or "status_unknown",
        "error": why,
        "updated_at": datetime.now(UTC),
    }
    return await finish(uow, publish, values, datetime.now(UTC))
