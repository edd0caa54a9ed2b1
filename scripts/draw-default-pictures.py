#!/usr/bin/env python3
"""Draws the default catalog's pictures: one simple drawing per entry and one for the poster,
made here from shapes (no photograph, no one else's work), so they are free to ship with the
project. Each is an SVG turned into a 960 x 720 PNG by libvips's command line (librsvg), with
no metadata. Run again after changing a drawing:

    python3 scripts/draw-default-pictures.py   # needs libvips-tools

The PNGs are committed under Sources/CatalogLoading/Resources/DefaultCatalog/images/."""
import os
import subprocess
import tempfile

OUT = os.path.join(os.path.dirname(__file__), "..", "Sources", "CatalogLoading", "Resources", "DefaultCatalog", "images")
W, H = 960, 720
PAPER = "#f4efe3"
INK = "#2b2622"


def svg(body, background=PAPER):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">'
            f'<rect width="{W}" height="{H}" fill="{background}"/>{body}</svg>')


def ground(y=600, color="#d9cfba"):
    return f'<rect x="0" y="{y}" width="{W}" height="{H - y}" fill="{color}"/>'


def book(open_book=False, cover="#7a4b2a", lines=9):
    if not open_book:
        body = ground()
        body += f'<rect x="250" y="140" width="460" height="440" rx="8" fill="{cover}" stroke="{INK}" stroke-width="6"/>'
        body += f'<rect x="290" y="170" width="70" height="200" fill="#efe4c8" stroke="{INK}" stroke-width="3"/>'
        for i in range(5):
            body += f'<circle cx="270" cy="{190 + i * 90}" r="7" fill="{INK}"/>'
            body += f'<line x1="250" y1="{190 + i * 90}" x2="270" y2="{190 + i * 90}" stroke="{INK}" stroke-width="4"/>'
        for i in range(3):
            body += f'<rect x="{305}" y="{190 + i * 60}" width="40" height="8" fill="{INK}"/>'
        return svg(body)
    body = ground()
    body += f'<path d="M120 170 Q300 130 480 180 L480 580 Q300 540 120 580 Z" fill="#f8f1de" stroke="{INK}" stroke-width="5"/>'
    body += f'<path d="M480 180 Q660 130 840 170 L840 580 Q660 540 480 580 Z" fill="#f8f1de" stroke="{INK}" stroke-width="5"/>'
    for i in range(lines):
        x = 430 - i * 34
        body += f'<line x1="{x}" y1="220" x2="{x}" y2="{520 - (i % 3) * 30}" stroke="{INK}" stroke-width="9" stroke-dasharray="22 12"/>'
    return body


def hunminjeongeum():
    body = book(open_book=True, lines=4)
    # ㄱ, ㄴ, ㅁ, ㅅ, ㅇ drawn large on the right page.
    body += f'<path d="M540 230 H640 V320" fill="none" stroke="{INK}" stroke-width="16"/>'
    body += f'<path d="M690 230 V320 H790" fill="none" stroke="{INK}" stroke-width="16"/>'
    body += f'<rect x="540" y="380" width="90" height="90" fill="none" stroke="{INK}" stroke-width="16"/>'
    body += f'<path d="M690 470 L740 380 L790 470" fill="none" stroke="{INK}" stroke-width="16"/>'
    body += '<rect x="160" y="470" width="60" height="60" fill="#b3261e"/>'
    return svg(body)


def tripitaka():
    body = ground()
    body += f'<rect x="140" y="200" width="680" height="300" rx="10" fill="#8a5a33" stroke="{INK}" stroke-width="6"/>'
    body += f'<rect x="100" y="190" width="50" height="320" rx="8" fill="#6b4226" stroke="{INK}" stroke-width="5"/>'
    body += f'<rect x="810" y="190" width="50" height="320" rx="8" fill="#6b4226" stroke="{INK}" stroke-width="5"/>'
    for col in range(22):
        for row in range(7):
            body += f'<rect x="{175 + col * 29}" y="{225 + row * 38}" width="18" height="24" fill="#3a2414"/>'
    return svg(body)


