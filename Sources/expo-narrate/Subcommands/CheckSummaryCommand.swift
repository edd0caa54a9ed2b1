import ArgumentParser
import ExpoModel
import Foundation
import Pipeline

/// `expo-narrate _check-summary REQUEST`: `--all`'s check line, made in a process of its own
/// (see `CheckHelper`); the report is kept in the request's cache when it names one.
struct CheckSummaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: Helpers.checkSummaryCommand, shouldDisplay: false)

    /// The `CheckSummaryRequest`, in JSON.
    @Argument var request: String

    func run() throws {
        CommandProcess.endAtOnceWhenStopped()
        do {
            let request = try CheckSummaryRequest(argument: request)
            // Started held and the run went away: nothing is said or kept.
            let report = try PreflightCheck.summaryReport(for: request, whenRunIsGone: { Foundation.exit(ExitStatus.success.code) })
            CheckSummary(request: request).print(report)
        } catch {
            // Said here, once; the run that started this process keeps its own status.
            printError("check: the pre-flight check was not made: \(describe(error))")
        }
    }
}
