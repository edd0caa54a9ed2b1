import Testing

@testable import Normalization

/// Ordinary published label and news text (issue 37): each class with the cases its rule reads
/// and, beside them, must-not cases of the same shapes whose reading must not change. Rows are
/// written from the rule, not quoted: sizes, grouped thousands, compound quantities, coordinates,
/// dates with a weekday, news datelines, postal codes and further phone lines, arrows.
/// Sources: 한글 맞춤법 부록 문장 부호 (MB: 마침표 "1919. 3. 1.", 소괄호), 표준국어대사전 (SD), KS A ISO 80000-1
/// (ISO: digits grouped by three with a space), 도로명주소법 (the five-digit 국가기초구역번호), and
/// museum and notice practice (usage) seen on heritage-agency notices, museum labels and news.
@Suite("KoreanNormalizer: label and news text")
struct LabelTextReadingTests {
    static func check(_ row: CitedCase) {
        #expect(withoutSpaces(ruleNormalizer.spoken(row.written)) == row.spoken, "\(row.rule)")
    }

    static let size = "SD '곱하기'; usage: a size's × or Latin x between dimensions is said 곱하기, the unit once at the end"
    static let sizes: [CitedCase] = [
        .init("30 x 40 cm", "삼십곱하기사십센티미터", size), .init("30 X 40 X 5 cm", "삼십곱하기사십곱하기오센티미터", size),
        .init("12x8.5cm", "십이곱하기팔점오센티미터", size), .init("1.2×3m", "일점이곱하기삼미터", size),
        .init("45cm x 60cm", "사십오센티미터곱하기육십센티미터", size),
        .init("가로 20cm x 세로 15cm", "가로이십센티미터곱하기세로십오센티미터", size),
        .init("높이 2 x 폭 3 m", "높이이곱하기폭삼미터", size), .init("도판 7 × 9 ㎝", "도판칠곱하기구센티미터", size),
        .init("액자 42.5X30.5CM", "액자사십이점오곱하기삼십점오센티미터", size), .init("210 x 297 MM", "이백십곱하기이백구십칠밀리미터", size),
    ]
    static let sizesMustNot: [CitedCase] = [
        .init("x값", "엑스값", size), .init("X선 촬영", "엑스선촬영", size), .init("x = 3", "엑스삼", size),
        .init("1x", "일엑스", size), .init("3m 높이", "삼미터높이", size), .init("3M 제품", "삼엠제품", size),
    ]

    static let grouped = "ISO: thousands grouped by a comma or a space are one number before its unit (HM 제44항: read in 만 units)"
    static let thousands: [CitedCase] = [
        .init("부지 2,345㎡", "부지이천삼백사십오제곱미터", grouped), .init("56,789 m²", "오만육천칠백팔십구제곱미터", grouped),
        .init("4,000평 규모", "사천평규모", grouped), .init("20 000년 전", "이만년전", grouped),
        .init("12 500 m²", "만이천오백제곱미터", grouped), .init("약 3 000여 점", "약삼천여점", grouped),
        .init("1 234 567㎡", "백이십삼만사천오백육십칠제곱미터", grouped),
    ]
    static let thousandsMustNot: [CitedCase] = [
        .init("10 100", "십백", grouped), .init("1 2 3", "일이삼", grouped), .init("2024 100명", "이천이십사백명", grouped),
        .init("1,2", "일,이", grouped), .init("20 30", "이십삼십", grouped),
    ]

    static let compound = "usage: metres and centimetres (kilograms and grams) of one quantity, each with its unit"
    static let compounds: [CitedCase] = [
        .init("2m30cm", "이미터삼십센티미터", compound), .init("1m 45cm", "일미터사십오센티미터", compound),
        .init("4kg300g", "사킬로그램삼백그램", compound), .init("3m20", "삼미터이십", compound),
        .init("1시간 20분", "한시간이십분", compound), .init("12m3cm", "십이미터삼센티미터", compound),
    ]
    static let compoundsMustNot: [CitedCase] = [
        .init("5m2", "오제곱미터", compound), .init("12m3 부피", "십이세제곱미터부피", compound),
        .init("3kg 정도", "삼킬로그램정도", compound),
    ]

