import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Synthesizer

@Suite("Voice profile files")
struct VoiceProfileSettingsTests {
    @Test("the settings a profile file may have are exactly the profile's own keys")
    func settingNames() throws {
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(VoiceProfile.plainText)) as? [String: Any]
        #expect(Set(try #require(encoded).keys) == Set(VoiceProfile.settingNames))
    }

    @Test("a setting the profile does not have is an error naming the file's line, with CRLF and a BOM too")
    func unknownSetting() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let standard = try String(contentsOf: SharedFixtures.projectRoot.appendingPathComponent("Voices/standard.json"), encoding: .utf8)
        let misspelt =
            "\u{FEFF}"
            + standard.replacingOccurrences(of: "\"truePeakCeilingDBTP\"", with: "\"truePeakCeilingDBTp\"")
            .replacingOccurrences(of: "\n", with: "\r\n")
        try misspelt.write(to: folder.appendingPathComponent("standard.json"), atomically: true, encoding: .utf8)
        let line = standard.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("truePeakCeilingDBTP") }! + 1
        #expect {
            _ = try VoiceLibrary(folder: folder).profile(named: "standard")
        } throws: { error in
            let message = (error as? ExpoError)?.message ?? ""
            return message.contains("standard.json:\(line):") && message.contains("did you mean \"truePeakCeilingDBTP\"?")
        }
    }
}
