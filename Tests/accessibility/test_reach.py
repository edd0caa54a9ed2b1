"""What a visitor can reach on the guide page, in headless Chromium: the caption and the pause
button stay in the window at every size (WCAG 2.2 1.4.10 Reflow, 2.4.11 Focus Not Obscured),
the play/pause key works, the player is near the top of the Tab order, each chapter's sentences
are one tab stop with the arrow keys inside, and every edition the run made is linked.

Which pages: EXPO_GUIDE_PAGE (as the other checks). The editions check wants a guide made with
every format (`--format opus,mp3,epub,brf,pef,labels`): EXPO_EDITIONS_PAGE names its page, and
run.sh makes it. Screenshots `FOLDER-SIZE-reach.png` go to EXPO_SCREENSHOT_DIR.
"""

import os
import pathlib
import time
from urllib.parse import unquote, urlparse

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import AUDIO_PAGES, PAGES, SCREENSHOTS, open_page, record
from test_guide_page import readable, run_axe
from test_player import cues, reset_storage, state, wait_for

EDITIONS = [p for p in os.environ.get("EXPO_EDITIONS_PAGE", "").split(os.pathsep) if p]
READY = AUDIO_PAGES + [p for p in EDITIONS if p not in AUDIO_PAGES]
pytestmark = pytest.mark.skipif(not PAGES and not EDITIONS, reason="EXPO_GUIDE_PAGE is not set")

# CSS pixels and device pixels per CSS pixel: a phone, a laptop window, and that window at 200 %
# and 400 % zoom (browser zoom is a smaller CSS viewport drawn with more device pixels).
SIZES = {"320x568": (320, 568, 1), "1280x757": (1280, 757, 1), "1280x757-200": (640, 378, 2),
         "1280x757-400": (320, 189, 4)}

BOXES = """
const bar = document.getElementById('guide-player').getBoundingClientRect();
const box = e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
return {bar: box(document.getElementById('guide-player')), caption: box(document.getElementById('caption')),
        play: box(document.getElementById('play-button')), playText: document.getElementById('play-button').textContent,
        marked: document.querySelector('.s.current') ? box(document.querySelector('.s.current')) : null,
        height: window.innerHeight, width: window.innerWidth, scrollY: window.scrollY,
        pageHeight: document.documentElement.scrollHeight};
"""


def inside(box, boxes):
    return box["top"] >= -0.5 and box["bottom"] <= boxes["height"] + 0.5 and box["left"] >= -0.5 \
        and box["right"] <= boxes["width"] + 0.5


def emulate(driver, size):
    width, height, scale = SIZES[size]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": False})


def press_play_pause_key(driver):
    ActionChains(driver).key_down(Keys.ALT).send_keys("p").key_up(Keys.ALT).perform()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("path", READY)
