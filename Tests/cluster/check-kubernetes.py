#!/usr/bin/env python3
"""Checks deploy/kubernetes: every file parses, and the Jobs have what the shards and the
assemble run need (an Indexed Job with completions = parallelism = N and --shard auto/N, the
same catalog arguments in both Jobs, the shared ReadWriteMany volume mounted where --cache and
--output point). Exits 1 naming each problem."""
import pathlib
import sys

import yaml

root = pathlib.Path(__file__).resolve().parents[2] / "deploy" / "kubernetes"
problems = []


def check(condition, message):
    if not condition:
        problems.append(message)


documents = {}
for path in sorted(root.glob("*.yaml")):
    for document in yaml.safe_load_all(path.read_text(encoding="utf-8")):
        if document:
            documents[(document.get("kind"), document["metadata"]["name"])] = document
claim = documents.get(("PersistentVolumeClaim", "expo-narrate-shared"))
check(claim is not None, "no PersistentVolumeClaim expo-narrate-shared")
if claim:
    check("ReadWriteMany" in claim["spec"].get("accessModes", []), "the shared claim is not ReadWriteMany")


def container_and_mounts(job):
    pod = job["spec"]["template"]["spec"]
    check(pod.get("restartPolicy") in ("Never", "OnFailure"), f"{job['metadata']['name']}: restartPolicy must be Never or OnFailure")
    containers = pod.get("containers", [])
    check(len(containers) == 1, f"{job['metadata']['name']}: one container expected")
    container = containers[0]
    check(bool(container.get("image")), f"{job['metadata']['name']}: no image")
    volumes = {v["name"]: v for v in pod.get("volumes", [])}
    mounts = {}
    for mount in container.get("volumeMounts", []):
        volume = volumes.get(mount["name"], {})
        if volume.get("persistentVolumeClaim", {}).get("claimName") == "expo-narrate-shared":
            mounts[mount["mountPath"]] = True
    check(bool(mounts), f"{job['metadata']['name']}: the shared volume is not mounted")
    return container, list(mounts)


def option(args, name):
    return args[args.index(name) + 1] if name in args else None


def under(path, mounts):
    return path is not None and any(path == m or path.startswith(m.rstrip("/") + "/") for m in mounts)


shards = documents.get(("Job", "expo-narrate-shards"))
assemble = documents.get(("Job", "expo-narrate-assemble"))
check(shards is not None, "no Job expo-narrate-shards")
check(assemble is not None, "no Job expo-narrate-assemble")
if shards and assemble:
    spec = shards["spec"]
    check(spec.get("completionMode") == "Indexed", "the shards' Job is not an Indexed Job")
    n = spec.get("completions")
    check(isinstance(n, int) and n >= 1, "the shards' Job has no completions")
    check(spec.get("parallelism") == n, "parallelism differs from completions")
    container, mounts = container_and_mounts(shards)
    args = container.get("args", [])
    check("--all" in args, "the shards do not make --all")
    check(option(args, "--shard") == f"auto/{n}", f"--shard must be auto/{n} (completions = {n})")
    check(under(option(args, "--cache"), mounts), "the shards' --cache is not on the shared volume")
    env = {e["name"]: e for e in container.get("env", [])}
    check("JOB_COMPLETION_INDEX" in env, "JOB_COMPLETION_INDEX is not in the shards' env")
    a_container, a_mounts = container_and_mounts(assemble)
    a_args = a_container.get("args", [])
    check("--assemble-only" in a_args and "--all" in a_args, "the assemble Job does not run --all --assemble-only")
    check(option(a_args, "--cache") == option(args, "--cache"), "the assemble Job reads another cache than the shards fill")
    check(under(option(a_args, "--output"), a_mounts), "the assemble Job's --output is not on the shared volume")
    for name in ("--poster-file", "--items-file", "--voice", "--format", "--opus-bitrate"):
        check(option(a_args, name) == option(args, name), f"{name} differs between the shards and the assemble Job")
    check(a_container.get("image") == container.get("image"), "the two Jobs use different images")

for problem in problems:
    print(f"FAIL kubernetes files: {problem}", file=sys.stderr)
if problems:
    sys.exit(1)
print(f"PASS kubernetes files: {len(documents)} objects parsed, the Indexed Job and the assemble Job agree")
