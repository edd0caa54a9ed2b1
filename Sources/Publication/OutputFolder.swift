import ExpoModel
import ExpoSystem
import Foundation

/// The output folder, written as a whole (see `GuideFolder`): every file of a run is staged in
/// a work folder beside it, and the staged folder replaces the output folder in one swap when
/// the run has succeeded. A file the published guide already has with the same bytes is staged
/// as a hard link to it, so a run that changes nothing writes no guide file and swaps nothing,
/// and a run that changes one entry writes that entry's files and the files that list it.
/// The links are made only when the guide is swapped: a run that changes nothing makes none,
/// so it leaves the published files' status-change times, and the digests remembered for
/// them (`FileDigests`), as they were.
/// An interrupted or failed run leaves the previous guide as it was.
public final class OutputFolder: @unchecked Sendable {
    // @unchecked Sendable: files may be staged from two threads at once (the scripts while
    // speech is made); `published` is only touched by `publish` and `deinit`, after every
    // writer has finished, and the other state is set in `init`.
    /// The folder the user asked for (symbolic links resolved).
    public let destination: URL
    /// Where this run's files are written until `publish`: the folder that becomes the guide.
    public let staging: URL
    /// Scratch space of this run that is never published (e.g. the synthesis of --no-cache).
    public let scratch: URL
    private let folder: GuideFolder
    private let work: String
    /// Whether the work folder is settled (published, or taken back and finished): then it is
    /// never discarded, since it may keep an entry that is not the tool's.
    private var published = false
    /// The published guide's own files (regular files its record lists): their status.
    private let ownFiles: [String: FileStatus]
    /// The SHA-256 each of them had when it was published, as its record says ("": not said).
    private let publishedDigests: [String: String]
    /// Held on the staged folder from before it is published to the end of the run, so that a
    /// run waiting for the output folder's lock never starts inside this one.
    private var stagedLock: FolderLock?
    /// What finishing the leftovers of killed runs could not do, for the user.
    public private(set) var notes: [String] = []
    /// The digests of the published files and of the staged copies (see `FileDigests`).
    public let digests: FileDigests
    /// Published files this run keeps as they are, linked into the staged folder only when
    /// it is published; touched only while holding `carriedLock`.
    private var carried: Set<String> = []
    /// The SHA-256 of each file this run publishes, where known as it is staged or kept (for the
    /// record); touched only while holding `carriedLock`.
    private var stagedDigests: [String: String] = [:]
    private let carriedLock = NSLock()
    /// Whether the folder holds the placeholder a fresh clone's output/ ships (`ShippedPlaceholder`).
    private let keepsPlaceholder: Bool

    /// Checks (and claims or creates) the output folder, finishes what killed runs left beside
    /// it, refuses (73) a folder that holds anything but the guide's own files (see
    /// `GuideFolder`), and makes this run's work folder. The caller holds the output folder's
    /// lock. `digests` knows the published files' SHA-256 from earlier runs (none by default).
    public init(destination: URL, digests: FileDigests = FileDigests(ledger: nil)) throws {
        self.digests = digests
        folder = GuideFolder(path: try GuideFolder.resolve(destination))
        self.destination = URL(fileURLWithPath: folder.path)
        try folder.prepare()
        notes = folder.recoverLeftovers()
        publishedDigests = GuideFolder.readRecordDigests(in: folder.path) ?? [:]
        // The placeholder a fresh clone's output/ ships is the tool's: staged again with each guide.
        keepsPlaceholder = ShippedPlaceholder.isPresent(in: folder.path)
        let owned = Set(publishedDigests.keys).union(keepsPlaceholder ? [ShippedPlaceholder.name] : [])
        try folder.refuseForeignEntries(listed: owned)
        var own: [String: FileStatus] = [:]
        for name in owned {
            if let status = FileStatus.of(folder.path + "/" + name), status.kind == .regular { own[name] = status }
        }
        ownFiles = own
        work = try folder.makeWork()
        staging = URL(fileURLWithPath: work + "/guide")
        scratch = URL(fileURLWithPath: work + "/scratch")
        do throws(SystemCallError) {
            try FileTree.makeFolder(staging.path, permissions: 0o755)
            try FileTree.makeFolder(scratch.path, permissions: 0o700)
        } catch {
            throw ExpoError.cannotWrite(path: work, code: error.code)
        }
    }

