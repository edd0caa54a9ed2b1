import Foundation
import Testing

/// The apps' labels as a published guide has them (`--format labels`): every label that mixes
/// Korean with a foreign title has that title as a part of its own with its language, in
/// labels.json, in the String Catalog of labels (`KEY.languages`, `KEY.1`, …) and in
/// strings.xml (`<annotation lang>`), and Android's own resource compiler, aapt2, takes
/// strings.xml.
enum AppLabelChecks {
    static func check(_ folder: URL) throws {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("labels.json"))) as? [String: Any]
        let labels = json?["labels"] as? [[String: Any]] ?? []
        #expect(!labels.isEmpty)
        let catalog =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("ExhibitionAccessibility.xcstrings"))) as? [String: Any]
        let strings = catalog?["strings"] as? [String: Any] ?? [:]
        func value(_ key: String) -> String? {
            ((((strings[key] as? [String: Any])?["localizations"] as? [String: Any])?["ko"] as? [String: Any])?["stringUnit"]
                as? [String: Any])?["value"] as? String
        }
        let xml = try String(contentsOf: folder.appendingPathComponent("strings.xml"), encoding: .utf8)
        var foreignParts = 0
        for label in labels {
            let key = label["key"] as? String ?? "?"
            let text = label["label"] as? String ?? ""
            let parts = (label["parts"] as? [[String: String]] ?? []).map { (text: $0["text"] ?? "", language: $0["language"] ?? "") }
            // A run of two Latin letters or more is a foreign word the voice says in its own language.
            let latin = text.split { !($0.isASCII && $0.isLetter) }.filter { $0.count >= 2 }
            for word in latin {
                #expect(parts.contains { $0.language != "ko" && $0.text.contains(word) }, "\(key): \"\(word)\" in \"\(text)\" has no language")
            }
            guard !parts.isEmpty else { continue }
            #expect(parts.map(\.text).joined(separator: " ") == text, "\(key)")
            #expect(value(key + ".languages") == parts.map(\.language).joined(separator: " "), "\(key).languages")
            for (index, part) in parts.enumerated() {
                #expect(value("\(key).\(index + 1)") == part.text, "\(key).\(index + 1)")
            }
            foreignParts += parts.filter { $0.language != "ko" }.count
        }
        #expect(foreignParts > 0, "no label has a foreign part")
        #expect(xml.components(separatedBy: "<annotation lang=\"").count - 1 == foreignParts)
        try compileWithAAPT2(folder.appendingPathComponent("strings.xml"))
    }

    /// Compiles `strings` as `res/values/strings.xml` with aapt2 (Debian's `aapt` package), as an
    /// Android build does.
    static func compileWithAAPT2(_ strings: URL) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/aapt2") else {
            Issue.record("aapt2 is not installed: run scripts/install-dependencies.sh --test")
            return
        }
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let values = folder.appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: strings, to: values.appendingPathComponent("strings.xml"))
        let output = folder.appendingPathComponent("compiled")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let result = try CommandRunner.runTool("/usr/bin/aapt2", ["compile", values.appendingPathComponent("strings.xml").path, "-o", output.path])
        #expect(result.status == 0, "aapt2: \(result.stderr)")
        let compiled = try FileManager.default.contentsOfDirectory(atPath: output.path)
        #expect(compiled.contains("values_strings.arsc.flat"), "aapt2 made \(compiled)")
    }
}
