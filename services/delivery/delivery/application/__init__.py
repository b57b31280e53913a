"""Delivery's use cases, one async function each: plain values in, domain objects out.

- `ports`: what the use cases need, as Protocols (the unit of work's repositories, the reads
  on the autocommit engine, the secret box, the URL guard, sharing's links, ...).
- `webhooks`: webhook endpoints (create, list, update, delete, rotate the secret, test events),
  their deliveries (list, send again).
- `chat`: chat integrations (Slack, Discord): the same targets with another body and no secret.
- `incoming`: other contexts' events fanned out to deliveries (one per subscribed endpoint).
- `accounts`: TikTok account connection by OAuth, the tokens' refresh, disconnecting.
- `publishing`: accounts given by token, publishing a slideshow, following the post's status.

Called by the gRPC adapter (server.py) and the event consumer (consumers.py). Writes go through a
unit of work (kit.uow): open it, decide, record the domain event, commit; a unit that queued
deliveries wakes the sender once committed (its after-commit hook). Remote calls (DNS checks of
receivers' URLs, sharing, the renderer, TikTok) happen before the unit opens or after it commits,
never inside it. No gRPC, SQL, Kafka or protobuf here (import-linter).
"""
