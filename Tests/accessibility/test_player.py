"""The read-along player of the guide page, in headless Chromium, from file:// and from a
range-capable HTTP server on 127.0.0.1: captions that show and match the .vtt, the sentence
being read, chapters, speed kept across visits, the keyboard alone, screenshots at 1280 and
320 CSS pixels in light and dark, and the page without JavaScript.
"""

import json
import pathlib
import re
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import AUDIO_PAGES, PAGES, SCREENSHOTS, make_driver, open_page, record
from test_guide_page import readable, run_axe

pytestmark = pytest.mark.skipif(not PAGES, reason="EXPO_GUIDE_PAGE is not set")
ORIGINS = ["file", "http"]

STATE = """
const a = document.getElementById('guide-audio');
const c = document.getElementById('caption');
const m = document.querySelector('.s.current');
const data = JSON.parse(document.getElementById('guide-data').textContent);
const src = a.currentSrc || a.src || '';
const track = data.tracks.findIndex(t => { const s = document.getElementById(t.id).closest('section');
    const source = s && s.querySelector('audio source'); return source && src.endsWith(source.getAttribute('src')); });
return {time: a.currentTime, paused: a.paused, rate: a.playbackRate, src: src, track: track,
        trackId: track >= 0 ? data.tracks[track].id : null, caption: c.textContent,
        captionShown: !document.getElementById('caption-box').hidden,
        marked: m ? m.getAttribute('data-s') : null,
        markedIn: m ? m.closest('section').querySelector('h2').id : null,
        now: document.getElementById('now-playing').textContent, readyState: a.readyState};
"""


def state(driver):
    return driver.execute_script(STATE)


def cues(driver):
    return driver.execute_script("return JSON.parse(document.getElementById('guide-data').textContent).tracks")


def wait_for(driver, condition, timeout=20, message="condition"):
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        last = state(driver)
        if condition(last):
            return last
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {message}: {last}")


def parse_vtt(path):
    """[(start, end, text on one line)] of a WebVTT file."""
    def seconds(stamp):
        parts = stamp.split(":")
        return sum(float(p) * 60 ** i for i, p in enumerate(reversed(parts)))
    result = []
    for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
        lines = block.strip().splitlines()
        for index, line in enumerate(lines):
            if "-->" in line:
                start, end = (seconds(x.strip().split()[0]) for x in line.split("-->"))
                text = " ".join(lines[index + 1:]).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
                result.append((start, end, " ".join(text.split())))
                break
    return result


def expected_cue(track_cues, t):
    for cue in track_cues:
        if cue[0] <= t < cue[1]:
            return cue
    return None


def check_caption_moment(driver, page, label):
    """Pauses, then checks the caption area and the marked sentence against the page's cues
    and the track's .vtt at the current time."""
    driver.execute_script("document.getElementById('guide-audio').pause()")
    now = wait_for(driver, lambda s: s["paused"], message="pause")
    time.sleep(0.2)
    now = state(driver)
    track = next(t for t in cues(driver) if t["id"] == now["trackId"])
    cue = expected_cue(track["cues"], now["time"])
    assert cue is not None, f"{label}: no cue at {now['time']}"
    assert now["caption"] == cue[2], f"{label}: caption {now['caption']!r} is not the cue {cue[2]!r}"
    assert now["marked"] == str(cue[3]) and now["markedIn"] == now["trackId"], f"{label}: {now}"
    # The .vtt of the same track agrees: its cue at that time holds the page's cue text.
    stem = re.sub(r"\.[^.]+$", "", now["src"].rsplit("/", 1)[-1])
    vtt = parse_vtt(page.parent / f"{stem}.vtt")
    heard = [c for c in vtt if c[0] - 0.002 <= now["time"] < c[1] + 0.002]
    assert heard, f"{label}: the .vtt has no cue at {now['time']}"
    shown = " ".join(cue[2].split())
    assert any(shown in c[2] for c in heard), f"{label}: {shown!r} not in the .vtt's {heard}"
    return now


