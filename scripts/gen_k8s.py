"""Writes deploy/k8s/base from one table of services, so every service gets the same shape:
Deployment (probes, resources, hardened securityContext), Service, ServiceAccount,
PodDisruptionBudget, HorizontalPodAutoscaler, NetworkPolicy and a migration Job.

    .venv/bin/python scripts/gen_k8s.py      # then commit deploy/k8s/base

tests/deploy/test_k8s.py fails when the committed files differ from what this writes.
"""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "deploy" / "k8s" / "base"
GRPC_PORT = 50051
METRICS_PORT = 9090

# name -> (callers allowed in, has database, replicas min/max, cpu request, memory request/limit)
SERVICES: dict[str, dict] = {
    "billing": {
        "callers": ["gateway", "catalog", "hooks", "renderer", "hooks-daily"],
        "min": 2,
        "max": 6,
        "cpu": "100m",
        "mem": "256Mi",
    },
    "catalog": {
        "callers": ["gateway", "renderer", "hooks", "delivery", "sharing"],
        "min": 2,
        "max": 6,
        "cpu": "100m",
        "mem": "256Mi",
    },
    "hooks": {
        "callers": ["gateway", "renderer", "hooks-daily"],
        "min": 2,
        "max": 6,
        "cpu": "100m",
        "mem": "256Mi",
    },
    "renderer": {
        "callers": ["gateway", "sharing", "delivery"],
        "min": 2,
        "max": 12,
        "cpu": "500m",
        "mem": "768Mi",
    },
    "delivery": {"callers": ["gateway"], "min": 2, "max": 8, "cpu": "200m", "mem": "256Mi"},
    "sharing": {"callers": ["gateway", "delivery"], "min": 2, "max": 6, "cpu": "100m", "mem": "256Mi"},
}

LABEL = "app.kubernetes.io/name"
PART_OF = {"app.kubernetes.io/part-of": "slideshow"}


def labels(name: str) -> dict:
    return {LABEL: name, **PART_OF}


def security_context() -> dict:
    return {
        "runAsNonRoot": True,
        "runAsUser": 10001,
        "runAsGroup": 10001,
        "allowPrivilegeEscalation": False,
        "readOnlyRootFilesystem": True,
        "capabilities": {"drop": ["ALL"]},
        "seccompProfile": {"type": "RuntimeDefault"},
    }


def container(name: str, port: int, probe: dict, cpu: str, mem: str, env: list[dict] | None = None) -> dict:
    return {
        "name": name,
        "image": f"slideshow/{name}",
        "imagePullPolicy": "IfNotPresent",
        "ports": [
            {"name": "grpc" if name != "gateway" else "http", "containerPort": port},
            {"name": "metrics", "containerPort": METRICS_PORT},
        ],
        "envFrom": [
            {"configMapRef": {"name": "slideshow-config"}},
            {"secretRef": {"name": "slideshow-secrets"}},
        ],
        "env": [{"name": "SERVICE_NAME", "value": name}, *(env or [])],
        "readinessProbe": {**probe, "periodSeconds": 5, "failureThreshold": 3},
        "livenessProbe": {**probe, "periodSeconds": 15, "failureThreshold": 4, "initialDelaySeconds": 20},
        "resources": {"requests": {"cpu": cpu, "memory": mem}, "limits": {"memory": _double(mem)}},
        "securityContext": security_context(),
        "volumeMounts": [{"name": "tmp", "mountPath": "/tmp"}],
    }


def _double(mem: str) -> str:
    return f"{int(mem.removesuffix('Mi')) * 2}Mi"


def deployment(name: str, ctr: dict, replicas: int) -> dict:
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {
            "replicas": replicas,
            "selector": {"matchLabels": {LABEL: name}},
            "template": {
                "metadata": {
                    "labels": labels(name),
                    "annotations": {"prometheus.io/scrape": "true", "prometheus.io/port": str(METRICS_PORT)},
                },
                "spec": {
                    "serviceAccountName": name,
                    "automountServiceAccountToken": False,
                    "securityContext": {"runAsNonRoot": True, "fsGroup": 10001},
                    "terminationGracePeriodSeconds": 30,
                    "containers": [ctr],
                    "volumes": [{"name": "tmp", "emptyDir": {}}],
                },
            },
        },
    }


def service(name: str, port: int) -> dict:
    port_name = "http" if name == "gateway" else "grpc"
    return {
        "apiVersion": "v1",
        "kind": "Service",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {
            "selector": {LABEL: name},
            "ports": [
                {"name": port_name, "port": port, "targetPort": port_name},
                {"name": "metrics", "port": METRICS_PORT, "targetPort": "metrics"},
            ],
        },
    }


def service_account(name: str) -> dict:
    return {
        "apiVersion": "v1",
        "kind": "ServiceAccount",
        "metadata": {"name": name, "labels": labels(name)},
        "automountServiceAccountToken": False,
    }


