import Testing

@testable import Normalization

/// A row of a rule table of the normalizer: what is written, what a Korean narrator says, and the rule
/// or usage the reading follows.
struct CitedCase: CustomTestStringConvertible, Sendable {
    let written: String
    let spoken: String
    let rule: String
    init(_ written: String, _ spoken: String, _ rule: String) {
        self.written = written
        self.spoken = spoken
        self.rule = rule
    }
    var testDescription: String { "\(written) → \(spoken) [\(rule)]" }
}

/// Written forms and how they are read (issue 16), grouped by kind. Sources: 국립국어원 한글 맞춤법 (HM), 표준 발음법
/// (PB), 외래어 표기법 (OE), 표준국어대사전 (SD) and 온라인가나다 answers (GA); "usage" names
/// what broadcasters and museum guides say where the rules leave a choice.
enum WrittenFormCases {
    static let acronym = "OE: a Latin acronym is read by its letters' names (usage: KBS 케이비에스)"
    static let wordAcronym = "OE/usage: acronyms pronounced as words keep the word (NASA 나사)"
    static let letterDigit = "usage: letters by name, digits as Sino-Korean numbers (A3 에이삼)"
    static let established = "usage: names with an established reading, English numbers included (SD: 지세븐)"

    static let latinAcronyms: [CitedCase] = [
        .init("KBS", "케이비에스", acronym), .init("LED", "엘이디", acronym), .init("NGO", "엔지오", acronym),
        .init("KTX", "케이티엑스", acronym), .init("SNS", "에스엔에스", acronym), .init("DNA", "디엔에이", acronym),
        .init("CCTV", "씨씨티브이", acronym), .init("IT", "아이티", acronym), .init("TV", "티브이", acronym),
        .init("PC", "피씨", acronym), .init("CEO", "씨이오", acronym), .init("UN", "유엔", acronym),
        .init("EU", "이유", acronym), .init("IMF", "아이엠에프", acronym), .init("WHO", "더블유에이치오", acronym),
        .init("BTS", "비티에스", acronym), .init("GPS", "지피에스", acronym), .init("USB", "유에스비", acronym),
        .init("MBC 방송", "엠비씨방송", acronym), .init("DMZ", "디엠제트", acronym),
        .init("KBS와 MBC", "케이비에스와엠비씨", acronym), .init("LED 조명", "엘이디조명", acronym),
        .init("AI 기술", "에이아이기술", acronym), .init("VR 체험", "브이알체험", acronym),
        .init("QR 코드", "큐알코드", acronym), .init("X선", "엑스선", acronym), .init("A형", "에이형", acronym),
        .init("NASA", "나사", wordAcronym), .init("UNESCO 세계유산", "유네스코세계유산", wordAcronym),
        .init("NATO", "나토", wordAcronym), .init("FIFA 월드컵", "피파월드컵", wordAcronym),
        .init("OECD 국가", "오이시디국가", wordAcronym), .init("UNICEF", "유니세프", wordAcronym),
        .init("CCTV 설치", "씨씨티브이설치", acronym), .init("OECD", "오이시디", wordAcronym),
        .init("IUCN 적색목록", "아이유씨엔적색목록", acronym), .init("HDTV", "에이치디티브이", acronym),
        .init("KOREA", "KOREA", "usage: capitals that read as a word are a word, left to the lexicon"),
        .init("TEL 02-123-4567", "전화공이일이삼사오육칠", "usage: TEL is 전화"),
        .init("FAX", "팩스", wordAcronym), .init("Wi-Fi 무료", "와이파이무료", wordAcronym), .init("ICOM 총회", "아이콤총회", wordAcronym),
        .init("M&A", "엠앤에이", "usage: & inside an acronym is 앤 (엠앤에이)"),
        .init("R&D", "알앤디", "usage: & inside an acronym is 앤 (알앤디)"),
        .init("AT&T", "에이티앤티", "usage: & inside an acronym is 앤"),
    ]

