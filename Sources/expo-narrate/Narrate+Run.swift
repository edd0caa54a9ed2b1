import ArgumentParser
import ExpoModel
import Foundation
import Pipeline

extension Narrate {
    func run() throws {
        // Checked here, not in validate(): validate() also runs before a subcommand.
        if !all && !poster && entry.isEmpty && !list {
            throw ValidationError("Say what to narrate: --all, --poster or --entry NAME (or --list to see the entries).")
        }
        // The engine's variables are read here, so that a wrong one is a usage error (64).
        let shard = try shard.map { try ShardOption.resolve($0, environment: ProcessInfo.processInfo.environment) }
        let sourceDate: Int?
        do {
            sourceDate = try GuideRequest.sourceDate(environment: ProcessInfo.processInfo.environment)
        } catch let error as ExpoError {
            throw ValidationError(error.message + "; unset it or give whole seconds.")
        }
        let run = try project.settings(given: commandLineGiven(), quiet: quiet)
        if shard != nil || assembleOnly, run.settings.textOnly {
            throw ValidationError(
                "\(shard != nil ? "--shard" : "--assemble-only") is about audio: drop --text-only\(run.project.map { " (or text-only in \($0.path))" } ?? "").")
        }
        // Until the catalog is read (and for --list), nothing is written: a stop ends the process.
        CommandProcess.endAtOnceWhenStopped()
        do {
            try narrate(run, shard: shard, sourceDate: sourceDate)
        } catch let error as ExitCode {
            throw error
        } catch let refusal as SettingsRefusal {
            printRefusal(refusal)
            throw ExitCode(ExitStatus(refusal.category, signal: 0))
        } catch {
            printDescribed(error, run: runOptions(run))
            throw exitStatus(for: error)
        }
    }

    /// The settings this run's options give, by the project file's keys.
    func commandLineGiven() throws -> [ProjectKey: SettingValue] {
        try catalogFiles.given.merging(voiceChoice.given) { $1 }.merging(voiceOptions.given) { $1 }
            .merging(publishing.given()) { $1 }
    }

    /// This run's project and catalog options, for the commands its hints name: `--project
    /// FILE` when the file was named (one found in this folder is found again by the command).
    private func runOptions(_ settings: RunSettings) -> RunOptions {
        let project = settings.projectWords(quoting: shellWord)
        var run = RunOptions(catalog: project + catalogFiles.commandWords, project: project)
        if let maxEntries { run.catalog += " --max-entries \(maxEntries)" }
        if let maxFieldBytes { run.catalog += " --max-field-bytes \(maxFieldBytes)" }
        return run
    }

    private func narrate(_ run: RunSettings, shard: Shard?, sourceDate: Int?) throws {
        // A run over some tracks takes the published guide's settings (before its catalog is read);
        // what the project file or the command line gives counts as given.
        let settings = run.settings
        let settled = list ? nil : try settledSettings(run)
        let source =
            settled.map {
                CatalogSource(
                    posterFile: $0.settings.posterFile, itemsFile: $0.settings.itemsFile, images: $0.settings.picturesFolder,
                    maxEntries: maxEntries, maxFieldBytes: maxFieldBytes)
            }
            ?? CatalogSource(
                posterFile: settings.posterFile, itemsFile: settings.itemsFile, images: settings.picturesFolder,
                maxEntries: maxEntries, maxFieldBytes: maxFieldBytes)
        let (catalog, warnings) = try source.load()
        for warning in warnings { printError("warning: \(warning)") }
        guard let settled else {
            try printList(catalog)
            return
        }
        CommandProcess.stopBetweenSteps()
        try CommandProcess.requireThreads()
        let guideVoice = try VoiceFolder.guideVoice(in: URL(fileURLWithPath: settled.voicesFolder), voice: settled.settings.voiceProfile)
        noteMissingPartsOfSpeech()
        let builder = guideVoice.builder
        var request = try guideRequest(catalog, settings: settings, source: source, voice: guideVoice, settled: settled, sourceDate: sourceDate)
        if let notice = request.cacheNotice, !quiet { printError("warning: \(notice); give --cache DIR to keep them.") }
        let printer = ProgressPrinter(quiet: quiet)
        if let shard {
            request.shard = shard
            let report = try builder.makeShard(request, progress: printer.show)
            printer.finish(report)
            if !report.failedTracks.isEmpty { throw ExitCode(.tracksFellBack) }
            return
        }
        // The check line: from the report kept in the cache, or made by a helper started now,
        // held until the run leaves a core idle (`CheckHelper`).
        let summary = all ? checkSummary(settings, cache: request.effectiveCacheFolder) : nil
        let check = summary.map { CheckLine($0.request, catalog: catalog, warnings: warnings, jobs: request.jobs) }
        let report = try builder.build(request, checking: check, progress: printer.show)
        printer.finish(report)
        if let summary, let check { summary.finish(check) }
        printer.published(report)
        if !report.failedTracks.isEmpty { throw ExitCode(.tracksFellBack) }
    }

