import CatalogLoading
import ExpoModel
import TestSupport
import Testing

@testable import Normalization

/// Rule tables for the Korean speech normalizer. Each table names the rule its rows follow
/// (NIKL spelling and standard usage); the expected words are written by hand from the rule.
@Suite("KoreanNormalizer rules")
struct KoreanNormalizerRuleTests {
    // Sino-Korean cardinals: 만/억/조/경 groups of four digits; 만, 십, 백, 천 without 일;
    // 억, 조, 경 with 일.
    static let sinoCardinals: [SpeechCase] = [
        .init("0", "영"), .init("1", "일"), .init("10", "십"), .init("11", "십일"), .init("20", "이십"),
        .init("99", "구십구"), .init("100", "백"), .init("101", "백일"), .init("110", "백십"),
        .init("111", "백십일"), .init("1000", "천"), .init("1001", "천일"), .init("1010", "천십"),
        .init("1372", "천삼백칠십이"), .init("2004", "이천사"), .init("9999", "구천구백구십구"),
        .init("10000", "만"), .init("10001", "만일"), .init("12345", "만이천삼백사십오"), .init("20000", "이만"),
        .init("100000", "십만"), .init("1000000", "백만"), .init("10000000", "천만"), .init("100000000", "일억"),
        .init("110000000", "일억천만"), .init("48130300", "사천팔백십삼만삼백"), .init("1000000000000", "일조"),
        .init("2000000000000", "이조"), .init("10000000000000000", "일경"), .init("500000000", "오억"),
        .init("30000", "삼만"), .init("10500", "만오백"), .init("1000100", "백만백"), .init("7", "칠"),
        .init("60", "육십"), .init("16", "십육"),
    ]

    // Thousands separators are not spoken; a comma that does not separate groups of three stays.
    static let thousandsSeparators: [SpeechCase] = [
        .init("1,000", "천"), .init("6,000", "육천"), .init("1,010", "천십"), .init("4,740", "사천칠백사십"),
        .init("81,137", "팔만천백삼십칠"), .init("81,352", "팔만천삼백오십이"),
        .init("1,234,567", "백이십삼만사천오백육십칠"), .init("10,000", "만"), .init("100,000,000", "일억"),
        .init("48,130,300", "사천팔백십삼만삼백"), .init("1,2", "일,이"), .init("12,34", "십이,삼십사"),
    ]

    // Decimals: the whole part as a number, 점, then each digit on its own, 0 as 영.
    static let decimals: [SpeechCase] = [
        .init("42.4", "사십이점사"), .init("21.2", "이십일점이"), .init("46.96", "사십육점구육"),
        .init("0.5", "영점오"), .init("3.14", "삼점일사"), .init("1.05", "일점영오"), .init("10.01", "십점영일"),
        .init("100.5", "백점오"), .init("0.25", "영점이오"), .init("2.0", "이점영"), .init("36.5", "삼십육점오"),
        .init("1,234.5", "천이백삼십사점오"),
    ]

    // Negatives: 마이너스; temperatures below zero: 영하.
    static let negatives: [SpeechCase] = [
        .init("-5", "마이너스오"), .init("기온 -3", "기온마이너스삼"), .init("-1.5", "마이너스일점오"),
        .init("(-10)", "(마이너스십)"), .init("\u{2212}7", "마이너스칠"), .init("-5℃", "영하오도"),
        .init("-12.5℃", "영하십이점오도"), .init("-3°C", "영하삼도"), .init("영하 5도", "영하오도"),
        .init("-2도", "영하이도"), .init("-20%", "마이너스이십퍼센트"),
    ]

    // Fractions: denominator 분의 numerator.
    static let fractions: [SpeechCase] = [
        .init("1/3", "삼분의일"), .init("2/3", "삼분의이"), .init("1/2", "이분의일"), .init("3/4", "사분의삼"),
        .init("1/10", "십분의일"), .init("5/100", "백분의오"),
    ]

