import KoreanMorphology

/// 제29항 inside a written word: a compound or a prefixed word whose second part starts with
/// 이/야/여/요/유 (or 얘/예) after a consonant takes [ㄴ] ([ㄹ] after ㄹ, 붙임 1). The boundary
/// comes from the morphology, not from a list of words:
/// - the first part is the whole word up to the junction and is a noun in hunspell-ko (앞일,
///   솜이불, 집안일, 내복약), a word of two syllables or more written in Hanja (잠실역), or a
///   prefix (맨입, 헛일, 한여름, 늦여름); before 일/잎/입/엿 also an adnominal -(으)ㄴ form
///   (큰일), and before 잎/윷 any first part (갈잎); before a Sino-Korean head also a name of two
///   syllables or more that neither list knows (용산역), unless the head ends a noun that
///   starts inside it (동시통역: 통역);
/// - the second part runs to the end of the word or to a particle or copula after it
///   (솜이불을, 앞일이다) and is a predicate's stem before an ending (설익다, 낯익은, 덧입고,
///   짓이기다), or a noun of two or more syllables in hunspell-ko
///   (이불, 여름, 열차, 요금) or one of two closed lists of one-syllable second parts: native
///   nouns that always make compounds (일 잎 입 엿 윷) and Sino-Korean heads of compounds
///   (약 역 염 용 유 율 열: 내복약, 서울역, 늑막염, 영업용, 식용유, 백분율, 교육열).
///
/// No ㄴ is added:
/// - after a Sino-Korean first part of one syllable before a second part of one, in a word that
///   libhangul writes wholly in Hanja: a two-morpheme Sino-Korean word keeps plain linking (석유
///   [서규], 절약 [저략], 식용 [시굥]; 장염 [장념] is a dictionary entry); a second part of two
///   syllables or more that is a noun takes ㄴ (생이별 [생니별], 불이익 [불리익]), but not 요일
///   (금요일 [그묘일]) nor one inside a longer word (등용문); the standard's exceptions
///   (송별연) are dictionary entries;
/// - before a Sino-Korean second part starting with 인/일/입 (인상, 입구: 첫인상 [처딘상]), and
///   before 일 in a Sino-Korean word (기념일 [기녀밀], 日) or in a word hunspell-ko does not list
///   as a noun (것일 뿐: the copula); 인 is no second part (한국인 [한구긴]);
/// - when the second part is a particle or the copula (밥이 [바비], 사람이야, 때문이기도), a
///   noun that follows a noun phrase (이상, 이후), or the syllable is the suffix of a derived
///   stem (먹이다 [머기다], 속이고); after a Sino-Korean numeral or before one (이천이십,
///   오십유로, 육천여권, 공민왕이십일; 십육 [심뉵] is `WordRules.linkVowel`'s);
/// - when a noun or Sino-Korean word runs from the start across the junction (참여한, 음역대로);
/// - without hunspell-ko or libhangul's hanja.txt (no analysis): only dictionary entries add ㄴ.
extension Grammar {
    /// Whether a ㄴ is added before syllable `i + 1` of word `r`; the caller has checked that
    /// syllable `i` has a coda and syllable `i + 1` an empty onset before ㅣ or a y-vowel. Nil
    /// without a lexicon or without the list of Sino-Korean words.
    func addsN(_ s: [Syllable], _ i: Int, _ r: Range<Int>) -> Bool? {
        guard let lexicon, sino != nil else { return nil }  // 석유, 절약 need libhangul's list
        let start = r.lowerBound
        let end = r.upperBound
        let j = i + 1
        guard j - start <= 4 else { return false }
        let left = classes(s, start..<j)
        let nounLeft = isFirstPart(s, start, j, left)
        let bareHead = Compound.bareHeads.contains(s[j].written)  // 갈잎: 잎 after any coda
        let sinoStart = j - start == 1 && [3, 4].contains { start + $0 <= end && isSinoWord(s, start, start + $0) }
        guard nounLeft || left.contains(.adnominalN) || j - start >= 2 || bareHead || sinoStart else { return false }
        if s[j].written == Compound.iSyllable, classes(s, start...j).contains(.predicateStem) {
            return false  // 먹이다, 속이고
        }
        if isNumber(s, start..<j) { return false }  // 이천이십, 오십유로
        if isNumber(s, i..<(j + 1)) { return false }  // 제십이권
        var e = min(end, j + 4)
        while e > j {
            defer { e -= 1 }
            let stemTail = e < end && contains(Compound.stemEndings, s, e..<end)
            guard stemTail || tailIsGrammatical(s, e..<end), let key = writtenKey(s, j..<e),
                e - j == 1 || !isNumber(s, j..<e)
            else { continue }  // 공민왕이십일
            // 설익다, 낯익다, 덧입다, 짓이기다: a noun or prefix and a predicate's stem; not the
            // suffix 이 (먹이다) nor 있다/없다 (맛있다 [마딛따], 제15항)
            if stemTail, nounLeft, !Compound.notStems.contains(key), lexicon.classes(forKey: key).contains(.predicateStem) {
                return (!isSinoWord(s, start, e) || j - start >= 2) && !wordSpans(s, start, j, e, end)
            }
            guard tailIsGrammatical(s, e..<end), !Compound.notSecondParts.contains(key) else { continue }
            guard let adds = secondPart(s, start, j, e, key, lexicon, left) else { continue }
            return adds && !wordSpans(s, start, j, e, end)  // 참여한, 음역대로
        }
        return false
    }

