"""Deploy checks without a cluster: every overlay and every production component combination
renders (kubectl kustomize, else the offline renderer), validates strictly against the Kubernetes
schemas (operator resources against tests/deploy/schemas), passes checkov (documented skips only)
and keeps the rules of issue 25: no `replicas` where an HPA owns the count, seccomp and Pod
Security 'restricted' on every pod (Jobs, CronJobs and operator-made pods too), one Secret per
service with only its keys, hashed config names, no Jobs that a second apply would fail on,
images that match skaffold, TLS on the Ingress."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import kubernetes_validate
import pytest
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from tests.deploy.render import (
    K8S,
    ROOT,
    combinations,
    combo_id,
    pod_templates,
    prod_variant,
    render,
    renderer,
)

SERVICES = sorted(p.name for p in (ROOT / "services").iterdir() if (p / "pyproject.toml").exists())
DEPLOYABLES = [*SERVICES, "gateway"]
K8S_VERSION = "1.31.0"
COMBOS = combinations()

_spec = importlib.util.spec_from_file_location("gen_k8s", ROOT / "scripts" / "gen_k8s.py")
assert _spec and _spec.loader
gen = importlib.util.module_from_spec(_spec)
sys.modules["gen_k8s"] = gen
_spec.loader.exec_module(gen)

# Operator resources: not in the Kubernetes schemas; checked against tests/deploy/schemas.
CUSTOM_GROUPS = ("postgresql.cnpg.io", "kafka.strimzi.io", "minio.min.io", "external-secrets.io")

# checkov findings skipped everywhere, each with its reason (docs/operations.md repeats them).
CHECKOV_SKIPS = {
    "CKV_K8S_11": "no CPU limits: CFS throttling stalls latency-bound gRPC/HTTP pods; CPU requests"
    " reserve capacity and the HPA scales on them",
    "CKV_K8S_15": "imagePullPolicy IfNotPresent: every release has its own immutable tag (overlay"
    " `images`, skaffold gitCommit), so Always adds a registry dependency to every restart and nothing else",
    "CKV_K8S_35": "secrets as environment variables: the services read settings from the environment"
    " (pydantic-settings, twelve-factor); they are never logged and each pod gets only its own Secret",
    "CKV_K8S_43": "tags, not digests: the overlay pins a release tag per image; CI may pin digests"
    " through the same `images` entries (`digest:`)",
}


def _objects_hash(objs: list[dict]) -> str:
    return hashlib.sha256(json.dumps(objs, sort_keys=True).encode()).hexdigest()


@pytest.fixture(scope="session")
def variants(tmp_path_factory) -> dict[str, list[dict]]:
    """Rendered objects of dev, prod and every production component combination."""
    tmp = tmp_path_factory.mktemp("overlays")
    paths = {"dev": K8S / "overlays" / "dev", "prod": K8S / "overlays" / "prod"}
    paths |= {f"prod[{combo_id(combo)}]": prod_variant(tmp, combo) for combo in COMBOS}
    with ThreadPoolExecutor(4) as pool:  # kubectl runs in its own process
        return dict(zip(paths, pool.map(render, paths.values()), strict=True))


@pytest.fixture(scope="session", params=["dev", "prod"])
def rendered(request, variants) -> list[dict]:
    return variants[request.param]


def _find(objects, kind, name=None):
    return [o for o in objects if o["kind"] == kind and (name is None or o["metadata"]["name"] == name)]


def _containers(pod: dict) -> list[dict]:
    return [*pod.get("initContainers", []), *pod.get("containers", [])]


def _config(objects) -> dict[str, str]:
    [cm] = [o for o in _find(objects, "ConfigMap") if o["metadata"]["name"].startswith("slideshow-config")]
    return cm["data"]


def test_every_combination_is_rendered():
    assert len(COMBOS) == 32, "2 x database, kafka, object store, redis, secrets"


# The API version of each operator resource that the operator versions docs/operations.md names
# serve (External Secrets Operator 0.17 stopped serving v1beta1).
SERVED_API_VERSIONS = {
    "Cluster": "postgresql.cnpg.io/v1",
    "Kafka": "kafka.strimzi.io/v1beta2",
    "KafkaNodePool": "kafka.strimzi.io/v1beta2",
    "KafkaTopic": "kafka.strimzi.io/v1beta2",
    "KafkaUser": "kafka.strimzi.io/v1beta2",
    "Tenant": "minio.min.io/v2",
    "ExternalSecret": "external-secrets.io/v1",
}


def test_operator_resources_use_served_api_versions(variants):
    for name, objects in variants.items():
        for obj in objects:
            if obj["apiVersion"].split("/")[0] in CUSTOM_GROUPS:
                assert obj["apiVersion"] == SERVED_API_VERSIONS.get(obj["kind"]), (
                    f"{name}: {obj['kind']}/{obj['metadata']['name']} is {obj['apiVersion']}"
                )


def test_every_object_validates_against_kubernetes_schemas(variants):
    seen: set[str] = set()
    for objects in variants.values():
        for obj in objects:
            group = obj["apiVersion"].split("/")[0]
            if group in CUSTOM_GROUPS:
                continue  # test_operator_resources_match_their_schemas
            key = _objects_hash([obj])
            if key not in seen:
                seen.add(key)
                kubernetes_validate.validate(obj, K8S_VERSION, strict=True)


SCHEMAS = Path(__file__).parent / "schemas"


def _operator_validators() -> dict[str, Draft202012Validator]:
    """kind -> validator of tests/deploy/schemas/<kind>.json (common.json: shared Kubernetes types)."""
    docs = [json.loads(p.read_text()) for p in sorted(SCHEMAS.glob("*.json"))]
    for doc in docs:
        Draft202012Validator.check_schema(doc)
    registry = Registry().with_resources((d["$id"], Resource.from_contents(d)) for d in docs)
    return {
        d["properties"]["kind"]["const"]: Draft202012Validator(d, registry=registry)
        for d in docs
        if "kind" in d.get("properties", {})
    }


def _schema_errors(validator: Draft202012Validator, obj: dict) -> list[str]:
    return [
        f"{'.'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
        for e in sorted(validator.iter_errors(obj), key=lambda e: list(map(str, e.absolute_path)))
    ]


def test_operator_resources_match_their_schemas(variants):
    """CloudNativePG, Strimzi, MinIO and External Secrets resources against the small schemas in
    tests/deploy/schemas (served apiVersion, required fields, types, no unknown fields where we
    set them); every rendered operator kind needs one, every schema is used."""
    validators = _operator_validators()
    seen: set[str] = set()
    kinds: set[str] = set()
    errors: list[str] = []
    for name, objects in variants.items():
        for obj in objects:
            if obj["apiVersion"].split("/")[0] not in CUSTOM_GROUPS:
                continue
            key = _objects_hash([obj])
            if key in seen:
                continue
            seen.add(key)
            kinds.add(obj["kind"])
            where = f"{name}: {obj['kind']}/{obj['metadata']['name']}"
            assert obj["kind"] in validators, f"{where}: no schema in tests/deploy/schemas"
            errors += [f"{where} {e}" for e in _schema_errors(validators[obj["kind"]], obj)]
    assert not errors, "\n".join(errors)
    assert kinds == set(validators), f"schemas without objects: {set(validators) - kinds}"


def _set(obj: dict, path: str, value: Any) -> dict:
    *parents, last = path.split(".")
    node: Any = obj
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    index: Any = int(last) if isinstance(node, list) else last
    if value is _DELETE:
        del node[index]
    else:
        node[index] = value
    return obj


_DELETE = object()

# Mistakes the operators would refuse (or silently ignore): each must fail its schema.
BROKEN = [
    ("ExternalSecret", "apiVersion", "external-secrets.io/v1beta1"),
    ("ExternalSecret", "spec.target.creationPolicy", "Owned"),
    ("Kafka", "spec.kafka.template.kafkaContainer.securityContext.allowPrivilegeEscalaton", False),
    ("Kafka", "spec.entityOperator.template.tlsSidecar", {}),
    ("KafkaNodePool", "spec.roles", ["broker", "zookeeper"]),
    ("KafkaTopic", "spec.partitions", "6"),
    ("KafkaUser", "spec.authorization.acls.0.operations", ["Reed"]),
    ("Cluster", "spec.postgresql.parameters.max_connections", 990),
    ("Cluster", "spec.managed.roles.0.passwordSecret", {"secretName": "billing-db"}),
    ("Tenant", "spec.pools.0.servers", _DELETE),
    ("Tenant", "spec.users.0", {"secret": "slideshow-media-user"}),
]


def test_operator_schemas_refuse_mistakes(variants):
    import copy

    validators = _operator_validators()
    samples = {o["kind"]: o for objects in variants.values() for o in objects if o["kind"] in validators}
    for kind, path, value in BROKEN:
        broken = _set(copy.deepcopy(samples[kind]), path, value)
        assert _schema_errors(validators[kind], broken), f"{kind}: {path} = {value!r} passes its schema"


def test_checkov_finds_nothing_but_the_documented_skips(variants, tmp_path):
    """One checkov run over every distinct object of every variant."""
    unique: dict[str, dict] = {}
    for objects in variants.values():
        for obj in objects:
            unique.setdefault(_objects_hash([obj]), obj)
    (tmp_path / "all.yaml").write_text(yaml.safe_dump_all(list(unique.values()), sort_keys=False))
    result = subprocess.run(
        [
            str(Path(sys.executable).parent / "checkov"),
            "-d",
            str(tmp_path),
            "--framework",
            "kubernetes",
            "--skip-download",
            "--quiet",
            "--compact",
            "-o",
            "json",
            "--skip-check",
            ",".join(CHECKOV_SKIPS),
        ],
        capture_output=True,
        text=True,
        env={"BC_SKIP_MAPPING": "TRUE", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
        timeout=600,
    )
    report = json.loads(result.stdout)
    reports = report if isinstance(report, list) else [report]
    failed = [
        f"{f['check_id']} {f['resource']}: {f['check_name']}"
        for r in reports
        for f in r.get("results", {}).get("failed_checks", [])
    ]
    assert not failed, "\n".join(failed)
    assert sum(r["summary"]["passed"] for r in reports) > 500
    assert sum(r["summary"]["resource_count"] for r in reports) >= len(unique) * 0.5


def test_checkov_skips_are_documented():
    ops = (ROOT / "docs" / "operations.md").read_text()
    for check in [*CHECKOV_SKIPS, "CKV_K8S_22", "CKV_K8S_40"]:
        assert check in ops, f"{check}: skip not explained in docs/operations.md"


@pytest.mark.parametrize("name", DEPLOYABLES)
def test_each_deployable_has_the_full_set(rendered, name):
    [deployment] = _find(rendered, "Deployment", name)
    assert _find(rendered, "Service", name), f"{name}: Service missing"
    assert _find(rendered, "NetworkPolicy", name), f"{name}: NetworkPolicy missing"
    assert _find(rendered, "PodDisruptionBudget", name), f"{name}: PodDisruptionBudget missing"
    assert _find(rendered, "HorizontalPodAutoscaler", name), f"{name}: HPA missing"
    pod = deployment["spec"]["template"]["spec"]
    container = pod["containers"][0]
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert probe in container, f"{name}: {probe}"
    assert container["lifecycle"]["preStop"], f"{name}: no preStop drain"
    assert pod["terminationGracePeriodSeconds"] > 5
    keys = {c["topologyKey"] for c in pod["topologySpreadConstraints"]}
    assert keys == {"topology.kubernetes.io/zone", "kubernetes.io/hostname"}
    assert container["resources"]["requests"] and container["resources"]["limits"]


def test_the_gateways_readiness_is_its_own(variants):
    """Issue 20: /readyz never fails because of a backend, so liveness and readiness are the
    gateway's own (/healthz, /readyz; one bad service never takes every gateway out of the
    ingress), and while Redis fails each replica allows limit / RATE_LIMIT_FALLBACK_REPLICAS: the
    replicas that always run, the gateway HPA's minimum, in every variant."""
    for name, objects in variants.items():
        [deployment] = _find(objects, "Deployment", "gateway")
        container = deployment["spec"]["template"]["spec"]["containers"][0]
        assert container["readinessProbe"]["httpGet"]["path"] == "/readyz", name
        assert container["readinessProbe"]["timeoutSeconds"] >= 2, name
        assert container["livenessProbe"]["httpGet"]["path"] == "/healthz", name
        [hpa] = _find(objects, "HorizontalPodAutoscaler", "gateway")
        assert _config(objects)["RATE_LIMIT_FALLBACK_REPLICAS"] == str(hpa["spec"]["minReplicas"]), name


