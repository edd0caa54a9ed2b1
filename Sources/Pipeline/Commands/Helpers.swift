import CatalogCheck
import ExpoModel
import ExpoSystem
import Foundation
import GuideCache
import Synthesis

/// The run's own helpers, for the hidden subcommands that serve them: each is this program
/// started again with a `HelperRequest` as its one argument.
public enum Helpers {
    /// The speech server's subcommand (`SpeechServerRequest`).
    public static let speechServerCommand = SpeechServerRequest.command
    /// The check helper's subcommand (`CheckSummaryRequest`).
    public static let checkSummaryCommand = CheckSummaryRequest.command

    /// Serves the speech server's `request` (its one argument) until the run closes its input;
    /// returns the process's exit status.
    public static func serveSpeech(request: String) -> ExitStatus {
        Interruption.install()
        return SpeechServer.serve(request: request)
    }
}

extension PreflightCheck {
    /// The check helper's report for `request` (see `summaryReport(of:…)`). A helper started
    /// held waits for the run's go-ahead before loading the spelling dictionary; when the run
    /// went away instead, `whenRunIsGone` is called, and ends the process. The report is kept
    /// only in a folder that is a claimed cache (`CacheFolder.isClaimed`; the run claims its
    /// cache before it starts the helper): the request is an argument anyone can write, and a
    /// helper never writes into any other folder.
    public static func summaryReport(for request: CheckSummaryRequest, whenRunIsGone: @escaping @Sendable () -> Void) throws -> CheckReport {
        try summaryReport(
            of: request.source, voicesFolder: request.voicesFolder, voice: request.voice,
            cache: request.reportCache.map { URL(fileURLWithPath: $0) }.flatMap { CacheFolder.isClaimed($0) ? $0 : nil },
            beforeLoading: { [held = request.held] in
                if held, !ChildProcess.waitUntilReleased() { whenRunIsGone() }
            })
    }

    /// A report on a catalog, as the command line names it.
    public typealias Report = CheckReport
    /// One finding of a report.
    public typealias Finding = CheckFinding
}