    // 여 (approximately) always takes Sino-Korean numbers.
    static let approximate: [SpeechCase] = [
        .init("6,000여 권", "육천여권"), .init("20여 개", "이십여개"), .init("100여곡", "백여곡"),
        .init("30여 명", "삼십여명"), .init("10여 년", "십여년"), .init("4,740여 권", "사천칠백사십여권"),
        .init("50여 마리", "오십여마리"), .init("200여 점", "이백여점"),
    ]

    // Ranges: quantities "A에서 B", dates and times "A부터 B까지" (까지 only when nothing follows).
    static let ranges: [SpeechCase] = [
        .init("2~12개", "두개에서열두개"), .init("2~12개까지", "두개에서열두개까지"),
        .init("1236~1251년", "천이백삼십육년부터천이백오십일년까지"), .init("10~20", "십에서이십"),
        .init("3∼5명", "세명에서다섯명"), .init("3〜5명", "세명에서다섯명"),
        .init("5~10㎝", "오센티미터에서십센티미터"), .init("1900-1910년", "천구백년부터천구백십년까지"),
        .init("1,000~2,000원", "천원에서이천원"), .init("1~2시간", "한시간에서두시간"),
        .init("2~3일", "이일부터삼일까지"), .init("4~5월", "사월부터오월까지"),
        .init("10~15%", "십퍼센트에서십오퍼센트"), .init("2\u{2013}3개", "두개에서세개"),
        .init("1000 ~ 2000", "천에서이천"), .init("3~4세기", "삼세기부터사세기까지"),
        .init("1236년~1251년", "천이백삼십육년부터천이백오십일년까지"), .init("서울~부산", "서울에서부산"),
        .init("14세기 후반~15세기 초", "십사세기후반부터십오세기초"),
        .init("4월 14일~11월 12일", "사월십사일부터십일월십이일까지"),
        .init("1900년 4월 14일 ~ 1900년 11월 12일", "천구백년사월십사일부터천구백년십일월십이일까지"),
        .init("3월~5월 매주", "삼월부터오월까지매주"),
    ]

    // Ordinals: 제N is Sino-Korean; N번째 and N째 are native (첫, 두, 세, 스무).
    static let ordinals: [SpeechCase] = [
        .init("제1132호", "제천백삼십이호"), .init("제2권", "제이권"), .init("제3장", "제삼장"),
        .init("제1차", "제일차"), .init("제32호", "제삼십이호"), .init("제5회", "제오회"), .init("제10장", "제십장"),
        .init("제1권", "제일권"), .init("제21대", "제이십일대"), .init("제3자", "제삼자"),
        .init("1번째", "첫번째"), .init("2번째", "두번째"), .init("3번째", "세번째"), .init("4번째", "네번째"),
        .init("10번째", "열번째"), .init("11번째", "열한번째"), .init("20번째", "스무번째"),
        .init("21번째", "스물한번째"), .init("22번째", "스물두번째"), .init("99번째", "아흔아홉번째"),
        .init("100번째", "백번째"), .init("1째", "첫째"), .init("2째", "둘째"), .init("3째", "셋째"),
        .init("1차 결집", "일차결집"), .init("3차", "삼차"), .init("2차 세계 대전", "이차세계대전"),
    ]

