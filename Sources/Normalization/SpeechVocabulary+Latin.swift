/// Word lists for Latin script inside Korean text, signs, jamo and Greek letters.
extension SpeechVocabulary {
    /// Abbreviations said as the word they stand for (TEL → 전화). Acronyms and words in
    /// capitals said as words are the curator's list, Voices/acronyms.txt (`WordAcronyms`).
    static let wordAcronyms: [String: String] = [
        "TEL": "전화", "Tel": "전화", "Fax": "팩스", "WiFi": "와이파이",
    ]

    /// Given names of rulers and popes, after which a Roman numeral is a regnal number said with
    /// 세 (Louis XIV → 루이 십사 세, as 외래어 표기 용례 writes 루이 14세, 헨리 8세, 요한 바오로 2세).
    static let regnalNames: Set<String> = [
        "Henri", "Henry", "Charles", "Louis", "Napoleon", "Napoléon", "Elizabeth", "Elisabeth", "George", "Edward",
        "William", "Richard", "James", "Philippe", "Philip", "Felipe", "Ferdinand", "Frederick", "Friedrich", "Frederik",
        "Wilhelm", "Francis", "François", "Franz", "Joseph", "Leopold", "Peter", "Ivan", "Nicholas", "Alexander",
        "Catherine", "Pius", "Benedict", "John", "Paul", "Gregory", "Innocent", "Leo", "Clement", "Urban", "Boniface",
        "Sixtus", "Julius", "Umberto", "Gustav", "Gustaf", "Christian", "Haakon", "Olav", "Harald", "Rama",
        "Ramesses", "Ramses", "Thutmose", "Amenhotep", "Ptolemy", "Otto", "Rudolf", "Maximilian", "Karl", "Ludwig",
        "Alfonso", "Carlos", "Juan", "Manuel", "Pedro", "Isabel", "Isabella", "Mary", "Anne", "Victor", "Constantine",
        "Justinian", "Mehmed", "Suleiman", "Murad", "Selim", "Philipp", "Carol", "Michael", "Stephen", "Sancho",
    ]

    /// The same names in Hangul, as 외래어 표기법 writes them (앙리 IV → 앙리 사 세).
    static let regnalNamesHangul: [[Unicode.Scalar]] = SpeechVocabulary.scalars([
        "앙리", "헨리", "샤를", "찰스", "루이", "나폴레옹", "엘리자베스", "조지", "에드워드", "윌리엄", "리처드", "제임스",
        "필리프", "필립", "펠리페", "페르디난트", "프리드리히", "빌헬름", "프랑수아", "프란츠", "요제프", "레오폴트",
        "표트르", "이반", "니콜라이", "알렉산드르", "예카테리나", "비오", "베네딕토", "요한", "바오로", "그레고리오",
        "레오", "클레멘스", "구스타프", "크리스티안", "라마", "람세스", "투트모세", "아멘호테프", "프톨레마이오스",
        "오토", "카를", "루트비히", "알폰소", "카를로스", "후안", "이사벨", "메리", "빅토리아", "콘스탄티누스",
        "메흐메트", "술레이만", "무라트", "셀림", "움베르토", "프레데리크", "하랄", "올라프", "호콘",
    ])

    /// Letter–digit tokens with an established reading, often with English numbers (4K, MP4).
    /// The lexicon is applied first, so a curator's entry wins over these.
    static let establishedTokens: [String: String] = [
        "G7": "지세븐", "G8": "지에이트", "G20": "지이십", "4K": "포케이", "8K": "에잇케이", "5G": "파이브지",
        "4G": "포지", "3G": "쓰리지", "LTE": "엘티이", "3D": "쓰리디", "2D": "투디", "4D": "포디", "MP3": "엠피쓰리",
        "MP4": "엠피포", "H5N1": "에이치오엔원", "H1N1": "에이치원엔원", "B2B": "비투비", "B2C": "비투씨",
        "P2P": "피투피", "K2": "케이투", "F1": "에프원", "A4": "에이포",
        "pH": "피에이치", "mRNA": "엠알엔에이", "tRNA": "티알엔에이", "iPS": "아이피에스",
        "COVID-19": "코비드 일구", "PM2.5": "피엠 이 점 오", "PM10": "피엠 십", "CO2": "씨오투", "H2O": "에이치투오",
    ]

    /// Abbreviations with a full stop, said around the number that follows them:
    /// (written, word before the number, word after it).
    static let numberAbbreviations: [(written: [Unicode.Scalar], before: String, after: String)] = [
        ("pp.", "", "쪽"), ("p.", "", "쪽"), ("P.", "", "쪽"), ("Fig.", "그림", ""), ("fig.", "그림", ""),
        ("No.", "", "번"), ("no.", "", "번"), ("NO.", "", "번"), ("Vol.", "", "권"), ("vol.", "", "권"), ("Ch.", "", "장"),
        ("ch.", "", "장"), ("Pl.", "도판", ""), ("ca.", "약", ""), ("c.", "약", ""),
    ].map { (Array($0.0.unicodeScalars), $0.1, $0.2) }

    /// Abbreviations with a full stop said as words anywhere.
    static let wordAbbreviations: [(written: [Unicode.Scalar], spoken: String)] = [
        ("A/S", "에이에스"), ("a/s", "에이에스"), ("Tel.", "전화"), ("TEL.", "전화"), ("tel.", "전화"),
        ("Wi-Fi", "와이파이"), ("No.1", "넘버원"), ("NO.1", "넘버원"), ("etc.", "등"), ("e.g.", "예를 들어"), ("i.e.", "즉"), ("cf.", "참조"), ("vs.", "대"), ("ibid.", "같은 책"),
    ].map { (Array($0.0.unicodeScalars), $0.1) }