def cheugugi():
    body = ground(560)
    body += f'<rect x="300" y="430" width="360" height="170" fill="#b9b2a5" stroke="{INK}" stroke-width="6"/>'
    body += f'<rect x="370" y="150" width="220" height="280" fill="#7d6a4f" stroke="{INK}" stroke-width="6"/>'
    for y in (210, 290, 370):
        body += f'<rect x="362" y="{y}" width="236" height="14" fill="#5c4d38"/>'
    body += f'<ellipse cx="480" cy="150" rx="110" ry="22" fill="#4a3d2c" stroke="{INK}" stroke-width="6"/>'
    for i in range(6):
        body += f'<line x1="{420 + i * 25}" y1="{40 + (i % 2) * 20}" x2="{410 + i * 25}" y2="{80 + (i % 2) * 20}" stroke="#4f7fb3" stroke-width="6"/>'
    return svg(body)


def jagyeongnu():
    body = ground(620)
    body += f'<rect x="90" y="150" width="200" height="150" fill="#8a6d45" stroke="{INK}" stroke-width="5"/>'
    body += f'<rect x="260" y="310" width="170" height="130" fill="#8a6d45" stroke="{INK}" stroke-width="5"/>'
    body += f'<rect x="140" y="460" width="380" height="160" fill="#6e5a3e" stroke="{INK}" stroke-width="5"/>'
    body += f'<rect x="600" y="140" width="90" height="480" fill="#9a8158" stroke="{INK}" stroke-width="5"/>'
    body += f'<rect x="720" y="140" width="90" height="480" fill="#9a8158" stroke="{INK}" stroke-width="5"/>'
    body += '<path d="M290 290 L300 320 M430 430 L440 470 M520 540 L600 540" stroke="#4f7fb3" stroke-width="8"/>'
    body += f'<circle cx="760" cy="90" r="40" fill="#c9a227" stroke="{INK}" stroke-width="5"/>'
    return svg(body)


def star_map():
    import math
    import random
    rng = random.Random(1395)
    body = f'<rect x="180" y="40" width="600" height="640" fill="#3b3a36" stroke="{INK}" stroke-width="6"/>'
    body += '<circle cx="480" cy="380" r="260" fill="#1f2a44" stroke="#e8e2cc" stroke-width="4"/>'
    body += '<circle cx="480" cy="380" r="120" fill="none" stroke="#e8e2cc" stroke-width="2"/>'
    stars = []
    for _ in range(90):
        angle, radius = rng.uniform(0, 2 * math.pi), 250 * math.sqrt(rng.random())
        stars.append((480 + radius * math.cos(angle), 380 + radius * math.sin(angle)))
    for a, b in zip(stars[::3], stars[1::3]):
        if math.dist(a, b) < 120:
            body += f'<line x1="{a[0]:.0f}" y1="{a[1]:.0f}" x2="{b[0]:.0f}" y2="{b[1]:.0f}" stroke="#e8e2cc" stroke-width="2"/>'
    for x, y in stars:
        body += f'<circle cx="{x:.0f}" cy="{y:.0f}" r="5" fill="#f3d36b"/>'
    return svg(body, "#d9cfba")


def geobukseon():
    body = '<rect x="0" y="470" width="960" height="250" fill="#4f7fb3"/>'
    body += f'<path d="M130 420 L830 420 L760 540 L200 540 Z" fill="#7a4b2a" stroke="{INK}" stroke-width="6"/>'
    body += f'<path d="M170 420 Q480 200 800 420 Z" fill="#5c6b4a" stroke="{INK}" stroke-width="6"/>'
    for i in range(14):
        x = 230 + i * 40
        y = 420 - 160 * (1 - ((x - 485) / 320) ** 2)
        body += f'<path d="M{x - 8} {y + 8:.0f} L{x} {y - 22:.0f} L{x + 8} {y + 8:.0f} Z" fill="#c9c2b0" stroke="{INK}" stroke-width="2"/>'
    body += f'<path d="M830 420 L900 360 L930 380 L880 430 Z" fill="#8a2c1e" stroke="{INK}" stroke-width="5"/>'
    for i in range(8):
        body += f'<line x1="{240 + i * 70}" y1="540" x2="{220 + i * 70}" y2="610" stroke="{INK}" stroke-width="7"/>'
    return svg(body, "#cfe0ee")


def vase(color, pattern):
    body = ground()
    body += (f'<path d="M430 110 L530 110 L520 150 Q690 230 640 440 Q610 560 560 600 L400 600 '
             f'Q350 560 320 440 Q270 230 440 150 Z" fill="{color}" stroke="{INK}" stroke-width="6"/>')
    body += pattern
    return svg(body)


