import Testing

@testable import Normalization

/// Readings that depend on their context (issue 27), by class; every row cites its rule or
/// usage, and the must-not rows keep the reading another rule gives. Sources as in `WrittenFormCases`: 표준국어대사전
/// (SD), 한글 맞춤법 (HM), 표준 발음법 (PB), 온라인가나다 (GA); "usage" names what museum guides and
/// broadcasters say.
enum ContextReadingCases {
    /// The counter chooses the numerals: native before 자루, 통, 개, 점 (works), Sino before 년,
    /// 원, 층, 점 (points).
    static let countersChooseNumerals: [CitedCase] = [
        .init("연필 21자루", "연필스물한자루", "SD '자루': native numerals (연필 스물한 자루)"),
        .init("편지 30통", "편지서른통", "SD '통': native numerals (편지 서른 통)"),
        .init("사과 20개", "사과스무개", "HM/SD: 스무 before a counter"),
        .init("작품 2점", "작품두점", "SD '점' 2: works are counted in native numerals (작품 두 점)"),
        .init("2점의 그림", "두점의그림", "SD '점' 2: native numerals (그림 두 점)"),
        .init("도자기 5점이", "도자기다섯점이", "SD '점' 2: native numerals for objects"),
        .init("유물 3점", "유물세점", "usage: museum labels count objects natively"),
        .init("20년", "이십년", "must not: 년 takes Sino-Korean numerals"),
        .init("30원", "삼십원", "must not: 원 takes Sino-Korean numerals"),
        .init("20층", "이십층", "must not: 층 takes Sino-Korean numerals"),
        .init("90점을 받았다", "구십점을받았다", "must not: points (점수) are Sino-Korean"),
        .init("작품 10여 점", "작품십여점", "must not: 여 after a round number is Sino-Korean (십여 점)"),
    ]

    /// Ranges and signs in running text.
    static let rangesAndSigns: [CitedCase] = [
        .init("4~5일 걸린다", "사오일걸린다", "SD '사오': neighbouring numbers of a span said as one (사오 일)"),
        .init("2~3년 동안", "이삼년동안", "SD '이삼': 이삼 년"),
        .init("3~4일에 걸쳐", "삼사일에걸쳐", "SD '삼사': 삼사 일"),
        .init("20만~30만 명", "이십만에서삼십만명", "usage: quantities with 에서 (이십만에서 삼십만 명)"),
        .init("1000만~2000만 원", "천만에서이천만원", "usage: amounts with 에서"),
        .init("3억~4억 원", "삼억에서사억원", "usage: amounts with 에서"),
        .init("☞ 12쪽", "참조십이쪽", "usage: the pointing hand marks a reference (참조)"),
        .init("cf. 그림 3", "참조그림삼", "usage: cf. is read 참조"),
        .init("£50", "오십파운드", "usage: a currency sign is said after the amount"),
        .init("JPY 1,000", "천엔", "usage: an ISO currency code is said after the amount"),
        .init("USD 20", "이십달러", "usage: an ISO currency code is said after the amount"),
        .init("3×4개", "삼곱하기네개", "usage: × between numbers is 곱하기; the counter keeps its numerals"),
        .init("5월 4~5일", "오월사일부터오일까지", "must not: days of a month are dates (부터 … 까지)"),
        .init("2~3일", "이일부터삼일까지", "must not: a bare span of days stays two dates (a written form)"),
        .init("1~2년", "일년에서이년", "must not: a bare span of years stays a duration with 에서 (a written form)"),
        .init("5월 4~5일에 걸쳐", "오월사일부터오일에걸쳐", "must not: after a month the days are dates"),
    ]

