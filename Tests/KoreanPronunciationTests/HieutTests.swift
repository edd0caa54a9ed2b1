import KoreanPronunciation
import Testing

/// 제12항: ㅎ. ㅈ/ㅊ + ㅎ gives ㅊ only before the suffix 히/혀; elsewhere the coda is first
/// [ㄷ] (붙임 2). After a sonorant a ㅎ that starts a morpheme stays [ㅎ] (전화, 결혼), and
/// espeak-ng says [h] for it.
@Suite struct HieutCases {
    @Test(arguments: [
        Case("제12항", "꽃향기", "꼬턍기"), Case("제12항", "꽃하고", "꼬타고"), Case("제12항", "낮하고", "나타고"),
        Case("제12항", "꽂히다", "꼬치다"), Case("제12항", "젖혀", "저처"), Case("제12항", "맞히다", "마치다"),
        Case("제12항", "앉히다", "안치다"), Case("제12항", "끓는", "끌른"), Case("제12항", "잃는", "일른"),
        Case("제12항", "괜찮네", "괜찬네"), Case("제12항", "끊어", "끄너"), Case("제12항", "옳은", "오른"),
        Case("제12항", "전화", "전화"), Case("제12항", "결혼", "결혼"), Case("제12항", "실험", "실험"),
        Case("제12항", "안녕히", "안녕히"), Case("제12항", "은행", "은행"), Case("제12항", "공항", "공항"),
    ])
    func hieut(_ c: Case) {
        #expect(Fixture.pronouncer.pronounce(c.written) == c.expected, "\(c.article) \(c.written)")
    }

    @Test(.enabled(if: EspeakScoreTests.enabled), arguments: ["전화", "결혼", "실험", "안녕히", "은행", "남한"])
    func espeakKeepsHAfterASonorant(_ word: String) {
        #expect(EspeakScoreTests.phonemes(Fixture.pronouncer.pronounce(word)).contains("h"))
    }
}
