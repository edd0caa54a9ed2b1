import CatalogCheck
import CatalogLoading
import ExpoModel
import Foundation

/// Where `--all`'s check line comes from.
public enum CheckLine {
    /// The report kept in the run's cache.
    case stored(CheckReport)
    /// A short-lived helper process (`_check-summary`), so that the Korean spelling dictionary
    /// is never loaded into this process, and whatever happens to it (memory short) never
    /// changes this run's status or what it published.
    case helper(CheckHelper)

    /// The line of a run of `jobs` workers over `catalog`: the report kept in the request's
    /// cache, else a helper for `request`, not started yet.
    public init(_ request: CheckSummaryRequest, catalog: Catalog, warnings: [CatalogWarning], jobs: Int) {
        if let cache = request.reportCache,
            let stored = PreflightCheck.storedReport(
                catalog, warnings: warnings, source: request.source, voicesFolder: request.voicesFolder,
                voice: request.voice, cache: URL(fileURLWithPath: cache))
        {
            self = .stored(stored)
        } else {
            self = .helper(CheckHelper(request: request, jobs: jobs))
        }
    }
}

extension GuideBuilder {
    /// `build`, with `--all`'s check line made beside it when `check` is a helper: started held
    /// as the run begins, let go when the run leaves a core idle, stopped when the run fails.
    public func build(
        _ request: GuideRequest, checking check: CheckLine?,
        progress: (GuideProgressEvent) -> Void
    ) throws -> GuideReport {
        guard case .helper(let helper) = check else { return try build(request, progress: progress) }
        helper.start()
        do {
            return try build(request) { event in
                helper.observe(event)
                progress(event)
            }
        } catch {
            helper.abandon()
            throw error
        }
    }
}
