"""Accessibility check of the guide's index.html, in headless Chromium with axe-core.

Which page: EXPO_GUIDE_PAGE, one path or several separated by os.pathsep (":"). A sample page
comes from the Swift test "SamplePageExport" (EXPO_SAMPLE_PAGE_OUT=/tmp/x/index.html
swift test --filter SamplePageExport). Without EXPO_GUIDE_PAGE every test is skipped.

Set EXPO_GUIDE_CHECK_FILES=1 to also require every file the page links to next to it (for a
real output folder, not for the sample page). Set AXE_CORE_JS to use another axe.min.js than
the one axe-selenium-python ships. Nothing is downloaded: Debian's chromium and chromedriver
are used (see setup.sh).
"""

import json
import os
import pathlib
import re
from urllib.parse import unquote, urlparse

import pytest
from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

CHROMIUM = os.environ.get("CHROMIUM_BINARY", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")

PAGES = [p for p in os.environ.get("EXPO_GUIDE_PAGE", "").split(os.pathsep) if p]

pytestmark = pytest.mark.skipif(not PAGES, reason="EXPO_GUIDE_PAGE is not set")


@pytest.fixture(scope="module")
def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--window-size=1200,2000", "--lang=ko-KR"):
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    browser.set_script_timeout(60)
    yield browser
    browser.quit()


def open_page(driver, path, color_scheme="light"):
    page = pathlib.Path(path).resolve()
    assert page.is_file(), f"no page at {page}"
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": color_scheme}]})
    driver.get(page.as_uri())
    return page


def readable(violations):
    lines = [f"{len(violations)} axe violation(s):"]
    for violation in violations:
        lines.append(f"- {violation['id']} ({violation.get('impact')}): {violation['help']}")
        lines.append(f"  {violation['helpUrl']}")
        for node in violation["nodes"]:
            lines.append(f"  at {', '.join(node['target'])}")
            lines.append(f"     {node['html'][:200]}")
            for check in node.get("any", []) + node.get("all", []) + node.get("none", []):
                lines.append(f"     {check['message']}")
    return "\n".join(lines)


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
@pytest.mark.parametrize("path", PAGES)
def test_axe_finds_no_violations(driver, path, color_scheme):
    open_page(driver, path, color_scheme)
    axe = Axe(driver, os.environ["AXE_CORE_JS"]) if os.environ.get("AXE_CORE_JS") else Axe(driver)
    axe.inject()
    results = axe.run()
    version = driver.execute_script("return axe.version")
    print(f"axe-core {version}: {len(results['passes'])} rules passed, "
          f"{len(results['incomplete'])} need review, {len(results['violations'])} violated ({color_scheme})")
    for item in results["incomplete"]:
        print(f"  needs review: {item['id']}: {item['help']} ({len(item['nodes'])} node(s))")
    assert results["violations"] == [], readable(results["violations"])


@pytest.mark.parametrize("path", PAGES)
def test_page_structure(driver, path):
    open_page(driver, path)
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko"
    assert len(driver.find_elements(By.TAG_NAME, "h1")) == 1
    assert driver.find_element(By.TAG_NAME, "h1").text.strip()
    assert driver.title.strip()
    assert driver.execute_script("return document.characterSet") == "UTF-8"
    assert len(driver.find_elements(By.CSS_SELECTOR, "meta[name=viewport]")) == 1
    assert len(driver.find_elements(By.TAG_NAME, "main")) == 1
    skip = driver.find_elements(By.CSS_SELECTOR, "a[href^='#']")[0]
    target = skip.get_attribute("href").split("#", 1)[1]
    assert driver.find_element(By.ID, target).tag_name == "main"
    assert driver.find_elements(By.TAG_NAME, "h2"), "one h2 per track"
    assert not driver.find_elements(By.TAG_NAME, "script")


@pytest.mark.parametrize("path", PAGES)
def test_nothing_plays_by_itself_and_every_player_has_captions(driver, path):
    open_page(driver, path)
    media = driver.find_elements(By.CSS_SELECTOR, "audio, video")
    for element in media:
        assert element.get_attribute("autoplay") is None
        assert element.get_attribute("controls") is not None
        assert element.get_attribute("preload") == "none"
        captions = element.find_elements(By.CSS_SELECTOR, "track[kind=captions]")
        assert captions, f"no captions track in {element.get_attribute('outerHTML')[:200]}"
        assert all(c.get_attribute("srclang") and c.get_attribute("src") for c in captions)
    paused = driver.execute_script(
        "return Array.from(document.querySelectorAll('audio, video')).every(m => m.paused && !m.autoplay)")
    assert paused


@pytest.mark.parametrize("path", PAGES)
def test_no_external_resources(driver, path):
    page = open_page(driver, path)
    html = page.read_text(encoding="utf-8")
    external = re.compile(r"^\s*(https?:)?//", re.IGNORECASE)
    urls = driver.execute_script("""
        const found = [];
        for (const element of document.querySelectorAll('[src], [href], [srcset], [poster], [data]')) {
            for (const name of ['src', 'href', 'srcset', 'poster', 'data']) {
                const value = element.getAttribute(name);
                if (value !== null && !(element.tagName === 'A' && name === 'href')) found.push(value);
            }
        }
        return found;""")
    assert not [u for u in urls if external.match(u)], urls
    assert not re.search(r"url\(\s*['\"]?\s*(https?:)?//", html, re.IGNORECASE)
    assert not re.search(r"@import", html, re.IGNORECASE)
    loaded = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)")
    assert all(name.startswith("file:") for name in loaded), loaded


