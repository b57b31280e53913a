"""Writes deploy/k8s/base and deploy/k8s/components from one table of deployables, so every
service gets the same shape: Deployment (startup/readiness/liveness probes, preStop drain,
topology spread, hardened pod and container securityContext, a migration init container),
Service, ServiceAccount, PodDisruptionBudget, HorizontalPodAutoscaler (which alone owns the
replica count: no `replicas` in the Deployments) and NetworkPolicy.

Components (an overlay picks them, docs/operations.md says what each needs):
  parameters          namespace selectors of the NetworkPolicies from the overlay's parameters
  ingress             Ingress with TLS (cert-manager), public host, MCP allowed hosts
  postgres-cnpg       CloudNativePG Cluster, one role per service owning its schema
  kafka-strimzi       Strimzi Kafka, KafkaTopics (replicas, min.insync.replicas), a SCRAM user per service
  object-store-s3     any S3 (AWS: IRSA role on the service accounts, no static keys)
  object-store-minio  MinIO operator Tenant with its bucket
  redis               Redis for the gateway's shared rate limits (password from a Secret)
  external-secrets    ExternalSecrets that create every Secret from a ClusterSecretStore

    .venv/bin/python scripts/gen_k8s.py      # then commit deploy/k8s/base and deploy/k8s/components
    .venv/bin/python scripts/gen_k8s.py --out DIR   # the same files under DIR (deploy/k8s untouched)

tests/deploy/test_k8s.py generates into a temporary directory and fails when the committed files
differ from it.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
K8S = ROOT / "deploy" / "k8s"
GENERATED = ("base", "components")  # the folders under deploy/k8s this script owns
GRPC_PORT = 50051
HTTP_PORT = 8080
METRICS_PORT = 9090
UID = 10001
DRAIN_SECONDS = 5
DB_POOL_SIZE = 10  # kit's default

LABEL = "app.kubernetes.io/name"
PART_OF = {"app.kubernetes.io/part-of": "slideshow"}
SCRAPED = {"slideshow.io/scraped": "true"}
PARAMETERS = "slideshow-parameters"  # overlay's local-config ConfigMap (never applied)

# name -> callers allowed in, HPA min/max, requests, and what it uses: a database (schema of its
# own), the object store, Kafka, and the Secret keys only it gets.
SERVICES: dict[str, dict[str, Any]] = {
    "billing": {
        "callers": ["gateway", "catalog", "hooks", "renderer", "hooks-daily"],
        "min": 2,
        "max": 6,
        "cpu": "100m",
        "mem": "256Mi",
        "db": True,
        "kafka": True,
        "storage": False,
        "secrets": ["STRIPE_WEBHOOK_SECRET", "STRIPE_SECRET_KEY", "SMTP_URL"],
    },
    "catalog": {
        "callers": ["gateway", "renderer", "hooks", "delivery", "sharing"],
        "min": 2,
        "max": 6,
        "cpu": "100m",
        "mem": "256Mi",
        "db": True,
        "kafka": True,
        "storage": False,
        "secrets": [],
    },
    "hooks": {
        "callers": ["gateway", "renderer", "hooks-daily"],
        "min": 2,
        "max": 6,
        "cpu": "100m",
        "mem": "256Mi",
        "db": True,
        "kafka": True,
        "storage": False,
        "secrets": ["LLM_API_KEY"],
    },
    "renderer": {
        "callers": ["gateway", "sharing", "delivery"],
        "min": 2,
        "max": 12,
        "cpu": "500m",
        "mem": "768Mi",
        "db": True,
        "kafka": True,
        "storage": True,
        "secrets": [],
    },
    "delivery": {
        "callers": ["gateway"],
        "min": 2,
        "max": 8,
        "cpu": "200m",
        "mem": "256Mi",
        "db": True,
        "kafka": True,
        "storage": True,
        "secrets": ["WEBHOOK_SECRET_KEY"],
    },
    "sharing": {
        "callers": ["gateway", "delivery"],
        "min": 2,
        "max": 6,
        "cpu": "100m",
        "mem": "256Mi",
        "db": True,
        "kafka": True,
        "storage": False,
        "secrets": ["SHARE_SECRET_KEY"],
    },
    "gateway": {
        "callers": None,  # the ingress controller's namespace
        "min": 2,
        "max": 10,
        "cpu": "250m",
        "mem": "384Mi",
        "db": False,
        "kafka": False,
        "storage": True,
        "secrets": [],
    },
}
DB_SERVICES = [n for n, s in SERVICES.items() if s["db"]]
KAFKA_SERVICES = [n for n, s in SERVICES.items() if s["kafka"]]
STORAGE_SERVICES = [n for n, s in SERVICES.items() if s["storage"]]

# Topics (kit/topics.py) with their dead-letter topics; partitions bound each consumer group's
# busy replicas, 7 days of retention lets a consumer that was down over a long weekend catch up.
TOPICS = [
    "billing.events.v1",
    "catalog.apps.v1",
    "hooks.jobs.v1",
    "renderer.jobs.v1",
    "renderer.slideshows.v1",
    "sharing.events.v1",
    "delivery.events.v1",
]

# Shared, non-secret settings (docs/operations.md lists every one); overlays patch them.
CONFIG = {
    "APP_ENV": "production",
    "LOG_LEVEL": "INFO",
    "KAFKA_BOOTSTRAP": "kafka:9092",
    "KAFKA_PARTITIONS": "6",
    "KAFKA_CREATE_TOPICS": "false",
    "S3_ENDPOINT": "minio:9000",
    "S3_REGION": "us-east-1",
    "S3_BUCKET": "slideshow-media",
    "S3_SECURE": "true",
    "S3_PUBLIC_URL": "https://media.slides.invalid",
    "S3_CREATE_BUCKET": "false",
    "S3_SET_PUBLIC_POLICY": "false",
    "PUBLIC_BASE_URL": "https://slides.invalid",
    "MCP_ALLOWED_HOSTS": "slides.invalid",
    "BILLING_ADDR": f"billing:{GRPC_PORT}",
    "CATALOG_ADDR": f"catalog:{GRPC_PORT}",
    "HOOKS_ADDR": f"hooks:{GRPC_PORT}",
    "RENDERER_ADDR": f"renderer:{GRPC_PORT}",
    "DELIVERY_ADDR": f"delivery:{GRPC_PORT}",
    "SHARING_ADDR": f"sharing:{GRPC_PORT}",
    "WEBHOOK_ALLOW_PRIVATE_NETWORKS": "false",
    "MAIL_FROM": "billing@slides.invalid",
    # The per-IP limit of public endpoints needs the client address. Trusting the cluster's private
    # ranges (not "*") makes uvicorn take the rightmost X-Forwarded-For entry that is not a proxy:
    # the address the ingress saw, never one the client wrote into the header itself.
    "FORWARDED_ALLOW_IPS": "10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7",
    # While Redis fails each gateway replica allows limit / N in memory: N = the gateway HPA's
    # minimum (the replicas always running); overlays that change that minimum set it too.
    "RATE_LIMIT_FALLBACK_REPLICAS": str(SERVICES["gateway"]["min"]),
}


def labels(name: str) -> dict:
    return {LABEL: name, **PART_OF}


def container_security_context() -> dict:
    return {
        "runAsNonRoot": True,
        "runAsUser": UID,
        "runAsGroup": UID,
        "allowPrivilegeEscalation": False,
        "readOnlyRootFilesystem": True,
        "capabilities": {"drop": ["ALL"]},
        "seccompProfile": {"type": "RuntimeDefault"},
    }


def pod_security_context() -> dict:
    return {
        "runAsNonRoot": True,
        "runAsUser": UID,
        "runAsGroup": UID,
        "fsGroup": UID,
        "seccompProfile": {"type": "RuntimeDefault"},
    }


def secret_name(name: str) -> str:
    return f"{name}-secrets"


def env_from(name: str) -> list[dict]:
    return [
        {"configMapRef": {"name": "slideshow-config"}},
        {"secretRef": {"name": secret_name(name)}},
    ]


def probe(name: str, path: str = "/readyz") -> dict:
    if name == "gateway":
        return {"httpGet": {"path": path, "port": "http"}}
    return {"grpc": {"port": GRPC_PORT}}


def main_container(name: str, spec: dict) -> dict:
    gateway = name == "gateway"
    port = HTTP_PORT if gateway else GRPC_PORT
    env = [{"name": "SERVICE_NAME", "value": name}]
    if gateway:
        env += [{"name": "GATEWAY_HOST", "value": "0.0.0.0"}, {"name": "GATEWAY_PORT", "value": str(port)}]
    else:
        env += [{"name": "GRPC_HOST", "value": "0.0.0.0"}, {"name": "GRPC_PORT", "value": str(port)}]
    mem = spec["mem"]
    return {
        "name": name,
        "image": f"slideshow/{name}",
        "imagePullPolicy": "IfNotPresent",
        "ports": [
            {"name": "http" if gateway else "grpc", "containerPort": port},
            {"name": "metrics", "containerPort": METRICS_PORT},
        ],
        "envFrom": env_from(name),
        "env": env,
        # Start-up runs the migrations too: up to 5 minutes before liveness takes over.
        "startupProbe": {**probe(name, "/healthz"), "periodSeconds": 5, "failureThreshold": 60},
        # The gateway's /readyz gives each backend's health check 0.5 s (it reports them, never fails
        # on them); 2 s keeps a busy node from failing the probe on its own.
        "readinessProbe": {**probe(name), "periodSeconds": 5, "failureThreshold": 3, "timeoutSeconds": 2},
        "livenessProbe": {**probe(name, "/healthz"), "periodSeconds": 15, "failureThreshold": 4},
        # Endpoints drop the pod while it sleeps; SIGTERM then finishes in-flight calls.
        "lifecycle": {"preStop": {"exec": {"command": ["sleep", str(DRAIN_SECONDS)]}}},
        "resources": {"requests": {"cpu": spec["cpu"], "memory": mem}, "limits": {"memory": _double(mem)}},
        "securityContext": container_security_context(),
        "volumeMounts": [{"name": "tmp", "mountPath": "/tmp"}],
    }


def migrate_container(name: str) -> dict:
    """Alembic upgrade under a Postgres advisory lock: re-runnable, one replica at a time, and
    part of every rollout (no Job to re-create: Jobs are immutable)."""
    return {
        "name": "migrate",
        "image": f"slideshow/{name}",
        "imagePullPolicy": "IfNotPresent",
        "envFrom": env_from(name),
        "env": [{"name": "SERVICE_NAME", "value": name}, {"name": "MIGRATE_ONLY", "value": "true"}],
        "resources": {"requests": {"cpu": "50m", "memory": "128Mi"}, "limits": {"memory": "256Mi"}},
        "securityContext": container_security_context(),
        "volumeMounts": [{"name": "tmp", "mountPath": "/tmp"}],
    }


def _double(mem: str) -> str:
    return f"{int(mem.removesuffix('Mi')) * 2}Mi"


def spread(name: str) -> list[dict]:
    return [
        {
            "maxSkew": 1,
            "topologyKey": key,
            "whenUnsatisfiable": "ScheduleAnyway",
            "labelSelector": {"matchLabels": {LABEL: name}},
            "matchLabelKeys": ["pod-template-hash"],
        }
        for key in ("topology.kubernetes.io/zone", "kubernetes.io/hostname")
    ]


def deployment(name: str, spec: dict) -> dict:
    pod: dict[str, Any] = {
        "serviceAccountName": name,
        "automountServiceAccountToken": False,
        "securityContext": pod_security_context(),
        "terminationGracePeriodSeconds": 30 + DRAIN_SECONDS,
        "topologySpreadConstraints": spread(name),
    }
    if spec["db"]:
        pod["initContainers"] = [migrate_container(name)]
    pod["containers"] = [main_container(name, spec)]
    pod["volumes"] = [{"name": "tmp", "emptyDir": {}}]
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {
            # No replicas: the HorizontalPodAutoscaler owns the count (an apply would reset it).
            "revisionHistoryLimit": 5,
            "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": 0}},
            "selector": {"matchLabels": {LABEL: name}},
            "template": {
                "metadata": {
                    "labels": labels(name),
                    "annotations": {"prometheus.io/scrape": "true", "prometheus.io/port": str(METRICS_PORT)},
                },
                "spec": pod,
            },
        },
    }


def service(name: str) -> dict:
    gateway = name == "gateway"
    port_name = "http" if gateway else "grpc"
    return {
        "apiVersion": "v1",
        "kind": "Service",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {
            "selector": {LABEL: name},
            "ports": [
                {"name": port_name, "port": HTTP_PORT if gateway else GRPC_PORT, "targetPort": port_name},
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
    # maxUnavailable, not minAvailable: a one-replica dev deployment can still be drained.
    return {
        "apiVersion": "policy/v1",
        "kind": "PodDisruptionBudget",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {"maxUnavailable": 1, "selector": {"matchLabels": {LABEL: name}}},
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
            "behavior": {"scaleDown": {"stabilizationWindowSeconds": 300}},
        },
    }


def namespace_peer(name: str) -> dict:
    return {"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": name}}}


def network_policy(name: str, callers: list[str] | None) -> dict:
    """Only the listed callers reach the service port; the gateway (callers=None) is open to the
    ingress controller's namespace. Metrics are scraped from the monitoring namespace. Both
    namespace names come from the overlay's parameters (component "parameters")."""
    port = HTTP_PORT if callers is None else GRPC_PORT
    sources = (
        [namespace_peer("ingress-nginx")]
        if callers is None
        else [{"podSelector": {"matchLabels": {LABEL: c}}} for c in callers]
    )
    return {
        "apiVersion": "networking.k8s.io/v1",
        "kind": "NetworkPolicy",
        "metadata": {"name": name, "labels": {**labels(name), **SCRAPED}},
        "spec": {
            "podSelector": {"matchLabels": {LABEL: name}},
            "policyTypes": ["Ingress"],
            "ingress": [
                {"from": sources, "ports": [{"protocol": "TCP", "port": port}]},
                {
                    "from": [namespace_peer("monitoring")],
                    "ports": [{"protocol": "TCP", "port": METRICS_PORT}],
                },
            ],
        },
    }


