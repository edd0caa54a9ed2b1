extension GuidePageWriter {
    /// Sizes in rem/em so the page follows the reader's font size and zoom; dark text on a
    /// light background (and the reverse in dark mode), every pair at least 4.5:1 and every
    /// border or focus ring at least 3:1 against its background (WCAG 2.2 AA); a thick visible
    /// focus outline; the sentence being read is marked by a background, an outline and an
    /// underline, not by colour alone. Nothing is wider than the screen at 320 CSS pixels.
    static let styleSheet = """
        :root { color-scheme: light dark; --text: #1b1b1b; --background: #ffffff; --muted-background: #f3f1ec; --muted-text: #4a4a4a; --link: #0b4f9c; --focus: #b3400a; --border: #6b6b6b; --button: #f3f1ec; --mark: #fff1a8; --mark-edge: #7a5200; --caption-text: #ffffff; --caption-background: #1b1b1b; }
        @media (prefers-color-scheme: dark) { :root { --text: #f2f2f2; --background: #141414; --muted-background: #262626; --muted-text: #c8c8c8; --link: #9cc8ff; --focus: #ffb36b; --border: #a0a0a0; --button: #2b2b2b; --mark: #4a3a00; --mark-edge: #ffd34d; --caption-text: #ffffff; --caption-background: #000000; } }
        html { font-size: 100%; }
        body { margin: 0 auto; max-width: 42em; padding: 1em 1.25em 3em; font-family: system-ui, "Noto Sans KR", "Apple SD Gothic Neo", "NanumGothic", sans-serif; font-size: 1.125rem; line-height: 1.7; color: var(--text); background: var(--background); word-break: keep-all; overflow-wrap: anywhere; }
        h1 { font-size: 1.75em; line-height: 1.3; margin: 0.5em 0; }
        h2 { font-size: 1.35em; line-height: 1.35; margin: 2em 0 0.5em; padding-top: 0.75em; border-top: 0.0625em solid var(--border); }
        a { color: var(--link); text-decoration: underline; text-underline-offset: 0.15em; }
        a:focus-visible, audio:focus-visible, main:focus-visible, button:focus-visible, select:focus-visible, input:focus-visible, .s[tabindex]:focus-visible { outline: 0.2em solid var(--focus); outline-offset: 0.15em; }
        .skip-link { position: absolute; left: 0.5em; top: -10em; padding: 0.5em 1em; background: var(--background); color: var(--link); z-index: 2; }
        .skip-link:focus { top: 0.5em; }
        nav ul { padding-left: 1.25em; }
        .chapters ol { padding-left: 0; list-style: none; margin: 0.5em 0; }
        .chapters li { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.25em 0.75em; padding: 0.3em 0; border-bottom: 0.0625em solid var(--muted-background); }
        .chapters li a { flex: 1 1 12em; }
        .duration { color: var(--muted-text); font-variant-numeric: tabular-nums; }
        .chapters li .duration { white-space: nowrap; }
        .chapters li.playing a { font-weight: 700; }
        .facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.25em 1em; margin: 1em 0; }
        .facts dt { font-weight: 700; }
        .facts dd { margin: 0; }
        .player { margin: 1em 0; }
        audio { width: 100%; min-height: 2.5em; }
        .files { margin: 0.25em 0 1em; }
        .files a { margin-right: 1em; }
        .summary { font-weight: 700; }
        .picture { margin: 1em 0; }
        .picture img { display: block; width: 100%; height: auto; border-radius: 0.35em; }
        h3 { font-size: 1.1em; margin: 1em 0 0.25em; }
        .notice { padding: 0.75em 1em; border-left: 0.3em solid var(--focus); background: var(--muted-background); }
        .visually-hidden { position: absolute; width: 0.0625rem; height: 0.0625rem; margin: -0.0625rem; padding: 0; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0; }
        .player-bar { position: sticky; top: 0; z-index: 1; margin: 1em -0.5em 0; padding: 0.4em 0.5em; background: var(--background); border-bottom: 0.125em solid var(--border); }
        .bar-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4em; }
        .player-bar button { min-height: 2.25em; padding: 0.1em 0.7em; }
        .now { flex: 1 1 12em; margin: 0; font-weight: 700; line-height: 1.35; }
        .now:empty { display: none; }
        .player-settings { margin: 1em 0 1.5em; padding: 0.5em 0.75em 0.75em; border: 0.125em solid var(--border); border-radius: 0.5em; }
        .player-settings h2 { margin: 0 0 0.25em; padding: 0; border: 0; font-size: 1.2em; }
        .key-hint { margin: 0 0 0.5em; color: var(--muted-text); font-size: 0.95em; }
        .editions li { margin: 0.35em 0; }
        .editions .opens { display: block; color: var(--muted-text); font-size: 0.95em; }
        .editions .original a { font-weight: 400; }
        .controls, .options { display: flex; flex-wrap: wrap; gap: 0.5em; align-items: center; margin: 0.25em 0; }
        .speed { display: inline-flex; align-items: center; gap: 0.4em; }
        .options { gap: 0.25em 1.25em; }
        .options label { display: inline-flex; align-items: center; gap: 0.4em; min-height: 2em; }
        .options input[type=checkbox] { width: 1.25em; height: 1.25em; margin: 0; accent-color: var(--link); }
        button, select { font: inherit; color: var(--text); background: var(--button); border: 0.125em solid var(--border); border-radius: 0.35em; min-height: 2.75em; padding: 0.3em 0.9em; cursor: pointer; }
        button:hover, select:hover { border-color: var(--text); }
        button:disabled { cursor: default; opacity: 1; color: var(--muted-text); border-style: dashed; }
        .play-chapter { margin: 0.5em 0; }
        .play-from { min-height: 2.25em; padding: 0.1em 0.75em; }
        .caption-box { margin-top: 0.4em; }
        .caption-box[hidden] { display: none; }
        .caption { min-height: 3em; margin: 0; padding: 0.3em 0.75em; background: var(--caption-background); color: var(--caption-text); border-radius: 0.35em; font-size: 1.2em; line-height: 1.5; text-align: center; white-space: pre-line; word-break: keep-all; overflow-wrap: anywhere; }
        .caption-label { margin: 0; font-size: 0.9em; color: var(--muted-text); }
        .read-along-hint { color: var(--muted-text); font-size: 0.95em; }
        .s, .caption { unicode-bidi: isolate; }
        .s[tabindex] { cursor: pointer; border-radius: 0.2em; padding: 0.15em 0; box-decoration-break: clone; -webkit-box-decoration-break: clone; }
        .s[tabindex]:hover { text-decoration: underline dotted; text-underline-offset: 0.2em; }
        .s.current { background: var(--mark); outline: 0.125em solid var(--mark-edge); text-decoration: underline; text-decoration-thickness: 0.125em; text-underline-offset: 0.2em; box-decoration-break: clone; -webkit-box-decoration-break: clone; }
        footer { margin-top: 3em; font-size: 0.9em; }
        @media (max-width: 30em) { body { padding: 0.5em 0.75em 2em; } .player-bar { margin: 0.5em -0.25em 0; padding: 0.3em 0.25em; } .player-bar button { font-size: 0.9em; } .player-settings { padding: 0.5em; } .caption { font-size: 1.05em; padding: 0.3em 0.4em; } }
        @media (max-height: 30em) { .player-bar .now { position: absolute; width: 0.0625rem; height: 0.0625rem; overflow: hidden; clip-path: inset(50%); white-space: nowrap; } .player-bar { padding-top: 0.2em; padding-bottom: 0.2em; } .caption-box { margin-top: 0.2em; } .caption { font-size: 1em; line-height: 1.35; min-height: 2.7em; padding: 0.15em 0.4em; } }
        @media (prefers-reduced-motion: reduce) { html { scroll-behavior: auto; } }
        """
}