def test_no_replicas_where_an_hpa_owns_the_count(variants):
    for name, objects in variants.items():
        for hpa in _find(objects, "HorizontalPodAutoscaler"):
            ref = hpa["spec"]["scaleTargetRef"]
            [target] = _find(objects, ref["kind"], ref["name"])
            assert "replicas" not in target["spec"], (
                f"{name}: {ref['kind']}/{ref['name']} sets replicas beside its HPA"
            )


# Pods that operators create from our resources' `template` fields: where each template sits and
# the containers the operator creates there (Strimzi's KafkaClusterTemplate, KafkaNodePoolTemplate
# and EntityOperatorTemplate; no TLS sidecar since Strimzi 0.41). The MinIO Tenant's pools are
# checked below; CloudNativePG sets restricted-compliant contexts on its pods by itself.
OPERATOR_TEMPLATES = {
    "Kafka": {
        "spec.kafka.template": ("kafkaContainer", "initContainer"),
        "spec.entityOperator.template": ("topicOperatorContainer", "userOperatorContainer"),
    },
    "KafkaNodePool": {"spec.template": ("kafkaContainer", "initContainer")},
}


def _at(obj: dict, path: str) -> dict:
    for key in path.split("."):
        obj = obj.get(key) or {}
    return obj


def operator_pod_templates(objects):
    """(where, pod securityContext, {container: securityContext}) of every pod an operator makes."""
    for obj in objects:
        where = f"{obj['kind']}/{obj['metadata']['name']}"
        for path, containers in OPERATOR_TEMPLATES.get(obj["kind"], {}).items():
            template = _at(obj, path)
            yield (
                f"{where} {path}",
                _at(template, "pod.securityContext"),
                {c: _at(template, f"{c}.securityContext") for c in containers},
            )
        if obj["kind"] == "Tenant":
            for pool in obj["spec"]["pools"]:
                yield (
                    f"{where} pool {pool['name']}",
                    pool.get("securityContext", {}),
                    {"minio": pool.get("containerSecurityContext", {})},
                )