def hooks_daily() -> list[dict]:
    """Daily hook refresh for Starter+ organizations (idempotent per organization and day).
    slidectl only talks gRPC to the services: no Secret."""
    name = "hooks-daily"
    ctr = {
        "name": "refresh",
        "image": "slideshow/billing",
        "imagePullPolicy": "IfNotPresent",
        "command": ["slidectl", "hooks", "refresh-daily"],
        "envFrom": [{"configMapRef": {"name": "slideshow-config"}}],
        "resources": {"requests": {"cpu": "50m", "memory": "64Mi"}, "limits": {"memory": "128Mi"}},
        "securityContext": container_security_context(),
    }
    cron = {
        "apiVersion": "batch/v1",
        "kind": "CronJob",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {
            "schedule": "17 3 * * *",
            "timeZone": "Etc/UTC",
            "concurrencyPolicy": "Forbid",
            "startingDeadlineSeconds": 3600,
            "successfulJobsHistoryLimit": 3,
            "failedJobsHistoryLimit": 3,
            "jobTemplate": {
                "spec": {
                    "backoffLimit": 3,
                    "activeDeadlineSeconds": 1800,
                    "ttlSecondsAfterFinished": 86400,
                    "template": {
                        "metadata": {"labels": labels(name)},
                        "spec": {
                            "restartPolicy": "OnFailure",
                            "serviceAccountName": name,
                            "automountServiceAccountToken": False,
                            "securityContext": pod_security_context(),
                            "containers": [ctr],
                        },
                    },
                }
            },
        },
    }
    return [service_account(name), cron]


