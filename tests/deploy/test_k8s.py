"""Deploy checks: every overlay renders and validates against the Kubernetes schemas, every
service has an image, a Deployment, a Service, probes and a NetworkPolicy, and the committed
base matches its generator."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from tests.deploy.kustomize_lite import build

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "deploy" / "k8s"
SERVICES = sorted(p.name for p in (ROOT / "services").iterdir() if (p / "pyproject.toml").exists())
DEPLOYABLES = [*SERVICES, "gateway"]
K8S_VERSION = "1.31.0"


@pytest.fixture(scope="module", params=["dev", "prod"])
def rendered(request) -> list[dict]:
    return build(K8S / "overlays" / request.param)


def test_every_object_validates_against_kubernetes_schemas(rendered):
    for obj in rendered:
        kubernetes_validate.validate(obj, K8S_VERSION, strict=True)


def _find(objects, kind, name):
    return [o for o in objects if o["kind"] == kind and o["metadata"]["name"] == name]


@pytest.mark.parametrize("name", DEPLOYABLES)
def test_each_deployable_has_the_full_set(rendered, name):
    deployment = _find(rendered, "Deployment", name)
    assert len(deployment) == 1, f"{name}: Deployment missing"
    assert _find(rendered, "Service", name), f"{name}: Service missing"
    assert _find(rendered, "NetworkPolicy", name), f"{name}: NetworkPolicy missing"
    assert _find(rendered, "PodDisruptionBudget", name), f"{name}: PodDisruptionBudget missing"
    assert _find(rendered, "HorizontalPodAutoscaler", name), f"{name}: HPA missing"
    container = deployment[0]["spec"]["template"]["spec"]["containers"][0]
    assert "readinessProbe" in container and "livenessProbe" in container
    sc = container["securityContext"]
    assert sc["runAsNonRoot"] and sc["readOnlyRootFilesystem"] and sc["capabilities"]["drop"] == ["ALL"]
    assert container["resources"]["requests"] and container["resources"]["limits"]


@pytest.mark.parametrize("name", SERVICES)
def test_each_service_has_a_migration_job(rendered, name):
    job = _find(rendered, "Job", f"{name}-migrate")
    assert job, f"{name}: migration Job missing"


def test_only_the_gateway_is_reachable_from_outside(rendered):
    ingress = [o for o in rendered if o["kind"] == "Ingress"]
    backends = {
        p["backend"]["service"]["name"]
        for o in ingress
        for r in o["spec"]["rules"]
        for p in r["http"]["paths"]
    }
    assert backends == {"gateway"}
    for name in SERVICES:
        policy = _find(rendered, "NetworkPolicy", name)[0]
        sources = policy["spec"]["ingress"][0]["from"]
        assert all("podSelector" in s for s in sources), f"{name} must only accept in-cluster callers"


@pytest.mark.parametrize("name", DEPLOYABLES)
def test_each_deployable_has_an_image_and_dockerfile(name):
    skaffold = yaml.safe_load((ROOT / "skaffold.yaml").read_text())
    images = {a["image"]: a["docker"]["dockerfile"] for a in skaffold["build"]["artifacts"]}
    dockerfile = images.get(f"slideshow/{name}")
    assert dockerfile, f"{name}: no skaffold artifact"
    assert (ROOT / dockerfile).exists()


@pytest.mark.parametrize("name", DEPLOYABLES)
def test_dockerfiles_follow_the_rules(name):
    path = ROOT / ("gateway" if name == "gateway" else f"services/{name}") / "Dockerfile"
    lines = [
        line.strip() for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")
    ]
    froms = [line for line in lines if line.startswith("FROM ")]
    assert len(froms) >= 2, "multi-stage build"
    assert all("python:3.11-slim" in f for f in froms), "slim Python 3.11 base"
    assert all(":latest" not in f for f in froms), "pinned base image"
    assert any("--frozen" in line for line in lines), "locked dependencies"
    user = [line for line in lines if line.startswith("USER ")]
    assert user and user[-1].split()[1].split(":")[0] not in ("root", "0"), "non-root user"
    assert any(line.startswith("HEALTHCHECK ") for line in lines)
    assert not any(line.startswith("ADD ") for line in lines), "COPY, not ADD"


def test_committed_base_matches_generator(tmp_path):
    before = {p.name: p.read_text() for p in (K8S / "base").glob("*.yaml")}
    subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_k8s.py")], check=True)
    after = {p.name: p.read_text() for p in (K8S / "base").glob("*.yaml")}
    assert before == after, "deploy/k8s/base is stale: run scripts/gen_k8s.py and commit"


async def test_the_client_address_is_the_one_the_ingress_saw(rendered):
    """The per-IP limits use the address uvicorn takes from X-Forwarded-For; with the deployed
    FORWARDED_ALLOW_IPS a client cannot choose it by sending the header itself."""
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    [config] = [
        o for o in rendered if o["kind"] == "ConfigMap" and "FORWARDED_ALLOW_IPS" in o.get("data", {})
    ]
    seen: list[str] = []

    async def app(scope, receive, send) -> None:
        seen.append(scope["client"][0])

    proxied = ProxyHeadersMiddleware(app, trusted_hosts=config["data"]["FORWARDED_ALLOW_IPS"])
    for forwarded in (b"203.0.113.5", b"6.6.6.6, 203.0.113.5", b"10.9.9.9, 203.0.113.5, 10.0.3.4"):
        scope = {
            "type": "http",
            "client": ("10.0.0.7", 40000),  # the ingress controller's pod
            "headers": [(b"x-forwarded-for", forwarded)],
        }
        await proxied(scope, None, None)
    assert seen == ["203.0.113.5"] * 3
