"""Test support for the tests, benchmarks and load scripts; a dev-only workspace package (the root
pyproject's dev group), never a dependency of a service and never in an image.

- testkit.delivery: a local CA the stack's delivery trusts, HTTPS webhook receivers, a fake of
  TikTok's API, events put on Kafka as the services' relays do.
- testkit.billing: a local stand-in for Stripe's API (FakeStripe).
- testkit.watch: a stand-in gateway on a service's change stream (Watch).
"""
