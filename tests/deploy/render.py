"""Renders overlays with `kubectl kustomize` when kubectl is on the machine, else with the
offline renderer (kustomize_lite), and builds every production component combination."""

from __future__ import annotations

import itertools
import shutil
import subprocess
from pathlib import Path
from typing import Any

import yaml

from tests.deploy import kustomize_lite

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "deploy" / "k8s"
PROD = K8S / "overlays" / "prod"

# The choices an overlay makes: each tuple is one slot, None = not picked (an external service).
CHOICES: dict[str, tuple[str | None, ...]] = {
    "database": ("postgres-cnpg", None),
    "kafka": ("kafka-strimzi", None),
    "object-store": ("object-store-s3", "object-store-minio"),
    "redis": ("redis", None),
    "secrets": ("external-secrets", None),
}
ALWAYS = ("parameters", "ingress")


def renderer() -> str:
    return "kubectl" if shutil.which("kubectl") else "kustomize_lite"


def render(path: Path) -> list[dict[str, Any]]:
    if renderer() == "kubectl":
        out = subprocess.run(
            ["kubectl", "kustomize", str(path)], check=True, capture_output=True, text=True
        ).stdout
        return [d for d in yaml.safe_load_all(out) if d]
    return kustomize_lite.build(path)


def combinations() -> list[tuple[str, ...]]:
    return [
        (*ALWAYS, *(c for c in combo if c))
        for combo in itertools.product(*CHOICES.values())  # type: ignore[arg-type]
    ]


def combo_id(components: tuple[str, ...]) -> str:
    return "+".join(c for c in components if c not in ALWAYS) or "bare"


def prod_variant(tmp: Path, components: tuple[str, ...], parameters: dict[str, str] | None = None) -> Path:
    """A copy of the prod overlay that picks `components` (and, optionally, other parameters)."""
    # kustomize takes relative paths only: the variant sits two levels under links to base/components.
    root = tmp / "k8s"
    if not root.exists():
        (root / "overlays").mkdir(parents=True)
        (root / "base").symlink_to(K8S / "base")
        (root / "components").symlink_to(K8S / "components")
    target = root / "overlays" / combo_id(components)
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(PROD, target)
    kust = yaml.safe_load((target / "kustomization.yaml").read_text())
    kust["components"] = [f"../../components/{c}" for c in components]
    (target / "kustomization.yaml").write_text(yaml.safe_dump(kust, sort_keys=False))
    if parameters:
        params = yaml.safe_load((target / "parameters.yaml").read_text())
        params["data"].update(parameters)
        (target / "parameters.yaml").write_text(yaml.safe_dump(params, sort_keys=False))
    return target


def pod_templates(objects: list[dict[str, Any]]):
    """(object, pod spec) of every workload, CronJobs included."""
    for obj in objects:
        spec = obj.get("spec", {})
        if obj["kind"] == "CronJob":
            yield obj, spec["jobTemplate"]["spec"]["template"]["spec"]
        elif obj["kind"] in ("Deployment", "StatefulSet", "DaemonSet", "Job", "ReplicaSet"):
            yield obj, spec["template"]["spec"]