class _NoAliases(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True


def dump(obj: Any) -> str:
    return yaml.dump(obj, Dumper=_NoAliases, sort_keys=False)


# Generated files (path under deploy/k8s -> text), filled by generate().
_FILES: dict[str, str] = {}


def write(path: str, docs: list[dict], header: str = "") -> None:
    body = "---\n".join(dump(d) for d in docs)
    _FILES[path] = (f"# {header}\n" if header else "") + body


def kustomization(kind: str = "Kustomization", **fields: Any) -> dict:
    api = "v1beta1" if kind == "Kustomization" else "v1alpha1"
    return {"apiVersion": f"kustomize.config.k8s.io/{api}", "kind": kind, **fields}


def component(name: str, docs: dict[str, list[dict]], header: str, **fields: Any) -> None:
    path = f"components/{name}"
    for filename, objects in docs.items():
        write(f"{path}/{filename}", objects, header if filename == next(iter(docs)) else "")
    resources = list(docs)
    patches = fields.pop("patches", [])
    if patches:
        write(f"{path}/patches.yaml", patches)
        fields = {"patches": [{"path": "patches.yaml"}], **fields}
    body = kustomization("Component", **({"resources": resources} if resources else {}), **fields)
    _FILES[f"{path}/kustomization.yaml"] = f"# {header}\n" + dump(body)


def config_patch(data: dict[str, str]) -> dict:
    return {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "slideshow-config"}, "data": data}


