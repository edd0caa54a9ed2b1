#!/usr/bin/env python3
"""scripts/format.sh --check, as the test command runs it, passes a source file of the tree as
committed (formatted once by scripts/format.sh), fails on the same file with its formatting broken
(a wrong indentation, two statements on a line), naming the file and line and the command that
fixes it, and passes again once scripts/format.sh has formatted it."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join("Sources", "ExpoModel", "MessageText.swift")


class FormatLintTest(unittest.TestCase):
    def make_copy(self, folder):
        """A package of the tree's format script, configuration, Package.swift and one source file."""
        os.makedirs(os.path.join(folder, "scripts"))
        os.makedirs(os.path.join(folder, "Sources", "ExpoModel"))
        os.makedirs(os.path.join(folder, "Tests"))
        shutil.copy(os.path.join(ROOT, "scripts", "format.sh"), os.path.join(folder, "scripts"))
        shutil.copy(os.path.join(ROOT, ".swift-format"), folder)
        shutil.copy(os.path.join(ROOT, "Package.swift"), folder)
        shutil.copy(os.path.join(ROOT, SAMPLE), os.path.join(folder, SAMPLE))

    def check(self, folder):
        return subprocess.run(["bash", "scripts/format.sh", "--check"], cwd=folder, capture_output=True, text=True)

    def test_the_formatted_tree_passes_and_a_misformatted_file_fails(self):
        with tempfile.TemporaryDirectory() as folder:
            self.make_copy(folder)
            clean = self.check(folder)
            self.assertEqual(clean.returncode, 0, "the committed file fails the check: " + clean.stdout + clean.stderr)
            path = os.path.join(folder, SAMPLE)
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text + "\nfunc misformatted( ) {let a = 1;  _ = a }\n")
            broken = self.check(folder)
            said = broken.stdout + broken.stderr
            self.assertNotEqual(broken.returncode, 0, "the check passed a misformatted file")
            line = len(text.split("\n")) + 1
            self.assertIn(f"{SAMPLE}:{line}:", said)
            self.assertIn("bash scripts/format.sh", said)
            subprocess.run(["bash", "scripts/format.sh"], cwd=folder, check=True)
            fixed = self.check(folder)
            self.assertEqual(fixed.returncode, 0, "the check fails a file scripts/format.sh formatted: " + fixed.stdout + fixed.stderr)


if __name__ == "__main__":
    sys.exit(unittest.main())