def test_caption_and_pause_stay_in_view_in_the_last_chapter(driver, path, size):
    emulate(driver, size)
    try:
        open_page(driver, path)
        reset_storage(driver)
        driver.refresh()
        tracks = cues(driver)
        last = tracks[-1]
        # The last chapter from the chapter list, as a visitor picks it; then halfway into it.
        button = driver.find_element(By.CSS_SELECTOR, f".chapters li[data-track='{last['id']}'] .play-from")
        driver.execute_script("arguments[0].focus()", button)
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        wait_for(driver, lambda s: s["track"] == len(tracks) - 1 and not s["paused"] and s["readyState"] >= 1,
                 message="the last chapter playing")
        middle = last["cues"][len(last["cues"]) // 2]
        driver.execute_script("document.getElementById('guide-audio').currentTime = arguments[0]", middle[0] + 0.05)
        wait_for(driver, lambda s: s["caption"] and s["marked"] == str(middle[3]), message="the middle cue shown")
        time.sleep(1.2)  # the read-along scrolls to the sentence (smoothly)
        boxes = driver.execute_script(BOXES)
        name = pathlib.Path(path).resolve().parent.name
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / f"{name}-{size}-reach.png"))
        assert boxes["scrollY"] > boxes["pageHeight"] / 2, f"the read-along scrolled to the last chapter: {boxes}"
        assert inside(boxes["caption"], boxes), f"the caption is in the window at {size}: {boxes}"
        assert inside(boxes["play"], boxes) and boxes["playText"] == "일시 정지", f"the pause button at {size}: {boxes}"
        assert boxes["marked"] and boxes["marked"]["top"] >= boxes["bar"]["bottom"] - 0.5, \
            f"the sentence being read is below the bar, not under it: {boxes}"
        assert boxes["bar"]["bottom"] - boxes["bar"]["top"] <= 0.65 * boxes["height"], f"the bar leaves room to read: {boxes}"
        overflow = driver.execute_script("const d = document.documentElement; return [d.scrollWidth, d.clientWidth]")
        assert overflow[0] <= overflow[1], f"no horizontal scrolling at {size}: {overflow}"
        # The key pauses here too, wherever focus is.
        driver.execute_script("document.activeElement && document.activeElement.blur()")
        press_play_pause_key(driver)
        wait_for(driver, lambda s: s["paused"], message=f"Alt+P pauses at {size}")
    finally:
        driver.execute_script("document.getElementById('guide-audio').pause()")
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("path", READY)
def test_the_key_plays_and_pauses_and_k_only_in_the_bar(driver, path):
    open_page(driver, path)
    reset_storage(driver)
    driver.refresh()
    assert driver.find_element(By.ID, "play-button").get_attribute("aria-keyshortcuts") == "Alt+P"
    press_play_pause_key(driver)
    wait_for(driver, lambda s: not s["paused"] and s["time"] > 0.2, message="Alt+P plays")
    press_play_pause_key(driver)
    wait_for(driver, lambda s: s["paused"], message="Alt+P pauses")
    # K outside the bar is the visitor's (or the screen reader's), not the player's.
    sentence = driver.find_element(By.CSS_SELECTOR, ".s[tabindex='0']")
    driver.execute_script("arguments[0].focus()", sentence)
    ActionChains(driver).send_keys("k").perform()
    time.sleep(0.5)
    assert state(driver)["paused"], "K does nothing outside the player bar"
    driver.execute_script("document.getElementById('play-button').focus()")
    ActionChains(driver).send_keys("k").perform()
    wait_for(driver, lambda s: not s["paused"], message="K in the bar plays")
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    wait_for(driver, lambda s: s["paused"], message="Space on the play button pauses")


TAB_STOP = """
const e = document.activeElement, r = e.getBoundingClientRect(), bar = document.getElementById('guide-player');
return {id: e.id, tag: e.tagName, sentence: e.matches('.s[data-s]'), inBar: bar.contains(e),
        section: e.closest('section') ? e.closest('section').getAttribute('aria-labelledby') : null,
        top: r.top, bottom: r.bottom, barTop: bar.getBoundingClientRect().top, barBottom: bar.getBoundingClientRect().bottom,
        height: window.innerHeight};
"""


def tab_stops(driver, limit=600):
    stops = []
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        stop = driver.execute_script(TAB_STOP)
        if stop["tag"] == "BODY" or (stops and stop == stops[0]):
            break
        stops.append(stop)
    return stops


@pytest.mark.parametrize("path", READY)
def test_tab_reaches_the_player_soon_and_sentences_are_one_stop_a_chapter(driver, path):
    open_page(driver, path)
    reset_storage(driver)
    driver.refresh()
    stops = tab_stops(driver)
    ids = [s["id"] for s in stops]
    assert "play-button" in ids[:10], f"the player within 10 Tab stops from the top: {ids[:12]}"
    sentences = [s for s in stops if s["sentence"]]
    chapters = [t["id"] for t in cues(driver)]
    assert len(sentences) == len({s["section"] for s in sentences}) == len(chapters), \
        f"one stop per chapter's sentences: {len(sentences)} stops for {len(chapters)} chapters"
    record(pathlib.Path(path).resolve().parent.name + "-tab-stops",
           {"total": len(stops), "sentences": len(sentences), "before_play_button": ids.index("play-button") + 1})
    # Arrow keys move inside a chapter's sentences; Tab then leaves them.
    chapter = chapters[1]
    first = driver.find_element(By.CSS_SELECTOR, f"section[aria-labelledby='{chapter}'] .s[tabindex='0']")
    all_in = driver.find_elements(By.CSS_SELECTOR, f"section[aria-labelledby='{chapter}'] .s[tabindex]")
    assert len(all_in) > 2
    driver.execute_script("arguments[0].focus()", first)
    described = driver.execute_script("return document.getElementById(arguments[0].getAttribute('aria-describedby')).textContent", first)
    assert "화살표" in described, "the sentences say how to move among them"
    focused = lambda: driver.execute_script("return [document.activeElement.getAttribute('data-s'), "
                                            "document.activeElement.closest('section').getAttribute('aria-labelledby'), "
                                            "document.activeElement.getAttribute('tabindex')]")
    order = [e.get_attribute("data-s") for e in all_in]
    ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
    assert focused() == [order[1], chapter, "0"]
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    assert focused() == [order[2], chapter, "0"]
    ActionChains(driver).send_keys(Keys.ARROW_UP).perform()
    assert focused() == [order[1], chapter, "0"]
    ActionChains(driver).send_keys(Keys.END).perform()
    assert focused() == [order[-1], chapter, "0"]
    ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
    assert focused() == [order[-1], chapter, "0"], "the arrows stop at the chapter's last sentence"
    ActionChains(driver).send_keys(Keys.HOME).perform()
    assert focused() == [order[0], chapter, "0"]
    assert len(driver.find_elements(By.CSS_SELECTOR, f"section[aria-labelledby='{chapter}'] .s[tabindex='0']")) == 1
    ActionChains(driver).send_keys(Keys.TAB).perform()
    after = driver.execute_script(TAB_STOP)
    assert not (after["sentence"] and after["section"] == chapter), f"Tab leaves the sentences: {after}"


