"""The entries' pictures on the page, in headless Chromium: every picture the manifest lists is
shown in its track's section (loaded, in WebP where the browser takes it, the narrow file on a
narrow screen), with an alt attribute; the page does not scroll sideways at 320 px once every
picture has loaded; screenshots of a section with its picture at 1280 and 320 px.
"""

import json
import pathlib
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import PAGES, SCREENSHOTS, open_page, record

pytestmark = pytest.mark.skipif(not PAGES, reason="EXPO_GUIDE_PAGE is not set")


def manifest_pictures(path):
    """The track stems the guide's manifest lists pictures for, and those without alt text."""
    manifest = json.loads((pathlib.Path(path).resolve().parent / "manifest.json").read_text(encoding="utf-8"))
    settings = {}
    for key, value in manifest.items():
        if isinstance(value, dict):
            settings.update(value)
        settings[key] = value
    files = str(settings.get("pictures.files", "")).split()
    stems = sorted({name.rsplit("-", 1)[0] for name in files})
    missing = str(settings.get("pictures.withoutAlternativeText", "")).split()
    return stems, missing


def load_every_picture(driver):
    """Scrolls each picture into view (they load lazily) and waits until all have loaded."""
    images = driver.find_elements(By.CSS_SELECTOR, "figure.picture img")
    for image in images:
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", image)
        deadline = time.time() + 10
        while time.time() < deadline and not driver.execute_script(
                "return arguments[0].complete && arguments[0].naturalWidth > 0", image):
            time.sleep(0.05)
    return images


@pytest.mark.parametrize("path", PAGES)
def test_every_listed_picture_is_shown_in_its_section(driver, path):
    stems, missing = manifest_pictures(path)
    assert stems, "the guide lists no pictures (the default catalog has one for every track)"
    open_page(driver, path)
    images = load_every_picture(driver)
    shown = driver.execute_script("""
        return [...document.querySelectorAll('figure.picture img')].map(i => ({
          section: i.closest('section').getAttribute('aria-labelledby'),
          src: i.currentSrc.split('/').pop(), alt: i.getAttribute('alt'),
          width: i.naturalWidth, loaded: i.complete && i.naturalWidth > 0, lazy: i.loading}))""")
    assert len(images) == len(stems) == len(shown)
    for picture in shown:
        assert picture["loaded"], picture
        assert picture["alt"] is not None, picture
        assert picture["lazy"] == "lazy", picture
        assert picture["src"].endswith(".webp"), f"Chromium takes the WebP: {picture}"
        stem = picture["src"].rsplit("-", 1)[0]
        assert stem in stems and picture["section"].endswith(stem.split("-", 1)[1]), picture
        assert picture["alt"].endswith("(대체 텍스트 없음)") == (stem in missing), picture
    record(f"pictures shown ({pathlib.Path(path).absolute().parent.name})", len(shown))


@pytest.mark.parametrize("size", [(1280, 900), (320, 640)])
@pytest.mark.parametrize("path", PAGES)
def test_pictures_fit_the_screen(driver, path, size):
    width, height = size
    name = pathlib.Path(path).absolute().parent.name
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    try:
        open_page(driver, path)
        images = load_every_picture(driver)
        overflow = driver.execute_script("const d = document.documentElement; return [d.scrollWidth, d.clientWidth]")
        assert overflow[0] <= overflow[1], f"horizontal scrolling at {width} px with the pictures: {overflow}"
        wide = driver.execute_script(
            "return [...document.querySelectorAll('figure.picture img')].filter(i => i.getBoundingClientRect().right > document.documentElement.clientWidth).length")
        assert wide == 0
        if width == 320:
            # The narrow file on a narrow screen: 480 px is enough for 320 CSS px at density 1.
            sources = driver.execute_script(
                "return [...document.querySelectorAll('figure.picture img')].map(i => i.currentSrc.split('/').pop())")
            assert all("-960." not in source for source in sources), sources
        if images:
            driver.execute_script("arguments[0].closest('section').scrollIntoView()", images[min(1, len(images) - 1)])
            driver.save_screenshot(str(SCREENSHOTS / f"{name}-{width}-picture.png"))
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