def env_patch(
    name: str,
    env: list[dict],
    containers: list[str],
    extra_pod: dict | None = None,
    mounts: list[dict] | None = None,
) -> dict:
    ctrs = []
    for c in containers:
        ctr: dict[str, Any] = {"name": c, "env": env}
        if mounts:
            ctr["volumeMounts"] = mounts
        ctrs.append(ctr)
    pod: dict[str, Any] = {"containers": [c for c in ctrs if c["name"] != "migrate"]}
    if any(c["name"] == "migrate" for c in ctrs):
        pod["initContainers"] = [c for c in ctrs if c["name"] == "migrate"]
    pod |= extra_pod or {}
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": name},
        "spec": {"template": {"spec": pod}},
    }


def containers_of(name: str) -> list[str]:
    return [name, "migrate"] if SERVICES[name]["db"] else [name]


def replacement(key: str, targets: list[dict]) -> dict:
    return {
        "source": {"kind": "ConfigMap", "name": PARAMETERS, "fieldPath": f"data.{key}"},
        "targets": targets,
    }


# --- components -------------------------------------------------------------------------------


def parameters_component() -> None:
    component(
        "parameters",
        {},
        "Namespace selectors of the NetworkPolicies from the overlay's slideshow-parameters ConfigMap.",
        replacements=[
            replacement(
                "ingressNamespace",
                [
                    {
                        "select": {"kind": "NetworkPolicy", "name": "gateway"},
                        "fieldPaths": [
                            "spec.ingress.0.from.0.namespaceSelector.matchLabels.[kubernetes.io/metadata.name]"
                        ],
                    }
                ],
            ),
            replacement(
                "monitoringNamespace",
                [
                    {
                        "select": {"kind": "NetworkPolicy", "labelSelector": "slideshow.io/scraped=true"},
                        "fieldPaths": [
                            "spec.ingress.1.from.0.namespaceSelector.matchLabels.[kubernetes.io/metadata.name]"
                        ],
                    }
                ],
            ),
        ],
    )


def ingress_component() -> None:
    ingress = {
        "apiVersion": "networking.k8s.io/v1",
        "kind": "Ingress",
        "metadata": {
            "name": "slideshow",
            "labels": labels("gateway"),
            "annotations": {
                "cert-manager.io/cluster-issuer": "letsencrypt",
                "nginx.ingress.kubernetes.io/proxy-body-size": "12m",
                "nginx.ingress.kubernetes.io/ssl-redirect": "true",
            },
        },
        "spec": {
            "ingressClassName": "nginx",
            "tls": [{"hosts": ["slides.invalid"], "secretName": "slideshow-tls"}],
            "rules": [
                {
                    "host": "slides.invalid",
                    "http": {
                        "paths": [
                            {
                                "path": "/",
                                "pathType": "Prefix",
                                "backend": {"service": {"name": "gateway", "port": {"name": "http"}}},
                            }
                        ]
                    },
                }
            ],
        },
    }
    cfg = {"select": {"kind": "ConfigMap", "name": "slideshow-config"}}
    ing = {"select": {"kind": "Ingress", "name": "slideshow"}}
    component(
        "ingress",
        {"ingress.yaml": [ingress]},
        "Everything external (REST, MCP, public pages, billing events) enters through the gateway, over TLS "
        "(cert-manager issues the certificate). Host, issuer and MCP hosts: the overlay's parameters.",
        replacements=[
            replacement(
                "publicHost",
                [
                    {**ing, "fieldPaths": ["spec.rules.0.host", "spec.tls.0.hosts.0"]},
                    {
                        **cfg,
                        "fieldPaths": ["data.PUBLIC_BASE_URL"],
                        "options": {"delimiter": "//", "index": 1},
                    },
                ],
            ),
            replacement("mcpAllowedHosts", [{**cfg, "fieldPaths": ["data.MCP_ALLOWED_HOSTS"]}]),
            replacement(
                "clusterIssuer",
                [{**ing, "fieldPaths": ["metadata.annotations.[cert-manager.io/cluster-issuer]"]}],
            ),
            replacement("ingressClassName", [{**ing, "fieldPaths": ["spec.ingressClassName"]}]),
        ],
    )