    static let letterDigitTokens: [CitedCase] = [
        .init("A3 용지", "에이삼용지", letterDigit), .init("B2층", "비이층", letterDigit),
        .init("B1층", "비일층", letterDigit), .init("KF94 마스크", "케이에프구십사마스크", letterDigit),
        .init("F4", "에프사", letterDigit), .init("A1", "에이일", letterDigit), .init("C3 구역", "씨삼구역", letterDigit),
        .init("4K 영상", "포케이영상", established), .init("8K", "에잇케이", established),
        .init("MP4", "엠피포", established), .init("MP3 파일", "엠피쓰리파일", established),
        .init("H5N1", "에이치오엔원", established), .init("G7", "지세븐", established),
        .init("G20 정상회의", "지이십정상회의", established), .init("5G 통신", "파이브지통신", established),
        .init("3D 영상", "쓰리디영상", established), .init("A4 용지", "에이포용지", established),
        .init("COVID-19", "코비드일구", established), .init("B2B", "비투비", established),
        .init("O-157", "오일오칠", "usage: a code's digits one by one"), .init("A-1", "에이일", "usage: a code's digits one by one"),
        .init("K-팝", "케이팝", "OE: a Latin prefix is said by its letter's name"),
        .init("U-20 월드컵", "유이십월드컵", "usage: U-20 (under twenty) is 유 이십"),
        .init("No.1 브랜드", "넘버원브랜드", "usage: No.1 as a rank is 넘버원"),
        .init("K-방역", "케이방역", "OE: a Latin prefix is said by its letter's name"),
        .init("U-시티", "유시티", "OE: a Latin prefix is said by its letter's name"),
        .init("e-스포츠", "이스포츠", "usage: a one-letter prefix by its name (이스포츠)"),
        .init("x축과 y축", "엑스축과와이축", "usage: a letter standing alone by its name"),
        .init("pH 7", "피에이치칠", established), .init("mRNA 백신", "엠알엔에이백신", established),
        .init("CO₂ 배출", "씨오투배출", "usage: subscript digits as digits (CO₂ 씨오투)"), .init("H₂O", "에이치투오", established),
        .init("A/S 기간", "에이에스기간", "usage: A/S is 에이에스"), .init("USB-C 포트", "유에스비씨포트", letterDigit),
        .init("코로나19 확진자", "코로나일구확진자", "usage: 코로나19 is 코로나 일구 (질병관리청)"),
        .init("DDR4 메모리", "디디알사메모리", letterDigit), .init("KBS1", "케이비에스일", letterDigit),
    ]

    static let abbreviations: [CitedCase] = [
        .init("pp. 12-15", "십이에서십오쪽", "usage: pp. is 쪽 after the page numbers"),
        .init("p. 25", "이십오쪽", "usage: p. is 쪽 after the page number"),
        .init("Fig. 3", "그림삼", "usage: Fig. is 그림 before its number"),
        .init("No. 5", "오번", "usage: No. is 번 after the number"),
        .init("vol. 2", "이권", "usage: vol. is 권 after the number"),
        .init("Vol. 12", "십이권", "usage: vol. is 권 after the number"),
        .init("ca. 1900년", "약천구백년", "usage: ca. (circa) is 약"),
        .init("사과, 배 etc.", "사과,배등", "usage: etc. is 등"),
        .init("한국 vs. 일본", "한국대일본", "usage: vs. is 대"),
        .init("BC 500", "기원전오백", "usage: BC is 기원전"), .init("AD 100", "서기백", "usage: AD is 서기"),
    ]

    static let romanNumerals: [CitedCase] = [
        .init("제Ⅱ권", "제이권", "HM 제44항 usage: Roman numerals are read as Sino-Korean numbers"),
        .init("제Ⅲ부", "제삼부", "usage: Roman numerals as Sino-Korean numbers"),
        .init("Ⅳ장", "사장", "usage: Roman numerals as Sino-Korean numbers"),
        .init("제Ⅻ권", "제십이권", "usage: Roman numerals as Sino-Korean numbers"),
        .init("ⅱ장", "이장", "usage: small Roman numerals as Sino-Korean numbers"),
        .init("ⅲ", "삼", "usage: small Roman numerals as Sino-Korean numbers"),
        .init("Ⅰ", "일", "usage: Roman numerals as Sino-Korean numbers"),
        .init("세계 대전 Ⅱ", "세계대전이", "usage: Roman numerals as Sino-Korean numbers"),
        .init("제II권", "제이권", "usage: ASCII Roman numerals after 제"),
        .init("제IV부", "제사부", "usage: ASCII Roman numerals after 제"),
        .init("XIV권", "십사권", "usage: ASCII Roman numerals before a counting word"),
        .init("세계 대전 II", "세계대전이", "usage: a Roman numeral closing a title"),
        .init("로키 III", "로키삼", "usage: a Roman numeral closing a title"),
        .init("III부", "삼부", "usage: ASCII Roman numerals before a counting word"),
        .init("제IX장", "제구장", "usage: ASCII Roman numerals after 제"),
    ]