def celadon():
    crane = ""
    for cx, cy in ((420, 300), (540, 420), (430, 500)):
        crane += f'<circle cx="{cx}" cy="{cy}" r="34" fill="none" stroke="#f4f1e8" stroke-width="4"/>'
        crane += f'<path d="M{cx - 22} {cy + 6} L{cx} {cy - 10} L{cx + 24} {cy + 4} M{cx} {cy - 10} L{cx + 6} {cy - 26}" stroke="#2b2622" stroke-width="4" fill="none"/>'
    return vase("#8fb9a8", crane)


def moon_jar():
    body = ground(590)
    body += f'<ellipse cx="480" cy="370" rx="260" ry="240" fill="#f7f6f1" stroke="{INK}" stroke-width="6"/>'
    body += f'<rect x="400" y="110" width="160" height="40" fill="#f7f6f1" stroke="{INK}" stroke-width="6"/>'
    body += f'<rect x="410" y="580" width="140" height="30" fill="#ece9df" stroke="{INK}" stroke-width="6"/>'
    body += '<path d="M300 300 Q330 240 380 210" stroke="#d8d3c3" stroke-width="14" fill="none"/>'
    return svg(body, "#dcd6c8")


def haegeum():
    body = ground(640)
    body += f'<rect x="455" y="60" width="22" height="520" fill="#6b4226" stroke="{INK}" stroke-width="4"/>'
    body += f'<rect x="420" y="520" width="110" height="90" rx="18" fill="#8a5a33" stroke="{INK}" stroke-width="6"/>'
    for x in (462, 472):
        body += f'<line x1="{x}" y1="90" x2="{x}" y2="560" stroke="#e8dcc0" stroke-width="3"/>'
    for y in (110, 160):
        body += f'<rect x="430" y="{y}" width="70" height="16" rx="6" fill="#3a2414"/>'
    body += f'<path d="M180 470 Q470 380 800 430" stroke="{INK}" stroke-width="10" fill="none"/>'
    body += '<path d="M190 482 Q470 395 790 442" stroke="#e8dcc0" stroke-width="4" fill="none"/>'
    return svg(body)


def gayageum():
    body = ground(560)
    body += f'<path d="M80 300 L880 250 Q900 330 880 380 L80 430 Q60 365 80 300 Z" fill="#b07a45" stroke="{INK}" stroke-width="6"/>'
    for i in range(12):
        y0, y1 = 318 + i * 9, 268 + i * 9
        body += f'<line x1="120" y1="{y0}" x2="860" y2="{y1}" stroke="#f2ead5" stroke-width="2.5"/>'
        x = 300 + (i * 37) % 420
        y = y0 + (y1 - y0) * (x - 120) / 740
        body += f'<path d="M{x - 9} {y + 10:.0f} L{x} {y - 6:.0f} L{x + 9} {y + 10:.0f} Z" fill="#f2ead5" stroke="{INK}" stroke-width="2"/>'
    body += f'<path d="M40 330 Q20 365 40 400 L80 420 L80 310 Z" fill="#3a2414" stroke="{INK}" stroke-width="4"/>'
    return svg(body)


def gat():
    body = ground(560)
    body += f'<ellipse cx="480" cy="420" rx="360" ry="90" fill="#1e1e1e" fill-opacity="0.85" stroke="{INK}" stroke-width="4"/>'
    body += '<ellipse cx="480" cy="420" rx="330" ry="72" fill="none" stroke="#555" stroke-width="2"/>'
    body += f'<path d="M380 410 L395 200 Q480 175 565 200 L580 410 Z" fill="#1e1e1e" fill-opacity="0.9" stroke="{INK}" stroke-width="4"/>'
    body += f'<path d="M400 420 Q390 520 430 600 M560 420 Q570 520 530 600" stroke="#1e1e1e" stroke-width="6" fill="none"/>'
    for i in range(9):
        body += f'<circle cx="{430 + (i % 2) * 5}" cy="{620 + i * 11}" r="6" fill="#b3261e"/>'
    return svg(body)


