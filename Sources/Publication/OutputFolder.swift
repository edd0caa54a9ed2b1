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
    private var published = false
    /// The published guide's own files (regular files its record lists): device and inode.
    private let ownFiles: [String: (device: UInt64, inode: UInt64)]
    /// Every other entry of the output folder, the user's, with what it is ("a folder", …).
    private let foreign: [String: String]
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
    private let carriedLock = NSLock()

    /// Checks (and claims or creates) the output folder, finishes what killed runs left beside
    /// it, and makes this run's work folder. The caller holds the output folder's lock.
    /// `digests` knows the published files' SHA-256 from earlier runs (none by default).
    public init(destination: URL, digests: FileDigests = FileDigests(ledger: nil)) throws {
        self.digests = digests
        folder = GuideFolder(path: try GuideFolder.resolve(destination))
        self.destination = URL(fileURLWithPath: folder.path)
        try folder.prepare()
        notes = folder.recoverLeftovers()
        let owned = GuideFolder.readRecord(in: folder.path) ?? []
        var own: [String: (UInt64, UInt64)] = [:], others: [String: String] = [:]
        for name in FileTree.names(in: folder.path) where name != GuideFolder.recordName {
            guard let status = FileStatus.of(folder.path + "/" + name) else { continue }
            if owned.contains(name), status.kind == .regular {
                own[name] = (status.device, status.inode)
            } else {
                others[name] = status.kindInWords
            }
        }
        ownFiles = own
        foreign = others
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

    /// Refuses (73) before anything is made when an entry that is not the tool's has a name this
    /// run would publish: it would have to be replaced, and the user's entries never are.
    public func refuseConflicts(with names: Set<String>) throws {
        let clashing = names.filter { foreign[$0] != nil }.sorted()
        guard let first = clashing.first else { return }
        throw Self.conflict(destination.appendingPathComponent(first).path, kind: foreign[first]!, more: clashing.count - 1)
    }

    static func conflict(_ path: String, kind: String, more: Int) -> ExpoError {
        ExpoError(.cannotCreate,
                  "\(path) is \(kind) that expo-narrate did not publish, and this run would publish a file of that name"
                    + (more > 0 ? " (and \(more) more)" : "") + "; it is left as it is and nothing was published",
                  advice: "Move or rename it, or publish into another folder.", subject: .outputFolder)
    }

    /// The names of the published guide's files (regular files the tool's record lists).
    public var publishedNames: Set<String> { Set(ownFiles.keys) }

    /// The published file `name` if it is the tool's own.
    private func ownPublished(_ name: String) -> String? {
        ownFiles[name] == nil ? nil : destination.appendingPathComponent(name).path
    }

    /// The staging location of `name` (a plain file name, never a path from the data).
    public func stagedURL(_ name: String) -> URL {
        precondition(!name.contains("/") && name != ".." && name != "." && name != GuideFolder.recordName,
                     "file names are made by FileNaming")
        return staging.appendingPathComponent(name)
    }

    /// Writes `text` as UTF-8 into the staging folder.
    public func write(_ text: String, to name: String) throws {
        try write(Data(text.utf8), to: name)
    }

    /// Writes `data` into the staging folder, or links the published file when it holds the
    /// same bytes.
    public func write(_ data: Data, to name: String) throws {
        if let published = ownPublished(name), FileTree.readSmallFile(published) == data, carry(name) { return }
        let shown = destination.appendingPathComponent(name).path
        do {
            forget(name)
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
    }

    /// Stages a copy (a reflink where the file system can) of `source`, a checked cache file
    /// whose SHA-256 is `sha256`, as `name`, or keeps the published file when it has that
    /// SHA-256 (hashed only if it changed since it was last hashed, see `FileDigests`). Never a
    /// hard link into the cache: a change to the cache never shows in the published file.
    public func stageCopy(of source: URL, as name: String, sha256: String) throws {
        forget(name)
        if let published = ownPublished(name), (try? digests.sha256(of: published)) == sha256, carry(name) { return }
        try FileCopy.copy(source.path, to: stagedURL(name).path, shownAs: destination.appendingPathComponent(name).path)
        staged(name, sha256: sha256)
    }

    /// Notes that the staged `name` was written by this run with contents whose SHA-256 is
    /// `sha256`, so that later runs need not read it again (see `FileDigests.wrote`).
    public func staged(_ name: String, sha256: String) {
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
        carriedLock.withLock { _ = carried.remove(name) }
    }

    /// Keeps the published `name` when it is the file whose SHA-256 is `digest` (a file the
    /// cache describes, e.g. the joined guide, which it does not keep).
    public func carry(_ name: String, ifSHA256 digest: String) -> Bool {
        guard let published = ownPublished(name), (try? digests.sha256(of: published)) == digest else { return false }
        return carry(name)
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

    /// Publishes the staged files as the new guide, all at once (see `GuideFolder`), carrying
    /// the user's entries into it. When every staged file is the published one and no file was
    /// added or dropped, nothing is swapped. Returns whether a new guide was published.
    @discardableResult
    public func publish() throws -> Bool {
        let written = FileTree.names(in: staging.path)
        let kept = carriedLock.withLock { carried }.subtracting(written)
        let names = written + kept.sorted()
        if Set(names) == Set(ownFiles.keys), written.allSatisfy(isPublishedFile) {
            discard()
            published = true
            return false
        }
        // The published files kept: hard links in the staged folder (a copy where the file
        // system has none).
        for name in kept.sorted() where (try? FileTree.hardLink(destination.path + "/" + name, as: stagedURL(name).path)) == nil {
            try FileCopy.copy(destination.path + "/" + name, to: stagedURL(name).path,
                              shownAs: destination.appendingPathComponent(name).path)
        }
        // The user's entries, as they are now, carried into the new guide (see
        // `GuideFolder.carry`); what cannot be is moved back once it is published.
        let ours = Set(names)
        let owned = GuideFolder.readRecord(in: destination.path) ?? []
        for name in FileTree.names(in: destination.path) where name != GuideFolder.recordName {
            let path = destination.appendingPathComponent(name).path
            guard let status = FileStatus.of(path) else { continue }
            if owned.contains(name) && status.kind == .regular { continue }
            if ours.contains(name) { throw Self.conflict(path, kind: status.kindInWords, more: 0) }
            GuideFolder.carry(path, to: stagedURL(name).path)
        }
        // Every staged file on the disk before the swap, so that a crash never publishes an
        // empty or partial file: one syncfs for them all.
        try FileTree.synchronizeFileSystem(holding: staging.path, shownAs: destination.path)
        PublicationSteps.reached()
        try Interruption.check()
        // The same names as the published guide: its record is carried like its files.
        let record = GuideFolder.recordName
        if Set(names) != Set(ownFiles.keys)
            || (try? FileTree.hardLink(destination.path + "/" + record, as: staging.path + "/" + record)) == nil {
            try GuideFolder.writeRecord(names, in: staging.path, shownAs: destination.path)
        }
        if let status = FileStatus.of(destination.path, followingLinks: true) {
            try? FileTree.setPermissions(staging.path, status.permissions)
        }
        stagedLock = try FolderLock.acquire(folder: staging.path, subject: .outputFolder, wait: false, onWait: {})
        PublicationSteps.reached()
        try folder.swap(staged: staging.path, old: work + "/old")
        published = true
        POSIXFile.synchronizeFolder(folder.parent)
        PublicationSteps.reached()
        // The old guide is now where the staged one was: drained, then the work folder removed.
        if let note = folder.finish(work: work) { notes.append(note) }
        return true
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
        _ = FileTree.removeTree(work)
    }
}
