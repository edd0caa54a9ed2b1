#!/usr/bin/env python3
"""Writes expo-narrate's man page from the argument parser's own description of the program
(`expo-narrate --experimental-dump-help`, swift-argument-parser's ToolInfo JSON), so that the
page lists every subcommand and option the program has and cannot drift from `--help`.

Usage: scripts/make-manual.py BINARY OUTPUT
  BINARY  the expo-narrate program
  OUTPUT  the page to write (expo-narrate.1; gzipped when the name ends in .gz)
Hidden subcommands (the program's own helpers) and `help` are left out. Exit status 0, or 66
when BINARY cannot be run, 65 when its description is not what this script reads.
"""
import gzip
import json
import subprocess
import sys


def roff(text):
    """Plain text as roff: backslashes escaped, no line starting with a control character."""
    lines = []
    for line in text.replace("\\", "\\e").replace("-", "\\-").split("\n"):
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def paragraphs(text):
    return "\n.PP\n".join(roff(part.strip()) for part in text.split("\n\n") if part.strip())


def synopsis(command, path):
    parts = [f".B {path}"]
    for argument in command.get("arguments", []):
        if not argument.get("shouldDisplay", True):
            continue
        if argument["kind"] == "positional":
            parts.append(f".RI [ {argument.get('valueName', 'value')} ]" if argument.get("isOptional")
                         else f".I {argument.get('valueName', 'value')}")
    if command.get("subcommands"):
        parts.append(".RI [ command ]")
    parts.append(".RI [ options ]")
    return "\n".join(parts)


def option_label(argument):
    names = [("--" if name["kind"] in ("long", "longWithSingleDash") else "-") + name["name"]
             for name in argument.get("names", [])]
    if argument["kind"] == "positional":
        return f"\\fI{argument.get('valueName', 'value')}\\fR"
    label = ", ".join(f"\\fB{roff(name)}\\fR" for name in names)
    if argument["kind"] == "option":
        label += f" \\fI{roff(argument.get('valueName', 'value'))}\\fR"
    return label


def options(command):
    out = []
    for argument in command.get("arguments", []):
        if not argument.get("shouldDisplay", True):
            continue
        out.append(".TP")
        out.append(option_label(argument))
        text = argument.get("abstract", "")
        if argument.get("discussion"):
            text += " " + argument["discussion"]
        if argument.get("defaultValue") not in (None, "") and argument["kind"] != "flag":
            text += f" (default: {argument['defaultValue']})"
        out.append(roff(text.strip()))
    return "\n".join(out)


def section(title, command, path):
    out = [f".SH {title}", synopsis(command, path), ".PP"]
    out.append(paragraphs(command.get("abstract", "") + ("\n\n" + command["discussion"] if command.get("discussion") else "")))
    listed = options(command)
    if listed:
        out += [".PP", "Options:", ".RS", listed, ".RE"]
    return "\n".join(out)


def page(info, version):
    command = info["command"]
    name = command["commandName"]
    shown = [sub for sub in command.get("subcommands", [])
             if sub.get("shouldDisplay", True) and sub["commandName"] != "help"]
    out = [f'.TH {name.upper()} 1 "" "{name} {version}" "User Commands"', ".nh", ".ad l",
           ".SH NAME", f"{name} \\- {roff(command.get('abstract', ''))}",
           ".SH SYNOPSIS", synopsis(command, name)]
    for sub in shown:
        out += [".br", synopsis(sub, f"{name} {sub['commandName']}")]
    out += [".SH DESCRIPTION", paragraphs(command.get("discussion", "")),
            ".SH OPTIONS", options(command),
            ".SH COMMANDS",
            "Each command has its own options and its own \\fB--help\\fR."]
    for sub in shown:
        out += [".TP", f"\\fB{sub['commandName']}\\fR", roff(sub.get("abstract", ""))]
    for sub in shown:
        out.append(section(f"COMMAND: {sub['commandName']}", sub, f"{name} {sub['commandName']}"))
    out += [".SH FILES",
            "The default catalog and the voice profiles: DefaultCatalog/ and Voices/ in "
            "\\fI$EXPO_NARRATE_DATA\\fR, beside the program, or in \\fI../share/expo-narrate\\fR from it.",
            ".SH SEE ALSO",
            f"The documentation in /usr/share/doc/{name} (README.md) or in the source checkout's docs/."]
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 64
    binary, output = sys.argv[1], sys.argv[2]
    try:
        dump = subprocess.run([binary, "--experimental-dump-help"], capture_output=True, text=True, check=True).stdout
        version = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"make-manual.py: {binary} cannot be run ({error}); build it first", file=sys.stderr)
        return 66
    try:
        text = page(json.loads(dump), version)
    except (ValueError, KeyError) as error:
        print(f"make-manual.py: {binary} --experimental-dump-help is not the ToolInfo JSON this script reads ({error!r})",
              file=sys.stderr)
        return 65
    data = text.encode("utf-8")
    if output.endswith(".gz"):
        data = gzip.compress(data, mtime=0)
    with open(output, "wb") as handle:
        handle.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
