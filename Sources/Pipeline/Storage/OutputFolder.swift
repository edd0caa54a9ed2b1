import CSystemShim
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExpoModel
import ExpoSystem
import CatalogLoading
import KoreanSpeech
import Narration
import Speech
import Audio
import Export

/// The output folder, written as a whole: every file of a run is first written into a
/// private staging folder inside it, and moved into place only when the run has succeeded.
/// An interrupted or failed run leaves the previous output as it was. Large files a run
/// replaces are removed by the next run (see `Publication`).
public final class OutputFolder: @unchecked Sendable {
    // @unchecked Sendable: files may be written from two threads at once (the scripts while
    // speech is made); `unchanged` is only touched while holding `lock`, and `published`
    // only by `publish` and `deinit`, after every writer has finished.
    /// The folder the user asked for.
    public let destination: URL
    /// Where this run's files are written until `publish`.
    public let staging: URL
    private var published = false
    /// Files this run would have written exactly as the destination already has them.
    private var unchanged: Set<String> = []
    private let lock = NSLock()
    /// Removing the large files earlier runs replaced (see `publish`), started at once.
    private var cleanup: BackgroundWork?

    static let stagingPrefix = ".expo-narrate-staging-"
    /// Large files runs from before versions replaced, kept by a second name: removed.
    static let replacedPrefix = ".expo-narrate-replaced-"

    /// Creates the folder if needed and a staging folder inside it; removes staging folders
    /// that runs killed outright left behind.
    public init(destination: URL) throws {
        self.destination = destination.standardizedFileURL
        let manager = FileManager.default
        if let reason = FolderMaker.create(self.destination.path) {
            throw ExpoError.cannotCreateOutput(path: self.destination.path, reason: reason)
        }
        staging = self.destination.appendingPathComponent(Self.stagingPrefix + String(getpid()))
        Self.removeAbandonedStaging(in: self.destination)
        let destination = self.destination
        cleanup = BackgroundWork { Self.removeReplaced(in: destination) }
        try? manager.removeItem(at: staging)
        if mkdir(staging.path, 0o755) != 0 {
            // The staging folder is this run's own: the message names the folder the user chose.
            throw ExpoError.cannotWrite(path: self.destination.path, reason: String(cString: strerror(errno)), code: errno)
        }
    }

    deinit {
        if !published { discard() }
        cleanup?.waitQuietly()
    }

    /// The staging location of `name` (a plain file name, never a path from the data).
    public func stagedURL(_ name: String) -> URL {
        precondition(!name.contains("/") && name != ".." && name != ".", "file names are made by FileNaming")
        return staging.appendingPathComponent(name)
    }

    /// Writes `text` as UTF-8 into the staging folder.
    public func write(_ text: String, to name: String) throws {
        try write(Data(text.utf8), to: name)
    }

    /// Writes `data` into the staging folder.
    public func write(_ data: Data, to name: String) throws {
        // A file the previous run already published with the same bytes is left as it is:
        // nothing to write, to sync or to move.
        if Self.contents(of: destination.appendingPathComponent(name), equal: data) {
            lock.withLock { _ = unchanged.insert(name) }
            return
        }
        let shown = destination.appendingPathComponent(name).path
        do {
            // The staging folder is private, so the file needs no temporary name of its own.
            let file = try POSIXFile.openForWriting(stagedURL(name).path, shownAs: shown)
            do {
                // Flushed to the disk with every other staged file by one syncfs before the
                // renames (see `publish`), not one fsync per file.
                try data.withUnsafeBytes { try file.write($0) }
            } catch {
                file.closeQuietly()
                throw error
            }
            try file.close()
        } catch let error as ExpoError where error.code != nil {
            throw ExpoError.cannotWrite(path: shown, reason: String(cString: strerror(error.code!)), code: error.code)
        }
    }

    /// Stages a copy (a reflink where the file system can) of `source`, a checked cache file, as
    /// `name`, unless the destination already holds the same bytes. Never a hard link: a change
    /// to the cache never shows in the published file, nor the other way round.
    public func stageCopy(of source: URL, as name: String) throws {
        let published = destination.appendingPathComponent(name)
        unlink(stagedURL(name).path)
        if FileCopy.sameContents(source.path, published.path) {
            lock.withLock { _ = unchanged.insert(name) }
            return
        }
        lock.withLock { _ = unchanged.remove(name) }
        try FileCopy.copy(source.path, to: stagedURL(name).path, shownAs: published.path)
    }

    /// Whether this run has `name`: staged, or found already published with the same bytes.
    public func hasFile(_ name: String) -> Bool {
        lock.withLock { unchanged.contains(name) } || access(stagedURL(name).path, F_OK) == 0
    }

    /// Where this run's `name` can be read now: staged, or else as already published.
    public func currentURL(_ name: String) -> URL {
        access(stagedURL(name).path, F_OK) == 0 ? stagedURL(name) : destination.appendingPathComponent(name)
    }

