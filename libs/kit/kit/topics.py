"""Kafka topic names. Events are slides.common.v1.Envelope messages keyed by aggregate id."""

BILLING_EVENTS = "billing.events.v1"  # QuotaExceeded, OrganizationChanged, ApiKeyRevoked
CATALOG_APPS = "catalog.apps.v1"  # AppCreated, AppUpdated, AppDeleted
HOOKS_JOBS = "hooks.jobs.v1"  # RefreshRequested
RENDERER_JOBS = "renderer.jobs.v1"  # RenderRequested
RENDERER_SLIDESHOWS = "renderer.slideshows.v1"  # SlideshowCompleted, SlideshowFailed
SHARING_EVENTS = "sharing.events.v1"
DELIVERY_EVENTS = "delivery.events.v1"

ALL = (
    BILLING_EVENTS,
    CATALOG_APPS,
    HOOKS_JOBS,
    RENDERER_JOBS,
    RENDERER_SLIDESHOWS,
    SHARING_EVENTS,
    DELIVERY_EVENTS,
)


def dead_letter(topic: str) -> str:
    return topic + ".dlq"