    static let englishOrdinals: [CitedCase] = [
        .init("22nd", "스물두번째", "SD 번째: native numbers before 번째 (두 번째)"),
        .init("1st", "첫번째", "SD 번째: 첫 번째"), .init("2nd", "두번째", "SD 번째: native numbers"),
        .init("3rd", "세번째", "SD 번째: native numbers"), .init("4th", "네번째", "SD 번째: native numbers"),
        .init("11th", "열한번째", "SD 번째: native numbers"), .init("20th", "스무번째", "SD 번째: 스무 번째"),
        .init("100th", "백번째", "SD 번째: Sino-Korean from 100"), .init("21st 총회", "스물한번째총회", "SD 번째"),
    ]

    static let signs: [CitedCase] = [
        .init("※ 참고 사항", "참고참고사항", "usage: ※ is read 참고"),
        .init("※관람 안내", "참고관람안내", "usage: ※ is read 참고"),
        .init("★ 추천", "추천", "usage: stars are decoration, dropped"), .init("☆ 신상품", "신상품", "usage: stars dropped"),
        .init("상품™", "상품티엠", "usage: ™ is 티엠"), .init("로고®", "로고등록상표", "usage: ® is 등록 상표"),
        .init("© 2024", "저작권이천이십사", "usage: © is 저작권"),
        .init("3+4=7", "삼더하기사는칠", "usage: arithmetic reading (더하기, 는)"),
        .init("10-3=7", "십빼기삼은칠", "usage: arithmetic reading (빼기, 은 after a final consonant)"),
        .init("6×7=42", "육곱하기칠은사십이", "usage: arithmetic reading (곱하기)"),
        .init("8÷2=4", "팔나누기이는사", "usage: arithmetic reading (나누기)"),
        .init("2 + 3 = 5", "이더하기삼은오", "usage: arithmetic reading"),
        .init("1+1 행사", "일플러스일행사", "usage: + outside a calculation is 플러스"),
        .init("5±0.5", "오플러스마이너스영점오", "usage: ± is 플러스 마이너스"),
        .init("a ≠ b", "에이같지않다비", "usage: ≠ is 같지 않다"),
        .init("x ≤ 5", "엑스작거나같다오", "usage: ≤ is 작거나 같다"), .init("x ≥ 3", "엑스크거나같다삼", "usage: ≥ is 크거나 같다"),
        .init("다음…", "다음", "HM 부록: an ellipsis is a pause, not a word"),
        .init("그리고‥", "그리고", "HM 부록: an ellipsis is a pause"), .init("• 항목", "항목", "usage: bullets dropped"),
        .init("▶ 안내", "안내", "usage: arrows and bullets dropped"), .init("● 주의", "주의", "usage: bullets dropped"),
        .init("3×4m", "삼곱하기사미터", "usage: × between measures is 곱하기"),
        .init("30x40cm", "삼십곱하기사십센티미터", "usage: x between measures is 곱하기"),
        .init("#3 출구", "삼번출구", "usage: # before a number is 번"), .init("#12", "십이번", "usage: # is 번"),
        .init("∞", "무한대", "usage: ∞ is 무한대"), .init("☎ 1330", "전화일삼삼공", "usage: ☎ is 전화"),
        .init("84m2", "팔십사제곱미터", "usage: m2 written for m² is 제곱미터"),
        .init("NO. 7", "칠번", "usage: NO. is 번 after the number"), .init("α선", "알파선", "usage: Greek letters by name"),
        .init("β-카로틴", "베타카로틴", "usage: Greek letters by name"), .init("γ선", "감마선", "usage: Greek letters"),
    ]

    static let companiesAndJamo: [CitedCase] = [
        .init("㈜한국", "주식회사한국", "usage: ㈜ is 주식회사"), .init("(주)삼성", "주식회사삼성", "usage: (주) is 주식회사"),
        .init("㈔한국문화", "사단법인한국문화", "usage: ㈔ is 사단법인"), .init("(사)협회", "사단법인협회", "usage: (사) is 사단법인"),
        .init("(재)재단", "재단법인재단", "usage: (재) is 재단법인"), .init("㈱대한", "주식회사대한", "usage: ㈱ is 주식회사"),
        .init("'ㄷ'자 모양", "디귿자모양", "HM 제4항: jamo are named 기역, 니은, 디귿 …"),
        .init("'ㄱ' 받침", "기역받침", "HM 제4항: jamo names"), .init("ㅎ", "히읗", "HM 제4항: jamo names"),
        .init("ㅅ자형", "시옷자형", "HM 제4항: jamo names"), .init("‘ㅁ’자", "미음자", "HM 제4항: jamo names"),
        .init("ㅏ", "아", "HM 제4항: vowel jamo are named by their sound"), .init("ㄲ", "쌍기역", "HM 제4항: 쌍기역"),
        .init("'ㅇ'", "이응", "HM 제4항: jamo names"), .init("ㅌ", "티읕", "HM 제4항: jamo names"),
    ]

