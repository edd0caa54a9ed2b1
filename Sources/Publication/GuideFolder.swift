import ExpoModel
import ExpoSystem
import Foundation

/// The output folder as the tool owns it: a folder of plain files that is replaced whole.
///
/// - **Ownership.** The folder is the tool's only when it holds the tool's record,
///   `.expo-narrate`: a regular file whose first line is `recordSignature` and whose other lines
///   are the names of the files the tool published there. Only those names are the tool's;
///   every other entry (whatever its name, dot-files included) is the user's, carried into each
///   new guide and never removed or replaced. A new or empty folder is claimed (the record is
///   linked in, in one step); any other folder is refused (73).
/// - **Whole or nothing.** A run stages the new guide in a work folder beside the output folder,
///   `.NAME.expo-narrate-RANDOM/guide` (the same file system, so renames work), carries the
///   user's entries into it (regular files as hard links, symbolic links as copies of the link),
///   flushes it, writes the record, and swaps it with the output folder in one
///   `renameat2(RENAME_EXCHANGE)`. The old folder, now in the work folder, is drained: the names
///   its record lists are removed, anything else (a user's folder, a file added while the run
///   staged) is moved back into the output folder.
/// - **Leftovers.** The work folder is recognised by its marker file (`workSignature` and the
///   output folder's name), never by its name alone. A run killed at any step leaves a work folder
///   that the next run finishes: a staged folder without a record is removed, one with a record
///   (staged, or the old folder after the swap) is drained.
/// Nothing here follows a symbolic link: entries are examined with lstat, files opened with
/// O_NOFOLLOW and O_NONBLOCK, and trees removed entry by entry.
public struct GuideFolder {
    static let recordName = ".expo-narrate"
    static let recordSignature = "expo-narrate guide folder, format 1"
    static let workMarkerName = ".expo-narrate-work"
    static let workSignature = "expo-narrate work folder, format 1"

    /// The output folder, an absolute path with symbolic links resolved.
    let path: String

    var parent: String { (path as NSString).deletingLastPathComponent }
    var base: String { (path as NSString).lastPathComponent }
    /// Every work folder of this output folder starts with this name.
    var workPrefix: String { "." + base + ".expo-narrate-" }

    public init(path: String) {
        self.path = path
    }

    // MARK: - Checking and claiming the folder

    /// Resolves the output folder the user named: symbolic links are followed to the folder they
    /// name (the user chose it), but one that names nothing or loops is refused (73).
    public static func resolve(_ url: URL) throws -> String {
        let path = url.standardizedFileURL.path
        if let (code, target) = FileStatus.brokenLink(at: path) {
            let reason = code == ELOOP ? "it is a symbolic link that leads back to itself (a loop)"
                : code == ENOENT ? "it is a symbolic link to \(target), which does not exist"
                : "it is a symbolic link to \(target), which cannot be used (\(ExpoError.systemReason(code)))"
            throw ExpoError(.cannotCreate, "The output folder \(path) cannot be used: \(reason)",
                            advice: "Remove the link, or point it at an existing folder.", subject: .outputFolder)
        }
        return FileTree.resolvedPath(url)
    }