def _assert_restricted(where: str, psc: dict, containers: dict[str, dict]) -> None:
    assert psc.get("seccompProfile", {}).get("type") == "RuntimeDefault", where
    assert psc.get("runAsNonRoot") is True, where
    for name, sc in containers.items():
        assert sc.get("allowPrivilegeEscalation") is False, f"{where}/{name}"
        assert sc.get("capabilities", {}).get("drop") == ["ALL"], f"{where}/{name}"
        assert sc.get("seccompProfile", {}).get("type", "RuntimeDefault") == "RuntimeDefault", (
            f"{where}/{name}"
        )
        assert sc.get("runAsUser", psc.get("runAsUser", 1)) != 0, f"{where}/{name}"


def test_every_pod_is_pod_security_restricted(variants):
    """seccomp RuntimeDefault, non-root, no privilege escalation, all capabilities dropped, on
    every pod template: Deployments, StatefulSets, Jobs and CronJobs, and the pods operators
    create from our Kafka, KafkaNodePool and Tenant resources (their `template` fields)."""
    for name, objects in variants.items():
        for obj, pod in pod_templates(objects):
            where = f"{name}: {obj['kind']}/{obj['metadata']['name']}"
            containers = {c["name"]: c.get("securityContext", {}) for c in _containers(pod)}
            _assert_restricted(where, pod.get("securityContext", {}), containers)
            assert pod.get("automountServiceAccountToken") is False, where
        for where, psc, containers in operator_pod_templates(objects):
            _assert_restricted(f"{name}: {where}", psc, containers)
        kinds = {o["kind"] for o in objects}
        assert "kafka-strimzi" not in name or {"Kafka", "KafkaNodePool"} <= kinds, name
        for ns in _find(objects, "Namespace"):
            assert ns["metadata"]["labels"]["pod-security.kubernetes.io/enforce"] == "restricted", name


