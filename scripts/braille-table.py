#!/usr/bin/env python3
"""Writes Voices/braille/ko-expo-g2.ctb, expo-narrate's Korean braille table: the rules liblouis's
ko-g2.ctb gets wrong against 한국 점자 규정, each with its article, then `include ko-g2.ctb`.
Rules are written as Unicode braille here and as liblouis dot numbers in the table. Run it after
changing a rule, then Tests/BrailleTests (KoreanBrailleSuite), which measures the table:

    python3 scripts/braille-table.py > Voices/braille/ko-expo-g2.ctb
"""
import sys
def dots(cells):
    out = []
    for c in cells:
        v = ord(c) - 0x2800
        d = ''.join(str(i + 1) for i in range(8) if v >> i & 1)
        out.append(d or '0')
    return '-'.join(out)
S = 0xAC00
def syl(l, v, t=0): return chr(S + (l * 21 + v) * 28 + t)
# vowel indices: ㅏ0 ㅐ1 ㅑ2 ㅒ3 ㅓ4 ㅔ5 ㅕ6 ㅖ7 ㅗ8 ㅘ9 ㅙ10 ㅚ11 ㅛ12 ㅜ13 ㅝ14 ㅞ15 ㅟ16 ㅠ17 ㅡ18 ㅢ19 ㅣ20
FINALS = ['', '⠁', '⠁⠁', '⠁⠄', '⠒', '⠒⠅', '⠒⠴', '⠔', '⠂', '⠂⠁', '⠂⠢', '⠂⠃', '⠂⠄', '⠂⠦', '⠂⠲', '⠂⠴', '⠢', '⠃', '⠃⠄', '⠄', '⠌', '⠶', '⠅', '⠆', '⠖', '⠦', '⠲', '⠴']
open_all = ''.join(syl(l, v) for l in range(19) for v in range(21))
open_yawa = ''.join(syl(l, v) for l in range(19) for v in (2, 9, 13, 14))
lines = []
w = lines.append
w("# expo-narrate's Korean braille table: liblouis's ko-g2.ctb (contracted braille, the standard's")
w("# default) preceded by the rules it gets wrong against 한국 점자 규정 (2024 edition), each with its")
w("# article. liblouis uses the first rule it finds for a string, so a rule here replaces ko-g2's.")
w("# Written by scripts/braille-table.py (edit the rules there); measured by Tests/BrailleTests")
w("# (KoreanBrailleSuite) against examples of the standard.")
w("")
w("# Characters ko-g2 does not define, used by the rules below (the transcriber writes straight")
w("# quotes as these).")
for ch, d in [('“', '⠦'), ('”', '⠴'), ('‘', '⠠⠦'), ('’', '⠴⠄'), ('《', '⠰⠶'), ('》', '⠶⠆'), ('〈', '⠐⠶'), ('〉', '⠶⠂'), ('「', '⠐⠦'), ('」', '⠴⠂'), ('『', '⠰⠦'), ('』', '⠴⠆'), ('·', '⠐⠆')]:
    w(f"punctuation {ch} {dots(d[0])}")
w("")
w("# 제11항: '예' after a syllable that ends in a vowel takes the separator ⠤ (아예, 도예).")
w(f"attribute openvowel {open_all}")
for t, f in enumerate(FINALS):
    w(f"after openvowel always {syl(11, 7, t)} {dots('⠤⠌' + f)}")
w("# 제12항: '애' after ㅑ, ㅘ, ㅜ, ㅝ takes the separator ⠤ (소화액, 수액).")
w(f"attribute yawawu {open_yawa}")
for t, f in enumerate(FINALS):
    w(f"after yawawu always {syl(11, 1, t)} {dots('⠤⠗' + f)}")
w("")
w("# 제1항, 제3항: ㅊ's ⠰ after a cell ending in dot 3 (the ㅅ final ⠄, an opening bracket ⠦⠄) is")
w("# written: ko.cti's second pass drops it (옷차림 became ⠥⠄⠣⠐⠕⠢). This identity rule is found")
w("# first, so theirs never applies.")
w("noback pass2 @3-56 @3-56")
w("")
w("# 제14항: '팠' is the contraction of 파 with ㅏ and the ㅆ final (⠙⠣⠌).")
w(f"always 팠 {dots('⠙⠣⠌')}")
w("# 제16항: only '껏' is written with the 것 contraction; '껐' is ㄲ ㅓ ㅆ (⠠⠈⠎⠌).")
w(f"always 껐 {dots('⠠⠈⠎⠌')}")
w("# 제15항: only '것' is written with the 것 contraction; '겄' is 거 with the ㅆ final (⠈⠎⠌).")
w(f"always 겄 {dots('⠈⠎⠌')}")
w("# 제18항 붙임: the abbreviations 그래서 … 그리하여 are not used after another syllable")
w("# (쭈그리고, 찡그리고): after a Hangul syllable they are spelled out. (A class may be given in")
w("# several lines; liblouis reads a line of at most a few thousand bytes.)")
syllables = ''.join(chr(c) for c in range(0xAC00, 0xD7A4))
for i in range(0, len(syllables), 400):
    w(f"attribute syllable {syllables[i:i + 400]}")
