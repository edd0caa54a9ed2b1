extension GuidePageWriter {
    /// The key that plays and pauses the guide from anywhere on the page, as `aria-keyshortcuts`
    /// names it. Alt+P (Option+P on a Mac) is no browser's, NVDA's, JAWS's or VoiceOver's: a
    /// screen reader's browse mode takes single letters (P is "next paragraph"), so a bare
    /// letter would never reach the page. Space and K play and pause only while focus is in the
    /// player bar.
    static let playPauseKey = "Alt+P"

    /// The read-along player's bar, hidden until the script shows it: play and pause, the
    /// chapters before and after, the chapter being heard (a polite live region) and the
    /// caption. It sticks to the top of the window at every size and stays compact (one row of
    /// buttons and a caption of at most two lines), so that the caption and the pause button
    /// stay in view wherever the reading has scrolled to; the script keeps the page's
    /// scroll padding at its height so that focus is never hidden under it.
    static let playerBar = """
        <section id="guide-player" class="player-bar" aria-labelledby="player-heading" hidden>
        <h2 id="player-heading" class="visually-hidden">가이드 듣기</h2>
        <div class="bar-row">
        <button type="button" id="play-button" aria-keyshortcuts="\(playPauseKey)" aria-describedby="key-hint">재생</button>
        <button type="button" id="previous-button">이전 장</button>
        <button type="button" id="next-button">다음 장</button>
        <p id="now-playing" class="now" aria-live="polite"></p>
        </div>
        <div id="caption-box" class="caption-box">
        <p class="caption-label visually-hidden" id="caption-label">자막</p>
        <div id="caption" class="caption" role="group" aria-labelledby="caption-label"></div>
        </div>
        </section>

        """

    /// The rest of the player, under the bar and scrolled with the page: where in the chapter
    /// (the browser's own player, to seek), the speed, and the choices kept between visits.
    static let playerSettings = """
        <section id="player-settings" class="player-settings" aria-labelledby="settings-heading" hidden>
        <h2 id="settings-heading">재생 위치와 설정</h2>
        <p id="key-hint" class="key-hint">페이지 어디서나 Alt+P(Mac은 Option+P)를 누르면 재생하거나 멈춥니다. 재생 막대에 초점이 있을 때는 Space나 K도 됩니다.</p>
        <audio id="guide-audio" controls preload="none"></audio>
        <div class="controls">
        <span class="speed"><label for="speed">속도</label>
        <select id="speed">\(speeds.map { "<option value=\"\($0)\"\($0 == "1" ? " selected" : "")>\($0)배</option>" }.joined())</select></span>
        </div>
        <div class="options">
        <label><input type="checkbox" id="show-captions" checked> 자막 보기</label>
        <label><input type="checkbox" id="follow-text" checked> 읽는 문장으로 화면 이동</label>
        <label><input type="checkbox" id="continue-play" checked> 다음 장 이어 듣기</label>
        </div>
        </section>

        """
}