    // Native numbers before counting words, 1 to 99 (한, 두, 세, 네, 스무); Sino-Korean from 100.
    static let nativeCounters: [SpeechCase] = [
        .init("1개", "한개"), .init("2개", "두개"), .init("3개", "세개"), .init("4개", "네개"),
        .init("5개", "다섯개"), .init("6개", "여섯개"), .init("7개", "일곱개"), .init("8개", "여덟개"),
        .init("9개", "아홉개"), .init("10개", "열개"), .init("11개", "열한개"), .init("12줄", "열두줄"),
        .init("13명", "열세명"), .init("14마리", "열네마리"), .init("15살", "열다섯살"), .init("16개", "열여섯개"),
        .init("17권", "열일곱권"), .init("18장", "열여덟장"), .init("19잔", "열아홉잔"), .init("20살", "스무살"),
        .init("21살", "스물한살"), .init("22명", "스물두명"), .init("23개", "스물세개"),
        .init("24시간", "스물네시간"), .init("25그루", "스물다섯그루"), .init("30곡", "서른곡"),
        .init("40명", "마흔명"), .init("50명", "쉰명"), .init("60마리", "예순마리"), .init("70살", "일흔살"),
        .init("80개", "여든개"), .init("90개", "아흔개"), .init("99개", "아흔아홉개"), .init("100개", "백개"),
        .init("101개", "백일개"), .init("150명", "백오십명"), .init("1000명", "천명"), .init("3사람", "세사람"),
        .init("2송이", "두송이"), .init("5자루", "다섯자루"), .init("2켤레", "두켤레"), .init("3채", "세채"),
        .init("2벌", "두벌"), .init("4가지", "네가지"), .init("3군데", "세군데"), .init("2가닥", "두가닥"),
        .init("3곳", "세곳"), .init("2배", "두배"), .init("8폭", "여덟폭"), .init("12곡", "열두곡"),
        .init("7곡", "일곱곡"), .init("3달", "세달"), .init("2병", "두병"), .init("5통", "다섯통"),
        .init("1쌍", "한쌍"), .init("5자 정도", "다섯자정도"), .init("5치", "다섯치"), .init("8푼", "여덟푼"),
        .init("3끼", "세끼"), .init("2해", "두해"), .init("10개의", "열개의"), .init("2개씩", "두개씩"),
        .init("11명으로", "열한명으로"), .init("1명", "한명"), .init("2명(김충효, 정습명)", "두명(김충효,정습명)"),
        .init("12 개", "열두개"), .init("3시간", "세시간"), .init("5마당", "다섯마당"), .init("영화 3편", "영화세편"),
        .init("사고 2건", "사고두건"),
    ]

    // Sino-Korean before 년, 월, 일, 분, 초, 세, 원, 층, 호, 회, 차, 세기, 개월, 개국, units and the rest.
    static let sinoCounters: [SpeechCase] = [
        .init("1372년", "천삼백칠십이년"), .init("3년", "삼년"), .init("20일", "이십일"), .init("15분", "십오분"),
        .init("30초", "삼십초"), .init("65세", "육십오세"), .init("5000원", "오천원"), .init("3층", "삼층"),
        .init("1호", "일호"), .init("5회", "오회"), .init("16세기", "십육세기"), .init("6개월", "육개월"),
        .init("56개국", "오십육개국"), .init("3개년", "삼개년"), .init("12현", "십이현"), .init("17괘", "십칠괘"),
        .init("1,010부", "천십부"), .init("81,137매", "팔만천백삼십칠매"), .init("1책", "일책"),
        .init("8척", "팔척"), .init("3쪽", "삼쪽"), .init("10페이지", "십페이지"), .init("2주", "이주"),
        .init("100주년", "백주년"), .init("3학년", "삼학년"), .init("20달러", "이십달러"), .init("2등", "이등"),
        .init("1위", "일위"), .init("30점", "삼십점"), .init("2010년도", "이천십년도"),
        .init("1940년대", "천구백사십년대"), .init("90년대", "구십년대"), .init("21세기", "이십일세기"),
        .init("1호분", "일호분"), .init("5층", "오층"), .init("3호선", "삼호선"), .init("2박 3일", "이박삼일"),
        .init("(공민왕 21)", "(공민왕이십일)"), .init("1232", "천이백삼십이"),
    ]

    // A number before 만, 억, 조, 천, 백 written in Hangul joins it: 5000만 → 오천만; 1만 → 만.
    static let magnitudes: [SpeechCase] = [
        .init("5000만 명", "오천만명"), .init("1만 명", "만명"), .init("1억 원", "일억원"), .init("3억", "삼억"),
        .init("1조", "일조"), .init("1천 명", "천명"), .init("2천", "이천"), .init("10만", "십만"), .init("1백", "백"),
        .init("5천만", "오천만"), .init("2억 5천만 원", "이억오천만원"),
    ]

