"""A catalog ten times the size, for the memory figures of Benchmarks/run.sh and formats.sh:
every entry ten times under distinct names (and picture names), and a poster whose description
is ten times as long. Usage: ten-times-catalog.py POSTER ITEMS FOLDER (FOLDER is created and gets
poster.json and items.json)."""
import json
import pathlib
import sys

folder = pathlib.Path(sys.argv[3])
folder.mkdir()
poster = json.load(open(sys.argv[1], encoding="utf-8"))
items = json.load(open(sys.argv[2], encoding="utf-8"))
poster["description"] = "\n\n".join([poster["description"]] * 10)
copies = []
for copy in range(1, 11):
    for item in items:
        item = dict(item)
        item["name"] = f"{item['name']} {copy}"
        if "image_name" in item:
            item["image_name"] = f"{item['image_name']}_{copy}"
        copies.append(item)
json.dump(poster, open(folder / "poster.json", "w", encoding="utf-8"), ensure_ascii=False)
json.dump(copies, open(folder / "items.json", "w", encoding="utf-8"), ensure_ascii=False)