    static let ratiosAndFractions: [CitedCase] = [
        .init("1:25,000 지도", "일대이만오천지도", "usage: a map scale is read with 대"),
        .init("1:50000", "일대오만", "usage: a scale is read with 대"),
        .init("3:1로 이겼다", "삼대일로이겼다", "usage: a score is read with 대"),
        .init("2:0 승리", "이대영승리", "usage: a score is read with 대"),
        .init("1:1 비율", "일대일비율", "usage: a ratio is read with 대"),
        .init("10:30", "열시삼십분", "usage: a time has hours ≤ 24 and two-digit minutes"),
        .init("2/4박자", "사분의이박자", "HM 제5장: fractions as 분모 분의 분자"),
        .init("3/4박자", "사분의삼박자", "HM: fractions as 분모 분의 분자"),
        .init("6/8박자", "팔분의육박자", "HM: fractions as 분모 분의 분자"),
        .init("¼", "사분의일", "usage: vulgar fractions"), .init("½", "이분의일", "usage: vulgar fractions"),
        .init("¾", "사분의삼", "usage: vulgar fractions"), .init("⅓", "삼분의일", "usage: vulgar fractions"),
        .init("⅔", "삼분의이", "usage: vulgar fractions"), .init("1½컵", "일과이분의일컵", "usage: a mixed number with 과"),
        .init("⅛", "팔분의일", "usage: vulgar fractions"),
        .init("15:35로 이겼다", "십오대삼십오로이겼다", "usage: a score before 로 is not a time"),
        .init("2:1의 비율", "이대일의비율", "usage: a ratio before 의"),
        .init("10:30에 시작", "열시삼십분에시작", "usage: a time before 에 stays a time"),
    ]

    static let commemorations: [CitedCase] = [
        .init("3.1절", "삼일절", "SD 삼일절: a commemoration is a name"), .init("4·19", "사일구", "SD 사일구 혁명"),
        .init("5.16", "오일육", "SD 오일륙 군사 정변 usage 오일육"), .init("6·25", "육이오", "SD 육이오 전쟁"),
        .init("8.15", "팔일오", "SD 팔일오 광복"), .init("5.18 민주화운동", "오일팔민주화운동", "SD 오일팔"),
        .init("6·10 민주항쟁", "육십민주항쟁", "usage: a day with a zero is said as a number (육십)"),
        .init("12·12 사태", "십이십이사태", "usage: 십이십이 사태"), .init("10·26", "십이육", "usage: 십이육 사태"),
        .init("4.19 혁명", "사일구혁명", "SD 사일구 혁명"), .init("8.15 광복", "팔일오광복", "SD 팔일오"),
        .init("6.25 전쟁", "육이오전쟁", "SD 육이오 전쟁"), .init("3·1 운동", "삼일운동", "SD 삼일 운동"),
        .init("6·29 선언", "육이구선언", "usage: 육이구 선언"), .init("3.15 의거", "삼일오의거", "usage: 삼일오 의거"),
    ]