    deinit {
        if !published { discard() }
    }

    /// The names of the published guide's files (regular files the tool's record lists).
    public var publishedNames: Set<String> { Set(ownFiles.keys).subtracting(keepsPlaceholder ? [ShippedPlaceholder.name] : []) }

    /// The published file `name` if it is the tool's own.
    private func ownPublished(_ name: String) -> String? {
        ownFiles[name] == nil ? nil : destination.appendingPathComponent(name).path
    }

    /// The staging location of `name` (a plain file name, or one in a folder of the tool's,
    /// `daisy202/ncc.html`; never a path from the data).
    public func stagedURL(_ name: String) -> URL {
        precondition(GuideFolder.isGuideName(name), "file names are made by FileNaming")
        return staging.appendingPathComponent(name)
    }

    /// Writes `text` as UTF-8 into the staging folder.
    public func write(_ text: String, to name: String) throws {
        try write(Data(text.utf8), to: name)
    }

    /// Writes `data` into the staging folder, or links the published file when it holds the
    /// same bytes.
    public func write(_ data: Data, to name: String) throws {
        var hash = SHA256Digest()
        hash.update(data)
        let digest = hash.hexDigest()
        if let published = ownPublished(name), FileTree.readSmallFile(published) == data, carry(name) {
            remember(name, sha256: digest)
            return
        }
        let shown = destination.appendingPathComponent(name).path
        do {
            forget(name)
            try GuideFolder.makeFolder(of: name, in: staging.path, shownAs: shown)
            let file = try POSIXFile.createNew(stagedURL(name).path, shownAs: shown)
            do {
                // Flushed to the disk with every other staged file by one syncfs before the
                // swap (see `publish`), not one fsync per file.
                try data.withUnsafeBytes { try file.write($0) }
            } catch {
                file.closeQuietly()
                throw error
            }
            try file.close()
        } catch let error as ExpoError where error.code != nil {
            throw ExpoError.cannotWrite(path: shown, code: error.code!)
        }
        remember(name, sha256: digest)
    }

    /// Notes the SHA-256 of what this run publishes as `name`, for the record.
    private func remember(_ name: String, sha256: String) {
        carriedLock.withLock { stagedDigests[name] = sha256 }
    }

    /// Stages a copy (a reflink where the file system can) of `source`, a checked cache file
    /// whose SHA-256 is `sha256`, as `name`, or keeps the published file when it has that
    /// SHA-256 (hashed only if it changed since it was last hashed, see `FileDigests`). Never a
    /// hard link into the cache: a change to the cache never shows in the published file.
    public func stageCopy(of source: URL, as name: String, sha256: String) throws {
        forget(name)
        if let published = ownPublished(name), (try? digests.sha256(of: published)) == sha256, carry(name) {
            remember(name, sha256: sha256)
            return
        }
        try GuideFolder.makeFolder(of: name, in: staging.path, shownAs: destination.appendingPathComponent(name).path)
        try FileCopy.copy(source.path, to: stagedURL(name).path, shownAs: destination.appendingPathComponent(name).path)
        staged(name, sha256: sha256)
    }

    /// Notes that the staged `name` was written by this run with contents whose SHA-256 is
    /// `sha256`, so that later runs need not read it again (see `FileDigests.wrote`).
    public func staged(_ name: String, sha256: String) {
        remember(name, sha256: sha256)
        digests.wrote(stagedURL(name).path, finalPath: destination.appendingPathComponent(name).path, sha256: sha256)
    }

    /// Keeps the published `name` as it is (the published file is never changed in place, so
    /// it is the same bytes): linked into the staged folder if the guide is swapped. False when
    /// `name` is not a published file of the tool's.
    @discardableResult
    public func carry(_ name: String) -> Bool {
        guard ownPublished(name) != nil else { return false }
        FileTree.removeFileIfPresent(stagedURL(name).path)
        carriedLock.withLock { _ = carried.insert(name) }
        return true
    }

    /// Drops what this run staged as `name` (a file, or the published one kept).
    private func forget(_ name: String) {
        FileTree.removeFileIfPresent(stagedURL(name).path)
        carriedLock.withLock {
            _ = carried.remove(name)
            stagedDigests[name] = nil
        }
    }

