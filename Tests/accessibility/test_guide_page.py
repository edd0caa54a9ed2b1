"""Accessibility check of the guide's index.html, in headless Chromium with axe-core: the page's
structure and what axe checks, before anything plays (test_player.py checks the player).

Which page: EXPO_GUIDE_PAGE, one path or several separated by os.pathsep (":"); without it every
test is skipped. Set EXPO_GUIDE_CHECK_FILES=1 to also require every file the page links to next
to it (for a real output folder, not for the sample page). Set AXE_CORE_JS to use another
axe.min.js. Nothing is downloaded: Debian's chromium and chromedriver are used (see setup.sh).
"""

import json
import os
import pathlib
import re
from urllib.parse import unquote, urlparse

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import PAGES, open_page

pytestmark = pytest.mark.skipif(not PAGES, reason="EXPO_GUIDE_PAGE is not set")

# axe-core 4.x (WCAG 2.2 rules) from axe-playwright-python when setup.sh installed it, else the
# 3.1 that axe-selenium-python ships; AXE_CORE_JS names another.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def axe_script():
    if os.environ.get("AXE_CORE_JS"):
        return os.environ["AXE_CORE_JS"]
    try:
        import axe_playwright_python
        bundled = pathlib.Path(axe_playwright_python.__file__).parent / "axe.min.js"
        return str(bundled) if bundled.is_file() else None
    except ImportError:
        return None


def run_axe(driver, label):
    script = axe_script()
    axe = Axe(driver, script) if script else Axe(driver)
    axe.inject()
    version = driver.execute_script("return axe.version")
    options = {"runOnly": {"type": "tag", "values": AXE_TAGS}} if not version.startswith("3.") else None
    results = axe.run(options=options)
    print(f"axe-core {version}: {len(results['passes'])} rules passed, "
          f"{len(results['incomplete'])} need review, {len(results['violations'])} violated ({label})")
    for item in results["incomplete"]:
        print(f"  needs review: {item['id']}: {item['help']} ({len(item['nodes'])} node(s))")
    return results


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
    results = run_axe(driver, f"{color_scheme}, before playing")
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
    # Scripts are inline only: the cues as JSON and the player.
    for script in driver.find_elements(By.TAG_NAME, "script"):
        assert script.get_attribute("src") in (None, ""), "no script file is loaded"
        assert script.get_attribute("type") in (None, "", "application/json")
    if 'L&#39;Exposition de Paris' in pathlib.Path(path).read_text(encoding="utf-8"):
        french = driver.find_elements(By.CSS_SELECTOR, "h1 [lang=fr]")
        assert french and french[0].text == "L'Exposition de Paris 1900"


@pytest.mark.parametrize("path", PAGES)
def test_nothing_plays_by_itself(driver, path):
    open_page(driver, path)
    media = driver.find_elements(By.CSS_SELECTOR, "audio, video")
    for element in media:
        assert element.get_attribute("autoplay") is None
        assert element.get_attribute("preload") == "none"
    for element in driver.find_elements(By.CSS_SELECTOR, "section .player audio"):
        sources = element.find_elements(By.TAG_NAME, "source")
        assert sources and all(s.get_attribute("src") and s.get_attribute("type") for s in sources)
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