def _secret_refs(pod: dict) -> set[str]:
    refs = set()
    for c in _containers(pod):
        refs |= {e["secretRef"]["name"] for e in c.get("envFrom", []) if "secretRef" in e}
        refs |= {
            e["valueFrom"]["secretKeyRef"]["name"]
            for e in c.get("env", [])
            if "secretKeyRef" in e.get("valueFrom", {})
        }
    refs |= {v["secret"]["secretName"] for v in pod.get("volumes", []) if "secret" in v}
    return refs


def _base_name(secret: str, generated: set[str]) -> str:
    """Secret name without the generator's hash suffix."""
    return secret.rsplit("-", 1)[0] if secret in generated else secret


def test_every_service_gets_only_its_own_secrets(variants):
    for name, objects in variants.items():
        generated = {s["metadata"]["name"] for s in _find(objects, "Secret")}
        owners: dict[str, set[str]] = {}
        for obj, pod in pod_templates(objects):
            workload = obj["metadata"]["name"]
            for ref in _secret_refs(pod):
                owners.setdefault(_base_name(ref, generated), set()).add(workload)
        for secret, users in owners.items():
            if secret in ("slideshow-cluster-ca-cert", "redis-auth", "dev-postgres", "dev-minio"):
                continue  # a CA certificate; Redis' password for Redis and the gateway; dev dependencies
            assert len(users) == 1, f"{name}: Secret {secret} shared by {sorted(users)}"
            [user] = users
            assert secret in (f"{user}-secrets", f"{user}-db", f"{user}-kafka"), (
                f"{name}: {user} reads {secret}"
            )
        for d in DEPLOYABLES:
            assert f"{d}-secrets" in owners, f"{name}: {d} has no Secret of its own"
        assert "slideshow-secrets" not in owners