    /// Keeps the published `name` when it is the file whose SHA-256 is `digest` (a file the
    /// cache describes, e.g. the joined guide, which it does not keep).
    public func carry(_ name: String, ifSHA256 digest: String) -> Bool {
        guard let published = ownPublished(name), (try? digests.sha256(of: published)) == digest, carry(name) else { return false }
        remember(name, sha256: digest)
        return true
    }

    /// Whether this run has staged `name` (or kept the published one).
    public func hasFile(_ name: String) -> Bool {
        carriedLock.withLock { carried.contains(name) } || isStaged(name)
    }

    private func isStaged(_ name: String) -> Bool {
        FileStatus.of(stagedURL(name).path) != nil
    }

    /// Where this run's `name` can be read now: staged, or else as already published.
    public func currentURL(_ name: String) -> URL {
        isStaged(name) ? stagedURL(name) : destination.appendingPathComponent(name)
    }

    /// Publishes the staged files as the new guide, all at once (see `GuideFolder`). When every
    /// staged file is the published one and no file was added or dropped, nothing is swapped.
    /// An entry that is not the tool's, created in the folder while this run worked, stops it
    /// (73): before the swap, or after it by swapping back (see `GuideFolder+Swap.swift`).
    /// Returns whether a new guide was published.
    @discardableResult
    public func publish() throws -> Bool {
        if keepsPlaceholder, !FileTree.names(in: staging.path).contains(ShippedPlaceholder.name) {
            try write(ShippedPlaceholder.text, to: ShippedPlaceholder.name)
        }
        GuideFolder.removeEmptyFolders(in: staging.path)
        let written = GuideFolder.stagedNames(in: staging.path)
        let kept = carriedLock.withLock { carried }.subtracting(written)
        let names = written + kept.sorted()
        if Set(names) == Set(ownFiles.keys), written.allSatisfy(isPublishedFile) {
            discard()
            published = true
            return false
        }
        try refuseChangedPublishedFiles(keeping: kept)
        // The record's SHA-256 of each file: known as it was staged or kept, else read (a kept
        // file before it is linked, while the digests remembered for it still hold).
        var recordDigests = carriedLock.withLock { stagedDigests }
        for name in names where recordDigests[name] == nil {
            let path = kept.contains(name) ? destination.path + "/" + name : stagedURL(name).path
            recordDigests[name] = try? digests.sha256(of: path)
        }
        // The published files kept: hard links in the staged folder (a copy where the file
        // system has none).
        for name in kept.sorted() {
            try GuideFolder.makeFolder(of: name, in: staging.path, shownAs: destination.appendingPathComponent(name).path)
        }
        for name in kept.sorted() where (try? FileTree.hardLink(destination.path + "/" + name, as: stagedURL(name).path)) == nil {
            try FileCopy.copy(
                destination.path + "/" + name, to: stagedURL(name).path,
                shownAs: destination.appendingPathComponent(name).path)
        }
        // Every staged file on the disk before the swap, so that a crash never publishes an
        // empty or partial file: one syncfs for them all.
        try FileTree.synchronizeFileSystem(holding: staging.path, shownAs: destination.path)
        PublicationSteps.reached()
        try Interruption.check()
        try GuideFolder.writeRecord(names, digests: recordDigests, in: staging.path, shownAs: destination.path)
        if let status = FileStatus.of(destination.path, followingLinks: true) {
            try? FileTree.setPermissions(staging.path, status.permissions)
        }
        // What this run publishes, file by file: the only files it may remove if it has to
        // take the new guide back.
        var staged: [String: FileStatus] = [:]
        for name in names { staged[name] = FileStatus.of(stagedURL(name).path) }
        // Anything that is not the tool's, created in the folder while this run staged: refused.
        try folder.refuseForeignEntries(listed: Set(ownFiles.keys), during: true)
        stagedLock = try FolderLock.acquire(folder: staging.path, subject: .outputFolder, wait: false, onWait: {})
        PublicationSteps.reached()
        try folder.swap(staged: staging.path, old: work + "/old")
        published = true
        POSIXFile.synchronizeFolder(folder.parent)
        PublicationSteps.reached()
        try takeBackIfWrittenInto(staged: staged)
        // The old guide is now where the staged one was: emptied, then the work folder removed.
        if let note = folder.finish(work: work, published: ownFiles) { notes.append(note) }
        return true
    }

