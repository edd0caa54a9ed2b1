import ArgumentParser

/// `expo-narrate pronounce`: what the voice receives for each input line, in order.
struct Pronounce: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print what the voice receives for each line read from standard input.",
        discussion: """
            Each line is normalised (numbers, dates, units, Hanja … into words) and then turned into \
            its standard pronunciation (표준 발음법), spelled in Hangul: e.g. 국립중앙박물관에 있습니다 → \
            궁닙쭝앙방물과네 읻씀니다. One output line per input line, in order. A word the voice gets \
            wrong is corrected in Voices/lexicon.txt or Voices/pronunciation.txt.
            """
    )

    @OptionGroup var voiceOptions: VoiceOptions

    func run() throws {
        let lines = try voiceOptions.spokenLines(pronouncing: true)
        noteMissingPartsOfSpeech()
        try transformLines(lines.voiced)
    }
}