    /// Whether syllables `j..<e` (packed in `key`) are a second part of a compound whose first
    /// part `start..<j` has the classes `left`: true when a ㄴ comes in, false when the word is
    /// such a compound without one, nil when they are no second part.
    private func secondPart(
        _ s: [Syllable], _ start: Int, _ j: Int, _ e: Int, _ key: UInt64,
        _ lexicon: PartsOfSpeech, _ left: PartsOfSpeech.WordClass
    ) -> Bool? {
        let nounLeft = isFirstPart(s, start, j, left)
        let sinoWord = isSinoWord(s, start, e)
        if e - j == 1 {
            if Compound.sinoHeads.contains(key) {
                // 동시통역: the head ends a noun (통역) that starts inside a first part which is no word
                if !nounLeft, classes(s, (j - 1)...j).contains(.nominal) { return false }
                // 식용유, 윤활유: a Sino-Korean word of two syllables or more before the head
                if sinoWord { return j - start >= 2 }
                if nounLeft { return true }
                // 용산역, 이촌역: a name of two syllables or more that neither list knows
                if j - start >= 2, left.isEmpty { return true }
            }
            if Compound.nativeHeads.contains(key), nounLeft || left.contains(.adnominalN) || Compound.bareHeads.contains(s[j].written) {
                // 일 is also the copula's -ㄹ form (것일 뿐): the compound must be a listed noun
                if key == Compound.il, !classes(s, start..<e).contains(.nominal) { return false }
                return !sinoWord
            }
            return nil
        }
        // 맹연습, 청요리: a Sino-Korean syllable hunspell-ko does not list alone, in a word written in Hanja
        // an adverb that is no noun is no second part: 책이에요 is 책 + the copula, not 책 + 이에 (hereupon)
        let right = lexicon.classes(forKey: key)
        guard nounLeft || (j - start == 1 && sinoWord), right.contains(.nominal),
            right.contains(.noun) || !right.contains(.adverb)
        else { return nil }
        if Compound.sinoIStarts.contains(s[j].written), sino?.contains(key: key) == true { return nil }  // 첫인상, 덧입고
        // 생이별, 불이익, 공염불, 맹연습 (and the standard's 신여성, 색연필): a noun or Sino-Korean
        // syllable and a noun of two syllables or more, also in a word written wholly in Hanja
        return true
    }