    // Counters whose reading depends on context.
    static let contextCounters: [SpeechCase] = [
        .init("3번 읽었다", "세번읽었다"), .init("3번 출구", "삼번출구"), .init("1번 버스", "일번버스"),
        .init("2번 더", "두번더"), .init("5번 선수", "오번선수"), .init("10번 문제", "십번문제"),
        .init("2권으로", "두권으로"), .init("7권 1책", "칠권일책"), .init("18대 법손", "십팔대법손"),
        .init("차 3대", "차세대"), .init("자동차 2대", "자동차두대"), .init("컴퓨터가 5대", "컴퓨터가다섯대"),
        .init("3대의 차", "세대의차"), .init("제21대 국회", "제이십일대국회"), .init("3자 회담", "삼자회담"),
        .init("3장", "세장"), .init("2시", "두시"), .init("13시", "십삼시"), .init("24시", "이십사시"),
        .init("12시", "열두시"), .init("1시", "한시"), .init("0시", "영시"),
    ]

    // Months: 유월 and 시월 drop their final consonant; 개월 does not.
    static let months: [SpeechCase] = [
        .init("1월", "일월"), .init("2월", "이월"), .init("6월", "유월"), .init("10월", "시월"),
        .init("11월", "십일월"), .init("12월", "십이월"), .init("6월 25일", "유월이십오일"),
        .init("10월 3일", "시월삼일"), .init("6개월", "육개월"), .init("3월", "삼월"),
    ]

    // Dates in numeric forms: year 년, month name, day 일; ranges with 부터 and 까지.
    static let dates: [SpeechCase] = [
        .init("1900. 04. 14", "천구백년사월십사일"), .init("1900.4.14", "천구백년사월십사일"),
        .init("2024-03-15", "이천이십사년삼월십오일"), .init("2024/06/10", "이천이십사년유월십일"),
        .init("1992. 4. 20.", "천구백구십이년사월이십일."),
        .init("1900. 04. 14 - 1900. 11. 12", "천구백년사월십사일부터천구백년십일월십이일까지"),
        .init("2024.10.09", "이천이십사년시월구일"), .init("1950년 6월 25일", "천구백오십년유월이십오일"),
        .init("2010년 8월 25일", "이천십년팔월이십오일"),
        .init("2024-01-01~2024-12-31", "이천이십사년일월일일부터이천이십사년십이월삼십일일까지"),
        .init("기원전 1세기", "기원전일세기"), .init("BC 500", "기원전오백"), .init("기원전 57년", "기원전오십칠년"),
        .init("AD 100", "서기백"), .init("19세기", "십구세기"),
        .init("1900년 4월 14일부터 11월 12일까지", "천구백년사월십사일부터십일월십이일까지"),
    ]

    // Times: hours native up to 12, Sino-Korean from 13; minutes and seconds Sino-Korean.
    static let times: [SpeechCase] = [
        .init("10:30", "열시삼십분"), .init("3:15", "세시십오분"), .init("13:05", "십삼시오분"),
        .init("10:00", "열시"), .init("09:00", "아홉시"), .init("12:30", "열두시삼십분"),
        .init("23:59", "이십삼시오십구분"), .init("0:30", "영시삼십분"), .init("10:30:15", "열시삼십분십오초"),
        .init("오후 3시 15분", "오후세시십오분"), .init("오전 9시", "오전아홉시"), .init("오후 12시", "오후열두시"),
        .init("9:00~18:00", "아홉시부터십팔시까지"), .init("3시간 30분", "세시간삼십분"),
        .init("15시 30분", "십오시삼십분"),
    ]

