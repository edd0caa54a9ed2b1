#!/usr/bin/env python3
"""Runs every command shown in the documentation, so that none can go stale.

The documents are README.md, DEVELOPMENT.md, Benchmarks/README.md and docs/*.md. A command is a
line of a fenced block whose language is a shell (```sh, ```bash, ```console); a line ending in a
backslash goes on with the next. Each document's commands run in order, with bash and pipefail,
in a temporary folder of their own that holds a copy of the default catalog as my-poster.json,
my-items.json and my-images/ (the names the documents use for "your own catalog"), with the
binary under test first on PATH as `expo-narrate`. Each must end with status 0, or with what the
HTML comment right before its block says:

  <!-- status: 0 or 1 -->     the statuses this block's commands may end with
  <!-- not run: REASON -->     the block is shown, not run (REASON is printed)

A fenced block without a language, and an indented code block, are reported as problems: the
first cannot be told from a command, the second would be silently skipped. So are a docs page
that README.md does not link and a relative link that names no file.

Usage: Tests/docs/run-doc-commands.py [--binary FILE] [--root DIR] [--list]
  --binary FILE  the program to run (default: $EXPO_NARRATE_BIN, else .build/debug/expo-narrate)
  --root DIR     the checkout whose documents are read (default: this script's checkout)
  --list         print the commands and the skipped blocks, run nothing
The binary's cache is $XDG_CACHE_HOME/expo-narrate when that is set (scripts/test.sh shares the
page test's), else a temporary folder's. Exit status 0 when every command did as documented.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SHELLS = {"sh", "bash", "console", "shell"}
FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*([\w+-]*)")
MARK = re.compile(r"^\s*<!--\s*(not run|status):\s*(.*?)\s*-->\s*$")
LIST_ITEM = re.compile(r"^\s*([-*+]|\d+[.)])\s")
TIMEOUT = 900


class Block:
    def __init__(self, path, line, language, lines, mark):
        self.path, self.line, self.language, self.lines, self.mark = path, line, language, lines, mark

    def commands(self):
        """(line number, command) for each logical line, continuations joined."""
        result, pending, start = [], "", 0
        for offset, text in enumerate(self.lines):
            if not pending:
                start = self.line + 1 + offset
                if not text.strip() or text.lstrip().startswith("#"):
                    continue
            if text.endswith("\\"):
                pending += text[:-1] + " "
                continue
            result.append((start, pending + text))
            pending = ""
        if pending:
            result.append((start, pending))
        return result

    def statuses(self):
        if self.mark and self.mark[0] == "status":
            return {int(number) for number in re.findall(r"\d+", self.mark[1])}
        return {0}


def parse(path, shown):
    """The fenced blocks of one document and its problems (unlabelled or indented blocks)."""
    blocks, problems = [], []
    lines = open(path, encoding="utf-8").read().split("\n")
    index, mark, previous = 0, None, ""
    while index < len(lines):
        text = lines[index]
        fence = FENCE.match(text)
        if fence:
            marker, language = fence.group(2), fence.group(3).lower()
            body, index = [], index + 1
            while index < len(lines) and not lines[index].strip().startswith(marker):
                body.append(lines[index][len(fence.group(1)):])
                index += 1
            if not language:
                problems.append(f"{shown}:{index - len(body)}: a fenced block without a language; write ```sh for commands, or the language it is in")
            blocks.append(Block(shown, index - len(body), language, body, mark))
            mark, previous, index = None, "```", index + 1
            continue
        found = MARK.match(text)
        if found:
            mark = (found.group(1), found.group(2))
        elif text.strip():
            indented = text.startswith("    ") and not lines[index - 1].strip() if index else False
            if indented and not LIST_ITEM.match(previous) and not previous.startswith("  ") and previous != "```" \
                    and not previous.startswith("|"):
                problems.append(f"{shown}:{index + 1}: an indented code block; put it in a ```sh fence so that it is run")
            previous = text
            mark = None
        index += 1
    return blocks, problems


def documents(root):
    names = ["README.md", "DEVELOPMENT.md", os.path.join("Benchmarks", "README.md")]
    names += sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "docs", "*.md")))
    return [name for name in names if os.path.exists(os.path.join(root, name))]


LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def link_problems(root, names):
    """Every docs page is linked from README.md, and every relative link names a file that exists."""
    problems = []
    readme = open(os.path.join(root, "README.md"), encoding="utf-8").read() if "README.md" in names else ""
    linked = {os.path.normpath(target) for target in LINK.findall(readme)}
    for name in names:
        if name.startswith("docs" + os.sep) and name not in linked:
            problems.append(f"README.md: {name} is not linked; add it to the Documentation list")
        text = open(os.path.join(root, name), encoding="utf-8").read()
        for target in LINK.findall(text):
            if re.match(r"^[a-z]+:", target):
                continue
            if not os.path.exists(os.path.join(root, os.path.dirname(name), target)):
                problems.append(f"{name}: the link to {target} names no file")
    return problems


def prepare_folder(root, folder):
    catalog = os.path.join(root, "Sources", "CatalogLoading", "Resources", "DefaultCatalog")
    shutil.copyfile(os.path.join(catalog, "poster.json"), os.path.join(folder, "my-poster.json"))
    shutil.copyfile(os.path.join(catalog, "items.json"), os.path.join(folder, "my-items.json"))
    if os.path.isdir(os.path.join(catalog, "images")):
        shutil.copytree(os.path.join(catalog, "images"), os.path.join(folder, "my-images"))


def run(root, binary, listing):
    problems, failures, count = [], [], 0
    work = tempfile.mkdtemp(prefix="doc-commands-")
    try:
        bin_folder = os.path.join(work, "bin")
        os.makedirs(bin_folder)
        os.symlink(os.path.abspath(binary), os.path.join(bin_folder, "expo-narrate"))
        environment = dict(os.environ, PATH=bin_folder + os.pathsep + os.environ.get("PATH", ""))
        environment.setdefault("XDG_CACHE_HOME", os.path.join(work, "cache"))
        problems += link_problems(root, documents(root))
        for name in documents(root):
            blocks, found = parse(os.path.join(root, name), name)
            problems += found
            folder = os.path.join(work, name.replace(os.sep, "_"))
            os.makedirs(folder)
            prepare_folder(root, folder)
            for block in blocks:
                if block.language not in SHELLS:
                    continue
                if block.mark and block.mark[0] == "not run":
                    print(f"not run  {block.path}:{block.line}: {block.mark[1]}")
                    continue
                for line, command in block.commands():
                    count += 1
                    if listing:
                        print(f"command  {block.path}:{line}: {command}")
                        continue
                    started = time.monotonic()
                    try:
                        result = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=folder, env=environment,
                                                stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=TIMEOUT)
                        status, stderr = result.returncode, result.stderr
                    except subprocess.TimeoutExpired:
                        status, stderr = None, f"did not end within {TIMEOUT} s"
                    seconds = time.monotonic() - started
                    if status in block.statuses():
                        print(f"ok       {block.path}:{line} ({seconds:.1f} s): {command}")
                    else:
                        allowed = " or ".join(str(s) for s in sorted(block.statuses()))
                        tail = "\n".join(stderr.strip().split("\n")[-5:])
                        failures.append(f"{block.path}:{line}: `{command}` ended with status {status}, not {allowed}:\n{tail}")
                        print(f"FAILED   {block.path}:{line} ({seconds:.1f} s): {command}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for text in problems + failures:
        print(text, file=sys.stderr)
    if problems or failures:
        print(f"doc commands: {len(failures)} of {count} commands failed, {len(problems)} blocks to mend "
              "(a command that cannot run here: put <!-- not run: why --> before its block)", file=sys.stderr)
        return 1
    print(f"doc commands: {count} commands {'listed' if listing else 'ran as documented'}")
    return 0


def main():
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser = argparse.ArgumentParser(description="Runs every command shown in README.md and docs/.")
    parser.add_argument("--root", default=here)
    parser.add_argument("--binary", default=os.environ.get("EXPO_NARRATE_BIN") or os.path.join(here, ".build", "debug", "expo-narrate"))
    parser.add_argument("--list", action="store_true")
    arguments = parser.parse_args()
    if not arguments.list and not os.access(arguments.binary, os.X_OK):
        print(f"run-doc-commands: {arguments.binary} is not an executable program; build it (swift build) or name one with --binary",
              file=sys.stderr)
        return 66
    return run(os.path.abspath(arguments.root), arguments.binary, arguments.list)


if __name__ == "__main__":
    sys.exit(main())