def cnpg_component() -> None:
    roles = [
        {
            "name": n,
            "ensure": "present",
            "login": True,
            "inherit": False,
            # Every replica the HPA may start, each with DB_POOL_SIZE (10) plus as much overflow.
            "connectionLimit": SERVICES[n]["max"] * 2 * DB_POOL_SIZE + 10,
            "passwordSecret": {"name": f"{n}-db"},
        }
        for n in DB_SERVICES
    ]
    # At bootstrap: one role per service owning only its schema; nobody may create elsewhere.
    # pg_trgm here, by the superuser: hooks' migration then finds it (its role cannot create it).
    sql = [
        "CREATE EXTENSION IF NOT EXISTS pg_trgm",
        "REVOKE CREATE ON SCHEMA public FROM PUBLIC",
        "REVOKE ALL ON DATABASE slides FROM PUBLIC",
    ]
    for n in DB_SERVICES:
        sql += [
            f"CREATE ROLE {n} NOLOGIN NOINHERIT",
            f"GRANT CONNECT ON DATABASE slides TO {n}",
            f"CREATE SCHEMA {n} AUTHORIZATION {n}",
        ]
    max_connections = sum(r["connectionLimit"] for r in roles) + 50  # + superuser and operator
    cluster = {
        "apiVersion": "postgresql.cnpg.io/v1",
        "kind": "Cluster",
        "metadata": {"name": "slideshow-db", "labels": labels("slideshow-db")},
        "spec": {
            "instances": 3,
            "imageName": "ghcr.io/cloudnative-pg/postgresql:16.6",
            "primaryUpdateStrategy": "unsupervised",
            "storage": {"size": "50Gi"},
            "walStorage": {"size": "10Gi"},
            "postgresql": {"parameters": {"max_connections": str(max_connections)}},
            "bootstrap": {
                "initdb": {"database": "slides", "owner": "slideshow_admin", "postInitApplicationSQL": sql}
            },
            "managed": {"roles": roles},
            "monitoring": {"enablePodMonitor": False},
            "affinity": {"topologyKey": "kubernetes.io/hostname"},
        },
    }
    patches = []
    for n in DB_SERVICES:
        env = [
            {"name": "DB_PASSWORD", "valueFrom": {"secretKeyRef": {"name": f"{n}-db", "key": "password"}}},
            # The password must be URL-safe (docs/operations.md: openssl rand -hex 24).
            {
                "name": "DATABASE_URL",
                "value": f"postgresql+psycopg://{n}:$(DB_PASSWORD)@slideshow-db-rw:5432/slides",
            },
        ]
        patches.append(env_patch(n, env, containers_of(n)))
    component(
        "postgres-cnpg",
        {"postgres.yaml": [cluster]},
        "CloudNativePG: a 3-instance Cluster; each service logs in as its own role (Secret <service>-db, "
        "type basic-auth) that owns only its schema. Needs the CloudNativePG operator.",
        patches=patches,
    )


def strimzi_container_security_context() -> dict:
    """What Strimzi's `restricted` pod security provider sets on every container it creates; here
    through the `template` fields, so an operator on the default (baseline) provider passes Pod
    Security `restricted` too. The images pick their own (non-root) user."""
    return {
        "allowPrivilegeEscalation": False,
        "capabilities": {"drop": ["ALL"]},
        "runAsNonRoot": True,
        "seccompProfile": {"type": "RuntimeDefault"},
    }