    /// Whether syllables `start..<j` are a first part of a compound: a prefix of one syllable
    /// (맨입), a noun of hunspell-ko, or two syllables or more that libhangul writes in Hanja
    /// (잠실역, 명동역: names hunspell-ko does not list).
    private func isFirstPart(_ s: [Syllable], _ start: Int, _ j: Int, _ left: PartsOfSpeech.WordClass) -> Bool {
        if j - start == 1 { return s[start].has(SyllableClass.nPrefix) || left.contains(.nominal) }
        return left.contains(.nominal) || (j - start <= 4 && isSinoWord(s, start, j))
    }

    /// 제15항 inside a word: whether a noun runs from the word's start to syllable `i` and a noun
    /// of two syllables or more that takes no ㄴ follows (끝인사 [끄딘사], as 첫인사): the coda is
    /// then neutralised before it links, and ㄷ/ㅌ are not palatalised. Not a particle or the
    /// copula (밭이랑, 끝이다, 것인가), an adverb, nor a junction inside a longer noun. Nil without a
    /// lexicon.
    func joinsTwoNouns(_ s: [Syllable], _ i: Int, _ r: Range<Int>) -> Bool? {
        guard lexicon != nil else { return nil }
        let start = r.lowerBound
        let j = i + 1
        let end = r.upperBound
        guard j - start <= 4, classes(s, start..<j).contains(.nominal) else { return false }
        var e = min(end, j + 4)
        while e >= j + 2 {
            defer { e -= 1 }
            guard tailIsGrammatical(s, e..<end), let key = writtenKey(s, j..<e), !Compound.notSecondParts.contains(key),
                !Compound.copulaNouns.contains(key), !Endings.particles.contains(key)
            else { continue }
            let right = classes(s, j..<e)
            if right.contains(.nominal), !right.contains(.adverb), !wordSpans(s, start, j, e, end) { return true }
        }
        return false
    }

    /// Whether syllables `r` spell a Sino-Korean number (오십, 이천이십; not 공공, whose 공 is
    /// also a noun's).
    private func isNumber(_ s: [Syllable], _ r: Range<Int>) -> Bool {
        r.allSatisfy { s[$0].has(SyllableClass.numeral) } && r.contains { Compound.digits.contains(s[$0].written) }
    }

    /// Whether a noun of hunspell-ko or a word written wholly in Hanja runs from the word's
    /// start past the junction and ends inside the second part (참여 in 참여한, 음역 in 음역대로):
    /// then the junction is inside that word, not between two parts.
    /// What follows that word must be grammatical or a noun (불여우 is no 불여 + 우).
    private func wordSpans(_ s: [Syllable], _ start: Int, _ j: Int, _ e: Int, _ end: Int) -> Bool {
        var e2 = j + 1
        while e2 < e, e2 - start <= 4 {
            if let key = writtenKey(s, start..<e2),
                lexicon?.classes(forKey: key).contains(.nominal) == true || sino?.contains(key: key) == true,
                followsWord(s, e2, end)
            {
                return true
            }
            e2 += 1
        }
        return false
    }

    /// Whether syllables from `k` to the end of the word can follow a noun: a particle, the
    /// copula, a form of 하다/되다 (참여한), or a noun with or without a particle (음역대로).
    private func followsWord(_ s: [Syllable], _ k: Int, _ end: Int) -> Bool {
        if tailIsGrammatical(s, k..<end) || Compound.verbalisers.contains(s[k].written) { return true }
        var m = min(end, k + 4)
        while m > k {
            if classes(s, k..<m).contains(.nominal), tailIsGrammatical(s, m..<end) { return true }
            m -= 1
        }
        return false
    }

