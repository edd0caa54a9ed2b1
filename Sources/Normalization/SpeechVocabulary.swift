import ExpoModel
import ExpoSystem

/// The word lists the normalizer decides with: counting words, units, symbols and letter names.
/// Built once per process (static lets), never per call.
enum SpeechVocabulary {
    /// How a number before a counting word is read.
    enum Reading: Equatable {
        /// Native Korean (한, 두, 스무…) for 1...99, Sino-Korean from 100.
        case native
        /// Sino-Korean (일, 이, 삼…).
        case sino
        /// Hours: native for 1...12, Sino-Korean for 0 and from 13.
        case hour
        /// Months: 유월, 시월; the counter 월 is part of the month name.
        case month
        /// Native ordinals before 번째 and 째: 첫, 두, 세, 스무.
        case ordinal
    }

    /// A counting word written in Hangul after a number.
    struct Counter {
        let word: [Unicode.Scalar]
        let reading: Reading
        /// Dates and times: ranges read as "…부터 …까지".
        let temporal: Bool
    }

    private static func counters(_ words: [String], _ reading: Reading, temporal: Bool = false) -> [Counter] {
        words.map { Counter(word: Array($0.unicodeScalars), reading: reading, temporal: temporal) }
    }

    /// Counting words, longest first so that 개월 wins over 개 and 시간 over 시.
    static let hangulCounters: [Counter] = {
        var all: [Counter] = []
        // Sino-Korean words that begin like a native counter, and Sino-Korean counters.
        all += counters(
            [
                "개월째", "개월", "개국", "개년", "개소", "개교", "달러", "해리", "시즌", "번지", "번호", "번길",
                "장군", "대학", "대회", "세대", "주년", "학년", "페이지", "퍼센트", "킬로미터",
                "미터", "센티미터", "밀리미터", "킬로그램", "그램", "리터", "인분", "원", "층", "호",
                "회", "차", "현", "괘", "부", "매", "책", "판", "척", "도", "점", "위", "등", "쪽",
                "평", "인", "세", "주", "국", "종", "항", "절", "막", "박", "구",
                "대", "선", "기", "호선", "퍼센트포인트",
            ], .sino)
        all += counters(["년", "년대", "년도", "일", "분", "초", "세기"], .sino, temporal: true)
        all += counters(["시"], .hour, temporal: true)
        all += counters(["월"], .month, temporal: true)
        all += counters(["번째", "째"], .ordinal)
        all += counters(
            [
                "시간", "사람", "마리", "그루", "송이", "자루", "켤레", "가지", "군데", "가닥",
                "개비", "모금", "포기", "접시", "그릇", "방울", "다발", "묶음", "봉지", "상자",
                "차례", "바퀴", "걸음", "마디", "글자", "살", "개", "명", "권", "장", "잔", "병",
                "채", "벌", "톨", "통", "줄", "달", "곳", "쌍", "알", "칸", "겹", "배", "곡", "폭",
                "치", "푼", "끼", "해", "번", "자", "마당", "편", "건", "컵", "문장", "단어", "장면",
                "뿌리", "조각", "숟가락", "가구", "무리", "필", "닢", "마지기", "가마", "두름", "꾸러미",
                "타래", "자락", "움큼", "줌", "경기",
            ], .native)
        return all.sorted { $0.word.count > $1.word.count }
    }()

    /// Nouns after "N번" that make 번 a number (3번 출구) rather than a count of times (3번 읽었다).
    static let numberedAfterBeon: [[Unicode.Scalar]] = scalars([
        "출구", "버스", "선수", "문제", "트랙", "게이트", "국도", "고속도로", "채널", "좌석", "타자", "홈",
        "플랫폼", "승강장", "환자", "테이블", "카드", "항목", "주자", "레인", "도로", "노선", "교향곡",
        "방", "차량", "열차", "확진자", "지방도", "종목", "사진", "그림", "작품", "유물", "타석", "곡",
        "마을버스", "창구", "칸", "객실", "선", "트랙", "사물함", "정류장", "손님",
        "홀", "구역", "코스", "진열장", "전시실", "입구", "라인", "부스", "갱도", "주차장", "정류소", "국도를",
        "도로를", "공약", "과제", "조항", "질문", "후보", "등번호", "공격수", "수비수", "투수", "포수",
    ])