def click_in_view(driver, element):
    """Clicks `element` after scrolling it to the middle of the window, as a visitor would before
    clicking: WebDriver's own scrolling puts it at the window's edge, under the sticky player
    bar (which no visitor scrolling by hand would do)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def reset_storage(driver):
    driver.execute_script("try { localStorage.clear() } catch (e) {}")


def start_guide(driver):
    driver.find_element(By.ID, "play-button").click()
    return wait_for(driver, lambda s: not s["paused"] and s["time"] > 0.4 and s["caption"], message="playing with a caption")


@pytest.mark.parametrize("origin", ORIGINS)
@pytest.mark.parametrize("path", AUDIO_PAGES)
def test_captions_and_read_along_follow_the_audio(driver, server, path, origin):
    page = open_page(driver, path, origin=origin, server=server)
    reset_storage(driver)
    driver.refresh()
    first = state(driver)
    assert first["paused"] and first["time"] == 0 and first["caption"] == ""
    live = driver.find_element(By.ID, "now-playing")
    assert live.get_attribute("aria-live") == "polite"
    # Count what the live region says: once per chapter change, never per sentence.
    driver.execute_script("""window.__announced = [];
        new MutationObserver(() => window.__announced.push(document.getElementById('now-playing').textContent))
            .observe(document.getElementById('now-playing'), {childList: true, characterData: true, subtree: true});""")
    start_guide(driver)
    check_caption_moment(driver, page, "moment 1: the guide started")
    assert driver.execute_script("return window.__announced") == [state(driver)["now"]]
    # The title's French name is marked in the caption as in the heading.
    if driver.find_elements(By.CSS_SELECTOR, f"h2#{cues(driver)[0]['id']} [lang=fr]") and state(driver)["marked"] == "0":
        assert driver.find_element(By.CSS_SELECTOR, "#caption [lang=fr]").text.startswith("L'Exposition")
    assert state(driver)["now"].endswith(driver.find_element(By.ID, cues(driver)[0]["id"]).text)

    # Moment 2: a sentence in the middle of the poster's text, activated by a click.
    tracks = cues(driver)
    middle = tracks[0]["cues"][len(tracks[0]["cues"]) // 2]
    sentence = driver.find_element(By.CSS_SELECTOR, f"section[aria-labelledby='{tracks[0]['id']}'] .s[data-s='{middle[3]}']")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", sentence)
    sentence.click()
    starts = min(c[0] for c in tracks[0]["cues"] if c[3] == middle[3])
    after = wait_for(driver, lambda s: not s["paused"] and s["time"] >= starts and s["track"] == 0,
                     message="playing from the sentence")
    assert after["time"] - starts < 1.5, (after, starts)
    time.sleep(0.6)
    check_caption_moment(driver, page, "moment 2: a sentence was activated")
    assert len(driver.execute_script("return window.__announced")) == 1, "no announcement within a chapter"

    # Moment 3: the next chapter.
    driver.find_element(By.ID, "next-button").click()
    moved = wait_for(driver, lambda s: s["track"] == 1 and not s["paused"] and s["time"] > 0.5 and s["caption"],
                     message="the next chapter playing")
    assert moved["now"].endswith(driver.find_element(By.ID, tracks[1]["id"]).text)
    check_caption_moment(driver, page, "moment 3: the next chapter")
    announced = driver.execute_script("return window.__announced")
    assert len(announced) == 2 and announced[1].endswith(moved["now"].split(": ", 1)[1]), announced


@pytest.mark.parametrize("path", AUDIO_PAGES)
def test_the_guide_plays_on_into_the_next_chapter(driver, path):
    open_page(driver, path)
    reset_storage(driver)
    start_guide(driver)
    driver.execute_script("const a = document.getElementById('guide-audio'); a.currentTime = a.duration - 0.5")
    after = wait_for(driver, lambda s: s["track"] == 1 and not s["paused"] and s["time"] > 0.2,
                     message="the second chapter after the first ended")
    items = driver.find_elements(By.CSS_SELECTOR, ".chapters li.playing")
    assert len(items) == 1 and items[0].get_attribute("data-track") == after["trackId"]
    # With "다음 장 이어 듣기" off, a chapter is played on its own.
    click_in_view(driver, driver.find_element(By.ID, "continue-play"))
    driver.execute_script("const a = document.getElementById('guide-audio'); a.currentTime = a.duration - 0.5")
    ended = wait_for(driver, lambda s: s["paused"], message="the chapter's end")
    assert ended["track"] == 1
    reset_storage(driver)


@pytest.mark.parametrize("origin", ORIGINS)
@pytest.mark.parametrize("path", AUDIO_PAGES)
def test_sentence_activation_seeks_to_its_start(driver, server, path, origin):
    open_page(driver, path, origin=origin, server=server)
    tracks = cues(driver)
    target = tracks[1]
    sentence_index = target["cues"][-1][3]
    start = min(c[0] for c in target["cues"] if c[3] == sentence_index)
    element = driver.find_element(By.CSS_SELECTOR, f"section[aria-labelledby='{target['id']}'] .s[data-s='{sentence_index}']")
    # One tab stop a chapter (test_reach.py): the sentence is focusable, by the arrow keys.
    assert element.get_attribute("role") == "button" and element.get_attribute("tabindex") in ("0", "-1")
    driver.execute_script("arguments[0].focus()", element)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    now = wait_for(driver, lambda s: s["track"] == 1 and s["readyState"] >= 1 and abs(s["time"] - start) < 1.0,
                   message=f"currentTime at {start}")
    driver.execute_script("document.getElementById('guide-audio').pause()")
    assert now["track"] == 1


@pytest.mark.parametrize("origin", ORIGINS)
@pytest.mark.parametrize("path", AUDIO_PAGES)
def test_speed_and_captions_choice_are_kept_after_reload(driver, server, path, origin):
    open_page(driver, path, origin=origin, server=server)
    reset_storage(driver)
    driver.refresh()
    speed = driver.find_element(By.ID, "speed")
    assert speed.get_attribute("value") == "1"
    options = [o.get_attribute("value") for o in speed.find_elements(By.TAG_NAME, "option")]
    assert options[0] == "0.75" and options[-1] == "2"
    driver.execute_script("const s = document.getElementById('speed'); s.value = '1.5'; s.dispatchEvent(new Event('change'))")
    start_guide(driver)
    assert state(driver)["rate"] == 1.5
    click_in_view(driver, driver.find_element(By.ID, "show-captions"))
    assert not state(driver)["captionShown"]
    driver.refresh()
    wait_for(driver, lambda s: True)
    assert driver.find_element(By.ID, "speed").get_attribute("value") == "1.5"
    assert not state(driver)["captionShown"]
    driver.find_element(By.ID, "play-button").click()
    playing = wait_for(driver, lambda s: not s["paused"] and s["time"] > 0.2, message="playing after reload")
    assert playing["rate"] == 1.5
    click_in_view(driver, driver.find_element(By.ID, "show-captions"))
    assert state(driver)["captionShown"]
    driver.execute_script("document.getElementById('guide-audio').pause()")
    reset_storage(driver)


@pytest.mark.parametrize("path", AUDIO_PAGES)
def test_axe_finds_no_violations_while_playing(driver, path):
    for scheme in ("light", "dark"):
        open_page(driver, path, scheme)
        start_guide(driver)
        wait_for(driver, lambda s: s["marked"] is not None, message="a marked sentence")
        results = run_axe(driver, f"{scheme}, while playing")
        driver.execute_script("document.getElementById('guide-audio').pause()")
        assert results["violations"] == [], readable(results["violations"])


FOCUS = """
const e = document.activeElement, s = getComputedStyle(e);
return {tag: e.tagName, id: e.id, cls: e.className, role: e.getAttribute('role'), text: (e.textContent || '').trim().slice(0, 40),
        outline: s.outlineStyle, width: parseFloat(s.outlineWidth), visible: !!(e.offsetWidth || e.offsetHeight),
        index: Array.from(document.querySelectorAll('*')).indexOf(e)};