    // Units and symbols: Sino-Korean number, then the unit's Korean name.
    static let units: [SpeechCase] = [
        .init("42.4㎝", "사십이점사센티미터"), .init("2㎝", "이센티미터"), .init("1m", "일미터"),
        .init("3km", "삼킬로미터"), .init("5mm", "오밀리미터"), .init("10cm", "십센티미터"),
        .init("100g", "백그램"), .init("2kg", "이킬로그램"), .init("500mg", "오백밀리그램"), .init("1L", "일리터"),
        .init("500mL", "오백밀리리터"), .init("3㎞", "삼킬로미터"), .init("5㎜", "오밀리미터"),
        .init("70㎏", "칠십킬로그램"), .init("250㎖", "이백오십밀리리터"), .init("84㎡", "팔십사제곱미터"),
        .init("10㎥", "십세제곱미터"), .init("30%", "삼십퍼센트"), .init("3.5%", "삼점오퍼센트"),
        .init("25℃", "이십오도"), .init("36.5℃", "삼십육점오도"), .init("90°", "구십도"),
        .init("100km/h", "시속백킬로미터"), .init("시속 80km", "시속팔십킬로미터"),
        .init("시속 100km/h", "시속백킬로미터"), .init("1.5m", "일점오미터"), .init("10 ㎝", "십센티미터"),
        .init("2 kg", "이킬로그램"), .init("20㎡", "이십제곱미터"), .init("5m²", "오제곱미터"),
        .init("3000m", "삼천미터"), .init("0.5㎝", "영점오센티미터"), .init("1,000km", "천킬로미터"),
        .init("㎝", "센티미터"), .init("℃", "섭씨"), .init("㎡당", "제곱미터당"), .init("1m 정도", "일미터정도"),
        .init("42.4㎝이다", "사십이점사센티미터이다"),
    ]

    // Currency: the amount in Sino-Korean, then the currency's name.
    static let currency: [SpeechCase] = [
        .init("₩1,000", "천원"), .init("$100", "백달러"), .init("$3.5", "삼점오달러"), .init("5,000원", "오천원"),
        .init("€20", "이십유로"), .init("¥500", "오백엔"), .init("£10", "십파운드"), .init("₩ 500", "오백원"), .init("₩5만", "오만원"),
        .init("$1,299.99", "천이백구십구점구구달러"),
    ]

    // Commemorations with a middle dot: month as a number, day digit by digit.
    static let commemorations: [SpeechCase] = [
        .init("6·25", "육이오"), .init("3·1", "삼일"), .init("4·19", "사일구"), .init("5·18", "오일팔"),
        .init("8·15", "팔일오"), .init("6·25 전쟁", "육이오전쟁"), .init("3·1운동", "삼일운동"),
        .init("10·26", "십이육"), .init("6・25", "육이오"), .init("3.1절", "삼일절"), .init("4.19 혁명", "사일구혁명"),
        .init("5.18 민주화운동", "오일팔민주화운동"), .init("3.1%", "삼점일퍼센트"),
    ]

    // Identifiers: sub-numbers with 의; a letter code's digits one by one.
    static let identifiers: [SpeechCase] = [
        .init("322-1호", "삼백이십이의일호"), .init("제322-1호", "제삼백이십이의일호"),
        .init("322-2호", "삼백이십이의이호"), .init("O-157", "오일오칠"), .init("COVID-19", "코비드일구"),
        .init("123-4번지", "백이십삼의사번지"), .init("A-1", "에이일"), .init("B-52", "비오이"),
    ]

    // Phone numbers: digit by digit, 0 as 공.
    static let phoneNumbers: [SpeechCase] = [
        .init("010-1234-5678", "공일공일이삼사오육칠팔"), .init("02-123-4567", "공이일이삼사오육칠"),
        .init("031-987-6543", "공삼일구팔칠육오사삼"), .init("1588-1234", "일오팔팔일이삼사"),
        .init("123-4567", "일이삼사오육칠"), .init("(02) 123-4567", "(공이)일이삼사오육칠"), .init("007", "공공칠"),
        .init("09시", "아홉시"), .init("05월", "오월"),
    ]

