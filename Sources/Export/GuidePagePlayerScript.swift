extension GuidePageWriter {
    /// The page's read-along player, plain ES2017 with no module or outside file.
    ///
    /// Without it the page still has a native player per track. With it: the per-track
    /// players become "이 장 듣기" buttons and one player (`#guide-player`, hidden in the
    /// markup) plays the whole guide track after track from the sources of the tracks' own
    /// `<audio>` elements; captions and the sentence being read come from the cues embedded in
    /// `#guide-data` (never from the .vtt files, which do not load from `file://`); the chapter
    /// is announced in a polite live region when it changes; speed, captions, following the
    /// text and continuing to the next chapter are kept in `localStorage` when it can be used.
    /// The bar (`playerBar`) sticks to the top; the page's scroll padding follows its height and
    /// focus that lands under it is scrolled out. `playPauseKey` plays and pauses anywhere, and
    /// Space or K in the bar. Each chapter's sentences are one tab stop: the arrow keys, Home and
    /// End move among them (the stop follows the sentence being read while focus is elsewhere).
    /// When the script has finished setting up it sets `data-player-ready` on `<html>` and
    /// `window.expoGuideReadyAt` (milliseconds since navigation start).
    static let playerScript = #"""
        (function () {
          'use strict';
          var dataElement = document.getElementById('guide-data');
          var panel = document.getElementById('guide-player'), settings = document.getElementById('player-settings');
          var audio = document.getElementById('guide-audio');
          if (!dataElement || !panel || !settings || !audio || typeof audio.canPlayType !== 'function') { return; }
          var data;
          try { data = JSON.parse(dataElement.textContent); } catch (error) { return; }
          var storage = null;
          try { storage = window.localStorage; storage.getItem('x'); } catch (error) { storage = null; }
          function load(key, fallback) {
            try { var value = storage && storage.getItem('expo-guide.' + key); return value === null || value === undefined ? fallback : value; } catch (error) { return fallback; }
          }
          function save(key, value) { try { if (storage) { storage.setItem('expo-guide.' + key, String(value)); } } catch (error) { /* private mode: not kept */ } }
          var $ = function (id) { return document.getElementById(id); };
          var playButton = $('play-button'), previousButton = $('previous-button'), nextButton = $('next-button');
          var speed = $('speed'), showCaptions = $('show-captions'), followText = $('follow-text'), continuePlay = $('continue-play');
          var captionBox = $('caption-box'), caption = $('caption'), now = $('now-playing');
          var reducedMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

          var tracks = [];
          data.tracks.forEach(function (item) {
            var heading = document.getElementById(item.id);
            var section = heading && heading.closest('section');
            var player = section && section.querySelector('audio');
            if (!player) { return; }
            var sources = Array.prototype.map.call(player.querySelectorAll('source'), function (source) {
              return { src: source.getAttribute('src'), type: source.getAttribute('type') || '' };
            });
            var source = sources.filter(function (s) { return !s.type || audio.canPlayType(s.type) !== ''; })[0] || sources[0];
            if (!source) { return; }
            var sentences = {};
            Array.prototype.forEach.call(section.querySelectorAll('.s[data-s]'), function (element) { sentences[element.getAttribute('data-s')] = element; });
            var starts = {};
            item.cues.forEach(function (cue) { if (!(cue[3] in starts)) { starts[cue[3]] = cue[0]; } });
            tracks.push({ id: item.id, index: tracks.length, section: section, src: source.src, title: heading.textContent.trim(),
                          cues: item.cues, sentences: sentences, starts: starts, player: player.closest('.player') || player });
          });
          if (!tracks.length) { return; }

          var current = -1, announced = -1, pendingTime = null, shownCue = -1, marked = null, frame = 0;

          function setText(element, text) { if (element.textContent !== text) { element.textContent = text; } }
          // The cue's text, with the parts its sentence marks as another language marked alike.
          function showCue(text, sentence) {
            caption.textContent = '';
            var rest = text;
            Array.prototype.forEach.call(sentence ? sentence.querySelectorAll('[lang]') : [], function (part) {
              var words = part.textContent.trim().split(/\s+/).map(function (w) { return w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); });
              var found = words[0] ? new RegExp(words.join('\\s+')).exec(rest) : null;
              if (!found) { return; }
              caption.appendChild(document.createTextNode(rest.slice(0, found.index)));
              var span = document.createElement('span');
              span.lang = part.lang;
              span.textContent = found[0];
              caption.appendChild(span);
              rest = rest.slice(found.index + found[0].length);
            });
            caption.appendChild(document.createTextNode(rest));
          }
          function cueAt(track, time) {
            var cues = track.cues, low = 0, high = cues.length - 1, found = -1;
            while (low <= high) { var middle = (low + high) >> 1; if (cues[middle][0] <= time) { found = middle; low = middle + 1; } else { high = middle - 1; } }
            return found >= 0 && time < cues[found][1] ? found : -1;
          }
          function mark(element) {
            if (marked === element) { return; }
            if (marked) { marked.classList.remove('current'); marked.removeAttribute('aria-current'); }
            marked = element;
            if (!element) { return; }
            element.classList.add('current');
            element.setAttribute('aria-current', 'true');
            var owner = tracks[current];
            if (owner && owner.list && owner.list.indexOf(element) >= 0 && owner.list.indexOf(document.activeElement) < 0) { rove(owner, element); }
            if (followText.checked && !audio.paused) {
              var box = element.getBoundingClientRect(), top = panelOffset();
              if (box.top < top || box.bottom > window.innerHeight) {
                // A sentence taller than the room under the bar is shown from its start, just below the bar.
                var fits = box.height <= (window.innerHeight - top) * 0.9;
                element.scrollIntoView({ block: fits ? 'center' : 'start', behavior: reducedMotion ? 'auto' : 'smooth' });
              }
            }
          }
          // Where the sticky bar ends: nothing under it is in view.
          function panelOffset() { return Math.max(0, panel.getBoundingClientRect().bottom); }
          function update() {
            var track = tracks[current];
            if (!track) { return; }
            var index = cueAt(track, audio.currentTime);
            if (index !== shownCue) {
              shownCue = index;
              var sentence = index >= 0 ? track.sentences[track.cues[index][3]] || null : null;
              showCue(index >= 0 ? track.cues[index][2] : '', sentence);
              if (index >= 0) { mark(sentence); }
            }
          }
          function tick() { update(); frame = audio.paused ? 0 : window.requestAnimationFrame(tick); }
          // Said once per chapter, when it starts playing: the live region is polite and quiet otherwise.
          function announce(track) {
            announced = track.index;
            setText(now, '지금 듣는 장: ' + track.title);
            tracks.forEach(function (other) {
              var item = document.querySelector('.chapters li[data-track="' + other.id + '"]');
              if (item) { item.classList.toggle('playing', other === track); }
            });
            previousButton.disabled = track.index === 0;
            nextButton.disabled = track.index === tracks.length - 1;
          }
          function select(index, time) {
            var track = tracks[index];
            if (index !== current) {
              current = index;
              shownCue = -1;
              mark(null);
              setText(caption, '');
              audio.src = track.src;
              audio.load();
              applySpeed();
              previousButton.disabled = track.index === 0;
              nextButton.disabled = track.index === tracks.length - 1;
            }
            pendingTime = time;
            if (audio.readyState >= 1) { seekPending(); }
          }
          function seekPending() {
            if (pendingTime === null) { return; }
            try { audio.currentTime = pendingTime; } catch (error) { return; }
            pendingTime = null;
            update();
          }
          function play(index, time) {
            select(index, time);
            var promise = audio.play();
            if (promise && promise.catch) { promise.catch(function () { /* the visitor can press play */ }); }
          }
          function applySpeed() { var rate = parseFloat(speed.value) || 1; audio.defaultPlaybackRate = rate; audio.playbackRate = rate; }
          function sentenceFrom(target) { return target && target.closest ? target.closest('.s[tabindex]') : null; }
          function playSentence(element) {
            var section = element.closest('section');
            var track = tracks.filter(function (t) { return t.section === section; })[0];
            var start = track && track.starts[element.getAttribute('data-s')];
            if (track && start !== undefined) { play(track.index, start); }
          }

          audio.addEventListener('loadedmetadata', function () { applySpeed(); seekPending(); });
          audio.addEventListener('play', function () {
            if (announced !== current) { announce(tracks[current]); }
            setText(playButton, '일시 정지');
            if (!frame) { frame = window.requestAnimationFrame(tick); }
          });
          audio.addEventListener('pause', function () { setText(playButton, '재생'); update(); });
          audio.addEventListener('seeked', update);
          audio.addEventListener('timeupdate', update);
          audio.addEventListener('ratechange', function () {
            var value = String(audio.playbackRate);
            if (Array.prototype.some.call(speed.options, function (o) { return o.value === value; }) && speed.value !== value) { speed.value = value; save('rate', value); }
          });
          audio.addEventListener('ended', function () {
            if (continuePlay.checked && current + 1 < tracks.length) { play(current + 1, 0); }
          });
          function togglePlay() {
            if (current < 0) { play(0, 0); } else if (audio.paused) { play(current, null); } else { audio.pause(); }
          }
          playButton.addEventListener('click', togglePlay);
          // Alt+P (Option+P on a Mac, so by the key's place, not the letter it types) anywhere;
          // Space (the buttons' own) and K only while focus is in the bar.
          document.addEventListener('keydown', function (event) {
            if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
            var inBar = panel.contains(event.target);
            if ((event.altKey && event.code === 'KeyP') || (!event.altKey && inBar && (event.key === 'k' || event.key === 'K'))) {
              event.preventDefault();
              togglePlay();
            }
          });
          if (navigator.mediaSession && navigator.mediaSession.setActionHandler) {
            try {
              navigator.mediaSession.setActionHandler('previoustrack', function () { if (current > 0) { play(current - 1, 0); } });
              navigator.mediaSession.setActionHandler('nexttrack', function () { if (current + 1 < tracks.length) { play(current + 1, 0); } });
            } catch (error) { /* the media keys keep their default */ }
          }
          previousButton.addEventListener('click', function () { if (current > 0) { play(current - 1, 0); } });
          nextButton.addEventListener('click', function () { if (current + 1 < tracks.length) { play(current + 1, 0); } });
          speed.addEventListener('change', function () { applySpeed(); save('rate', speed.value); });
          showCaptions.addEventListener('change', function () { captionBox.hidden = !showCaptions.checked; save('captions', showCaptions.checked ? '1' : '0'); });
          followText.addEventListener('change', function () { save('follow', followText.checked ? '1' : '0'); });
          continuePlay.addEventListener('change', function () { save('continue', continuePlay.checked ? '1' : '0'); });

          var main = document.getElementById('main');
          main.addEventListener('click', function (event) { var element = sentenceFrom(event.target); if (element) { playSentence(element); } });
          // A chapter's sentences are one tab stop (a roving tabindex): the arrow keys, Home and
          // End move among them, Enter or Space plays from the one focused.
          var moves = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1, Home: -Infinity, End: Infinity };
          function trackOf(element) { var section = element.closest('section'); return tracks.filter(function (t) { return t.section === section; })[0]; }
          function rove(track, element) {
            if (track.stop === element) { return; }
            if (track.stop) { track.stop.setAttribute('tabindex', '-1'); }
            track.stop = element;
            element.setAttribute('tabindex', '0');
          }
          main.addEventListener('keydown', function (event) {
            var element = sentenceFrom(event.target);
            if (!element || event.altKey || event.ctrlKey || event.metaKey) { return; }
            if (event.key === 'Enter' || event.key === ' ' || event.key === 'Spacebar') { event.preventDefault(); playSentence(element); return; }
            var track = trackOf(element), step = moves[event.key];
            if (!track || step === undefined) { return; }
            event.preventDefault();
            var at = track.list.indexOf(element), to = Math.max(0, Math.min(track.list.length - 1, isFinite(step) ? at + step : (step < 0 ? 0 : track.list.length - 1)));
            rove(track, track.list[to]);
            track.list[to].focus();
          });
          main.addEventListener('focusin', function (event) { var element = sentenceFrom(event.target), track = element && trackOf(element); if (track) { rove(track, element); } });

          tracks.forEach(function (track) {
            track.list = Array.prototype.filter.call(track.section.querySelectorAll('.s[data-s]'), function (element) {
              return !element.closest('h2') && element.getAttribute('data-s') in track.starts;
            });
            track.list.forEach(function (element, index) {
              element.setAttribute('tabindex', index === 0 ? '0' : '-1');
              element.setAttribute('role', 'button');
              element.setAttribute('aria-describedby', track.id + '-hint');
            });
            track.stop = track.list[0] || null;
            var button = document.createElement('button');
            button.type = 'button';
            button.className = 'play-chapter';
            button.textContent = '이 장 듣기';
            button.setAttribute('aria-describedby', track.id);
            button.addEventListener('click', function () { play(track.index, 0); });
            var hint = track.section.querySelector('.read-along-hint');
            if (hint) { hint.hidden = false; }
            track.player.parentNode.insertBefore(button, track.player);
            var own = track.player.querySelector('audio');
            if (own) { own.pause(); own.removeAttribute('controls'); own.hidden = true; own.preload = 'none'; }
            var item = document.querySelector('.chapters li[data-track="' + track.id + '"] .play-from');
            if (item) {
              item.hidden = false;
              item.addEventListener('click', function () { play(track.index, 0); });
            }
          });

          var rate = load('rate', '1');
          if (Array.prototype.some.call(speed.options, function (o) { return o.value === rate; })) { speed.value = rate; }
          showCaptions.checked = load('captions', '1') === '1';
          captionBox.hidden = !showCaptions.checked;
          followText.checked = load('follow', reducedMotion ? '0' : '1') === '1';
          continuePlay.checked = load('continue', '1') === '1';
          previousButton.disabled = true;
          panel.hidden = false;
          settings.hidden = false;
          select(0, null);
          // What scrolls into view (focus, a chapter's link, the sentence being read) lands below the bar.
          function padScroll() { document.documentElement.style.scrollPaddingTop = (panel.offsetHeight + 8) + 'px'; }
          // Measured once laid out (a ResizeObserver reports the first size by itself), not while
          // the page is still being set up, which would lay the whole page out early.
          window.addEventListener('resize', padScroll);
          if (window.ResizeObserver) { new ResizeObserver(padScroll).observe(panel); } else { window.requestAnimationFrame(padScroll); }
          // Focus moved under the bar (Shift+Tab, a click on a half-hidden sentence) is brought out.
          document.addEventListener('focusin', function (event) {
            if (panel.contains(event.target) || !event.target.getBoundingClientRect) { return; }
            var box = event.target.getBoundingClientRect(), bottom = panelOffset();
            if (box.top < bottom && box.bottom > 0) { window.scrollBy(0, box.top - bottom - 8); }
          });
          window.expoGuideReadyAt = window.performance && performance.now ? performance.now() : 0;
          document.documentElement.setAttribute('data-player-ready', '');
        })();
        """#
}