@pytest.mark.parametrize("size", ["1280x757-400", "320x568"])
@pytest.mark.parametrize("path", READY)
def test_focus_is_never_under_the_bar(driver, path, size):
    emulate(driver, size)
    try:
        open_page(driver, path)
        reset_storage(driver)
        driver.refresh()
        forward = tab_stops(driver)
        backward = []
        for _ in range(25):
            ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
            backward.append(driver.execute_script(TAB_STOP))
        for stop in forward + backward:
            if stop["inBar"] or stop["tag"] in ("BODY", "MAIN"):
                continue
            clear = stop["bottom"] <= stop["barTop"] + 1 or stop["top"] >= stop["barBottom"] - 1
            assert clear and stop["top"] < stop["height"] and stop["bottom"] > 0, \
                f"focus under the bar or out of the window at {size}: {stop}"
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


# Whole-guide files a run may make (manifest.json and index.html are the guide's frame, not editions).
def edition_files(folder):
    names = []
    for entry in sorted(folder.iterdir()):
        name = entry.name
        if entry.is_file() and (name.startswith("guide") or name in ("labels.json", "strings.xml")
                                or name.endswith(".xcstrings")):
            names.append(name)
    return names


@pytest.mark.skipif(not EDITIONS, reason="EXPO_EDITIONS_PAGE is not set")
@pytest.mark.parametrize("path", EDITIONS)
def test_every_edition_made_is_linked_with_its_size_and_what_opens_it(driver, path):
    page = open_page(driver, path)
    made = edition_files(page.parent)
    for expected in ("guide.opus", "guide.mp3", "guide.epub", "guide.brf", "guide.pef", "labels.json", "strings.xml",
                     "guide-opus.m3u8", "guide-mp3.m3u8", "guide.wav", "guide.txt"):
        assert expected in made, f"the run made {expected}: {made}"
    items = driver.execute_script("""
        return Array.from(document.querySelectorAll('nav.editions li')).map(li => {
            const a = li.querySelector('a');
            return {href: a.getAttribute('href'), text: a.textContent, opens: (li.querySelector('.opens') || {}).textContent || '',
                    original: li.classList.contains('original')};
        });""")
    linked = [unquote(urlparse(i["href"]).path) for i in items]
    assert sorted(linked) == made, f"linked {linked}, made {made}"
    for item, name in zip(items, linked):
        assert (page.parent / name).is_file()
        assert item["text"].rstrip().endswith(("KB", "MB")), f"{name} has its size: {item['text']}"
        assert item["opens"].strip(), f"{name} says what opens it"
    opens = " ".join(i["opens"] for i in items)
    for words in ("팟캐스트 앱", "EPUB 전자책 읽기 프로그램", "점자 정보 단말기", "점자 프린터(엠보서)"):
        assert words in opens, words
    # The first playlist is the Opus one, the MP3 one beside it; the WAV ones are the originals.
    playlists = [n for n in linked if n.endswith(".m3u8")]
    assert playlists[:2] == ["guide-opus.m3u8", "guide-mp3.m3u8"], playlists
    assert [n for n, i in zip(linked, items) if i["original"]] == ["guide.wav", "guide.m3u8"]
    for scheme in ("light", "dark"):
        open_page(driver, path, scheme)
        results = run_axe(driver, f"{scheme}, every edition")
        assert results["violations"] == [], readable(results["violations"])