def pdb(name: str) -> dict:
    return {
        "apiVersion": "policy/v1",
        "kind": "PodDisruptionBudget",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {"minAvailable": 1, "selector": {"matchLabels": {LABEL: name}}},
    }


def hpa(name: str, lo: int, hi: int) -> dict:
    return {
        "apiVersion": "autoscaling/v2",
        "kind": "HorizontalPodAutoscaler",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {
            "scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": name},
            "minReplicas": lo,
            "maxReplicas": hi,
            "metrics": [
                {
                    "type": "Resource",
                    "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 70}},
                }
            ],
        },
    }


def network_policy(name: str, port: int, callers: list[str] | None) -> dict:
    """Only the listed callers reach the service port; the gateway (callers=None) is open to
    the ingress controller. Metrics are scraped from the monitoring namespace."""
    port_ingress: dict = {"ports": [{"protocol": "TCP", "port": port}]}
    if callers is not None:
        port_ingress["from"] = [{"podSelector": {"matchLabels": {LABEL: c}}} for c in callers]
    else:
        port_ingress["from"] = [
            {"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "ingress-nginx"}}}
        ]
    metrics = {
        "from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}],
        "ports": [{"protocol": "TCP", "port": METRICS_PORT}],
    }
    return {
        "apiVersion": "networking.k8s.io/v1",
        "kind": "NetworkPolicy",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {
            "podSelector": {"matchLabels": {LABEL: name}},
            "policyTypes": ["Ingress"],
            "ingress": [port_ingress, metrics],
        },
    }


def migration_job(name: str) -> dict:
    ctr = {
        "name": "migrate",
        "image": f"slideshow/{name}",
        "envFrom": [
            {"configMapRef": {"name": "slideshow-config"}},
            {"secretRef": {"name": "slideshow-secrets"}},
        ],
        "env": [{"name": "SERVICE_NAME", "value": name}, {"name": "MIGRATE_ONLY", "value": "true"}],
        "resources": {"requests": {"cpu": "50m", "memory": "128Mi"}, "limits": {"memory": "256Mi"}},
        "securityContext": security_context(),
    }
    return {
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": {"name": f"{name}-migrate", "labels": labels(name)},
        "spec": {
            "backoffLimit": 6,
            "ttlSecondsAfterFinished": 3600,
            "template": {
                "metadata": {"labels": labels(name)},
                "spec": {
                    "restartPolicy": "OnFailure",
                    "serviceAccountName": name,
                    "automountServiceAccountToken": False,
                    "containers": [ctr],
                },
            },
        },
    }


def grpc_probe() -> dict:
    return {"grpc": {"port": GRPC_PORT}}


def http_probe(path: str) -> dict:
    return {"httpGet": {"path": path, "port": "http"}}


def write(path: Path, docs: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("---\n".join(yaml.safe_dump(d, sort_keys=False) for d in docs))


def main() -> None:
    resources: list[str] = [
        "config.yaml",
        "ingress.yaml",
        "hooks-daily-cronjob.yaml",
        "kafka-topics-job.yaml",
    ]
    for name, spec in SERVICES.items():
        ctr = container(name, GRPC_PORT, grpc_probe(), spec["cpu"], spec["mem"])
        ctr["env"] += [
            {"name": "GRPC_HOST", "value": "0.0.0.0"},
            {"name": "GRPC_PORT", "value": str(GRPC_PORT)},
        ]
        docs = [
            service_account(name),
            deployment(name, ctr, spec["min"]),
            service(name, GRPC_PORT),
            pdb(name),
            hpa(name, spec["min"], spec["max"]),
            network_policy(name, GRPC_PORT, spec["callers"]),
            migration_job(name),
        ]
        write(BASE / f"{name}.yaml", docs)
        resources.append(f"{name}.yaml")
    gw = container(
        "gateway",
        8080,
        http_probe("/readyz"),
        "250m",
        "384Mi",
        [{"name": "GATEWAY_HOST", "value": "0.0.0.0"}, {"name": "GATEWAY_PORT", "value": "8080"}],
    )
    gw["livenessProbe"] = {
        **http_probe("/healthz"),
        "periodSeconds": 15,
        "failureThreshold": 4,
        "initialDelaySeconds": 10,
    }
    write(
        BASE / "gateway.yaml",
        [
            service_account("gateway"),
            deployment("gateway", gw, 2),
            service("gateway", 8080),
            pdb("gateway"),
            hpa("gateway", 2, 10),
            network_policy("gateway", 8080, None),
        ],
    )
    resources.append("gateway.yaml")
    kustomization = {
        "apiVersion": "kustomize.config.k8s.io/v1beta1",
        "kind": "Kustomization",
        "labels": [{"pairs": PART_OF, "includeSelectors": False}],
        "resources": resources,
    }
    (BASE / "kustomization.yaml").write_text(yaml.safe_dump(kustomization, sort_keys=False))


if __name__ == "__main__":
    main()
