"""Shared fixtures of the guide page's checks: headless Chromium, the pages under test, and a
small HTTP server on 127.0.0.1 that answers byte ranges (Python's http.server does not, and
Chromium cannot seek an <audio> without them).

Which pages: EXPO_GUIDE_PAGE, one path or several separated by os.pathsep (":"). Without it
every test is skipped. Screenshots and measurements go to EXPO_SCREENSHOT_DIR (default
.build/accessibility-screenshots in the checkout).
"""

import http.server
import json
import os
import pathlib
import re
import threading
import urllib.parse

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = os.environ.get("CHROMIUM_BINARY", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = [p for p in os.environ.get("EXPO_GUIDE_PAGE", "").split(os.pathsep) if p]
SCREENSHOTS = pathlib.Path(os.environ.get("EXPO_SCREENSHOT_DIR", ROOT / ".build" / "accessibility-screenshots"))


def page_has_player(path):
    return 'id="guide-data"' in pathlib.Path(path).read_text(encoding="utf-8")


AUDIO_PAGES = [p for p in PAGES if page_has_player(p)]


def make_driver(width=1280, height=900):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}", "--lang=ko-KR", "--mute-audio",
                     # Tests only: the page itself never starts playing by itself.
                     "--autoplay-policy=no-user-gesture-required",
                     "--allow-file-access-from-files"):
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    browser.set_script_timeout(60)
    return browser


@pytest.fixture(scope="session")
def driver():
    browser = make_driver()
    yield browser
    browser.quit()


class RangeRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder, answering `Range: bytes=a-b` with 206 Partial Content."""

    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def do_GET(self):
        match = re.fullmatch(r"bytes=(\d*)-(\d*)", self.headers.get("Range", "").strip())
        path = pathlib.Path(self.translate_path(self.path))
        if not match or not path.is_file():
            return super().do_GET()
        size = path.stat().st_size
        first, last = match.groups()
        if first == "":
            start, end = max(0, size - int(last or 0)), size - 1
        else:
            start, end = int(first), min(size - 1, int(last) if last else size - 1)
        if start >= size or start > end:
            self.send_response(416)
            self.send_header("Content-Range", f"bytes */{size}")
            self.end_headers()
            return None
        self.send_response(206)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
        self.send_header("Content-Length", str(end - start + 1))
        self.end_headers()
        with path.open("rb") as stream:
            stream.seek(start)
            remaining = end - start + 1
            while remaining > 0:
                chunk = stream.read(min(remaining, 1 << 16))
                if not chunk:
                    break
                try:
                    self.wfile.write(chunk)
                except (BrokenPipeError, ConnectionResetError):
                    break
                remaining -= len(chunk)
        return None


class FolderServer:
    """One range-capable server per folder, on 127.0.0.1 and a free port."""

    def __init__(self):
        self.servers = {}

    def url(self, page):
        page = pathlib.Path(page).resolve()
        folder = page.parent
        if folder not in self.servers:
            handler = lambda *a, **k: RangeRequestHandler(*a, directory=str(folder), **k)
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            server.daemon_threads = True
            threading.Thread(target=server.serve_forever, daemon=True).start()
            self.servers[folder] = server
        port = self.servers[folder].server_address[1]
        return f"http://127.0.0.1:{port}/{urllib.parse.quote(page.name)}"

    def close(self):
        for server in self.servers.values():
            server.shutdown()
            server.server_close()


@pytest.fixture(scope="session")
def server():
    folders = FolderServer()
    yield folders
    folders.close()


def page_url(path, origin, server=None):
    page = pathlib.Path(path).resolve()
    assert page.is_file(), f"no page at {page}"
    return page.as_uri() if origin == "file" else server.url(page)


def open_page(driver, path, color_scheme="light", origin="file", server=None, reduced_motion=False):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": color_scheme},
        {"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else "no-preference"}]})
    driver.get(page_url(path, origin, server))
    return pathlib.Path(path).resolve()


def record(name, value):
    """Adds a measurement to measurements.json beside the screenshots."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    target = SCREENSHOTS / "measurements.json"
    data = json.loads(target.read_text()) if target.exists() else {}
    data[name] = value
    target.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
