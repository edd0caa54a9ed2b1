import ExpoModel
import Foundation
import Pipeline
import Synthesis
import Synthesizer
import TestSupport
import Testing

/// The requests a run gives its own helpers: one argument that the helper reads back whole, so
/// that neither side spells an option.
@Suite struct HelperRequestTests {
    @Test("the check helper's request comes back whole from its one argument, after its subcommand")
    func checkSummaryRoundTrip() throws {
        var request = CheckSummaryRequest(voice: "slow")
        (request.posterFile, request.itemsFile, request.images, request.voices) = ("/a b/poster.json", "items.json", "pics", "/v")
        (request.reportCache, request.maxEntries, request.maxFieldBytes, request.held) = ("/cache", 7, 1024, true)
        let arguments = try request.arguments()
        #expect(arguments.count == 2 && arguments[0] == "_check-summary")
        #expect(try CheckSummaryRequest(argument: arguments[1]) == request)
        let unset = CheckSummaryRequest(voice: "standard")
        let back = try CheckSummaryRequest(argument: try unset.arguments()[1])
        #expect(back == unset && !back.held && back.reportCache == nil)
        #expect(back.source.limits == CatalogSource.Limits())
        #expect(try CheckSummaryRequest(argument: arguments[1]).source.limits.maximumEntries == 7)
    }

    @Test("the speech server's request carries the profile whole")
    func speechServerRoundTrip() throws {
        let profile = TestProfiles.standard
        let arguments = try SpeechServerRequest(profile: profile).arguments()
        #expect(arguments.first == "_speech-server" && arguments.count == 2)
        #expect(try SpeechServerRequest(argument: arguments[1]).profile == profile)
    }

    @Test("an argument that is not the request is an internal error that names the helper")
    func unreadableRequest() {
        for argument in ["--voice", "{}", "{\"voice\": 3}", ""] {
            #expect {
                _ = try CheckSummaryRequest(argument: argument)
            } throws: { error in
                guard let error = error as? ExpoError else { return false }
                return error.category == .internal && error.message.hasPrefix("_check-summary was given a request it cannot read")
            }
        }
    }
}