    // A parenthesised Hanja gloss that repeats the Hangul before it is not spoken.
    static let glosses: [SpeechCase] = [
        .init("경한(景閑)", "경한"), .init("경한(景閑)이", "경한이"), .init("팔만대장경(八萬大藏經)", "팔만대장경"),
        .init("불경(佛經, 영어: Buddhist texts)은", "불경(영어,Buddhisttexts)은"),
        .init("《삼국사기》(三國史記)", "삼국사기"),
        .init("《'백운화상초록불조직지심체요절》(白雲和尙抄錄佛祖直指心體要節)은", "백운화상초록불조직지심체요절은"),
        .init("흑립(黑笠·검은 갓)", "흑립(검은갓)"), .init("얼후(이호/二胡/南胡)", "얼후(이호,남호)"),
        .init("정(쟁筝)", "정(쟁)"), .init("해(奚)족", "해족"), .init("유기(鍮器)", "유기"),
        .init("석옥청공(石屋淸珙) 화상(和尙)", "석옥청공화상"), .init("외침(外侵, 외세의 침략)", "외침(외세의침략)"),
        .init("소지(小指, 새끼손가락)", "소지(새끼손가락)"), .init("금마저(金馬渚 : 전라북도 익산)", "금마저(전라북도익산)"),
        .init("합천 해인사 대장경판(陜川 海印寺 大藏經板)", "합천해인사대장경판"), .init("『표구 입문(表具の栞)』", "표구입문"),
        .init("81,352판(板)", "팔만천삼백오십이판"), .init("가야금(伽倻琴)", "가야금"), .init("‘병(屛)’자", "병자"),
        .init("고토(琴)", "고토(금)"), .init("김부식(金富軾)", "김부식"), .init("‘직지인심견성성불(直指人心見性成佛)’", "직지인심견성성불"),
        .init("현학금(玄鶴琴)", "현학금"), .init("1,010부(部)", "천십부"),
    ]

    // Hanja standing alone is read in Hangul: dictionary words first, else character by character.
    static let standaloneHanja: [SpeechCase] = [
        .init("二胡", "이호"), .init("八萬大藏經", "팔만대장경"), .init("大韓民國", "대한민국"), .init("學校", "학교"),
        .init("人", "인"), .init("直指", "직지"), .init("三國史記", "삼국사기"), .init("高麗", "고려"),
        .init("漢字", "한자"), .init("韓國", "한국"), .init("山", "산"), .init("水", "수"), .init("國寶", "국보"),
        .init("朝鮮", "조선"), .init("世宗大王", "세종대왕"), .init("大藏經", "대장경"), .init("佛經", "불경"),
        .init("寺", "사"), .init("女子", "여자"), .init("李", "이"), .init("京", "경"),
        .init("용[蟠龍]을", "용반룡을"), .init("노랑괘자[黃掛子]를", "노랑괘자황괘자를"), .init("大願寺", "대원사"),
        .init("度", "도"), .init("說明", "설명"), .init("六月", "유월"), .init("十月", "시월"),
        .init("二胡(이호)", "이호"), .init("八萬大藏經(팔만대장경)은", "팔만대장경은"), .init("二胡(얼후)", "이호(얼후)"),
    ]

    // Brackets and quotes that carry no sound are not spoken.
    static let silentMarks: [SpeechCase] = [
        .init("《삼국사기》", "삼국사기"), .init("〈춘향전〉", "춘향전"), .init("「칠병풍」", "칠병풍"),
        .init("『논어』", "논어"), .init("‘직지’", "직지"), .init("“안녕”", "안녕"), .init("[참고]", "참고"),
        .init("'아르누보'", "아르누보"), .init("\"직지\"", "직지"), .init("World’s Fair", "World'sFair"),
        .init("L'Exposition", "L'Exposition"), .init("‘남산골 딸깍발이’라고", "남산골딸깍발이라고"),
        .init("『오주연문장전산고』에는", "오주연문장전산고에는"), .init("【공지】", "공지"),
    ]