for word, short, cells in [('그래서', '⠁⠎', '⠈⠪⠐⠗⠠⠎'), ('그러나', '⠁⠉', '⠈⠪⠐⠎⠉'), ('그러면', '⠁⠒', '⠈⠪⠐⠎⠑⠡'),
                          ('그러므로', '⠁⠢', '⠈⠪⠐⠎⠑⠪⠐⠥'), ('그런데', '⠁⠝', '⠈⠪⠐⠾⠊⠝'), ('그리고', '⠁⠥', '⠈⠪⠐⠕⠈⠥'),
                          ('그리하여', '⠁⠱', '⠈⠪⠐⠕⠚⠣⠱')]:
    w(f"after syllable always {word} {dots(cells)}")
w("")
w("# 제41항: a comma between digits is ⠂; 제43항: the decimal point is ⠲.")
w("midnum , 2")
w("decpoint . 256")
w("midnum . 256")
w("# 제43항: after a colon or a middle dot between digits the number sign is written again")
w("# (5:3, 3·1): they are punctuation, not part of the number.")
w(f"always : {dots('⠐⠂')}")
w(f"always · {dots('⠐⠆')}")
w("")
w("# 제43항 다만: a hyphen between digits (a telephone or room number: 02-799-1000) is the")
w("# hyphen ⠤, and the number sign is written again after it, as after any mark other than the")
w("# decimal point and the thousands comma; ko-g2 reads it as part of the number.")
w(f"always - {dots('⠤')}")
w("")
w("# 제45항: the arithmetic and comparison signs (ko-g2 writes + < > with other cells and leaves")
w("# the minus sign out). The transcriber puts the spaces of 제46항 around them.")
for ch, d in [('+', '⠢'), ('\u2212', '⠔'), ('×', '⠡'), ('÷', '⠌⠌'), ('=', '⠒⠒'), ('>', '⠢⠢'), ('<', '⠔⠔')]:
    w(f"always {ch} {dots(d)}")
w("")
w("# 제8항, 제9항: a consonant or vowel letter standing alone (ㄱ, ㅏ; ㄱ. as a list number) is")
w("# written with the 온표 ⠿ before it, a consonant in its final (받침) form; 제10항: a consonant")
w("# written into a word ([ㄹㄹ로마]) takes ⠸ before its final form instead. The transcriber")
w("# gives such a consonant as the final conjoining jamo (U+11A8…), which only these rules write.")
CONSONANTS = [('ㄱ', '⠁'), ('ㄲ', '⠁⠁'), ('ㄳ', '⠁⠄'), ('ㄴ', '⠒'), ('ㄵ', '⠒⠅'), ('ㄶ', '⠒⠴'), ('ㄷ', '⠔'), ('ㄸ', '⠔⠔'),
              ('ㄹ', '⠂'), ('ㄺ', '⠂⠁'), ('ㄻ', '⠂⠢'), ('ㄼ', '⠂⠃'), ('ㄽ', '⠂⠄'), ('ㄾ', '⠂⠦'), ('ㄿ', '⠂⠲'), ('ㅀ', '⠂⠴'),
              ('ㅁ', '⠢'), ('ㅂ', '⠃'), ('ㅃ', '⠃⠃'), ('ㅄ', '⠃⠄'), ('ㅅ', '⠄'), ('ㅆ', '⠄⠄'), ('ㅇ', '⠶'), ('ㅈ', '⠅'),
              ('ㅉ', '⠅⠅'), ('ㅊ', '⠆'), ('ㅋ', '⠖'), ('ㅌ', '⠦'), ('ㅍ', '⠲'), ('ㅎ', '⠴')]
VOWELS = ['⠣', '⠗', '⠜', '⠜⠗', '⠎', '⠝', '⠱', '⠌', '⠥', '⠧', '⠧⠗', '⠽', '⠬', '⠍', '⠏', '⠏⠗', '⠍⠗', '⠩', '⠪', '⠺', '⠕']
for ch, d in CONSONANTS:
    w(f"always {ch} {dots('⠿' + d)}")
for i, d in enumerate(VOWELS):
    w(f"always {chr(0x314F + i)} {dots('⠿' + d)}")
# Compatibility jamo → final conjoining jamo (U+11A8 ㄱ … U+11C2 ㅎ); ㄸ ㅃ ㅉ have no final form.
FINAL_ORDER = 'ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ'
cells = dict(CONSONANTS)
for i, ch in enumerate(FINAL_ORDER):
    w(f"always {chr(0x11A8 + i)} {dots('⠸' + cells[ch])}")
w("")
w("# 문장 부호 (제49항 and the articles after it): the marks ko-g2 writes with other cells.")
for ch, d in [('!', '⠖'), ('(', '⠦⠄'), (')', '⠠⠴'), ('[', '⠦⠆'), (']', '⠰⠴'), ('{', '⠦⠂'), ('}', '⠐⠴'), ('~', '⠈⠔'), ('/', '⠸⠌'),
              ('“', '⠦'), ('”', '⠴'), ('‘', '⠠⠦'), ('’', '⠴⠄'), ('《', '⠰⠶'), ('》', '⠶⠆'), ('〈', '⠐⠶'), ('〉', '⠶⠂'),
              ('「', '⠐⠦'), ('」', '⠴⠂'), ('『', '⠰⠦'), ('』', '⠴⠆'), ('…', '⠠⠠⠠'), ('⋯', '⠠⠠⠠')]:
    w(f"always {ch} {dots(d)}")
w("")
w("include ko-g2.ctb")
sys.stdout.write('\n'.join(lines) + '\n')