@pytest.mark.parametrize("path", PAGES)
def test_text_follows_the_readers_font_size(driver, path):
    open_page(driver, path)
    sizes = lambda: driver.execute_script(
        "return ['body', 'h1', 'h2', 'p'].map(s => parseFloat(getComputedStyle(document.querySelector(s)).fontSize))")
    before = sizes()
    driver.execute_script("document.documentElement.style.fontSize = '200%'")
    after = sizes()
    assert all(abs(a - 2 * b) < 0.5 for a, b in zip(after, before)), (before, after)


@pytest.mark.parametrize("path", PAGES)
def test_keyboard_focus_is_visible(driver, path):
    open_page(driver, path)
    focused = []
    for _ in range(6):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        focused.append(driver.execute_script("""
            const e = document.activeElement, s = getComputedStyle(e), r = e.getBoundingClientRect();
            return {tag: e.tagName, href: e.getAttribute('href'), outline: s.outlineStyle,
                    width: parseFloat(s.outlineWidth), top: r.top, bottom: r.bottom}"""))
    first = focused[0]
    assert first["tag"] == "A" and first["href"].startswith("#"), f"the skip link comes first: {first}"
    assert first["top"] >= 0 and first["bottom"] > first["top"], f"the skip link shows when focused: {first}"
    for element in focused:
        if element["tag"] == "A":
            assert element["outline"] != "none" and element["width"] >= 2, element


@pytest.mark.skipif(os.environ.get("EXPO_GUIDE_CHECK_FILES") != "1",
                    reason="set EXPO_GUIDE_CHECK_FILES=1 for a real output folder")
@pytest.mark.parametrize("path", PAGES)
def test_linked_files_exist(driver, path):
    page = open_page(driver, path)
    urls = driver.execute_script("""
        return Array.from(document.querySelectorAll('[src], a[href]'))
            .map(e => e.getAttribute('src') || e.getAttribute('href'))""")
    missing = []
    for url in urls:
        parsed = urlparse(url)
        if parsed.scheme or url.startswith("#"):
            continue
        if not (page.parent / unquote(parsed.path)).is_file():
            missing.append(url)
    assert not missing, json.dumps(missing, ensure_ascii=False)