    /// Makes sure the folder exists and is the tool's: creates it (whole, record included) when
    /// it does not exist, claims it when it is empty, accepts it when it holds the record, and
    /// refuses anything else (73), before anything is written.
    public func prepare() throws {
        let status: FileStatus
        switch FileStatus.read(path) {
        case .success(let found):
            status = found
        case .failure(let error):
            guard error.code == ENOENT || error.code == ENOTDIR else { throw refusal(error.reason) }
            if let reason = FolderMaker.create(parent) { throw ExpoError.cannotCreateOutput(path: path, reason: reason) }
            if let refused = FileTree.writeRefusal(parent) {
                throw ExpoError.cannotCreateOutput(path: path, reason: refused.code == EROFS ? "\(parent) is on a read-only file system"
                                                   : "no permission to create \(path)")
            }
            try create()
            return
        }
        guard status.kind == .folder else { throw ExpoError.cannotCreateOutput(path: path, reason: "\(path) is a file, not a folder") }
        try checkParent()
        if path == "/" || (FileStatus.of(parent, followingLinks: true).map { $0.device != status.device } ?? false)
            || FileTree.isMountPoint(path) {
            throw refusal("it is a mount point, and the guide is published by swapping the whole folder for a new one, which a mount point cannot be",
                          advice: "Publish into a sub-folder of it, e.g. \(path)/guide.")
        }
        if let refused = FileTree.writeRefusal(path) {
            throw ExpoError.cannotWrite(path: path, reason: "no permission to write in it", code: refused.code)
        }
        if Self.readRecord(in: path) != nil { return }
        let names = FileTree.names(in: path)
        if names.isEmpty {
            try claim()
            return
        }
        if names.contains(".current") && names.contains(".versions") {
            throw refusal("it holds a guide of an earlier expo-narrate (.current, .versions), which kept old versions and its cache inside the folder",
                          advice: "Delete that folder (or move your own files out of it) and run again: the new guide is plain files, and its cache lives outside.")
        }
        if let record = FileStatus.of(path + "/" + Self.recordName), record.kind != .regular {
            throw refusal("its record \(Self.recordName) is \(record.kindInWords), which expo-narrate never makes (its record is a plain file) and never follows, so the folder is left as it is",
                          advice: "Put the record itself (a plain file) in its place, or choose another output folder.")
        }
        let shown = names.sorted().prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
        throw refusal("it holds files expo-narrate did not write (\(shown)) and is not a guide folder of its own, so it is left as it is",
                      advice: "Choose a new or empty folder, or a sub-folder such as \(path)/guide.")
    }

    private func refusal(_ reason: String, advice: String = "Choose another output folder.") -> ExpoError {
        ExpoError(.cannotCreate, "The output folder \(path) cannot be used: \(reason)", advice: advice, subject: .outputFolder)
    }

    /// The guide is swapped with a folder made beside it: the parent must take new entries.
    private func checkParent() throws {
        guard let code = FileTree.writeRefusal(parent)?.code else { return }
        let reason = code == EROFS ? "it is on a read-only file system"
            : "the new guide is staged in a folder beside it, in \(parent), where this user has no permission to write"
        // Every sub-folder of a read-only file system is read-only too: no advice to use one.
        let advice = code == EROFS
            ? "Publish onto a file system that can be written (or mount this one read-write); the previous output is unchanged."
            : "Make \(parent) writable, or publish into a sub-folder of \(path); the previous output is unchanged."
        throw ExpoError(.io, "Cannot write \(path): \(reason)", advice: advice, subject: .outputFolder, code: code)
    }

    /// Creates the folder whole: staged with its (empty) record, then renamed into place unless
    /// another run did it first.
    private func create() throws {
        let work: String
        do {
            work = try makeWork()
        } catch let error as ExpoError {
            let reason = error.code.map { ExpoError.systemReason($0) } ?? error.message
            throw ExpoError.cannotCreateOutput(path: path, reason: "no folder can be made beside it in \(parent) (\(reason))")
        }
        let staged = work + "/guide"
        do throws(SystemCallError) {
            try FileTree.makeFolder(staged, permissions: 0o755)
        } catch {
            throw ExpoError.cannotCreateOutput(path: path, reason: error.reason)
        }
        try Self.writeRecord([], in: staged, shownAs: path)
        PublicationSteps.reached()
        do throws(SystemCallError) {
            try FileTree.renameWithoutReplacing(staged, to: path)
        } catch where error.code != EEXIST && error.code != ENOTEMPTY {
            _ = FileTree.removeTree(work)
            throw ExpoError.cannotCreateOutput(path: path, reason: error.reason)
        } catch {}
        POSIXFile.synchronizeFolder(parent)
        PublicationSteps.reached()
        _ = FileTree.removeTree(work)
        // Another run may have created something else there in the meantime.
        if Self.readRecord(in: path) == nil { try prepare() }
    }

    /// Claims an empty folder: the record is written in a work folder and hard-linked in, which
    /// fails if a record (of a run claiming it at the same time) is there already.
    private func claim() throws {
        let work = try makeWork()
        defer { _ = FileTree.removeTree(work) }
        try Self.writeRecord([], in: work, shownAs: path)
        do throws(SystemCallError) {
            try FileTree.hardLink(work + "/" + Self.recordName, as: path + "/" + Self.recordName)
        } catch where error.code != EEXIST {
            throw ExpoError.cannotWrite(path: path + "/" + Self.recordName, code: error.code)
        } catch {}
        POSIXFile.synchronizeFolder(path)
        guard Self.readRecord(in: path) != nil else { try prepare(); return }
    }