    static let angle = "SD '북위', '동경', '분'⁴, '초'³: 북위 37도 33분 59초 — the hemisphere word before the figures"
    static let coordinates: [CitedCase] = [
        .init("36°21′10″N", "북위삼십육도이십일분십초", angle), .init("127°23′5″E", "동경백이십칠도이십삼분오초", angle),
        .init("35°10'02\"S", "남위삼십오도십분이초", angle), .init("12° 5′ 30″ W", "서경십이도오분삼십초", angle),
        .init("북위 33° 6′ 40″", "북위삼십삼도육분사십초", angle), .init("37°14′26.8″N", "북위삼십칠도십사분이십육점팔초", angle),
        .init("35.1234° N", "북위삼십오점일이삼사도", angle), .init("38°20'", "삼십팔도이십분", angle),
        .init("126°58′~127°2′", "백이십육도오십팔분에서백이십칠도이분", angle),
    ]
    static let coordinatesMustNot: [CitedCase] = [
        .init("36.5°C", "삼십육점오도", angle), .init("-5°C", "영하오도", angle), .init("각도 45°", "각도사십오도", angle),
        .init("북위 38도", "북위삼십팔도", angle),
    ]

    static let weekday = "MB 소괄호; usage: a weekday in brackets after a date is said as its name, particles kept"
    static let weekdays: [CitedCase] = [
        .init("4.2.(화)", "사월이일화요일", weekday), .init("4. 2.(화)", "사월이일화요일", weekday),
        .init("11.30(토)", "십일월삼십일토요일", weekday), .init("5/8(수)", "오월팔일수요일", weekday),
        .init("6월 7일(금)부터", "유월칠일금요일부터", weekday), .init("9일(토)까지", "구일토요일까지", weekday),
        .init("12일 (일)에", "십이일일요일에", weekday), .init("2일(木)", "이일목요일", weekday),
        .init("4.2.(화)~4.6.(토)", "사월이일화요일부터사월육일토요일까지", weekday),
        .init("8일(월)~12일(금)", "팔일월요일부터십이일금요일까지", weekday),
        .init("5월 8일(수) ~ 6월 2일(일)에", "오월팔일수요일부터유월이일일요일에", weekday),
        .init("(9.12.~9.15.)", "(구월십이일부터구월십오일까지)", weekday),
    ]
    static let weekdaysMustNot: [CitedCase] = [
        .init("3.1절", "삼일절", weekday), .init("2.5", "이점오", weekday), .init("2.5~3.5㎝", "이점오센티미터에서삼점오센티미터", weekday),
        .init("1/4", "사분의일", weekday), .init("매주 (월) 휴관", "매주(월)휴관", weekday), .init("월~금", "월요일부터금요일까지", weekday),
    ]

    static let dateline = "MB 마침표 (연월일을 아라비아 숫자로: 1919. 3. 1.); usage: news datelines with a two-digit year"
    static let datelines: [CitedCase] = [
        .init("23.11.07 보도", "이천이십삼년십일월칠일보도", dateline), .init("'23. 11. 7.", "이천이십삼년십일월칠일.", dateline),
        .init("23. 11. 7. 기사", "이천이십삼년십일월칠일기사", dateline), .init("99.12.31", "천구백구십구년십이월삼십일일", dateline),
        .init("입력 23.11.7.", "입력이천이십삼년십일월칠일.", dateline), .init("[23.1.9.] 전시", "이천이십삼년일월구일전시", dateline),
        .init("23. 4. 2.(일)", "이천이십삼년사월이일일요일", dateline),
    ]
    static let datelinesMustNot: [CitedCase] = [
        .init("원주율 3.14", "원주율삼점일사", dateline), .init("버전 3.1.2", "버전삼점일.이", dateline),
        .init("v23.11.07", "v이십삼점일일.공칠", dateline), .init("23.1.9", "이십삼점일.구", dateline),
        .init("3:1로 이겼다", "삼대일로이겼다", dateline), .init("12.34", "십이점삼사", dateline),
    ]