    /// The run these options ask for, over `catalog`: where it writes from `settings`, what it
    /// makes from the `settled` settings.
    private func guideRequest(
        _ catalog: Catalog, settings: GuideSettings, source: CatalogSource, voice: GuideVoice, settled: SettledSettings,
        sourceDate: Int?
    ) throws -> GuideRequest {
        let selection: GuideRequest.Selection =
            all
            ? .all
            : (entry.isEmpty ? .poster : .some(poster: poster, entryNames: entry))
        var request = GuideRequest(
            catalog: catalog, selection: selection,
            outputFolder: URL(fileURLWithPath: settings.outputFolder), profile: voice.profile, textOnly: settled.settings.textOnly,
            delivery: try delivery(settled),
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            cacheFolder: settings.cacheFolder.map { URL(fileURLWithPath: $0) }, useCache: !noCache
        )
        request.waitForOtherRuns = !noWait
        request.assembleOnly = assembleOnly
        request.braillePage = GuideRequest.BraillePage(cells: settled.settings.brailleCells, lines: settled.settings.brailleLines)
        request.brailleTable = voice.brailleTable
        request.sourceDate = sourceDate
        request.pictureFolders = source.pictureFolders()
        let provenance = try settled.provenance(of: catalog)
        request.provenance = provenance
        request.publishedSettings = settled.published?.settings
        for change in settled.changesSincePublished(provenance) { printError("warning: \(change).") }
        return request
    }

    /// `--all`'s check line for this run's catalog, voices and cache.
    private func checkSummary(_ settings: GuideSettings, cache: URL?) -> CheckSummary {
        var request = CheckSummaryRequest(voice: settings.voiceProfile)
        (request.posterFile, request.itemsFile, request.images) = (settings.posterFile, settings.itemsFile, settings.picturesFolder)
        (request.voices, request.reportCache) = (settings.voicesFolder, cache?.path)
        (request.maxEntries, request.maxFieldBytes) = (maxEntries, maxFieldBytes)
        return CheckSummary(request: request)
    }

    private func delivery(_ settled: SettledSettings) throws -> Delivery {
        let delivery = Delivery(formats: settled.formats, opusBitrate: settled.settings.opusBitrateKbps * 1000)
        try delivery.validate()
        return delivery
    }

    /// Lists the tracks in blocks of 64 KB on stdout (see `writeOutput`); a stop signal ends it.
    private func printList(_ catalog: Catalog) throws {
        let tracks = EntryNames.listedTracks(of: catalog)
        var block = ""
        for track in tracks {
            try CommandProcess.checkStop()
            let kind = track.kind == .poster ? "poster" : "entry "
            block += "\(kind)  \(track.fileStem)  \(singleLine(track.title))\n"
            if block.utf8.count >= 1 << 16 {
                try writeOutput(block)
                block.removeAll(keepingCapacity: true)
            }
        }
        try writeOutput(block)
    }
}