def test_prod_holds_no_secret_data(variants):
    for name, objects in variants.items():
        if name.startswith("prod"):
            assert not _find(objects, "Secret"), f"{name}: Secret data in the production overlay"


def test_external_secrets_create_every_secret_the_pods_read(variants):
    for name, objects in variants.items():
        if "external-secrets" not in name:
            continue
        created = {e["spec"]["target"]["name"] for e in _find(objects, "ExternalSecret")}
        operator_made = {"slideshow-cluster-ca-cert"} | {f"{s}-kafka" for s in SERVICES}
        for obj, pod in pod_templates(objects):
            missing = _secret_refs(pod) - created - operator_made
            assert not missing, f"{name}: {obj['metadata']['name']} reads {missing}, no ExternalSecret"


def test_external_secrets_create_every_documented_secret(variants):
    """One ExternalSecret per Secret of gen_k8s.secret_keys() (= docs/operations.md ## Secrets),
    the MinIO Tenant's too."""
    for name, objects in variants.items():
        if "external-secrets" in name:
            created = {e["spec"]["target"]["name"] for e in _find(objects, "ExternalSecret")}
            assert created == set(gen.secret_keys()), f"{name}: {created ^ set(gen.secret_keys())}"


# ConfigMaps that Kubernetes itself creates in every namespace.
BUILT_IN_CONFIGMAPS = {"kube-root-ca.crt"}


def test_mounted_configmaps_exist(variants):
    """Every ConfigMap a pod mounts is rendered with it or built into Kubernetes (no ConfigMap
    that someone has to remember to create)."""
    for name, objects in variants.items():
        rendered = {c["metadata"]["name"] for c in _find(objects, "ConfigMap")}
        for obj, pod in pod_templates(objects):
            for v in pod.get("volumes", []):
                if "configMap" in v:
                    assert v["configMap"]["name"] in rendered | BUILT_IN_CONFIGMAPS, (
                        f"{name}: {obj['metadata']['name']} mounts ConfigMap {v['configMap']['name']}"
                    )


def test_minio_tenant_secrets_are_documented(variants):
    """The Tenant's configuration and user Secrets are listed with the keys the operator reads;
    the services trust the Tenant's certificate through the cluster root CA."""
    keys = gen.secret_keys()
    tenants = [(n, t) for n, objects in variants.items() for t in _find(objects, "Tenant")]
    assert tenants
    for name, tenant in tenants:
        spec = tenant["spec"]
        assert [k for k, _ in keys[spec["configuration"]["name"]]] == ["config.env"], name
        for user in spec["users"]:
            assert [k for k, _ in keys[user["name"]]] == ["CONSOLE_ACCESS_KEY", "CONSOLE_SECRET_KEY"], name
        assert spec["requestAutoCert"] is True
        for svc in ("renderer", "delivery", "gateway"):
            [d] = _find(variants[name], "Deployment", svc)
            [ca] = [v for v in d["spec"]["template"]["spec"]["volumes"] if v["name"] == "minio-ca"]
            assert ca["configMap"] == {
                "name": "kube-root-ca.crt",
                "items": [{"key": "ca.crt", "path": "ca.crt"}],
            }


def test_config_name_is_hashed_so_changes_roll_pods(variants, tmp_path):
    for name, objects in variants.items():
        [cm] = [
            o for o in _find(objects, "ConfigMap") if o["metadata"]["name"].startswith("slideshow-config")
        ]
        assert cm["metadata"]["name"] != "slideshow-config", f"{name}: config name without hash"
        for obj, pod in pod_templates(objects):
            for c in _containers(pod):
                for e in c.get("envFrom", []):
                    if "configMapRef" in e:
                        assert e["configMapRef"]["name"] == cm["metadata"]["name"], obj["metadata"]["name"]
    combo = COMBOS[0]
    changed = render(prod_variant(tmp_path, combo, {"publicHost": "other.example.org"}))
    before = render(prod_variant(tmp_path / "again", combo))
    name_of = lambda objs: next(o["metadata"]["name"] for o in objs if o["kind"] == "ConfigMap")  # noqa: E731
    assert name_of(changed) != name_of(before)