    static let postal = "도로명주소법 (five-digit 국가기초구역번호); usage: codes and phone lines digit by digit, 0 as 공"
    static let codes: [CitedCase] = [
        .init("우편번호 24341", "우편번호이사삼사일", postal), .init("(우 61421) 광주광역시", "(우육일사이일)광주광역시", postal),
        .init("우) 04383", "우)공사삼팔삼", postal), .init("중앙로 12 (34567)", "중앙로십이(삼사오육칠)", postal),
        .init("(우)110-821", "(우)일일공팔이일", postal), .init("02-345-6789, 6790", "공이삼사오육칠팔구,육칠구공", postal),
        .init("061-123-4567/4568", "공육일일이삼사오육칠,사오육팔", postal), .init("02-345-6789~90", "공이삼사오육칠팔구에서구공", postal),
        .init("02-345-6789, 02-987-6543", "공이삼사오육칠팔구,공이구팔칠육오사삼", postal),
    ]
    static let codesMustNot: [CitedCase] = [
        .init("총 (12345)", "총(만이천삼백사십오)", postal), .init("인구 (13154)명", "인구(만삼천백오십사)명", postal),
        .init("12345명", "만이천삼백사십오명", postal), .init("02-345-6789, 3명", "공이삼사오육칠팔구,세명", postal),
        .init("관람객 24341", "관람객이만사천삼백사십일", postal),
    ]

    static let arrow = "SD '에서' (출발점), '으로' (방향), '와/과'; usage: an arrow between two items read, not dropped"
    static let arrows: [CitedCase] = [
        .init("대구→광주", "대구에서광주로", arrow), .init("인천 → 목포", "인천에서목포로", arrow),
        .init("1층 → 3층", "일층에서삼층으로", arrow), .init("대구 ⇒ 울산", "대구에서울산으로", arrow),
        .init("대구->광주", "대구에서광주로", arrow), .init("알 → 애벌레 → 나비", "알에서애벌레로,나비로", arrow),
        .init("대구→광주까지", "대구에서광주까지", arrow), .init("목포 ← 인천", "목포로,인천에서", arrow),
        .init("한성 ↔ 평양", "한성과평양", arrow), .init("덥다 ⇔ 춥다", "덥다와춥다", arrow),
        .init("(8.30.→9.14.) 연장", "(팔월삼십일에서구월십사일로)연장", arrow),
        .init("입장료 5,000원 → 3,000원", "입장료오천원에서삼천원으로", arrow),
    ]
    static let arrowsMustNot: [CitedCase] = [
        .init("→ 다음 쪽", "다음쪽", arrow), .init("10~20", "십에서이십", arrow), .init("대구~광주", "대구에서광주", arrow),
        .init("3-1", "삼의일", arrow), .init("2.5 → 3.5", "이점오에서삼점오로", arrow),
    ]

    @Test(arguments: sizes) func sizesAreMultiplied(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: sizesMustNot) func sizesShapesUnchanged(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: thousands) func groupedThousandsAreOneNumber(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: thousandsMustNot) func groupedThousandsShapesUnchanged(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: compounds) func compoundQuantities(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: compoundsMustNot) func compoundQuantitiesShapesUnchanged(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: coordinates) func degreesMinutesSeconds(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: coordinatesMustNot) func degreesShapesUnchanged(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: weekdays) func datesWithWeekdays(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: weekdaysMustNot) func datesWithWeekdaysShapesUnchanged(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: datelines) func newsDatelines(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: datelinesMustNot) func newsDatelinesShapesUnchanged(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: codes) func postalCodesAndPhoneLines(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: codesMustNot) func postalCodesShapesUnchanged(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: arrows) func arrowsBetweenItems(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: arrowsMustNot) func arrowsShapesUnchanged(_ row: CitedCase) { Self.check(row) }
}