def najeon():
    body = ground()
    body += f'<rect x="170" y="180" width="620" height="380" rx="14" fill="#1c1a1a" stroke="{INK}" stroke-width="6"/>'
    body += '<rect x="170" y="180" width="620" height="70" rx="14" fill="#2a2626"/>'
    colours = ["#d7e8e4", "#e6d7ea", "#f1ead2", "#cfe0f0"]
    for i in range(8):
        cx, cy = 250 + i * 66, 390 + (40 if i % 2 else -40)
        for petal in range(5):
            body += (f'<ellipse cx="{cx}" cy="{cy - 22}" rx="10" ry="22" fill="{colours[(i + petal) % 4]}" '
                     f'transform="rotate({petal * 72} {cx} {cy})"/>')
    body += '<path d="M200 470 Q480 520 760 470" stroke="#d7e8e4" stroke-width="5" fill="none"/>'
    return svg(body)


def yugi():
    body = ground(520)
    for cx, cy, r in ((300, 470, 170), (640, 480, 150), (470, 560, 110)):
        body += f'<path d="M{cx - r} {cy - 60} Q{cx} {cy + r} {cx + r} {cy - 60} Z" fill="#c9a227" stroke="{INK}" stroke-width="6"/>'
        body += f'<ellipse cx="{cx}" cy="{cy - 60}" rx="{r}" ry="{r // 5}" fill="#e2c46a" stroke="{INK}" stroke-width="6"/>'
        body += f'<path d="M{cx - r * 0.6:.0f} {cy - 20} Q{cx - r * 0.45:.0f} {cy + 40} {cx - r * 0.2:.0f} {cy + 60}" stroke="#f3e3a6" stroke-width="8" fill="none"/>'
    return svg(body)


def hwangudan():
    body = ground(600, "#cdbf9f")
    body += f'<rect x="250" y="520" width="460" height="80" fill="#b9b2a5" stroke="{INK}" stroke-width="5"/>'
    for level, (width, top) in enumerate(((420, 400), (320, 280), (220, 170))):
        x = 480 - width // 2
        body += f'<rect x="{x + 30}" y="{top + 40}" width="{width - 60}" height="{120 - level * 10}" fill="#b3261e" stroke="{INK}" stroke-width="4"/>'
        body += f'<path d="M{x - 30} {top + 45} Q480 {top - 30} {x + width + 30} {top + 45} Z" fill="#3f5e4a" stroke="{INK}" stroke-width="5"/>'
    body += f'<circle cx="480" cy="130" r="14" fill="#c9a227" stroke="{INK}" stroke-width="4"/>'
    return svg(body, "#cfe0ee")


def poster():
    body = '<rect x="0" y="560" width="960" height="160" fill="#6f8f5a"/>'
    body += '<circle cx="780" cy="150" r="70" fill="#f3c34b"/>'
    body += f'<path d="M480 60 L520 300 L600 560 L540 560 L480 420 L420 560 L360 560 L440 300 Z" fill="#8a5a33" stroke="{INK}" stroke-width="6"/>'
    body += f'<path d="M430 330 H530 M410 420 H550" stroke="{INK}" stroke-width="10"/>'
    for i, colour in enumerate(("#1f4e9c", "#f4f1e8", "#c8262b")):
        body += f'<rect x="{120 + i * 40}" y="120" width="40" height="90" fill="{colour}" stroke="{INK}" stroke-width="2"/>'
    body += f'<line x1="120" y1="120" x2="120" y2="330" stroke="{INK}" stroke-width="6"/>'
    return svg(body, "#cfe0ee")


DRAWINGS = {
    "poster": poster,
    "jikji": lambda: book(),
    "tripitaka-koreana": tripitaka,
    "hunminjeongeum": hunminjeongeum,
    "cheugugi": cheugugi,
    "jagyeongnu": jagyeongnu,
    "cheonsang-yeolcha-bunyajido": star_map,
    "geobukseon": geobukseon,
    "goryeo-celadon": celadon,
    "moon-jar": moon_jar,
    "haegeum": haegeum,
    "gayageum": gayageum,
    "gat": gat,
    "najeon-chilgi": najeon,
    "bangjja-yugi": yugi,
    "hwangudan": hwangudan,
}

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        for name, draw in DRAWINGS.items():
            source = os.path.join(scratch, name + ".svg")
            with open(source, "w") as file:
                file.write(draw())
            target = os.path.join(OUT, name + ".png")
            subprocess.run(["vips", "copy", source, target + "[compression=9,palette,strip]"], check=True)
            print(target, os.path.getsize(target))
