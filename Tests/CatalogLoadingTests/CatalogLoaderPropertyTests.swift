import ExpoModel
import ExpoSystem
import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import CatalogLoading

/// Property-based fuzzing of the catalog loader: mutated and generated files either load (with
/// warnings that name a JSON path) or are refused with a `ExpoError` whose message names
/// the file. Never a crash, a hang, or another kind of error.
@Suite("Fuzz: the catalog loader", .serialized)
struct CatalogLoaderPropertyTests {
    static let seedItems = Data(
        #"""
        [{"name": "직지", "image_name": "jikji", "short_desc": "1372년 서적", "desc": "《직지》(直指)는\n\n둘째 문단."},
         {"name": "해금", "image_name": null, "desc": ""}, {"name": "a/b", "extra": [1, 2.5, true, {"k": null}]}]
        """#.utf8)
    static let seedPoster = Data(
        #"""
        {"title": "파리 1900\n(Paris)", "visitors": 48130300, "location": "파리", "duration": "1900. 04. 14 - 1900. 11. 12", "description": "설명"}
        """#.utf8)

    /// Bytes that make or break JSON, spliced in at random places.
    static let fragments: [[UInt8]] =
        [
            "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\uD800", "null", "true", "1e999", "-0", "1.5", "\"name\"",
            "\"desc\"", "\"visitors\"", "{}", "[]", " ", "\n", "\u{FEFF}", "\u{0}", "가", "直",
        ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xEF, 0xBB, 0xBF], [0xED, 0xA0, 0x80], [0x00]]

    /// One edit: where (a fraction of the length), what (0 delete, 1 insert, 2 replace), which fragment.
    static let edit = PropertyBased.zip(Gen.int(in: 0...10_000), Gen.int(in: 0...2), Gen.int(in: 0...(fragments.count - 1)))
    static let edits = edit.array(of: 1...8)

    static func mutate(_ seed: Data, with edits: [(Int, Int, Int)]) -> Data {
        var bytes = [UInt8](seed)
        for (where_, what, which) in edits {
            let position = bytes.isEmpty ? 0 : where_ * bytes.count / 10_001
            let fragment = fragments[which]
            switch what {
            case 0 where !bytes.isEmpty:
                bytes.removeSubrange(position..<min(bytes.count, position + fragment.count))
            case 2 where !bytes.isEmpty:
                bytes.replaceSubrange(position..<min(bytes.count, position + fragment.count), with: fragment)
            default:
                bytes.insert(contentsOf: fragment, at: position)
            }
        }
        return Data(bytes)
    }

    /// The input as a failure message shows it: the text, or the bytes when it is not UTF-8.
    static func shown(_ data: Data) -> String {
        String(data: data, encoding: .utf8)?.debugDescription ?? "bytes " + data.map { String(format: "%02X", $0) }.joined(separator: " ")
    }

    /// Loads `data` as an items file (or a poster file), checking the outcome's shape; a
    /// failure names the input, since the property check reports only the edits made to it.
    static func check(_ data: Data, asPoster: Bool, in folder: URL) throws {
        let file = folder.appendingPathComponent(asPoster ? "poster.json" : "items.json")
        try data.write(to: file)
        var loader = CatalogLoader()
        do {
            if asPoster {
                _ = try loader.loadPoster(from: file)
            } else {
                _ = try loader.loadEntries(from: file)
            }
            for warning in loader.warnings {
                #expect(warning.file == file.lastPathComponent && warning.path.hasPrefix("$"), "\(warning) from \(shown(data))")
            }
        } catch let error as ExpoError {
            let message = error.localizedDescription
            // "items.json:3:5: $[0]: …" for what is placed in the file, "items.json: …" otherwise.
            #expect(message.hasPrefix(file.lastPathComponent + ":"), "\(message) from \(shown(data))")
            #expect(!message.contains("\n"), "\(message) from \(shown(data))")
        }
    }

    @Test("mutated items files load or are refused with a ExpoError")
    func mutatedItems() async throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        await propertyCheck(count: FuzzBudget.count(3_000), input: Self.edits) { edits in
            let data = Self.mutate(Self.seedItems, with: edits.map { ($0.0, $0.1, $0.2) })
            #expect(throws: Never.self, "\(Self.shown(data))") {
                try Self.check(data, asPoster: false, in: folder)
            }
        }
    }

    @Test("mutated poster files load or are refused with a ExpoError")
    func mutatedPosters() async throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        await propertyCheck(count: FuzzBudget.count(3_000), input: Self.edits) { edits in
            let data = Self.mutate(Self.seedPoster, with: edits.map { ($0.0, $0.1, $0.2) })
            #expect(throws: Never.self, "\(Self.shown(data))") {
                try Self.check(data, asPoster: true, in: folder)
            }
        }
    }

    @Test("random bytes are refused with a ExpoError")
    func randomBytes() async throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        await propertyCheck(count: FuzzBudget.count(1_000), input: Gen<UInt8>.value(in: 0...255).array(of: 0...64)) { bytes in
            #expect(throws: Never.self, "\(Self.shown(Data(bytes)))") {
                try Self.check(Data(bytes), asPoster: bytes.count % 2 == 0, in: folder)
            }
        }
    }
}
