#!/usr/bin/env python3
"""Counts the tests and their assertions, so that a change to the tests can show it lost none.

Swift: `@Test` functions and the `#expect`, `#require` and `XCTAssert…` calls under Tests/.
Python: the `assert` statements and `self.assert…` calls in the Python checks under Tests/.
Usage: python3 scripts/count-assertions.py [--by-file]
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
swift_assertion = re.compile(r"#expect\s*\(|#require\s*\(|\bXCTAssert\w*\s*\(")
swift_test = re.compile(r"@Test\b")
python_assertion = re.compile(r"^\s*assert\b|\bself\.assert\w+\s*\(", re.MULTILINE)


def without_comments(text):
    return "\n".join(line.split("//", 1)[0] if line.lstrip().startswith("//") else line for line in text.splitlines())


counts = {}
for path in sorted((root / "Tests").rglob("*")):
    if path.suffix == ".swift":
        text = without_comments(path.read_text(encoding="utf-8"))
        counts[path.relative_to(root)] = ("swift", len(swift_assertion.findall(text)), len(swift_test.findall(text)))
    elif path.suffix == ".py":
        text = path.read_text(encoding="utf-8")
        counts[path.relative_to(root)] = ("python", len(python_assertion.findall(text)), 0)

if "--by-file" in sys.argv:
    for path, (kind, assertions, tests) in counts.items():
        print(f"{assertions:5} {tests:4} {path}")
swift = sum(a for kind, a, _ in counts.values() if kind == "swift")
tests = sum(t for kind, _, t in counts.values() if kind == "swift")
python = sum(a for kind, a, _ in counts.values() if kind == "python")
print(f"Swift: {tests} @Test functions, {swift} assertions (#expect, #require, XCTAssert)")
print(f"Python checks: {python} assertions (assert, self.assert*)")
