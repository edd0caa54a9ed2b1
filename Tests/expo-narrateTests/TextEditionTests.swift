import Foundation
import TestSupport
import Testing

/// `--format brf,pef,labels` through the whole pipeline, text only: the editions are published
/// with the guide and named in its manifest, a partial run republishes them for the whole guide,
/// and standard parsers (Python's json and xml.etree) read every file.
@Suite("text editions: braille and app labels", .serialized)
struct TextEditionTests {
    static let editions = [
        "guide.brf", "guide.pef", "labels.json", "Exhibition.xcstrings",
        "ExhibitionAccessibility.xcstrings", "strings.xml",
    ]

    /// Parses each file with Python's standard library: JSON for .json and .xcstrings, XML for
    /// .pef and strings.xml; prints one line per file with what it counted.
    static func parseWithPython(_ folder: URL) throws -> String {
        let script = """
            import json, sys, xml.etree.ElementTree as ET
            folder = sys.argv[1]
            labels = json.load(open(folder + '/labels.json', encoding='utf-8'))
            print('labels', len(labels['labels']))
            for name in ('Exhibition', 'ExhibitionAccessibility'):
                catalog = json.load(open(f'{folder}/{name}.xcstrings', encoding='utf-8'))
                assert catalog['version'] == '1.0' and catalog['sourceLanguage'] == 'ko'
                print(name, len(catalog['strings']))
            strings = ET.parse(folder + '/strings.xml').getroot()
            print('strings.xml', len(strings.findall('string')))
            ns = {'p': 'http://www.daisy.org/ns/2008/pef', 'dc': 'http://purl.org/dc/elements/1.1/'}
            pef = ET.parse(folder + '/guide.pef').getroot()
            assert pef.tag == '{http://www.daisy.org/ns/2008/pef}pef' and pef.get('version') == '2008-1'
            assert pef.find('p:head/p:meta/dc:format', ns).text == 'application/x-pef+xml'
            volume = pef.find('p:body/p:volume', ns)
            cols, rows = int(volume.get('cols')), int(volume.get('rows'))
            pages = volume.findall('p:section/p:page', ns)
            for page in pages:
                assert len(page.findall('p:row', ns)) <= rows
                for row in page.findall('p:row', ns):
                    text = row.text or ''
                    assert len(text) <= cols and all(0x2800 <= ord(c) <= 0x28FF for c in text), text
            print('pef pages', len(pages))
            """
        let result = try CommandRunner.runTool("/usr/bin/python3", ["-c", script, folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// Validates a PEF file against the PEF 1.0 (2008-1) RELAX NG schema with Jing, a validator
    /// nobody here wrote. The schema is the one Debian ships inside DAISY's brailleUtils
    /// (libbrailleutils-java), read from its jar at test time; the Schematron rules embedded in it
    /// (rows a page, cells a row) are what `parseWithPython` checks.
    static func validatePEF(_ file: URL) throws {
        let jar = "/usr/share/java/brailleUtils-core.jar"
        let schema = try CommandRunner.runTool("/usr/bin/unzip", ["-p", jar, "org/daisy/braille/pef/resource-files/pef-2008-1-full.rng"])
        #expect(schema.status == 0 && schema.stdout.contains("http://www.daisy.org/ns/2008/pef"), "the PEF schema from \(jar): \(schema.stderr)")
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemaFile = folder.appendingPathComponent("pef-2008-1-full.rng")
        try schema.stdout.write(to: schemaFile, atomically: true, encoding: .utf8)
        let jing = try CommandRunner.runTool("/usr/bin/jing", [schemaFile.path, file.path])
        #expect(jing.status == 0, "Jing: \(jing.stdout)")
    }

    /// The number of form feeds (pages) of a BRF, after checking its lines and characters.
    static func checkBRF(_ file: URL) throws -> Int {
        let brf = try String(contentsOf: file, encoding: .ascii)
        let allowed = Set(" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=")
        let pages = brf.split(separator: "\u{0C}", omittingEmptySubsequences: false).dropLast()
        for page in pages {
            let lines = page.components(separatedBy: "\r\n").dropLast()
            #expect(lines.count <= 25)
            for line in lines {
                #expect(line.count <= 40 && line.allSatisfy(allowed.contains), "\(line)")
            }
        }
        return pages.count
    }

    @Test("default catalog: all editions, in the manifest; a partial run republishes them whole")
    func defaultCatalog() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("guide")
        let first = try CommandRunner.run(["--all", "--text-only", "--format", "brf,pef,labels", "--quiet", "--output", output.path])
        #expect(first.status == 0, "\(first.stderr)")
        for name in Self.editions {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(name).path), "\(name)")
        }
        let manifest = try String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(manifest.contains("guide.brf guide.pef") && manifest.contains("labels.json"))
        let pages = try Self.checkBRF(output.appendingPathComponent("guide.brf"))
        #expect(pages >= 3)
        let parsed = try Self.parseWithPython(output)
        // Four poster fields, and each entry's name and short description.
        let entries =
            try JSONSerialization.jsonObject(
                with: Data(
                    contentsOf: CommandRunner.projectRoot
                        .appendingPathComponent("Sources/CatalogLoading/Resources/DefaultCatalog/items.json"))) as? [Any] ?? []
        let count = 4 + 2 * entries.count
        // A label that mixes languages adds its parts (KEY.languages, KEY.1, KEY.2, …) to the accessibility catalog.
        let accessibility =
            try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("ExhibitionAccessibility.xcstrings"))) as? [String: Any]
        let parts = ((accessibility?["strings"] as? [String: Any]) ?? [:]).keys.filter { key in
            key.hasSuffix(".languages") || key.split(separator: ".").last.map { Int($0) != nil } == true
        }.count
        #expect(parsed.contains("labels \(count)\nExhibition \(count)\nExhibitionAccessibility \(count + parts)\nstrings.xml \(2 * count)\n"), "\(parsed)")
        #expect(parsed.contains("pef pages \(pages)"))
        try Self.validatePEF(output.appendingPathComponent("guide.pef"))
        let labels = try String(contentsOf: output.appendingPathComponent("labels.json"), encoding: .utf8)
        #expect(labels.contains("천구백 년 사월 십사 일부터 십일월 십이 일까지"))

        // One entry again: the whole guide's braille and labels are published again, unchanged.
        let before = try Data(contentsOf: output.appendingPathComponent("guide.brf"))
        let partial = try CommandRunner.run([
            "--entry", "jikji", "--text-only", "--format", "brf,pef,labels", "--quiet",
            "--output", output.path,
        ])
        #expect(partial.status == 0, "\(partial.stderr)")
        #expect(try Data(contentsOf: output.appendingPathComponent("guide.brf")) == before)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("strings.xml").path))

        // A page size outside the ranges is a usage error that names the option.
        let tooNarrow = try CommandRunner.run(["--all", "--text-only", "--format", "brf", "--braille-cells", "5", "--output", output.path])
        #expect(tooNarrow.status == 64 && tooNarrow.stderr.contains("--braille-cells"), "\(tooNarrow.stderr)")
    }

    @Test("original data: the BRF within 40 × 25, every file parses", .needsSharedFixtures)
    func originalData() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("guide")
        let result = try CommandRunner.run([
            "--all", "--text-only", "--format", "brf,pef,labels", "--quiet", "--output", output.path,
            "--poster-file", CommandRunner.fixture("exposition_universelle_1900.json"),
            "--items-file", CommandRunner.fixture("items.json"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let pages = try Self.checkBRF(output.appendingPathComponent("guide.brf"))
        let parsed = try Self.parseWithPython(output)
        #expect(parsed.contains("pef pages \(pages)"))
        #expect(parsed.contains("strings.xml"))
        try Self.validatePEF(output.appendingPathComponent("guide.pef"))
    }
}