    /// Whether syllables `start..<e` end in a word that libhangul writes wholly in Hanja: the
    /// whole when it has two to four syllables, else its last four or three (개교기념일).
    private func isSinoWord(_ s: [Syllable], _ start: Int, _ e: Int) -> Bool {
        guard let sino else { return false }
        if e - start <= 4 { return writtenKey(s, start..<e).map(sino.contains(key:)) ?? false }
        return [4, 3].contains { n in writtenKey(s, (e - n)..<e).map(sino.contains(key:)) ?? false }
    }

    /// Whether what follows the second part is nothing, a particle or a form of the copula
    /// (이다, 입니다, 였다 …).
    private func tailIsGrammatical(_ s: [Syllable], _ t: Range<Int>) -> Bool {
        if t.isEmpty { return true }
        if contains(Endings.particles, s, t) { return true }
        return t.count <= 4 && Compound.copulaStarts.contains(s[t.lowerBound].written)
    }
}

/// The closed lists of `Grammar.addsN`.
enum Compound {
    /// Native nouns of one syllable that start compounds' second parts (앞일, 꽃잎, 맨입, 콩엿, 밤윷).
    static let nativeHeads = keys(["일", "잎", "입", "엿", "윷"])
    /// Forms of the copula that are also nouns (것인가 [거신가]: 인가 認可, 꽃인지: 인지 認知).
    static let copulaNouns = keys(["인가", "인지", "인데", "인들", "일지", "일까", "입니", "이다", "인즉"])
    /// Those of them that are never an ending's or a stem's syllable, so that they head a
    /// compound after any first part (갈잎, 속잎).
    static let bareHeads = SyllableSet("잎윷")
    /// Sino-Korean one-syllable heads of compounds (내복약, 서울역, 늑막염, 영업용, 식용유, 백분율, 교육열).
    static let sinoHeads = keys(["약", "역", "염", "용", "유", "율", "열"])
    /// Particles and copula forms that start with 이/야/여/요 (some are also nouns: 이기, 이자,
    /// 이면), nouns that follow a noun phrase rather than make a compound with it (이상, 이후:
    /// 중인이상과), and 요일 (월요일 [워료일]).
    static let notSecondParts = keys([
        "이", "이다", "이고", "이며", "이나", "이라", "이란", "이요", "요", "이야", "야", "여", "이여", "이랑",
        "이든", "이면", "이지", "이니", "이어", "이어서", "이었다", "였다", "이에요", "예요", "입니다",
        "이기", "이기도", "이기에", "이자", "이면서", "이므로", "이지만", "인지", "인데", "임", "임을", "이라는", "이라고",
        "이상", "이하", "이후", "이전", "이내", "이외", "이래", "요일",
    ])
    /// First syllables of the copula after a noun (이다, 입니다, 인, 였다, 예요).
    /// Syllables that make a run of numeral syllables a number.
    static let digits = SyllableSet("일이삼사오육칠팔구십백천")
    static let il = PartsOfSpeech.key([0xC77C])!  // 일
    static let iSyllable: UInt32 = 0xC774  // 이
    /// Stems that never take ㄴ after a noun: the suffix 이 and 있-/없- (제15항 맛있다).
    static let notStems = keys(["이", "있", "없"])
    /// Endings after a predicate's stem: those of 제24항 and the vowel-initial ones (익어, 입은).
    static let stemEndings = Endings.afterStem.union(
        keys([
            "어", "어서", "어도", "어요", "었다", "었고", "었던", "었습니다", "은", "는", "는다", "으면", "으며", "습니다",
        ]))
    /// First syllables of Sino-Korean second parts that keep plain linking (인상, 인간, 일보, 입구).
    static let sinoIStarts = SyllableSet("인일입")
    /// First syllables of 하다/되다 after a Sino-Korean noun (참여한, 참여했다, 참여되어).
    static let verbalisers = SyllableSet("하한할함합해했되된될됨됩됐돼")
    static let copulaStarts = SyllableSet("이입인일였예")

    private static func keys(_ words: [String]) -> Set<UInt64> {
        Set(words.compactMap { PartsOfSpeech.key($0.unicodeScalars.map(\.value)) })
    }
}