    /// Removes the folder if it holds nothing but an empty record of the tool's (a folder this
    /// run created and has not published into).
    public func removeIfEmpty() {
        guard Self.readRecord(in: path)?.isEmpty == true, FileTree.names(in: path) == [Self.recordName] else { return }
        FileTree.removeFileIfPresent(path + "/" + Self.recordName)
        try? FileTree.removeFolder(path)
    }

    // MARK: - Work folders

    /// A new work folder beside the output folder, with its marker.
    func makeWork() throws -> String {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<16 {
            let work = parent + "/" + workPrefix + String(random.next() & 0xffff_ffff_ffff, radix: 16)
            do throws(SystemCallError) {
                try FileTree.makeFolder(work, permissions: 0o700)
            } catch where error.code == EEXIST {
                continue
            } catch {
                throw ExpoError.cannotWrite(path: work, code: error.code)
            }
            try Self.writeNew(Data((Self.workSignature + "\n" + base + "\n").utf8), to: work + "/" + Self.workMarkerName, shownAs: work)
            return work
        }
        throw ExpoError.cannotWrite(path: parent, reason: "no free name for a work folder")
    }

    /// Finishes what killed runs left beside the folder; returns a note for each work folder
    /// that still holds a user's entry (its name was taken in the output folder meanwhile).
    func recoverLeftovers() -> [String] {
        var notes: [String] = []
        for name in FileTree.names(in: parent) where name.hasPrefix(workPrefix) {
            let work = parent + "/" + name
            guard let status = FileStatus.of(work), status.kind == .folder, status.owner == FileStatus.currentUser,
                  FileTree.readSmallFile(work + "/" + Self.workMarkerName) == Data((Self.workSignature + "\n" + base + "\n").utf8)
            else { continue }
            if let kept = finish(work: work) { notes.append(kept) }
        }
        return notes
    }

    /// Finishes one work folder: a staged guide with its record is the new guide when the output
    /// folder is missing (a swap by two renames was cut between them); a folder with a record is
    /// drained; one without is removed. Returns a note when something had to be kept.
    @discardableResult
    func finish(work: String) -> String? {
        let staged = work + "/guide", old = work + "/old"
        if case .failure(let error) = FileStatus.read(path), error.code == ENOENT, FileTree.isFolder(staged),
           Self.readRecord(in: staged) != nil {
            try? FileTree.renameWithoutReplacing(staged, to: path)
        }
        var kept: [String] = []
        for folder in [staged, old] where FileTree.isFolder(folder) {
            if Self.readRecord(in: folder) != nil { kept += drain(folder) } else { _ = FileTree.removeTree(folder) }
        }
        guard kept.isEmpty else {
            return "\(work) keeps \(kept.sorted().joined(separator: ", ")): \(kept.count == 1 ? "its name was" : "their names were") taken in \(path) meanwhile; move what you need from it, then delete it"
        }
        _ = FileTree.removeTree(work)
        PublicationSteps.reached()
        return nil
    }

    /// Empties `folder` (a guide folder that is no longer published): the names its record lists
    /// are removed; every other entry is the user's and goes back into the output folder, unless
    /// the output folder has it already (carried when staging: the same file, a copy of the
    /// link, a folder with the same files). Returns the user's entries that could not go back.
    func drain(_ folder: String) -> [String] {
        let owned = Self.readRecord(in: folder) ?? []
        var first = true
        for name in FileTree.names(in: folder) where owned.contains(name) {
            guard FileStatus.of(folder + "/" + name)?.kind == .regular else { continue }
            FileTree.removeFileIfPresent(folder + "/" + name)
            if first { PublicationSteps.reached(); first = false }
        }
        let kept = Self.handBack(folder, into: path, skipping: owned.union([Self.recordName]))
        guard kept.isEmpty else { return kept }
        FileTree.removeFileIfPresent(folder + "/" + Self.recordName)
        try? FileTree.removeFolder(folder)
        PublicationSteps.reached()
        return []
    }