    /// Currency prefixes written before a dollar sign: HK$500 → 오백 홍콩 달러.
    static let dollarPrefixes: [String: String] = [
        "HK": "홍콩 달러", "A": "호주 달러", "AU": "호주 달러", "US": "미국 달러", "C": "캐나다 달러",
        "CA": "캐나다 달러", "NT": "대만 달러", "S": "싱가포르 달러", "NZ": "뉴질랜드 달러", "R": "헤알",
    ]

    /// Currency codes written before or after an amount: USD 100 → 백 달러.
    static let currencyCodes: [String: String] = [
        "USD": "달러", "KRW": "원", "EUR": "유로", "JPY": "엔", "CNY": "위안", "GBP": "파운드", "HKD": "홍콩 달러",
    ]

    /// Names of the Hangul compatibility jamo U+3131...U+3163 (한글 맞춤법 제4항).
    static let jamoNames: [String] = [
        "기역", "쌍기역", "기역시옷", "니은", "니은지읒", "니은히읗", "디귿", "쌍디귿", "리을", "리을기역", "리을미음",
        "리을비읍", "리을시옷", "리을티읕", "리을피읖", "리을히읗", "미음", "비읍", "쌍비읍", "비읍시옷", "시옷",
        "쌍시옷", "이응", "지읒", "쌍지읒", "치읓", "키읔", "티읕", "피읖", "히읗",
        "아", "애", "야", "얘", "어", "에", "여", "예", "오", "와", "왜", "외", "요", "우", "워", "웨", "위", "유",
        "으", "의", "이",
    ]

    /// Greek letters used in science and titles.
    static let greekNames: [UInt32: String] = [
        0x3B1: "알파", 0x3B2: "베타", 0x3B3: "감마", 0x3B4: "델타", 0x3B5: "엡실론", 0x3B8: "세타", 0x3BB: "람다",
        0x3BC: "뮤", 0x3C0: "파이", 0x3C3: "시그마", 0x3C9: "오메가", 0x3A9: "옴", 0x394: "델타", 0x3A3: "시그마",
    ]

    /// Signs said as words wherever they stand.
    static let signWords: [UInt32: String] = [
        0x203B: "참고", 0x2122: "티엠", 0xAE: "등록 상표", 0xA9: "저작권", 0xB1: "플러스 마이너스",
        0x260E: "전화", 0x260F: "전화", 0x2121: "전화", 0x2709: "이메일", 0x2260: "같지 않다", 0x2264: "작거나 같다",
        0x2265: "크거나 같다", 0x221E: "무한대", 0x2116: "번호", 0x261E: "참조", 0x261B: "참조",
    ]

    /// Signs dropped on purpose: ellipses, bullets, stars, geometric marks (a pause at most).
    static let droppedSigns: Set<UInt32> = [
        0x2026, 0x2025, 0x2022, 0x2023, 0x25E6, 0x2043, 0x25AA, 0x25AB, 0x25B6, 0x25BA, 0x25CF, 0x25CB, 0x25A0,
        0x25A1, 0x25C6, 0x25C7, 0x25CE, 0x2605, 0x2606, 0x2665, 0x2661, 0x2714, 0x2713, 0x25B7, 0x25B2,
        0x25B3, 0x25BC, 0x25BD, 0x2660, 0x2663, 0x2666, 0x266A, 0x266B, 0x3003, 0x2191, 0x2193,
    ]

    /// Vulgar fraction characters: (denominator, numerator).
    static let vulgarFractions: [UInt32: (Int, Int)] = [
        0xBC: (4, 1), 0xBD: (2, 1), 0xBE: (4, 3), 0x2153: (3, 1), 0x2154: (3, 2), 0x2155: (5, 1), 0x2156: (5, 2),
        0x2157: (5, 3), 0x2158: (5, 4), 0x2159: (6, 1), 0x215A: (6, 5), 0x215B: (8, 1), 0x215C: (8, 3),
        0x215D: (8, 5), 0x215E: (8, 7), 0x2150: (7, 1), 0x2151: (9, 1), 0x2152: (10, 1),
    ]

    /// Company marks in brackets: (주) → 주식회사.
    static let companyMarks: [Unicode.Scalar: String] = [
        "주": "주식회사", "株": "주식회사", "사": "사단법인", "社": "사단법인", "재": "재단법인", "財": "재단법인",
        "유": "유한회사", "有": "유한회사", "합": "합자회사",
    ]

    /// Telephone service numbers said digit by digit (112 → 일일이).
    static let serviceNumbers: Set<Int> = [
        112, 113, 114, 117, 118, 119, 120, 121, 122, 123, 125, 126, 127, 128, 129, 131, 132, 134, 182, 1330,
        1331, 1332, 1333, 1339, 1345, 1350, 1366, 1388, 1577, 1588, 1599, 1644, 1661, 1899,
    ]

    /// Days that are named commemorations when written M.D or M·D (3.1절, 4·19, 5.16, 6·25, 8.15).
    static let commemorationDays: Set<Int> = [
        301, 419, 516, 518, 610, 625, 629, 815, 1026, 1212, 403, 228, 315, 1019, 1018, 1020, 519,
    ]
}