    /// Nouns before "N척" that make 척 a count of ships (배 3척 → 배 세 척).
    static let ships: [[Unicode.Scalar]] = scalars([
        "배", "선박", "군함", "함선", "거북선", "어선", "전함", "판옥선", "함정", "상선", "화물선", "유람선", "전선",
        "병선", "조운선", "군선", "돛단배", "나룻배", "목선", "잠수함", "구축함", "항공모함",
    ])

    /// Nouns before "N대" that make 대 a count of machines (차 3대) rather than a generation (18대).
    static let machinesBeforeDae: [[Unicode.Scalar]] = scalars([
        "차", "자동차", "승용차", "버스", "트럭", "택시", "비행기", "항공기", "전투기", "헬기", "헬리콥터",
        "기계", "컴퓨터", "카메라", "피아노", "자전거", "오토바이", "기차", "열차", "로봇", "드론", "대포",
        "차량", "트랙터", "텔레비전", "냉장고", "세탁기", "휴대폰", "스마트폰", "전화기", "노트북", "엔진",
        "기관차", "전차", "탱크", "구급차", "소방차", "경찰차", "모니터", "선풍기", "에어컨", "수레", "마차",
    ])

    /// Nouns before "N점" (or after "N점의") that make 점 a count of works and objects (작품 두 점)
    /// rather than of points (구십 점).
    static let countedWorks: [[Unicode.Scalar]] = scalars([
        "작품", "그림", "유물", "회화", "도자기", "조각", "조각품", "공예품", "사진", "소장품", "문화재", "유품", "서화",
        "병풍", "글씨", "판화", "초상화", "불화", "출품작", "전시품", "토기", "자기", "청자", "백자", "의복", "옷",
        "미술품", "민화", "산수화", "풍속화", "족자", "탁본", "서적", "책", "고서", "지도", "복식", "장신구",
        "가구", "악기", "무기", "갑옷", "도검", "불상", "석상", "동상", "포스터", "엽서", "우표", "메달", "기념품",
        "전시물", "출토품", "부장품", "칠기", "목기", "금속기", "유리기", "직물", "자수", "탈", "인형",
    ])

    /// Words after "N자" that make 자 a party or letter count (3자 회담) rather than a length.
    static let sinoAfterJa: [[Unicode.Scalar]] = scalars(["회담", "대면", "구도", "협의", "협상", "간", "연합"])

    static func scalars(_ words: [String]) -> [[Unicode.Scalar]] { words.map { Array($0.unicodeScalars) } }

    /// A unit written after a number, and its spoken name.
    struct Unit {
        let symbol: [Unicode.Scalar]
        let word: String
        /// Said before the number: 시속 for km/h, 화씨 for °F.
        let prefix: String?
        /// Temperatures: a negative reads 영하, not 마이너스.
        let temperature: Bool
    }