    /// After the swap: when the old folder (now at `staging`) holds an entry its record does not
    /// list, or a file at a listed name that is not the one published (a process wrote into the
    /// folder until the instant of the swap), the old guide is swapped back in with it and the
    /// run refuses (73). The new guide is then removed file by file (`staged`: what was
    /// published); an entry written into it in the instant it was in place stays in the marked
    /// work folder, and the message says where.
    private func takeBackIfWrittenInto(staged: [String: FileStatus]) throws {
        let old = GuideFolder(path: staging.path)
        let (entries, points) = old.foreignEntries(listed: Set(ownFiles.keys))
        let replaced = ownFiles.filter { name, status in FileStatus.of(staging.path + "/" + name).map { !$0.isSameFile(as: status) } ?? false }
        guard !entries.isEmpty || !points.isEmpty || !replaced.isEmpty else { return }
        guard folder.swapBack(staged: staging.path, spare: work + "/old") else {
            // Cannot happen unless the file system fails now; the old folder, with the entry,
            // stays in the marked work folder.
            throw ExpoError.cannotWrite(
                path: destination.path,
                reason: "a file was written into it while it was swapped, and the old guide, which holds it, could not be put back: it is in \(work)/guide")
        }
        POSIXFile.synchronizeFolder(folder.parent)
        PublicationSteps.reached()
        let others = GuideFolder.emptyGuide(staging.path, published: staged)
        var error = ExpoError(
            .cannotCreate,
            "A file at a name of the guide in \(destination.path) (\(replaced.keys.sorted().joined(separator: ", "))) was replaced while this run was publishing; the guide was put back as it was, and nothing was changed",
            advice: "Keep your own files beside the guide, not in it, then run again.", subject: .outputFolder)
        do { try folder.refuseForeignEntries(listed: Set(ownFiles.keys), during: true) } catch let refusal as ExpoError { error = refusal }
        if others.isEmpty {
            folder.removeWork(work)
        } else {
            let note = GuideFolder.keptNote(others.map { staging.path + "/" + $0 }, in: work, of: destination.path)
            error = ExpoError(error.category, error.message + "; also, " + note, advice: error.advice, subject: .outputFolder)
        }
        throw error
    }

    /// Refuses (73) to replace or drop a published file whose contents are no longer what the
    /// tool published there (its SHA-256 differs from the record's): a user's file at a name of
    /// the guide is never replaced without a word. Files this run keeps as they are (`kept`, or
    /// staged as links to them) are not read.
    private func refuseChangedPublishedFiles(keeping kept: Set<String>) throws {
        for name in ownFiles.keys.sorted() where !kept.contains(name) && !isPublishedFile(name) {
            guard let recorded = publishedDigests[name], !recorded.isEmpty else { continue }
            let path = destination.appendingPathComponent(name).path
            guard let current = try? digests.sha256(of: path), current != recorded else { continue }
            throw ExpoError(
                .cannotCreate,
                "\(path) is not the file expo-narrate published there (its contents changed since: its SHA-256 is not the one its record \(GuideFolder.recordName) keeps), and this run would replace it, so nothing was changed",
                advice: "If it is yours, move it beside the guide (into \(folder.parent)); if not, delete it; then run again.",
                subject: .outputFolder)
        }
    }

    /// Whether the staged `name` is the published file itself (a hard link to it).
    private func isPublishedFile(_ name: String) -> Bool {
        guard let own = ownFiles[name], let status = FileStatus.of(stagedURL(name).path) else { return false }
        return status.device == own.device && status.inode == own.inode
    }

    /// Removes this run's work folder and everything in it (never following a link), unless it
    /// was published: then `publish` has finished it, and what it kept is the user's. A swap cut
    /// between its two renames (the old guide in the work folder) is finished instead, as the
    /// next run would: the work folder holds a whole guide and maybe the user's entries.
    public func discard() {
        guard !published else { return }
        if FileTree.isFolder(work + "/old") {
            if let note = folder.finish(work: work) { notes.append(note) }
            return
        }
        folder.removeWork(work)
    }
}