def test_no_job_that_a_second_apply_would_fail_on(variants):
    """Jobs are immutable: a release must not re-apply one with a changed template. Migrations
    run in an init container of each Deployment (alembic under a Postgres advisory lock: safe
    to run on every start), so no Job is rendered at all; CronJobs create their own Jobs."""
    for name, objects in variants.items():
        assert not _find(objects, "Job"), f"{name}: a Job in the release"
        for svc in SERVICES:
            [d] = _find(objects, "Deployment", svc)
            [init] = d["spec"]["template"]["spec"]["initContainers"]
            assert {"name": "MIGRATE_ONLY", "value": "true"} in init["env"]
            assert init["image"] == d["spec"]["template"]["spec"]["containers"][0]["image"]


def test_migrations_are_rerunnable():
    migrate = (ROOT / "libs" / "kit" / "kit" / "migrate.py").read_text()
    assert "pg_advisory_lock" in migrate and "pg_namespace" in migrate


def test_only_the_gateway_is_reachable_from_outside(rendered):
    backends = {
        p["backend"]["service"]["name"]
        for o in _find(rendered, "Ingress")
        for r in o["spec"]["rules"]
        for p in r["http"]["paths"]
    }
    assert backends <= {"gateway"}
    for name in SERVICES:
        policy = _find(rendered, "NetworkPolicy", name)[0]
        sources = policy["spec"]["ingress"][0]["from"]
        assert all("podSelector" in s for s in sources), f"{name} must only accept in-cluster callers"


def test_namespace_selectors_come_from_the_parameters(tmp_path):
    objects = render(
        prod_variant(
            tmp_path, COMBOS[0], {"ingressNamespace": "edge", "monitoringNamespace": "observability"}
        )
    )
    label = "kubernetes.io/metadata.name"
    [gw] = _find(objects, "NetworkPolicy", "gateway")
    assert gw["spec"]["ingress"][0]["from"][0]["namespaceSelector"]["matchLabels"][label] == "edge"
    for name in DEPLOYABLES:
        [policy] = _find(objects, "NetworkPolicy", name)
        assert (
            policy["spec"]["ingress"][1]["from"][0]["namespaceSelector"]["matchLabels"][label]
            == "observability"
        )


def test_prod_ingress_has_tls_and_one_host_everywhere(variants):
    for name, objects in variants.items():
        if not name.startswith("prod"):
            continue
        [ingress] = _find(objects, "Ingress")
        config = _config(objects)
        host = ingress["spec"]["rules"][0]["host"]
        assert ingress["spec"]["tls"][0]["hosts"] == [host] and ingress["spec"]["tls"][0]["secretName"]
        assert ingress["metadata"]["annotations"]["cert-manager.io/cluster-issuer"]
        assert config["PUBLIC_BASE_URL"] == f"https://{host}"
        assert "*" not in config["MCP_ALLOWED_HOSTS"] and host in config["MCP_ALLOWED_HOSTS"].split(",")
        assert config["APP_ENV"] == "production"
        assert config["KAFKA_CREATE_TOPICS"] == "false"
        assert config["S3_SET_PUBLIC_POLICY"] == "false" and config["S3_CREATE_BUCKET"] == "false"
        assert urlsplit(config["S3_PUBLIC_URL"]).scheme == "https"


