#!/usr/bin/env python3
"""scripts/format.sh --check passes on a copy of a source file formatted by scripts/format.sh of a source file and fails, naming the file
and line, on the same file with its formatting broken (a wrong indentation, two statements on a line)."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join("Sources", "ExpoModel", "ExitStatus.swift")


class FormatLintTest(unittest.TestCase):
    def make_copy(self, folder):
        os.makedirs(os.path.join(folder, "scripts"))
        os.makedirs(os.path.join(folder, "Sources", "ExpoModel"))
        os.makedirs(os.path.join(folder, "Tests"))
        shutil.copy(os.path.join(ROOT, "scripts", "format.sh"), os.path.join(folder, "scripts"))
        shutil.copy(os.path.join(ROOT, ".swift-format"), folder)
        shutil.copy(os.path.join(ROOT, "Package.swift"), folder)
        shutil.copy(os.path.join(ROOT, SAMPLE), os.path.join(folder, SAMPLE))

    def check(self, folder):
        return subprocess.run(["bash", "scripts/format.sh", "--check"], cwd=folder, capture_output=True, text=True)

    def test_formatted_tree_passes_and_a_misformatted_file_fails(self):
        with tempfile.TemporaryDirectory() as folder:
            self.make_copy(folder)
            subprocess.run(["bash", "scripts/format.sh"], cwd=folder, check=True)
            clean = self.check(folder)
            self.assertEqual(clean.returncode, 0, clean.stdout + clean.stderr)
            path = os.path.join(folder, SAMPLE)
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text + "\nfunc misformatted( ) {let a = 1;  _ = a }\n")
            broken = self.check(folder)
            self.assertNotEqual(broken.returncode, 0, "lint passed a misformatted file")
            self.assertIn("ExitStatus.swift:", broken.stdout + broken.stderr)


if __name__ == "__main__":
    sys.exit(unittest.main())