    /// Moves the user's entries of `old` into `new`, or removes them where `new` has them already
    /// (carried); folders on both sides are handed back entry by entry. Returns the names kept.
    static func handBack(_ old: String, into new: String, skipping: Set<String> = []) -> [String] {
        var kept: [String] = []
        for name in FileTree.names(in: old) where !skipping.contains(name) {
            let entry = old + "/" + name, target = new + "/" + name
            guard let status = FileStatus.of(entry) else { continue }
            guard let current = FileStatus.of(target) else {
                if (try? FileTree.renameWithoutReplacing(entry, to: target)) == nil { kept.append(name) }
                continue
            }
            if status.kind == .folder && current.kind == .folder {
                let inner = handBack(entry, into: target)
                if inner.isEmpty { try? FileTree.removeFolder(entry) } else { kept += inner.map { name + "/" + $0 } }
            } else if current.isSameFile(as: status)
                        || (status.kind == .symbolicLink && current.kind == .symbolicLink
                            && FileTree.linkDestination(of: entry) == FileTree.linkDestination(of: target)) {
                FileTree.removeFileIfPresent(entry)
            } else {
                kept.append(name)
            }
        }
        return kept
    }

    /// Carries the user's entry `source` into the staged guide as `target`, so that it is in the
    /// new guide from the instant it is published: a regular file as a hard link (the same file),
    /// a symbolic link as a copy of the link, a folder as a new folder (its mode and times) with
    /// its entries carried the same way. Anything else (a pipe, a socket, a device) is moved back
    /// after the swap (`handBack`).
    static func carry(_ source: String, to target: String) {
        guard let status = FileStatus.of(source) else { return }
        switch status.kind {
        case .regular:
            try? FileTree.hardLink(source, as: target)
        case .symbolicLink:
            if let destination = FileTree.linkDestination(of: source) { try? FileTree.symbolicLink(to: destination, at: target) }
        case .folder:
            guard (try? FileTree.makeFolder(target, permissions: status.permissions)) != nil else { return }
            for name in FileTree.names(in: source) { carry(source + "/" + name, to: target + "/" + name) }
            try? FileTree.setPermissions(target, status.permissions)
            FileTree.copyTimes(of: status, to: target)
        default:
            break
        }
    }

    /// Swaps the staged guide with the output folder in one step; where the file system cannot
    /// (EINVAL: no RENAME_EXCHANGE), by two renames, the old folder first moved to `old`.
    func swap(staged: String, old: String) throws {
        do throws(SystemCallError) {
            try FileTree.exchange(staged, path)
            return
        } catch where error.code == EBUSY {
            throw refusal("it is in use as a mount point, and the guide is published by swapping the whole folder",
                          advice: "Publish into a sub-folder of it, e.g. \(path)/guide.")
        } catch where ![EINVAL, ENOSYS, EOPNOTSUPP].contains(error.code) {
            throw ExpoError.cannotWrite(path: path, code: error.code)
        } catch {}
        do throws(SystemCallError) {
            try FileTree.rename(path, to: old)
        } catch {
            throw ExpoError.cannotWrite(path: path, code: error.code)
        }
        PublicationSteps.reached()
        do throws(SystemCallError) {
            try FileTree.rename(staged, to: path)
        } catch {
            // The old guide goes back; where even that fails, `finish` completes the swap.
            try? FileTree.rename(old, to: path)
            throw ExpoError.cannotWrite(path: path, code: error.code)
        }
        // Where the old folder now is, for `drain`.
        try? FileTree.rename(old, to: staged)
    }

    // MARK: - Records and plain file access (never following links)

    /// The names the record in `folder` lists, or nil when the folder has no record of the
    /// tool's (missing, not a regular file, or another signature).
    static func readRecord(in folder: String) -> Set<String>? {
        guard let data = FileTree.readSmallFile(folder + "/" + recordName) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(recordSignature) else { return nil }
        return Set(lines.dropFirst().filter { !$0.isEmpty && !$0.hasPrefix("#") && !$0.contains("/") }.map(String.init))
    }

    /// Writes a new record listing `names` into `folder` (which has none), flushed.
    static func writeRecord(_ names: [String], in folder: String, shownAs shown: String) throws {
        let text = ([recordSignature,
                     "# Written by expo-narrate. The files named below are its own and are replaced or removed when the guide is",
                     "# published again; every other file or folder here is yours and is kept as it is."]
                    + names.sorted()).joined(separator: "\n") + "\n"
        try writeNew(Data(text.utf8), to: folder + "/" + recordName, shownAs: shown)
    }

    /// Creates `path` (which must not exist) with `data`, flushed.
    static func writeNew(_ data: Data, to path: String, shownAs shown: String) throws {
        do {
            try FileTree.writeNew(data, to: path)
        } catch let error as ExpoError {
            throw ExpoError.cannotWrite(path: shown, code: error.code ?? EIO)
        }
    }
}