    // Symbols the voice would read out in English become Korean words or pauses.
    static let symbols: [SpeechCase] = [
        .init("2:1", "이대일"), .init("3:2로", "삼대이로"), .init("가/나", "가,나"), .init("R&D", "알앤디"), .init("1+1", "일플러스일"), .init("가ㆍ나", "가·나"),
        .init("1900년(천구백)", "천구백년(천구백)"),
    ]

    @Test(arguments: sinoCardinals + thousandsSeparators + decimals)
    func cardinalsAndDecimals(_ row: SpeechCase) {
        #expect(withoutSpaces(ruleNormalizer.spoken(row.written)) == row.spoken)
    }

    @Test(arguments: negatives + fractions + approximate + magnitudes)
    func signsFractionsAndApproximations(_ row: SpeechCase) {
        #expect(withoutSpaces(ruleNormalizer.spoken(row.written)) == row.spoken)
    }

    @Test(arguments: ranges)
    func rangesOfNumbers(_ row: SpeechCase) {
        #expect(withoutSpaces(ruleNormalizer.spoken(row.written)) == row.spoken)
    }

    @Test(arguments: ordinals + nativeCounters + sinoCounters + contextCounters)
    func countingWords(_ row: SpeechCase) {
        #expect(withoutSpaces(ruleNormalizer.spoken(row.written)) == row.spoken)
    }

    @Test(arguments: months + dates + times)
    func datesAndTimes(_ row: SpeechCase) {
        #expect(withoutSpaces(ruleNormalizer.spoken(row.written)) == row.spoken)
    }

    @Test(arguments: units + currency + commemorations + identifiers + phoneNumbers)
    func unitsSymbolsAndIdentifiers(_ row: SpeechCase) {
        #expect(withoutSpaces(ruleNormalizer.spoken(row.written)) == row.spoken)
    }

    @Test(arguments: glosses + standaloneHanja)
    func hanja(_ row: SpeechCase) {
        #expect(withoutSpaces(ruleNormalizer.spoken(row.written)) == row.spoken)
    }

    @Test(arguments: silentMarks + symbols)
    func silentMarksAndSymbols(_ row: SpeechCase) {
        #expect(withoutSpaces(ruleNormalizer.spoken(row.written)) == row.spoken)
    }

    // Exact output: spacing after numerals, sentence punctuation kept for intonation, one line.
    static let exactForms: [SpeechCase] = [
        .init("12줄", "열두 줄"), .init("42.4㎝", "사십이 점 사 센티미터"), .init("1900년이다.", "천구백 년이다."),
        .init("정말? 네!", "정말? 네!"), .init("가, 나", "가, 나"), .init("가\t나", "가 나"), .init("  가   나  ", "가 나"),
        .init("첫 줄\n둘째 줄", "첫 줄 둘째 줄"), .init("경한(景閑)이 왔다.", "경한이 왔다."), .init("", ""),
        .init("6월 25일", "유월 이십오 일"), .init("오후 3시 15분", "오후 세 시 십오 분"),
    ]

    @Test(arguments: exactForms)
    func exactSpacingAndPunctuation(_ row: SpeechCase) {
        #expect(ruleNormalizer.spoken(row.written) == row.spoken)
    }

    @Test func tablesHoldAtLeastFourHundredRules() {
        let tables: [[SpeechCase]] = [
            Self.sinoCardinals, Self.thousandsSeparators, Self.decimals, Self.negatives, Self.fractions,
            Self.approximate, Self.magnitudes, Self.ranges, Self.ordinals, Self.nativeCounters, Self.sinoCounters,
            Self.contextCounters, Self.months, Self.dates, Self.times, Self.units, Self.currency,
            Self.commemorations, Self.identifiers, Self.phoneNumbers, Self.glosses, Self.standaloneHanja,
            Self.silentMarks, Self.symbols, Self.exactForms,
        ]
        let count = tables.reduce(0) { $0 + $1.count }
        #expect(count >= 400)
    }
}