    /// Whether `url` holds exactly `data` (size first, then bytes).
    static func contents(of url: URL, equal data: Data) -> Bool {
        var status = stat()
        guard stat(url.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == data.count,
              let existing = FileManager.default.contents(atPath: url.path) else { return false }
        return existing == data
    }



    /// Publishes the staged files as the new guide, all at once (see `Publication`). Files of
    /// the previous guide that this run did not stage are carried into the new one when they
    /// were unchanged, or every one when `keepPrevious` (the guide builder never asks for that:
    /// a run over some tracks stages the whole guide, see `PublishedGuide`);
    /// `previousFiles` names the previous guide's files where it predates versions.
    public func publish(previousFiles: [String] = [], keepPrevious: Bool = false) throws {
        // Done long since in a run that made anything; first, so that it never meets the
        // files this publication keeps.
        cleanup?.waitQuietly()
        let manager = FileManager.default
        let entries = (try? manager.contentsOfDirectory(atPath: staging.path)) ?? []
        // Dot-names are the run's own scratch (e.g. the uncached synthesis of --no-cache).
        for name in entries where name.hasPrefix(".") { try? manager.removeItem(at: staging.appendingPathComponent(name)) }
        let staged = Set(entries.filter { !$0.hasPrefix(".") })
        let publication = Publication(destination: destination)
        var carried = lock.withLock { unchanged }
        if keepPrevious { carried.formUnion(previousNames(publication, legacy: previousFiles)) }
        if staged.isEmpty, publication.currentVersion() != nil, carried == previousNames(publication, legacy: []) {
            // Every file is as the current guide has it already: nothing to publish.
            published = true
            discard()
            return
        }
        for name in carried.subtracting(staged) where !name.contains("/") && !name.hasPrefix(".") {
            try carry(name, from: publication)
        }
        // Every staged file on the disk before any is published, so that a crash never
        // publishes an empty or partial file: one syncfs for them all.
        try synchronizeStaging()
        PublicationSteps.reached()
        try publication.publish(staging)
        published = true
        let made = staged.union(carried)
        for name in previousFiles where !made.contains(name) && !name.contains("/") && !name.hasPrefix(".") {
            // Plain files of a guide from before versions; links are removed by `publish`.
            var status = stat()
            if lstat(destination.appendingPathComponent(name).path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
                unlink(destination.appendingPathComponent(name).path)
            }
        }
        cleanup = BackgroundWork { publication.removeOldVersions() }
    }

    /// The previous guide's file names: its version's, or `legacy` where it predates versions.
    private func previousNames(_ publication: Publication, legacy: [String]) -> Set<String> {
        guard let number = publication.currentVersion() else { return Set(legacy) }
        let folder = publication.versions.appendingPathComponent(String(number))
        return Set(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") })
    }

    /// Puts the previous guide's `name` into the staging folder: a hard link to the published
    /// file (versions never change once published), else a copy.
    private func carry(_ name: String, from publication: Publication) throws {
        let source = publication.currentVersion().map {
            publication.versions.appendingPathComponent(String($0)).appendingPathComponent(name)
        } ?? destination.appendingPathComponent(name)
        var status = stat()
        guard stat(source.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return }
        if link(source.path, stagedURL(name).path) == 0 { return }
        try FileCopy.copy(source.path, to: stagedURL(name).path, shownAs: destination.appendingPathComponent(name).path)
    }

    private func synchronizeStaging() throws {
        let fd = open(staging.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw ExpoError.cannotWrite(path: destination.path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        if expo_syncfs(fd) != 0 {
            throw ExpoError.cannotWrite(path: destination.path, reason: String(cString: strerror(errno)), code: errno)
        }
    }

    /// Removes what earlier runs left: hidden copies of replaced files (from before versions),
    /// temporary links of a publication that was killed, and versions no longer needed.
    static func removeReplaced(in folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(replacedPrefix) {
            unlink(folder.appendingPathComponent(name).path)
        }
        for name in names where name.hasPrefix(".") {
            guard let range = name.range(of: ".link-", options: .backwards) ?? name.range(of: ".new-", options: .backwards),
                  let pid = Int32(name[range.upperBound...]), pid != getpid(), !ProcessStatus.isRunning(pid) else { continue }
            unlink(folder.appendingPathComponent(name).path)
        }
        Publication(destination: folder).removeOldVersions()
    }

    /// Removes the staging folder and everything in it.
    public func discard() {
        try? FileManager.default.removeItem(at: staging)
    }

    static func removeAbandonedStaging(in folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(stagingPrefix) {
            guard let pid = Int32(name.dropFirst(stagingPrefix.count)) else { continue }
            if pid != getpid(), !ProcessStatus.isRunning(pid) {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }
}
