"""kit.service: Parts.consumers takes the services' faust agents, and the one KAFKA_CONSUMERS switch
decides whether any of them runs."""

from kit import faustx
from kit.service import Parts, consumers_to_run
from kit.settings import KitSettings


async def _ignore(env, message) -> None:
    return None


def _parts(settings: KitSettings) -> Parts:
    first = faustx.Agents(settings, "first-group")
    first.add(["catalog.apps.v1"], _ignore)
    second = faustx.Agents(settings, "second-group")
    second.add(["renderer.jobs.v1"], _ignore)
    return Parts(consumers=[first, second])


def test_every_consumer_runs_where_consumers_are_on():
    settings = KitSettings(kafka_consumers=True)
    running = consumers_to_run(settings, _parts(settings))
    assert [c.group_id for c in running] == ["first-group", "second-group"]
    assert all(callable(c.run) for c in running)


def test_none_runs_where_kafka_consumers_is_false():
    settings = KitSettings(kafka_consumers=False)
    parts = _parts(settings)
    assert len(parts.consumers) == 2
    assert consumers_to_run(settings, parts) == []