    /// Museum labels and notices, read as a curator says them.
    static let museumLabels: [CitedCase] = [
        .init("30×40cm", "삼십곱하기사십센티미터", "usage: dimensions, × between figures and one unit after them"),
        .init("30×40×50㎝", "삼십곱하기사십곱하기오십센티미터", "usage: three dimensions, one unit"),
        .init("2024.5.1.(수)", "이천이십사년오월일일수요일", "usage: a dotted date with its weekday in brackets"),
        .init("2024. 5. 1.(토) 개관", "이천이십사년오월일일토요일개관", "usage: spaced dotted date and weekday"),
        .init("02-123-4567", "공이일이삼사오육칠", "usage: a phone number digit by digit, 0 as 공"),
        .init("1588-1234", "일오팔팔일이삼사", "usage: a service number digit by digit, never a range"),
        .init("1544-5700", "일오사사오칠공공", "usage: a nationwide service number (15XX-XXXX) digit by digit, never a range"),
        .init("1592-1598년", "천오백구십이년부터천오백구십팔년까지", "must not: a span of years stays a range"),
        .init("프리드리히 2세", "프리드리히이세", "usage: regnal numbers are Sino-Korean with 세"),
        .init("헨리 VIII세", "헨리팔세", "usage: a Roman regnal number is said as a Sino-Korean number"),
        .init("루이 XIV세", "루이십사세", "usage: a Roman regnal number"),
        .init("§3", "삼절", "usage: the section sign is said after its number (삼 절)"),
        .init("※ 주의", "참고주의", "usage: the reference mark is 참고"),
    ]

    /// 두음 법칙 (HM 제10–12항) for Hanja readings at the start of a word, and not inside one.
    static let initialSound: [CitedCase] = [
        .init("來日", "내일", "HM 제12항: 來 at the start of a word is 내"),
        .init("女子", "여자", "HM 제10항: 女 at the start of a word is 여"),
        .init("勞動", "노동", "HM 제12항: 勞 is 노"),
        .init("歷史", "역사", "HM 제11항: 歷 is 역"),
        .init("男女", "남녀", "must not: HM 제10항 inside a word 女 stays 녀"),
        .init("經歷", "경력", "must not: HM 제11항 inside a word 歷 stays 력"),
        .init("未來", "미래", "must not: HM 제12항 inside a word 來 stays 래"),
        .init("過勞", "과로", "must not: HM 제12항 inside a word 勞 stays 로"),
    ]

    /// Two-digit years with an apostrophe.
    static let shortYears: [CitedCase] = [
        .init("'19.5.1", "이천십구년오월일일", "usage: a dotted date with a short year is said with its full year"),
        .init("'88.9.17", "천구백팔십팔년구월십칠일", "usage: 30–99 are years of the 1900s"),
        .init("'19.5.1.(수)", "이천십구년오월일일수요일", "usage: with its weekday"),
        .init("\u{2019}05.3.1", "이천오년삼월일일", "usage: a typographic apostrophe"),
        .init("'98 월드컵", "구십팔년월드컵", "must not: a short year alone is said short (a written form)"),
        .init("'02년", "공이년", "must not: a short year alone is said short (a written form)"),
    ]

    static let byClass: [(String, [CitedCase])] = [
        ("counters choose the numerals", countersChooseNumerals), ("ranges and signs", rangesAndSigns),
        ("museum labels", museumLabels), ("두음 법칙", initialSound), ("two-digit years", shortYears),
    ]
}

/// Every row of every class; the figures per class are printed for the report.
@Suite("KoreanNormalizer: readings that depend on their context")
struct ContextReadingTests {
    @Test(arguments: ContextReadingCases.byClass.flatMap(\.1)) func citedReading(_ row: CitedCase) { WrittenFormReadingTests.check(row) }

    /// The figures per class, printed for the report: every class has cases, and every case
    /// passes (as `citedReading` demands of each).
    @Test func figuresPerClass() {
        for (name, cases) in ContextReadingCases.byClass {
            let good = cases.filter(WrittenFormReadingTests.passes).count
            print("context readings \(name): \(good)/\(cases.count)")
            #expect(!cases.isEmpty && good == cases.count, "context readings \(name)")
        }
    }
}