"""


@pytest.mark.parametrize("path", AUDIO_PAGES)
def test_keyboard_alone_reaches_and_operates_every_control(driver, path):
    open_page(driver, path)
    reset_storage(driver)
    driver.refresh()
    seen = []
    for _ in range(400):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        focus = driver.execute_script(FOCUS)
        if seen and focus["index"] == seen[0]["index"] or focus["tag"] == "BODY":
            break
        seen.append(focus)
    ids = [f["id"] for f in seen]
    for control in ("play-button", "next-button", "speed", "show-captions", "follow-text", "continue-play"):
        assert control in ids, f"{control} not reached with Tab: {ids[:40]}"
    # Tab order is document order (no positive tabindex), ends (no trap) and every stop shows focus.
    order = [f["index"] for f in seen if f["tag"] != "AUDIO"]
    assert order == sorted(order), "Tab follows the reading order"
    assert seen[0]["cls"] == "skip-link"
    assert any(f["role"] == "button" and "s" in f["cls"].split() for f in seen), "sentences are reached"
    assert any(f["cls"] == "play-from" for f in seen), "the chapter list's play buttons are reached"
    for focus in seen:
        if focus["tag"] != "AUDIO":
            assert focus["visible"] and focus["outline"] != "none" and focus["width"] >= 2, focus
    assert len(seen) < 400, "Tab never left the page's controls"

    # Operate with Enter and Space only.
    def tab_to(element_id):
        # From the top: the player bar comes before <main>.
        driver.execute_script("document.querySelector('.skip-link').focus()")
        for _ in range(400):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            if driver.execute_script("return document.activeElement.id") == element_id:
                return
        raise AssertionError(f"{element_id} not reached")

    tab_to("play-button")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait_for(driver, lambda s: not s["paused"], message="Enter starts the guide")
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    wait_for(driver, lambda s: s["paused"], message="Space pauses")
    tab_to("next-button")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait_for(driver, lambda s: s["track"] == 1, message="Enter on next chapter")
    tab_to("show-captions")
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    assert not state(driver)["captionShown"]
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    assert state(driver)["captionShown"]
    tab_to("previous-button")
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    wait_for(driver, lambda s: s["track"] == 0, message="Space on previous chapter")
    driver.execute_script("document.getElementById('guide-audio').pause()")
    reset_storage(driver)


SIZES = {"1280": (1280, 900), "320": (320, 640)}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("path", PAGES)
def test_screenshots_and_no_horizontal_scrolling(driver, path, size, scheme):
    width, height = SIZES[size]
    name = pathlib.Path(path).resolve().parent.name
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    try:
        open_page(driver, path, scheme)
        overflow = driver.execute_script(
            "const d = document.documentElement; return [d.scrollWidth, d.clientWidth]")
        driver.save_screenshot(str(SCREENSHOTS / f"{name}-{size}-{scheme}-top.png"))
        if page_has_audio(driver):
            start_guide(driver)
            second = cues(driver)[1]
            middle = second["cues"][len(second["cues"]) // 2]
            sentence = driver.find_element(
                By.CSS_SELECTOR, f"section[aria-labelledby='{second['id']}'] .s[data-s='{middle[3]}']")
            # By the keyboard: the read-along may be scrolling the page under a pointer.
            driver.execute_script("arguments[0].focus()", sentence)
            ActionChains(driver).send_keys(Keys.ENTER).perform()
            wait_for(driver, lambda s: s["track"] == 1 and s["marked"] == str(middle[3]) and not s["paused"],
                     message="a sentence of the second chapter marked")
            time.sleep(0.5)
            driver.execute_script("document.getElementById('guide-audio').pause()")
            driver.execute_script("document.getElementById('guide-player').scrollIntoView()")
            driver.save_screenshot(str(SCREENSHOTS / f"{name}-{size}-{scheme}-player.png"))
            driver.execute_script("document.querySelector('.s.current').scrollIntoView({block: 'center'})")
            driver.save_screenshot(str(SCREENSHOTS / f"{name}-{size}-{scheme}-reading.png"))
            overflow = max(overflow, driver.execute_script(
                "const d = document.documentElement; return [d.scrollWidth, d.clientWidth]"))
        assert overflow[0] <= overflow[1], f"horizontal scrolling at {width} px: {overflow}"
        # Text enlarged to 200% (as 400% zoom of a 1280 px window is 320 CSS px) does not overflow.
        driver.execute_script("document.documentElement.style.fontSize = '200%'")
        wide = driver.execute_script("const d = document.documentElement; return [d.scrollWidth, d.clientWidth]")
        assert wide[0] <= wide[1], f"horizontal scrolling with 200% text at {width} px: {wide}"
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def page_has_audio(driver):
    return bool(driver.find_elements(By.ID, "guide-data"))


@pytest.mark.parametrize("path", PAGES)
def test_without_javascript_every_track_plays_and_reads(path):
    browser = make_driver()
    try:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        page = open_page(browser, path)
        assert browser.find_element(By.ID, "guide-player").is_displayed() is False if page_has_audio(browser) else True
        sections = browser.find_elements(By.CSS_SELECTOR, "main section[aria-labelledby^='track-']")
        chapters = browser.find_elements(By.CSS_SELECTOR, ".chapters li")
        assert len(sections) == len(chapters) > 0
        html = page.read_text(encoding="utf-8")
        for section in sections:
            assert section.find_element(By.TAG_NAME, "h2").text.strip()
            assert section.find_elements(By.CSS_SELECTOR, "p .s, dd .s")
            players = section.find_elements(By.CSS_SELECTOR, "audio[controls]")
            if 'id="guide-data"' in html and not section.find_elements(By.CLASS_NAME, "notice"):
                assert len(players) == 1 and players[0].is_displayed()
                source = players[0].find_element(By.TAG_NAME, "source").get_attribute("src")
                assert (page.parent / pathlib.Path(source).name).is_file()
                assert section.find_elements(By.CSS_SELECTOR, ".files a[href$='.wav']")
        assert not [b for b in browser.find_elements(By.TAG_NAME, "button") if b.is_displayed()], \
            "no button that needs the script shows without it"
        if page_has_audio(browser):
            audio = sections[0].find_element(By.TAG_NAME, "audio")
            browser.execute_script("arguments[0].play()", audio)
            deadline = time.time() + 15
            while time.time() < deadline and browser.execute_script("return arguments[0].currentTime", audio) < 0.3:
                time.sleep(0.1)
            assert browser.execute_script("return arguments[0].currentTime", audio) >= 0.3, "the native player plays"
    finally:
        browser.quit()


@pytest.mark.parametrize("path", AUDIO_PAGES)
def test_time_to_interactive_and_page_weight(driver, path):
    page = pathlib.Path(path).resolve()
    readings = []
    for _ in range(5):
        open_page(driver, path)
        readings.append(driver.execute_script(
            "return [window.expoGuideReadyAt, performance.timing.domInteractive - performance.timing.navigationStart,"
            " performance.timing.loadEventEnd - performance.timing.navigationStart]"))
    ready = sorted(r[0] for r in readings)[len(readings) // 2]
    weight = page.stat().st_size
    record(page.parent.name, {"index_html_bytes": weight, "script_ready_ms_median_of_5": round(ready, 1),
                              "dom_interactive_ms": readings[-1][1], "load_event_end_ms": readings[-1][2]})
    print(f"{page.parent.name}: index.html {weight} bytes; player ready {ready:.1f} ms after navigation start")
    assert ready < 2000
