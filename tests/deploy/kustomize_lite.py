"""Renders the subset of Kustomize this repository uses, so overlays can be validated offline when
no kubectl is on the machine (no kustomize binary is installable from the package registries this
project uses): resources, components, configMapGenerator/secretGenerator (with kustomize's hash
suffix and the references to it rewritten), strategic-merge patches matched by kind and name
(files with several documents, or inline), labels, namespace, images, replacements (kind, name
and label selectors, `[a.b]` path segments, delimiter options) and local-config resources.
tests/deploy checks that it renders what `kubectl kustomize` renders."""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import re
from pathlib import Path
from typing import Any

import yaml

CLUSTER_SCOPED = {"Namespace", "ClusterRole", "ClusterRoleBinding", "ClusterSecretStore"}
LOCAL_CONFIG = "config.kubernetes.io/local-config"
GENERATED = "internal.lite/generated"  # marks generated objects until their names are hashed


def build(path: Path) -> list[dict[str, Any]]:
    objects = _build(path, [])
    _hash_generated_names(objects)
    return [o for o in objects if o["metadata"].get("annotations", {}).get(LOCAL_CONFIG) != "true"]


def _build(path: Path, objects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Runs the kustomization (or component) at `path` over `objects` (a component's input)."""
    kust = yaml.safe_load((path / "kustomization.yaml").read_text())
    for res in kust.get("resources", []):
        target = path / res
        if target.is_dir():
            objects += _build(target, [])
        else:
            objects += [d for d in yaml.safe_load_all(target.read_text()) if d]
    for comp in kust.get("components", []):
        objects = _build(path / comp, objects)
    for kind, field in (("ConfigMap", "configMapGenerator"), ("Secret", "secretGenerator")):
        for gen in kust.get(field, []):
            _generate(objects, path, kind, gen)
    for patch in kust.get("patches", []):
        text = (path / patch["path"]).read_text() if "path" in patch else patch["patch"]
        for doc in yaml.safe_load_all(text):
            if doc:
                _apply_patch(objects, doc)
    for item in kust.get("labels", []):
        for obj in objects:
            obj.setdefault("metadata", {}).setdefault("labels", {}).update(item["pairs"])
    if ns := kust.get("namespace"):
        for obj in objects:
            if obj["kind"] not in CLUSTER_SCOPED:
                obj["metadata"]["namespace"] = ns
    for image in kust.get("images", []):
        for container in _containers(objects):
            name, _, tag = container["image"].partition(":")
            if name == image["name"]:
                new_tag = image.get("newTag", tag)
                container["image"] = image.get("newName", name) + (f":{new_tag}" if new_tag else "")
    for rep in kust.get("replacements", []):
        _replace(objects, rep)
    return objects


def _generate(objects: list[dict[str, Any]], path: Path, kind: str, gen: dict[str, Any]) -> None:
    data: dict[str, str] = {}
    for env in gen.get("envs", []):
        for line in (path / env).read_text().splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                key, _, value = line.partition("=")
                data[key.strip()] = value
    for literal in gen.get("literals", []):
        key, _, value = literal.partition("=")
        data[key] = value
    if kind == "Secret":
        data = {k: _base64(v) for k, v in data.items()}
    behavior = gen.get("behavior", "create")
    existing = [o for o in objects if o["kind"] == kind and o["metadata"]["name"] == gen["name"]]
    if behavior in ("merge", "replace") and existing:
        target = existing[0]
        target["data"] = {**target.get("data", {}), **data} if behavior == "merge" else data
        return
    obj: dict[str, Any] = {
        "apiVersion": "v1",
        "kind": kind,
        "metadata": {"name": gen["name"], "annotations": {GENERATED: "true"}},
        "data": data,
    }
    if kind == "Secret":
        obj["type"] = gen.get("type", "Opaque")
    objects.append(obj)


def _base64(value: str) -> str:
    """kustomize's encoding of Secret data: base64, in lines of 70 when longer than that."""
    encoded = base64.b64encode(value.encode()).decode()
    if len(encoded) <= 70:
        return encoded
    return "".join(encoded[i : i + 70] + "\n" for i in range(0, len(encoded), 70))


def _content_hash(obj: dict[str, Any]) -> str:
    """A name suffix that changes with the content (kind, name, data, type), shaped like
    kustomize's (10 characters of a sha256); the digits differ from kustomize's."""
    body: dict[str, Any] = {"kind": obj["kind"], "name": obj["metadata"]["name"], "data": obj.get("data", {})}
    if obj["kind"] == "Secret":
        body["type"] = obj.get("type", "Opaque")
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    return digest[:10].translate(str.maketrans("013ae", "ghkmt"))


def _hash_generated_names(objects: list[dict[str, Any]]) -> None:
    renamed: dict[tuple[str, str], str] = {}
    for obj in objects:
        annotations = obj["metadata"].get("annotations", {})
        if annotations.pop(GENERATED, None):
            if not annotations:
                del obj["metadata"]["annotations"]
            new = f"{obj['metadata']['name']}-{_content_hash(obj)}"
            renamed[(obj["kind"], obj["metadata"]["name"])] = new
            obj["metadata"]["name"] = new
    for obj in objects:
        for pod in _pods(obj):
            for c in [*pod.get("initContainers", []), *pod.get("containers", [])]:
                for e in c.get("envFrom", []):
                    for kind, key in (("ConfigMap", "configMapRef"), ("Secret", "secretRef")):
                        if key in e:
                            e[key]["name"] = renamed.get((kind, e[key]["name"]), e[key]["name"])
                for e in c.get("env", []):
                    src = e.get("valueFrom", {})
                    for kind, key in (("ConfigMap", "configMapKeyRef"), ("Secret", "secretKeyRef")):
                        if key in src:
                            src[key]["name"] = renamed.get((kind, src[key]["name"]), src[key]["name"])
            for v in pod.get("volumes", []):
                if "configMap" in v:
                    v["configMap"]["name"] = renamed.get(
                        ("ConfigMap", v["configMap"]["name"]), v["configMap"]["name"]
                    )
                if "secret" in v:
                    v["secret"]["secretName"] = renamed.get(
                        ("Secret", v["secret"]["secretName"]), v["secret"]["secretName"]
                    )


def _apply_patch(objects: list[dict[str, Any]], patch: dict[str, Any]) -> None:
    for obj in objects:
        if obj["kind"] == patch["kind"] and obj["metadata"]["name"] == patch["metadata"]["name"]:
            _merge(obj, copy.deepcopy(patch))
            return
    raise ValueError(f"patch target not found: {patch['kind']}/{patch['metadata']['name']}")


def _merge(dst: dict[str, Any], src: dict[str, Any]) -> None:
    for key, value in src.items():
        if isinstance(value, dict) and isinstance(dst.get(key), dict):
            _merge(dst[key], value)
        elif (
            isinstance(value, list)
            and isinstance(dst.get(key), list)
            and all(isinstance(v, dict) and "name" in v for v in value + dst[key])
        ):
            # Like kustomize: items new to the list go first (in the patch's order), the others
            # keep their place (and merge with the patch's item of the same name).
            by_name = {v["name"]: v for v in dst[key]}
            added = []
            for v in value:
                if v["name"] in by_name:
                    _merge(by_name[v["name"]], v)
                else:
                    added.append(v)
            dst[key] = added + dst[key]
        else:
            dst[key] = value


def _path(field_path: str) -> list[str]:
    """`spec.rules.0.host` or `metadata.annotations.[cert-manager.io/cluster-issuer]`."""
    return [a or b for a, b in re.findall(r"\[([^\]]+)\]|([^.\[\]]+)", field_path)]


def _get(obj: Any, parts: list[str]) -> Any:
    for part in parts:
        obj = obj[int(part)] if isinstance(obj, list) else obj[part]
    return obj


def _set(obj: Any, parts: list[str], value: Any) -> None:
    parent = _get(obj, parts[:-1])
    if isinstance(parent, list):
        parent[int(parts[-1])] = value
    else:
        parent[parts[-1]] = value


def _selected(obj: dict[str, Any], select: dict[str, str]) -> bool:
    if "kind" in select and obj["kind"] != select["kind"]:
        return False
    if "name" in select and obj["metadata"]["name"] != select["name"]:
        return False
    if "labelSelector" in select:
        labels = obj["metadata"].get("labels", {})
        for term in select["labelSelector"].split(","):
            key, _, value = term.partition("=")
            if labels.get(key.strip()) != value.strip():
                return False
    return True


def _replace(objects: list[dict[str, Any]], rep: dict[str, Any]) -> None:
    [source] = [o for o in objects if _selected(o, rep["source"])]
    value = _get(source, _path(rep["source"].get("fieldPath", "metadata.name")))
    for target in rep["targets"]:
        for obj in objects:
            if not _selected(obj, target["select"]):
                continue
            for field_path in target["fieldPaths"]:
                parts = _path(field_path)
                options = target.get("options", {})
                if "delimiter" in options:
                    pieces = str(_get(obj, parts)).split(options["delimiter"])
                    pieces[options.get("index", 0)] = value
                    _set(obj, parts, options["delimiter"].join(pieces))
                else:
                    _set(obj, parts, value)


def _pods(obj: dict[str, Any]):
    spec = obj.get("spec", {})
    if obj["kind"] == "CronJob":
        spec = spec["jobTemplate"]["spec"]
    if isinstance(spec, dict) and isinstance(spec.get("template"), dict) and "spec" in spec["template"]:
        yield spec["template"]["spec"]


def _containers(objects: list[dict[str, Any]]):
    for obj in objects:
        for pod in _pods(obj):
            yield from [*pod.get("initContainers", []), *pod.get("containers", [])]