    /// Units after a number, longest symbol first.
    static let units: [Unit] = {
        let table: [(String, String, String?, Bool)] = [
            ("km/h", "킬로미터", "시속", false), ("㎞/h", "킬로미터", "시속", false), ("m/s", "미터", "초속", false),
            ("mph", "마일", "시속", false),
            ("km²", "제곱킬로미터", nil, false), ("㎢", "제곱킬로미터", nil, false),
            ("m²", "제곱미터", nil, false), ("m2", "제곱미터", nil, false), ("km2", "제곱킬로미터", nil, false),
            ("cm2", "제곱센티미터", nil, false), ("m3", "세제곱미터", nil, false), ("㎡", "제곱미터", nil, false),
            ("cm²", "제곱센티미터", nil, false), ("㎠", "제곱센티미터", nil, false),
            ("m³", "세제곱미터", nil, false), ("㎥", "세제곱미터", nil, false),
            ("cm³", "세제곱센티미터", nil, false), ("㎤", "세제곱센티미터", nil, false),
            ("km", "킬로미터", nil, false), ("㎞", "킬로미터", nil, false),
            ("cm", "센티미터", nil, false), ("㎝", "센티미터", nil, false),
            ("mm", "밀리미터", nil, false), ("㎜", "밀리미터", nil, false),
            ("CM", "센티미터", nil, false), ("MM", "밀리미터", nil, false),  // 36.5X27.5CM on frames and prints
            ("μm", "마이크로미터", nil, false), ("㎛", "마이크로미터", nil, false),
            ("nm", "나노미터", nil, false), ("㎚", "나노미터", nil, false),
            ("kg", "킬로그램", nil, false), ("㎏", "킬로그램", nil, false),
            ("mg", "밀리그램", nil, false), ("㎎", "밀리그램", nil, false),
            ("kcal", "킬로칼로리", nil, false), ("㎉", "킬로칼로리", nil, false), ("cal", "칼로리", nil, false),
            ("mL", "밀리리터", nil, false), ("ml", "밀리리터", nil, false), ("㎖", "밀리리터", nil, false),
            ("dL", "데시리터", nil, false), ("㎗", "데시리터", nil, false),
            ("kL", "킬로리터", nil, false), ("㎘", "킬로리터", nil, false),
            ("L", "리터", nil, false), ("ℓ", "리터", nil, false),
            ("cc", "시시", nil, false), ("㏄", "시시", nil, false), ("ha", "헥타르", nil, false),
            ("kWh", "킬로와트시", nil, false), ("kW", "킬로와트", nil, false), ("㎾", "킬로와트", nil, false),
            ("mAh", "밀리암페어시", nil, false), ("W", "와트", nil, false), ("V", "볼트", nil, false),
            ("kHz", "킬로헤르츠", nil, false), ("㎑", "킬로헤르츠", nil, false),
            ("MHz", "메가헤르츠", nil, false), ("㎒", "메가헤르츠", nil, false),
            ("GHz", "기가헤르츠", nil, false), ("㎓", "기가헤르츠", nil, false), ("Hz", "헤르츠", nil, false),
            ("KB", "킬로바이트", nil, false), ("MB", "메가바이트", nil, false),
            ("GB", "기가바이트", nil, false), ("TB", "테라바이트", nil, false),
            ("dB", "데시벨", nil, false), ("㏈", "데시벨", nil, false), ("ppm", "피피엠", nil, false),
            ("ms", "밀리초", nil, false), ("㎳", "밀리초", nil, false),
            ("ft", "피트", nil, false), ("lb", "파운드", nil, false), ("oz", "온스", nil, false),
            ("°C", "도", nil, true), ("℃", "도", nil, true), ("°F", "도", "화씨", true), ("℉", "도", "화씨", true),
            ("°", "도", nil, true), ("%p", "퍼센트포인트", nil, false), ("%", "퍼센트", nil, false),
            ("‰", "퍼밀", nil, false), ("t", "톤", nil, false), ("g", "그램", nil, false),
            ("m", "미터", nil, false), ("元", "위안", nil, false), ("円", "엔", nil, false),
        ]
        return table.map { Unit(symbol: Array($0.0.unicodeScalars), word: $0.1, prefix: $0.2, temperature: $0.3) }
            .sorted { $0.symbol.count > $1.symbol.count }
    }()

    /// Unit and measure symbols that are never left for the voice, even without a number.
    static let symbolWords: [UInt32: String] = {
        var words: [UInt32: String] = [:]
        for unit in units where unit.symbol.count == 1 && unit.symbol[0].value > 0x7F {
            words[unit.symbol[0].value] = (unit.prefix.map { $0 + " " } ?? "") + unit.word
        }
        words[0x2103] = "섭씨"  // ℃ alone names the scale
        words[0x2109] = "화씨"  // ℉
        return words
    }()

    /// Currency signs read after the amount: ₩1,000 → 천 원.
    static let currencies: [UInt32: String] = [
        0x20A9: "원", 0xFFE6: "원", 0x24: "달러", 0x20AC: "유로", 0xA3: "파운드", 0xA5: "엔", 0xFFE5: "엔",
    ]

    /// Korean names of Latin capital letters, for identifiers such as O-157.
    static let letterNames: [String] = [
        "에이", "비", "씨", "디", "이", "에프", "지", "에이치", "아이", "제이", "케이", "엘", "엠",
        "엔", "오", "피", "큐", "알", "에스", "티", "유", "브이", "더블유", "엑스", "와이", "제트",
    ]
}