def strimzi_pod_security_context(persistent: bool = False) -> dict:
    ctx: dict[str, Any] = {"runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}}
    if persistent:
        # A pod securityContext of ours replaces Strimzi's default one, whose fsGroup 0 lets the
        # broker (group 0) write its persistent volumes: keep it.
        ctx["fsGroup"] = 0
    return ctx


def strimzi_broker_template() -> dict:
    """Kafka's spec.kafka.template and the KafkaNodePool's spec.template (a pool's template takes
    precedence over the Kafka's: both say the same)."""
    return {
        "pod": {"securityContext": strimzi_pod_security_context(persistent=True)},
        "kafkaContainer": {"securityContext": strimzi_container_security_context()},
        "initContainer": {"securityContext": strimzi_container_security_context()},
    }


def strimzi_component() -> None:
    cluster = "slideshow"
    pool = {
        "apiVersion": "kafka.strimzi.io/v1beta2",
        "kind": "KafkaNodePool",
        "metadata": {"name": "dual-role", "labels": {"strimzi.io/cluster": cluster}},
        "spec": {
            "replicas": 3,
            "roles": ["controller", "broker"],
            "storage": {
                "type": "jbod",
                "volumes": [
                    {
                        "id": 0,
                        "type": "persistent-claim",
                        "size": "100Gi",
                        "deleteClaim": False,
                        "kraftMetadata": "shared",
                    }
                ],
            },
            "resources": {"requests": {"cpu": "500m", "memory": "2Gi"}, "limits": {"memory": "2Gi"}},
            "template": strimzi_broker_template(),
        },
    }
    kafka = {
        "apiVersion": "kafka.strimzi.io/v1beta2",
        "kind": "Kafka",
        "metadata": {
            "name": cluster,
            "annotations": {"strimzi.io/node-pools": "enabled", "strimzi.io/kraft": "enabled"},
        },
        "spec": {
            "kafka": {
                "version": "3.9.0",
                "metadataVersion": "3.9-IV0",
                "listeners": [
                    {
                        "name": "tls",
                        "port": 9093,
                        "type": "internal",
                        "tls": True,
                        "authentication": {"type": "scram-sha-512"},
                    }
                ],
                "authorization": {"type": "simple"},
                "config": {
                    "default.replication.factor": 3,
                    "min.insync.replicas": 2,
                    "offsets.topic.replication.factor": 3,
                    "transaction.state.log.replication.factor": 3,
                    "transaction.state.log.min.isr": 2,
                    "auto.create.topics.enable": False,
                },
                "template": strimzi_broker_template(),
            },
            # No TLS sidecar since Strimzi 0.41 (its tlsSidecarContainer template is ignored).
            "entityOperator": {
                "topicOperator": {},
                "userOperator": {},
                "template": {
                    "pod": {"securityContext": strimzi_pod_security_context()},
                    "topicOperatorContainer": {"securityContext": strimzi_container_security_context()},
                    "userOperatorContainer": {"securityContext": strimzi_container_security_context()},
                },
            },
        },
    }
    topics = []
    for t in TOPICS:
        for name, partitions, retention in ((t, 6, 604800000), (f"{t}.dlq", 1, 2592000000)):
            topics.append(
                {
                    "apiVersion": "kafka.strimzi.io/v1beta2",
                    "kind": "KafkaTopic",
                    "metadata": {"name": name.replace(".", "-"), "labels": {"strimzi.io/cluster": cluster}},
                    "spec": {
                        "topicName": name,
                        "partitions": partitions,
                        "replicas": 3,
                        "config": {"min.insync.replicas": 2, "retention.ms": retention},
                    },
                }
            )
    users = []
    for n in KAFKA_SERVICES:
        acls = [
            {
                "resource": {"type": "topic", "name": "*", "patternType": "literal"},
                "operations": ["Describe", "Read", "Write"],
            },
            {
                "resource": {"type": "group", "name": n, "patternType": "prefix"},
                "operations": ["Read", "Describe"],
            },
        ]
        users.append(
            {
                "apiVersion": "kafka.strimzi.io/v1beta2",
                "kind": "KafkaUser",
                "metadata": {"name": f"{n}-kafka", "labels": {"strimzi.io/cluster": cluster}},
                "spec": {
                    "authentication": {"type": "scram-sha-512"},
                    "authorization": {"type": "simple", "acls": acls},
                },
            }
        )
    patches = [
        config_patch(
            {
                "KAFKA_BOOTSTRAP": f"{cluster}-kafka-bootstrap:9093",
                "KAFKA_SECURITY_PROTOCOL": "SASL_SSL",
                "KAFKA_SASL_MECHANISM": "SCRAM-SHA-512",
                "KAFKA_SSL_CAFILE": "/etc/kafka-ca/ca.crt",
                "KAFKA_CREATE_TOPICS": "false",
            }
        )
    ]
    for n in KAFKA_SERVICES:
        env = [
            {"name": "KAFKA_SASL_USERNAME", "value": f"{n}-kafka"},
            # Written by Strimzi's user operator for the KafkaUser.
            {
                "name": "KAFKA_SASL_PASSWORD",
                "valueFrom": {"secretKeyRef": {"name": f"{n}-kafka", "key": "password"}},
            },
        ]
        ca = [{"name": "kafka-ca", "mountPath": "/etc/kafka-ca", "readOnly": True}]
        volumes = {
            "volumes": [
                {
                    "name": "kafka-ca",
                    "secret": {
                        "secretName": f"{cluster}-cluster-ca-cert",
                        "items": [{"key": "ca.crt", "path": "ca.crt"}],
                    },
                }
            ]
        }
        patches.append(env_patch(n, env, [n], volumes, ca))
    component(
        "kafka-strimzi",
        {"kafka.yaml": [pool, kafka], "topics.yaml": topics, "users.yaml": users},
        "Strimzi: a 3-node KRaft Kafka with a TLS listener and SCRAM-SHA-512 users (one per service); every topic "
        "declared with 3 replicas and min.insync.replicas 2. Services never create topics here. Needs the Strimzi operator.",
        patches=patches,
    )


def s3_component() -> None:
    patches = [
        config_patch(
            {
                "S3_ENDPOINT": "s3.us-east-1.amazonaws.com",
                "S3_SECURE": "true",
                # Empty keys: the pod's IAM role (IRSA) through the minio client's providers.
                "S3_ACCESS_KEY": "",
                "S3_SECRET_KEY": "",
            }
        )
    ]
    sa = {"select": {"kind": "ServiceAccount", "labelSelector": "slideshow.io/object-store=true"}}
    cfg = {"select": {"kind": "ConfigMap", "name": "slideshow-config"}}
    for n in STORAGE_SERVICES:
        patches.append(
            {
                "apiVersion": "v1",
                "kind": "ServiceAccount",
                "metadata": {
                    "name": n,
                    "labels": {"slideshow.io/object-store": "true"},
                    "annotations": {
                        "eks.amazonaws.com/role-arn": "arn:aws:iam::000000000000:role/slideshow-media"
                    },
                },
            }
        )
    component(
        "object-store-s3",
        {},
        "Any S3: region, bucket and public URL from the overlay's parameters; on EKS the renderer, delivery and "
        "gateway service accounts assume an IAM role (IRSA), so no static keys. Bucket and its public/ read path "
        "(CloudFront or a bucket policy) are provisioned by the platform, never by the app.",
        patches=patches,
        replacements=[
            replacement("s3Region", [{**cfg, "fieldPaths": ["data.S3_REGION"]}]),
            replacement("s3Endpoint", [{**cfg, "fieldPaths": ["data.S3_ENDPOINT"]}]),
            replacement("s3Bucket", [{**cfg, "fieldPaths": ["data.S3_BUCKET"]}]),
            replacement("mediaBaseUrl", [{**cfg, "fieldPaths": ["data.S3_PUBLIC_URL"]}]),
            replacement(
                "s3RoleArn", [{**sa, "fieldPaths": ["metadata.annotations.[eks.amazonaws.com/role-arn]"]}]
            ),
        ],
    )


def minio_component() -> None:
    tenant = {
        "apiVersion": "minio.min.io/v2",
        "kind": "Tenant",
        "metadata": {"name": "slideshow-media", "labels": labels("slideshow-media")},
        "spec": {
            "image": "quay.io/minio/minio:RELEASE.2025-04-22T22-12-26Z",
            "configuration": {"name": "slideshow-media-env"},
            "pools": [
                {
                    "name": "pool-0",
                    "servers": 4,
                    "volumesPerServer": 2,
                    "volumeClaimTemplate": {
                        "metadata": {"name": "data"},
                        "spec": {
                            "accessModes": ["ReadWriteOnce"],
                            "resources": {"requests": {"storage": "100Gi"}},
                        },
                    },
                    "securityContext": {
                        "runAsUser": 1000,
                        "runAsGroup": 1000,
                        "fsGroup": 1000,
                        "runAsNonRoot": True,
                        "seccompProfile": {"type": "RuntimeDefault"},
                    },
                    "containerSecurityContext": {
                        "runAsUser": 1000,
                        "runAsGroup": 1000,
                        "runAsNonRoot": True,
                        "allowPrivilegeEscalation": False,
                        "capabilities": {"drop": ["ALL"]},
                        "seccompProfile": {"type": "RuntimeDefault"},
                    },
                }
            ],
            # TLS with the operator's certificate; the services trust its CA through S3_CA_FILE.
            "requestAutoCert": True,
            "buckets": [{"name": "slideshow-media"}],
            # Secret with CONSOLE_ACCESS_KEY/CONSOLE_SECRET_KEY: the user the services log in as.
            "users": [{"name": "slideshow-media-user"}],
        },
    }
    cfg = {"select": {"kind": "ConfigMap", "name": "slideshow-config"}}
    patches = [
        config_patch(
            {
                "S3_ENDPOINT": "minio:443",
                "S3_SECURE": "true",
                "S3_REGION": "us-east-1",
                "S3_BUCKET": "slideshow-media",
            }
        )
    ]
    for n in STORAGE_SERVICES:
        # requestAutoCert: the operator has the Tenant's certificate signed through the cluster's
        # certificates.k8s.io API by the cluster root CA, which Kubernetes publishes in every
        # namespace as the ConfigMap kube-root-ca.crt (the operator trusts the Tenant the same way).
        env = [{"name": "S3_CA_FILE", "value": "/etc/minio-ca/ca.crt"}]
        mounts = [{"name": "minio-ca", "mountPath": "/etc/minio-ca", "readOnly": True}]
        volumes = {
            "volumes": [
                {
                    "name": "minio-ca",
                    "configMap": {
                        "name": "kube-root-ca.crt",
                        "items": [{"key": "ca.crt", "path": "ca.crt"}],
                    },
                }
            ]
        }
        patches.append(env_patch(n, env, containers_of(n), volumes, mounts))
    component(
        "object-store-minio",
        {"minio.yaml": [tenant]},
        "MinIO operator Tenant (4 servers x 2 volumes, TLS signed by the cluster CA, trusted from kube-root-ca.crt) "
        "with the bucket and the user slideshow-media-user; the services' S3_ACCESS_KEY/S3_SECRET_KEY in their "
        "Secrets are that user's keys. Needs the MinIO operator.",
        patches=patches,
        replacements=[replacement("mediaBaseUrl", [{**cfg, "fieldPaths": ["data.S3_PUBLIC_URL"]}])],
    )


def redis_component() -> None:
    name = "redis"
    pod = {
        "automountServiceAccountToken": False,
        "securityContext": {
            "runAsNonRoot": True,
            "runAsUser": UID,
            "runAsGroup": UID,
            "fsGroup": UID,
            "seccompProfile": {"type": "RuntimeDefault"},
        },
        "containers": [
            {
                "name": name,
                "image": "redis:7.4.2-alpine",
                "imagePullPolicy": "IfNotPresent",
                "command": [
                    "redis-server",
                    "--requirepass",
                    "$(REDIS_PASSWORD)",
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                ],
                "env": [
                    {
                        "name": "REDIS_PASSWORD",
                        "valueFrom": {"secretKeyRef": {"name": "redis-auth", "key": "password"}},
                    }
                ],
                "ports": [{"name": "redis", "containerPort": 6379}],
                "startupProbe": {"tcpSocket": {"port": 6379}, "periodSeconds": 2, "failureThreshold": 30},
                "readinessProbe": {"tcpSocket": {"port": 6379}, "periodSeconds": 5},
                "livenessProbe": {"tcpSocket": {"port": 6379}, "periodSeconds": 15},
                "resources": {"requests": {"cpu": "100m", "memory": "128Mi"}, "limits": {"memory": "256Mi"}},
                "securityContext": container_security_context(),
                "volumeMounts": [{"name": "data", "mountPath": "/data"}],
            }
        ],
        "volumes": [{"name": "data", "emptyDir": {}}],
    }
    sts = {
        "apiVersion": "apps/v1",
        "kind": "StatefulSet",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {
            "serviceName": name,
            "replicas": 1,
            "selector": {"matchLabels": {LABEL: name}},
            "template": {"metadata": {"labels": labels(name)}, "spec": pod},
        },
    }
    svc = {
        "apiVersion": "v1",
        "kind": "Service",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {
            "selector": {LABEL: name},
            "ports": [{"name": "redis", "port": 6379, "targetPort": "redis"}],
        },
    }
    policy = {
        "apiVersion": "networking.k8s.io/v1",
        "kind": "NetworkPolicy",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {
            "podSelector": {"matchLabels": {LABEL: name}},
            "policyTypes": ["Ingress"],
            "ingress": [
                {
                    "from": [{"podSelector": {"matchLabels": {LABEL: "gateway"}}}],
                    "ports": [{"protocol": "TCP", "port": 6379}],
                }
            ],
        },
    }
    env = [
        {"name": "REDIS_PASSWORD", "valueFrom": {"secretKeyRef": {"name": "redis-auth", "key": "password"}}},
        {"name": "REDIS_URL", "value": "redis://:$(REDIS_PASSWORD)@redis:6379/0"},
    ]
    component(
        "redis",
        {"redis.yaml": [sts, svc, policy]},
        "Redis for the gateway's shared rate-limit counters (no persistence: counters live a minute). "
        "Password from the Secret redis-auth (key password, URL-safe).",
        patches=[env_patch("gateway", env, ["gateway"])],
    )


def external_secrets_component() -> None:
    store = {"kind": "ClusterSecretStore", "name": "slideshow"}
    docs = []

    def external(name: str, remote: str, template_type: str = "Opaque") -> dict:
        spec: dict[str, Any] = {
            "refreshInterval": "1h",
            "secretStoreRef": store,
            "target": {"name": name, "creationPolicy": "Owner", "template": {"type": template_type}},
            "dataFrom": [{"extract": {"key": remote}}],
        }
        return {
            # v1: External Secrets Operator 0.17+ no longer serves v1beta1 (same fields).
            "apiVersion": "external-secrets.io/v1",
            "kind": "ExternalSecret",
            "metadata": {"name": name, "labels": PART_OF},
            "spec": spec,
        }

    for n in SERVICES:
        docs.append(external(secret_name(n), f"slideshow/{n}"))
    for n in DB_SERVICES:
        docs.append(external(f"{n}-db", f"slideshow/{n}-db", "kubernetes.io/basic-auth"))
    docs.append(external("redis-auth", "slideshow/redis-auth"))
    for n in ("slideshow-media-env", "slideshow-media-user"):  # the MinIO Tenant's
        docs.append(external(n, f"slideshow/{n}"))
    component(
        "external-secrets",
        {"external-secrets.yaml": docs},
        "External Secrets Operator: every Secret of docs/operations.md from the ClusterSecretStore 'slideshow' "
        "(one remote entry per Secret, its properties = the Secret's keys). Needs the operator and the store.",
        replacements=[
            replacement(
                "secretStore",
                [{"select": {"kind": "ExternalSecret"}, "fieldPaths": ["spec.secretStoreRef.name"]}],
            )
        ],
    )


def generate() -> dict[str, str]:
    """Every file of deploy/k8s/base and deploy/k8s/components: path under deploy/k8s -> text."""
    _FILES.clear()
    resources: list[str] = ["hooks-daily-cronjob.yaml"]
    write("base/hooks-daily-cronjob.yaml", hooks_daily())
    for name, spec in SERVICES.items():
        docs = [
            service_account(name),
            deployment(name, spec),
            service(name),
            pdb(name),
            hpa(name, spec["min"], spec["max"]),
            network_policy(name, spec["callers"]),
        ]
        write(f"base/{name}.yaml", docs)
        resources.append(f"{name}.yaml")
    _FILES["base/config.env"] = (
        "# Non-secret settings shared by every service (docs/operations.md lists them all); overlays and\n"
        "# components patch them. Secrets come from one Secret per service (<service>-secrets).\n"
        + "".join(f"{k}={v}\n" for k, v in CONFIG.items())
    )
    base = kustomization(
        labels=[{"pairs": PART_OF, "includeSelectors": False}],
        resources=resources,
        # Hashed name: a config change rolls every pod that reads it.
        configMapGenerator=[{"name": "slideshow-config", "envs": ["config.env"]}],
    )
    _FILES["base/kustomization.yaml"] = dump(base)
    parameters_component()
    ingress_component()
    cnpg_component()
    strimzi_component()
    s3_component()
    minio_component()
    redis_component()
    external_secrets_component()
    return dict(_FILES)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--out", type=Path, default=K8S, help="where base/ and components/ go (default: deploy/k8s)"
    )
    out: Path = parser.parse_args(argv).out
    files = generate()
    for folder in GENERATED:
        if (out / folder).exists():
            shutil.rmtree(out / folder)
    for rel, text in files.items():
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def secret_keys() -> dict[str, list[tuple[str, str]]]:
    """Every Secret the deployment reads -> [(key, when it is needed)]; docs/operations.md lists
    them all (tests/deploy checks it)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for n, spec in SERVICES.items():
        keys = [
            (k, "always" if k not in ("LLM_API_KEY", "SMTP_URL") else "optional") for k in spec["secrets"]
        ]
        if spec["db"]:
            keys.append(("DATABASE_URL", "without components/postgres-cnpg"))
        if spec["storage"]:
            keys += [(k, "static keys (MinIO, S3 without IRSA)") for k in ("S3_ACCESS_KEY", "S3_SECRET_KEY")]
        if spec["kafka"]:
            keys += [(k, "external Kafka with SASL") for k in ("KAFKA_SASL_USERNAME", "KAFKA_SASL_PASSWORD")]
        if n == "gateway":
            keys.append(("REDIS_URL", "without components/redis"))
        out[secret_name(n)] = keys
    for n in DB_SERVICES:
        out[f"{n}-db"] = [("username", "components/postgres-cnpg"), ("password", "components/postgres-cnpg")]
    out["redis-auth"] = [("password", "components/redis")]
    out["slideshow-media-env"] = [("config.env", "components/object-store-minio")]
    out["slideshow-media-user"] = [
        ("CONSOLE_ACCESS_KEY", "components/object-store-minio"),
        ("CONSOLE_SECRET_KEY", "components/object-store-minio"),
    ]
    return out


if __name__ == "__main__":
    main()
