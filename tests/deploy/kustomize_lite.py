"""Renders the subset of Kustomize this repository uses (resources, namespace, images, labels,
strategic-merge patches matched by kind and name), so overlays can be validated offline:
no kustomize binary is installable from the package registries this project uses."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

NAMESPACED_EXEMPT = {"Namespace", "ClusterRole", "ClusterRoleBinding"}


def build(path: Path) -> list[dict[str, Any]]:
    kust = yaml.safe_load((path / "kustomization.yaml").read_text())
    objects: list[dict[str, Any]] = []
    for res in kust.get("resources", []):
        target = path / res
        if target.is_dir():
            objects += build(target)
        else:
            objects += [d for d in yaml.safe_load_all(target.read_text()) if d]
    for patch in kust.get("patches", []):
        for doc in yaml.safe_load_all((path / patch["path"]).read_text()):
            _apply_patch(objects, doc)
    for item in kust.get("labels", []):
        for obj in objects:
            obj.setdefault("metadata", {}).setdefault("labels", {}).update(item["pairs"])
    if ns := kust.get("namespace"):
        for obj in objects:
            if obj["kind"] not in NAMESPACED_EXEMPT:
                obj["metadata"]["namespace"] = ns
    for image in kust.get("images", []):
        for container in _containers(objects):
            if container["image"].split(":")[0] == image["name"]:
                container["image"] = f"{image.get('newName', image['name'])}:{image.get('newTag', 'latest')}"
    return objects


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
            by_name = {v["name"]: v for v in dst[key]}
            for v in value:
                if v["name"] in by_name:
                    _merge(by_name[v["name"]], v)
                else:
                    dst[key].append(v)
        else:
            dst[key] = value


def _containers(objects: list[dict[str, Any]]):
    for obj in objects:
        spec = obj.get("spec", {})
        if obj["kind"] == "CronJob":
            spec = spec["jobTemplate"]["spec"]
        pod = spec.get("template", {}).get("spec", {})
        yield from pod.get("containers", [])
