#!/usr/bin/env python3
"""Shows that Tests/docs/run-doc-commands.py fails a command that does not do as documented,
honours its marks, and reports the blocks it could not run, on small documents and a stand-in
binary (a shell script that fails when asked to)."""
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "run-doc-commands.py")
STAND_IN = "#!/bin/sh\ncase \"$1\" in fail) exit 3 ;; findings) exit 1 ;; esac\necho \"ran $*\"\n"


class RunDocCommandsTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.root = self.folder.name
        catalog = os.path.join(self.root, "Sources", "CatalogLoading", "Resources", "DefaultCatalog")
        os.makedirs(catalog)
        for name in ["poster.json", "items.json"]:
            open(os.path.join(catalog, name), "w").write("{}\n")
        os.makedirs(os.path.join(self.root, "docs"))
        self.binary = os.path.join(self.root, "stand-in")
        open(self.binary, "w").write(STAND_IN)
        os.chmod(self.binary, 0o755)

    def tearDown(self):
        self.folder.cleanup()

    def write(self, name, text):
        open(os.path.join(self.root, name), "w").write(text)

    def run_script(self):
        return subprocess.run([sys.executable, SCRIPT, "--root", self.root, "--binary", self.binary],
                              capture_output=True, text=True)

    def test_commands_that_do_as_documented_pass(self):
        self.write("README.md", "# T\n\n```sh\nexpo-narrate --all   # a comment\ntest -f my-poster.json\n"
                   "expo-narrate --list \\\n  --quiet\n```\n\n<!-- status: 0 or 1 -->\n```sh\nexpo-narrate findings\n```\n\n"
                   "<!-- not run: it needs a cluster -->\n```sh\nexpo-narrate fail\n```\n\n```swift\nlet x = 1\n```\n")
        result = self.run_script()
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("4 commands ran as documented", result.stdout)
        self.assertIn("not run  README.md:16: it needs a cluster", result.stdout)

    def test_a_failing_command_fails_the_run_naming_its_line(self):
        self.write("README.md", "# T\n")
        self.write(os.path.join("docs", "page.md"), "# P\n\n```sh\nexpo-narrate --all\nexpo-narrate fail\n```\n")
        result = self.run_script()
        self.assertEqual(result.returncode, 1)
        self.assertIn("docs/page.md:5: `expo-narrate fail` ended with status 3, not 0", result.stderr)

    def test_a_status_the_mark_does_not_allow_fails(self):
        self.write("README.md", "# T\n\n<!-- status: 0 or 1 -->\n```sh\nexpo-narrate fail\n```\n")
        self.assertIn("ended with status 3, not 0 or 1", self.run_script().stderr)

    def test_unlabelled_and_indented_blocks_are_problems_not_skipped(self):
        self.write("README.md", "# T\n\n```\nexpo-narrate --all\n```\n\nText.\n\n    expo-narrate --list\n\n"
                   "- a list item\n\n    its second paragraph\n")
        result = self.run_script()
        self.assertEqual(result.returncode, 1)
        self.assertIn("README.md:3: a fenced block without a language", result.stderr)
        self.assertIn("README.md:9: an indented code block", result.stderr)
        self.assertNotIn("README.md:13", result.stderr)

    def test_a_docs_page_the_readme_does_not_link_and_a_dead_link_are_problems(self):
        self.write("README.md", "# T\n\n[page](docs/page.md)\n")
        self.write(os.path.join("docs", "page.md"), "# P\n\nSee [gone](gone.md) and [site](https://example.org).\n")
        self.write(os.path.join("docs", "lost.md"), "# L\n")
        result = self.run_script()
        self.assertEqual(result.returncode, 1)
        self.assertIn("README.md: docs/lost.md is not linked", result.stderr)
        self.assertIn("docs/page.md: the link to gone.md names no file", result.stderr)
        self.assertNotIn("docs/page.md is not linked", result.stderr)
        self.assertNotIn("example.org", result.stderr)


if __name__ == "__main__":
    unittest.main()