    static let dateForms: [CitedCase] = [
        .init("'98 월드컵", "구십팔년월드컵", "usage: an apostrophe year is a year"),
        .init("'02년", "공이년", "usage: '02 is 공이"), .init("'88 서울올림픽", "팔십팔년서울올림픽", "usage: apostrophe year"),
        .init("2021. 11. ~ 2022. 1. 전시", "이천이십일년십일월부터이천이십이년일월까지전시", "HM 부록: dates with full stops"),
        .init("2021. 11.", "이천이십일년십일월.", "HM 부록: a year and month with full stops"),
        .init("2021.3.1.~6.30. 운영", "이천이십일년삼월일일부터유월삼십일까지운영", "usage: a shortened end date keeps the year"),
        .init("2024.1.5~2.10", "이천이십사년일월오일부터이월십일까지", "usage: a shortened end date"),
        .init("2020. 3. 2. ~ 2020. 12. 31.", "이천이십년삼월이일부터이천이십년십이월삼십일일까지.", "HM 부록: dates"),
        .init("2019. 12. ~ 2020. 2.", "이천십구년십이월부터이천이십년이월까지.", "HM 부록: dates"),
        .init("1990. 6.", "천구백구십년유월.", "HM 제6장: 유월"),
        .init(
            "2023. 3. 2.(목) ~ 5. 31.(수)", "이천이십삼년삼월이일목요일부터오월삼십일일수요일까지",
            "usage: a weekday in brackets is said as 요일"),
        .init("1980s", "천구백팔십년대", "usage: an English decade is 년대"), .init("'80s 음악", "팔십년대음악", "usage: 년대"),
        .init("2023. 10. ~ 2024. 6.", "이천이십삼년시월부터이천이십사년유월까지.", "HM: 시월, 유월"),
    ]

    static let ranges: [CitedCase] = [
        .init("5~7년 주기", "오년에서칠년주기", "usage: a span of years is a duration (에서)"),
        .init("1~2년", "일년에서이년", "usage: a duration range with 에서"),
        .init("10~20년 전", "십년에서이십년전", "usage: a duration range with 에서"),
        .init("40~50대", "사오십대", "usage: 사오십 대 (ages by tens)"), .init("20~30대", "이삼십대", "usage: 이삼십 대"),
        .init("60~70년대", "육칠십년대", "usage: 육칠십 년대"), .init("30~40대 관람객", "삼사십대관람객", "usage: 삼사십 대"),
        .init("3~4명", "세명에서네명", "usage: native counts as a range with 에서"),
        .init("1236~1251년", "천이백삼십육년부터천이백오십일년까지", "usage: years as dates with 부터 … 까지"),
        .init("2~3일", "이일부터삼일까지", "usage: days with 부터 … 까지"),
        .init("9:00~18:00", "아홉시부터십팔시까지", "usage: times with 부터 … 까지"),
        .init("서울~부산", "서울에서부산", "usage: places with 에서"),
        .init("1950~1953년의 전쟁", "천구백오십년부터천구백오십삼년까지의전쟁", "usage: 부터 is closed by 까지 (까지의)"),
        .init("9:00~18:00의 근무", "아홉시부터십팔시까지의근무", "usage: 부터 … 까지의"),
        .init("오전 10시~오후 6시", "오전열시부터오후여섯시까지", "usage: 부터 … 까지 across 오전/오후"),
        .init("월~금", "월요일부터금요일까지", "usage: weekdays as 요일 with 부터 … 까지"),
        .init("고려 시대(918~1392)", "고려시대(구백십팔년부터천삼백구십이년까지)", "usage: a bracket of years"),
        .init("3~5일간", "삼일에서오일간", "usage: a span of days before 간 is a duration (에서)"),
        .init("10~15분 정도", "십분에서십오분정도", "usage: a span of minutes before 정도 is a duration"),
    ]

    static let counters: [CitedCase] = [
        .init("나무 5그루", "나무다섯그루", "HM 제43항: native numbers before 그루"),
        .init("연필 3자루", "연필세자루", "HM 제43항: native numbers before 자루"),
        .init("신발 2켤레", "신발두켤레", "HM 제43항: 켤레"), .init("옷 4벌", "옷네벌", "HM 제43항: 벌"),
        .init("집 3채", "집세채", "HM 제43항: 채"), .init("배 3척", "배세척", "SD 척: ships counted natively"),
        .init("선박 12척", "선박열두척", "SD 척: ships"), .init("거북선 2척이", "거북선두척이", "SD 척: ships"),
        .init("8척 장신", "팔척장신", "SD 척: a length is Sino-Korean"), .init("말 2필", "말두필", "SD 필: native"),
        .init("엽전 5닢", "엽전다섯닢", "SD 닢: native"), .init("3첩 반상", "삼첩반상", "SD 삼첩 반상: a set name keeps Sino-Korean"),
        .init("논 10마지기", "논열마지기", "SD 마지기: native"), .init("쌀 2가마", "쌀두가마", "SD 가마: native"),
        .init("2모작", "이모작", "SD 이모작: Sino-Korean in the word"), .init("3송이", "세송이", "HM 제43항"),
        .init("두 번 방문", "두번방문", "SD 번: times"), .init("3번 방문했다", "세번방문했다", "SD 번: times (native)"),
        .init("2번 출구", "이번출구", "SD 번: a label (Sino-Korean)"), .init("3번 버스", "삼번버스", "SD 번: a label"),
        .init("5번 홀", "오번홀", "SD 번: a label"), .init("7번 전시실", "칠번전시실", "SD 번: a label"),
        .init("4번 타자", "사번타자", "SD 번: a label"), .init("2번 읽었다", "두번읽었다", "SD 번: times"),
        .init("3번 방에", "삼번방에", "SD 번: a label"), .init("A매치 3경기", "에이매치세경기", "SD 경기: native"), .init("10번 게이트", "십번게이트", "SD 번: a label"),
    ]