def test_prod_config_settings_exist():
    """Every key of the rendered config is a setting of some service (no typo goes unnoticed)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import settings_table

    known = {n.upper() for _, cls in settings_table.settings_classes() for n in cls.model_fields}
    for name in ("dev", "prod"):
        config = _config(render(K8S / "overlays" / name))
        assert set(config) - known == set(), name


def test_strimzi_declares_every_topic_replicated(variants):
    from kit import topics

    objects = variants["prod"]
    declared = {t["spec"]["topicName"]: t["spec"] for t in _find(objects, "KafkaTopic")}
    assert set(declared) == {n for t in topics.ALL for n in (t, topics.dead_letter(t))}
    for spec in declared.values():
        assert spec["replicas"] == 3 and spec["config"]["min.insync.replicas"] == 2
    users = {u["metadata"]["name"] for u in _find(objects, "KafkaUser")}
    assert users == {f"{s}-kafka" for s in SERVICES}
    config = _config(objects)
    assert config["KAFKA_SECURITY_PROTOCOL"] == "SASL_SSL" and config["KAFKA_SSL_CAFILE"]


def test_cnpg_gives_each_service_its_own_role_and_schema(variants):
    [cluster] = _find(variants["prod"], "Cluster")
    roles = {r["name"]: r for r in cluster["spec"]["managed"]["roles"]}
    assert set(roles) == set(SERVICES)
    sql = "\n".join(cluster["spec"]["bootstrap"]["initdb"]["postInitApplicationSQL"])
    for svc in SERVICES:
        assert roles[svc]["passwordSecret"]["name"] == f"{svc}-db"
        assert f"CREATE SCHEMA {svc} AUTHORIZATION {svc}" in sql
        [d] = _find(variants["prod"], "Deployment", svc)
        env = {e["name"]: e for e in d["spec"]["template"]["spec"]["containers"][0]["env"]}
        assert f"//{svc}:$(DB_PASSWORD)@" in env["DATABASE_URL"]["value"]
    assert "REVOKE CREATE ON SCHEMA public FROM PUBLIC" in sql


def test_dev_creates_topics_and_bucket_on_one_broker(variants):
    config = _config(variants["dev"])
    assert config["APP_ENV"] == "development"
    assert config["KAFKA_CREATE_TOPICS"] == "true" and config["KAFKA_REPLICATION_FACTOR"] == "1"
    assert config["S3_CREATE_BUCKET"] == "true"


def _images(objects) -> set[str]:
    return {c["image"] for _, pod in pod_templates(objects) for c in _containers(pod)}


def test_skaffold_profiles_build_the_images_their_overlays_deploy(variants):
    skaffold = yaml.safe_load((ROOT / "skaffold.yaml").read_text())
    profiles = {p["name"]: p for p in skaffold["profiles"]}
    for profile, overlay in (("dev", "dev"), ("prod", "prod")):
        build = profiles[profile].get("build", skaffold["build"])
        built = {a["image"] for a in build["artifacts"]}
        paths = profiles[profile]["manifests"]["kustomize"]["paths"]
        assert paths == [f"deploy/k8s/overlays/{overlay}"]
        ours = {i.rsplit(":", 1)[0] for i in _images(variants[overlay]) if "slideshow/" in i}
        assert ours == built, f"{profile}: overlay deploys {sorted(ours)}, skaffold builds {sorted(built)}"


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
    # Dependencies first, from the lock and pyproject files only, with uv's cache mounted.
    assert "COPY . ." not in lines, "the whole repository before the install"
    text = path.read_text()
    deps = text.index("--no-install-workspace")
    first_code_copy = text.index("COPY libs libs")
    assert deps < first_code_copy
    for copied in [line for line in lines if line.startswith("COPY ") and "--from" not in line]:
        if text.index(copied) < deps:
            assert copied.split()[1].endswith(("pyproject.toml", "uv.lock")), copied
    assert text.count("--mount=type=cache,target=/root/.cache/uv") >= 2
    if name == "renderer":
        assert "fonts-noto-cjk" in text and "fonts-noto-color-emoji" in text


def test_dockerignore_keeps_tests_docs_and_deploy_out():
    ignored = {line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()}
    assert {"tests", "**/tests", "docs", "deploy", ".git", ".venv"} <= ignored


def test_operations_doc_lists_every_secret_key_and_component():
    ops = (ROOT / "docs" / "operations.md").read_text()
    section = ops[ops.index("## Secrets") :]
    section = section[: section.index("\n## ", 5)]
    for secret, keys in gen.secret_keys().items():
        assert f"`{secret}`" in section, f"{secret} missing from docs/operations.md ## Secrets"
        for key, _ in keys:
            assert f"`{key}`" in section, f"{secret}: key {key} missing from docs/operations.md"
    for component in sorted(p.name for p in (K8S / "components").iterdir()):
        assert f"`{component}`" in ops, f"component {component} not described in docs/operations.md"
    for step in ("### Install", "### Upgrade", "### Rollback", "### Scale", "### Rotate secrets"):
        assert step in ops, f"runbook step {step} missing"
    install = ops[ops.index("#### Install") :]
    install = install[: install.index("\n####", 5)]
    assert "STRIMZI_POD_SECURITY_PROVIDER_CLASS=restricted" in install, "Strimzi's restricted provider"


def test_secret_keys_are_settings_of_their_service():
    sys.path.insert(0, str(ROOT / "scripts"))
    import settings_table

    fields = {
        owner: {n.upper() for n in cls.model_fields} for owner, cls in settings_table.settings_classes()
    }
    for secret, keys in gen.secret_keys().items():
        owner = secret.removesuffix("-secrets")
        if owner in fields:
            for key, _ in keys:
                assert key in fields[owner] | fields["all services"], (
                    f"{secret}: {key} is no setting of {owner}"
                )


def _tree(root: Path) -> dict[str, str]:
    """Files of the generated folders under root: path relative to root -> text."""
    return {
        str(p.relative_to(root)): p.read_text()
        for folder in gen.GENERATED
        for p in (root / folder).rglob("*")
        if p.is_file()
    }


def test_committed_manifests_match_generator(tmp_path):
    """The generator writes into a temporary directory; deploy/k8s is only read, never rewritten."""
    committed_mtimes = {p: p.stat().st_mtime_ns for p in K8S.rglob("*") if p.is_file()}
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "gen_k8s.py"), "--out", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    expected, committed = _tree(tmp_path), _tree(K8S)
    assert expected, "the generator wrote nothing"
    stale = sorted(
        (set(expected) ^ set(committed))
        | {f for f in set(expected) & set(committed) if expected[f] != committed[f]}
    )
    assert not stale, (
        f"deploy/k8s stale ({', '.join(stale)}): run .venv/bin/python scripts/gen_k8s.py and commit deploy/k8s"
    )
    assert {p: p.stat().st_mtime_ns for p in K8S.rglob("*") if p.is_file()} == committed_mtimes


def _normalized(objects: list[dict]) -> list[str]:
    """Objects as sorted JSON, generated names without their hash suffix."""
    generated = {
        o["metadata"]["name"]: o["metadata"]["name"].rsplit("-", 1)[0]
        for o in objects
        if o["kind"] in ("ConfigMap", "Secret") and o["metadata"]["name"].startswith(GENERATED_NAMES)
    }
    out = []
    for o in objects:
        text = json.dumps(o, sort_keys=True)
        for name, base in generated.items():
            text = text.replace(f'"{name}"', f'"{base}"')
        out.append(text)
    return sorted(out)


GENERATED_NAMES = (
    "slideshow-config-",
    *(f"{d}-secrets-" for d in DEPLOYABLES),
    "dev-postgres-",
    "dev-minio-",
)


@pytest.mark.parametrize("overlay", ["dev", "prod", "all-components"])
def test_offline_renderer_matches_kubectl(variants, overlay, tmp_path):
    """Machines without kubectl validate with kustomize_lite: it must render the same objects."""
    from tests.deploy import kustomize_lite

    if renderer() != "kubectl":
        pytest.skip("kubectl not installed: nothing to compare kustomize_lite with")
    if overlay == "all-components":
        combos = [c for c in COMBOS if "external-secrets" in c and "redis" in c]
        for combo in combos:
            path = prod_variant(tmp_path, combo)
            assert _normalized(kustomize_lite.build(path)) == _normalized(
                variants[f"prod[{combo_id(combo)}]"]
            )
        return
    path = K8S / "overlays" / overlay
    lite = kustomize_lite.build(path)
    assert _normalized(lite) == _normalized(variants[overlay])
    hashed = [o["metadata"]["name"] for o in lite if o["kind"] == "ConfigMap"]
    assert hashed and all(n.startswith("slideshow-config-") for n in hashed)


async def test_the_client_address_is_the_one_the_ingress_saw(rendered):
    """The per-IP limits use the address uvicorn takes from X-Forwarded-For; with the deployed
    FORWARDED_ALLOW_IPS a client cannot choose it by sending the header itself."""
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    config = _config(rendered)
    seen: list[str] = []

    async def app(scope, receive, send) -> None:
        seen.append(scope["client"][0])

    proxied = ProxyHeadersMiddleware(app, trusted_hosts=config["FORWARDED_ALLOW_IPS"])
    for forwarded in (b"203.0.113.5", b"6.6.6.6, 203.0.113.5", b"10.9.9.9, 203.0.113.5, 10.0.3.4"):
        scope = {
            "type": "http",
            "client": ("10.0.0.7", 40000),  # the ingress controller's pod
            "headers": [(b"x-forwarded-for", forwarded)],
        }
        await proxied(scope, None, None)
    assert seen == ["203.0.113.5"] * 3