    static let serviceNumbers: [CitedCase] = [
        .init("112에 신고", "일일이에신고", "usage: service numbers digit by digit"),
        .init("119 구급대", "일일구구급대", "usage: 일일구"), .init("114 안내", "일일사안내", "usage: 일일사"),
        .init("1330 관광통역", "일삼삼공관광통역", "usage: 일삼삼공"), .init("120 다산콜센터", "일이공다산콜센터", "usage: 일이공"),
        .init("119명", "백십구명", "usage: a count stays a number"), .init("112년", "백십이년", "usage: a year stays a number"),
        .init("1588-1234", "일오팔팔일이삼사", "usage: phone numbers digit by digit"),
    ]

    static let currency: [CitedCase] = [
        .init("HK$500", "오백홍콩달러", "usage: the amount before the currency (오백 홍콩 달러)"),
        .init("A$20", "이십호주달러", "usage: A$ is 호주 달러"), .init("US$100", "백미국달러", "usage: US$ is 미국 달러"),
        .init("NT$300", "삼백대만달러", "usage: NT$ is 대만 달러"), .init("S$50", "오십싱가포르달러", "usage: S$"),
        .init("£30", "삼십파운드", "usage: £ is 파운드"), .init("₩1000", "천원", "usage: ₩ is 원"),
        .init("€50", "오십유로", "usage: € is 유로"), .init("¥1000", "천엔", "usage: ¥ is 엔 by default"),
        .init("중국 돈 ¥100", "중국돈백위안", "usage: ¥ is 위안 when China is meant"),
        .init("USD 100", "백달러", "usage: a currency code before the amount"),
        .init("$5", "오달러", "usage: $ is 달러"), .init("100元", "백위안", "usage: 元 after an amount is 위안"),
        .init("500円", "오백엔", "usage: 円 after an amount is 엔"),
        .init("US$1.5억", "일점오억미국달러", "usage: the currency after the whole amount"),
    ]

    static let hanja: [CitedCase] = [
        .init("老人", "노인", "HM 제12항: 두음 법칙 (로 → 노)"), .init("來日", "내일", "HM 제12항: 두음 법칙 (래 → 내)"),
        .init("歷史", "역사", "HM 제11항: 두음 법칙 (력 → 역)"), .init("女子", "여자", "HM 제10항: 두음 법칙 (녀 → 여)"),
        .init("男女", "남녀", "HM 제10항 붙임 1: inside a word 녀 stays"), .init("勞動", "노동", "HM 제12항: 로 → 노"),
        .init("良心", "양심", "HM 제11항: 량 → 양"), .init("論文", "논문", "HM 제12항: 론 → 논"),
        .init("旅行", "여행", "HM 제11항: 려 → 여"), .init("理由", "이유", "HM 제11항: 리 → 이"),
        .init("禮儀", "예의", "HM 제11항: 례 → 예"), .init("樂園", "낙원", "HM 제12항: 락 → 낙"),
        .init("年度", "연도", "HM 제10항: 년 → 연"), .init("流行", "유행", "HM 제11항: 류 → 유"),
        .init("利用", "이용", "HM 제11항: 리 → 이"),
    ]

    /// Every table by kind, for the per-kind figures.
    static let byKind: [(kind: String, cases: [CitedCase])] = [
        ("Latin acronyms", latinAcronyms), ("letter–digit tokens", letterDigitTokens), ("abbreviations", abbreviations),
        ("Roman numerals", romanNumerals), ("English ordinals", englishOrdinals), ("signs", signs),
        ("companies and jamo", companiesAndJamo), ("ratios and fractions", ratiosAndFractions),
        ("commemorations", commemorations), ("date forms", dateForms), ("ranges", ranges), ("counters", counters),
        ("service numbers", serviceNumbers), ("currency", currency), ("Hanja initial sounds", hanja),
    ]
}
