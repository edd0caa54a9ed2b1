import ExpoModel
import ExpoSystem
import Foundation

/// The output folder as the tool owns it: a folder of the guide's own files, replaced whole.
///
/// - **Ownership.** The folder is the tool's only when it holds the tool's record,
///   `.expo-narrate`: a regular file whose first line is `recordSignature` and whose other lines
///   are the names of the files the tool published there (a file, or a file in one folder of the
///   tool's: `daisy202/ncc.html`, see `GuideFolder+Subfolders.swift`). A new or empty folder is claimed (the
///   record is linked in, in one step), and so is one holding only the placeholder a fresh clone's
///   output/ ships (`ShippedPlaceholder`, staged again with each guide); any other folder is
///   refused (73).
/// - **Nothing of the user's inside.** Every entry the record does not list as a regular file of
///   the tool's (a user's file or folder, a link, a mount point, whatever its name) makes a run
///   refuse (73) before it changes anything, naming the entry and saying that such files belong
///   beside the guide. So publishing never moves, copies, unlinks or strands a user's entry: there
///   is none in what it swaps (see `GuideFolder+Swap.swift` for an entry created while it swaps).
/// - **Whole or nothing.** A run stages the new guide in a work folder beside the output folder,
///   `.NAME.expo-narrate-RANDOM/guide` (the same file system, so renames work), flushes it, writes
///   the record, and swaps it with the output folder in one `renameat2(RENAME_EXCHANGE)`. The old
///   folder, now in the work folder, is emptied of the files its record lists and removed.
/// - **Leftovers.** The work folder is recognised by its marker file (`workSignature` and the
///   output folder's name), removed last; a run killed at any step leaves a work folder that the
///   next run finishes. An unmarked one is removed only when it is provably the tool's (its name,
///   its owner, and nothing in it but the tool's own files).
/// Nothing here follows a symbolic link: entries are examined with lstat, files opened with
/// O_NOFOLLOW and O_NONBLOCK, and only the names a record lists are ever removed.
public struct GuideFolder {
    static let recordName = ".expo-narrate"
    static let recordSignature = "expo-narrate guide folder, format 2"
    /// The signature of a record written before it kept each file's SHA-256 (names only): the
    /// tool's too, read as such.
    static let namesOnlySignature = "expo-narrate guide folder, format 1"
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
            let reason =
                code == ELOOP
                ? "it is a symbolic link that leads back to itself (a loop)"
                : code == ENOENT
                    ? "it is a symbolic link to \(target), which does not exist"
                    : "it is a symbolic link to \(target), which cannot be used (\(ExpoError.systemReason(code)))"
            throw ExpoError(
                .cannotCreate, "The output folder \(path) cannot be used: \(reason)",
                advice: "Remove the link, or point it at an existing folder.", subject: .outputFolder)
        }
        return FileTree.resolvedPath(url)
    }

    /// Makes sure the folder exists and is the tool's: creates it (whole, record included) when
    /// it does not exist, claims it when it is empty, accepts it when it holds the record, and
    /// refuses anything else (73), before anything is written.
    public func prepare() throws {
        try refuseOverlongPath()
        let status: FileStatus
        switch FileStatus.read(path) {
        case .success(let found):
            status = found
        case .failure(let error):
            guard error.code == ENOENT || error.code == ENOTDIR else { throw refusal(error.reason) }
            if let reason = FolderMaker.create(parent) { throw ExpoError.cannotCreateOutput(path: path, reason: reason) }
            if let refused = FileTree.writeRefusal(parent) {
                throw ExpoError.cannotCreateOutput(
                    path: path,
                    reason: refused.code == EROFS
                        ? "\(parent) is on a read-only file system"
                        : "no permission to create \(path)")
            }
            try create()
            return
        }
        guard status.kind == .folder else { throw ExpoError.cannotCreateOutput(path: path, reason: "\(path) is a file, not a folder") }
        try checkParent()
        if path == "/" || (FileStatus.of(parent, followingLinks: true).map { $0.device != status.device } ?? false)
            || FileTree.isMountPoint(path)
        {
            throw refusal(
                "it is a mount point, and the guide is published by swapping the whole folder for a new one, which a mount point cannot be",
                advice: "Publish into a sub-folder of it, e.g. \(path)/guide.")
        }
        if let refused = FileTree.writeRefusal(path) {
            throw ExpoError.cannotWrite(path: path, reason: "no permission to write in it", code: refused.code)
        }
        if Self.readRecord(in: path) != nil { return }
        let names = FileTree.names(in: path)
        // A fresh clone's output/ holds only the placeholder the project ships (the tool's own
        // file, kept beside the guide): it is claimed as an empty folder. Nothing else changes here.
        if names.isEmpty || ShippedPlaceholder.isAlone(in: path, names: names) {
            try claim(listing: names)
            return
        }
        if names.contains(".current") && names.contains(".versions") {
            throw refusal(
                "it holds a guide of an earlier expo-narrate (.current, .versions), which kept old versions and its cache inside the folder",
                advice: "Delete that folder (or move your own files out of it) and run again: the new guide is plain files, and its cache lives outside.")
        }
        if let record = FileStatus.of(path + "/" + Self.recordName), record.kind != .regular {
            throw refusal(
                "its record \(Self.recordName) is \(record.kindInWords), which expo-narrate never makes (its record is a plain file) and never follows, so the folder is left as it is",
                advice: "Put the record itself (a plain file) in its place, or choose another output folder.")
        }
        let shown = names.sorted().prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
        throw refusal(
            "it holds files expo-narrate did not write (\(shown)) and is not a guide folder of its own, so it is left as it is",
            advice: "Choose a new or empty folder, or a sub-folder such as \(path)/guide.")
    }

    /// Refuses (73) a folder whose work folder, or a file staged in it, would pass the system's
    /// limits (a name of `FileTree.longestName` bytes, a path of `FileTree.longestPath`): said in
    /// one line before anything is made, never cut short.
    private func refuseOverlongPath() throws {
        let workName = workPrefix.utf8.count + 12
        if workName > FileTree.longestName {
            throw refusal(
                "its name is \(base.utf8.count) bytes long, and the work folder beside it (.NAME.expo-narrate-RANDOM) would pass the system's limit of \(FileTree.longestName) bytes for a name",
                advice: "Choose a folder with a shorter name.")
        }
        let longest = parent.utf8.count + 1 + workName + "/guide/".utf8.count + Self.longestFolderName + 1 + FileTree.longestName
        if longest > FileTree.longestPath {
            throw refusal(
                "its path is \(path.utf8.count) bytes long, and the guide's files, staged beside it, would pass the system's limit of \(FileTree.longestPath) bytes for a path",
                advice: "Choose a folder with a shorter path.")
        }
    }

    func refusal(_ reason: String, advice: String = "Choose another output folder.") -> ExpoError {
        ExpoError(.cannotCreate, "The output folder \(path) cannot be used: \(reason)", advice: advice, subject: .outputFolder)
    }

    /// The guide is swapped with a folder made beside it: the parent must take new entries.
    private func checkParent() throws {
        guard let code = FileTree.writeRefusal(parent)?.code else { return }
        let reason =
            code == EROFS
            ? "it is on a read-only file system"
            : "the new guide is staged in a folder beside it, in \(parent), where this user has no permission to write"
        // Every sub-folder of a read-only file system is read-only too: no advice to use one.
        let advice =
            code == EROFS
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
        } catch  where error.code != EEXIST && error.code != ENOTEMPTY {
            removeWork(work)
            throw ExpoError.cannotCreateOutput(path: path, reason: error.reason)
        } catch {}
        POSIXFile.synchronizeFolder(parent)
        PublicationSteps.reached()
        removeWork(work)
        // Another run may have created something else there in the meantime.
        if Self.readRecord(in: path) == nil { try prepare() }
    }

    /// Claims an empty folder: the record is written in a work folder and hard-linked in, which
    /// fails if a record (of a run claiming it at the same time) is there already.
    /// `names`: the tool's own files already there (the shipped placeholder), listed in the
    /// record so that the folder swapped out after the first publication is emptied of them too.
    private func claim(listing names: [String]) throws {
        let work = try makeWork()
        defer { removeWork(work) }
        try Self.writeRecord(names, in: work, shownAs: path)
        do throws(SystemCallError) {
            try FileTree.hardLink(work + "/" + Self.recordName, as: path + "/" + Self.recordName)
        } catch  where error.code != EEXIST {
            throw ExpoError.cannotWrite(path: path + "/" + Self.recordName, code: error.code)
        } catch {}
        POSIXFile.synchronizeFolder(path)
        guard Self.readRecord(in: path) != nil else {
            try prepare()
            return
        }
    }

    // MARK: - Nothing of the user's inside

    /// What is in the folder besides the tool's own files: each entry the record does not list
    /// as a regular file (a listed name that is a folder, a link or anything else counts too),
    /// in words ("notes (a folder)"), sorted; and the mount points among all its entries, which
    /// a swap could neither move nor empty. A folder of the tool's (the record lists files in
    /// it) is examined entry by entry, by the same rules. `listed` is the record's names (nil:
    /// read it).
    func foreignEntries(listed: Set<String>? = nil) -> (entries: [String], mountPoints: [String]) {
        let owned = listed ?? Self.readRecord(in: path) ?? []
        let ownFolders = Self.folders(of: owned)
        guard let folder = FileStatus.of(path) else { return ([], []) }
        let mounted = FileTree.mountPoints()
        var entries: [String] = []
        var points: [String] = []
        for name in FileTree.names(in: path).sorted() where name != Self.recordName {
            let entry = path + "/" + name
            guard let status = FileStatus.of(entry) else { continue }
            if status.device != folder.device || mounted.contains(entry) {
                points.append(name)
            } else if ownFolders.contains(name), status.kind == .folder {
                let inside = Self.foreignEntries(inOwnFolder: name, of: path, device: folder.device, owned: owned, mounted: mounted)
                entries += inside.entries
                points += inside.mountPoints
            } else if !owned.contains(name) || status.kind != .regular {
                entries.append(name + " (" + status.kindInWords.replacingOccurrences(of: " expo-narrate did not write", with: "") + ")")
            }
        }
        return (entries, points)
    }

    /// Refuses (73), before anything is changed, a folder that holds anything but the guide's own
    /// files and its record: a user's entries belong beside the guide, never inside the folder
    /// that is replaced whole. `listed` is the record's names (nil: read it).
    func refuseForeignEntries(listed: Set<String>? = nil, during: Bool = false) throws {
        let (entries, points) = foreignEntries(listed: listed)
        if let point = points.first {
            throw ExpoError(
                .cannotCreate,
                "The output folder \(path) cannot be published into: \(path)/\(point) is a mount point (a file system is mounted there)"
                    + (points.count > 1 ? " (and \(points.count - 1) more)" : "")
                    + ", and the guide is published by swapping the whole folder, which a mount point can neither leave nor join; nothing was changed",
                advice: "Unmount it and mount it beside the guide instead, e.g. at \(parent)/\((point as NSString).lastPathComponent).",
                subject: .outputFolder)
        }
        guard !entries.isEmpty else { return }
        let shown = entries.prefix(3).joined(separator: ", ") + (entries.count > 3 ? " and \(entries.count - 3) more" : "")
        throw ExpoError(
            .cannotCreate,
            "The guide folder \(path) holds \(shown), which expo-narrate did not publish"
                + (during ? ", created while this run was publishing" : "")
                + "; a guide folder holds only the guide's own files, because it is replaced whole, so nothing was changed and \(entries.count == 1 ? "it is" : "they are") left where \(entries.count == 1 ? "it is" : "they are")",
            advice:
                "Keep your own files beside the guide, not in it: move \(entries.count == 1 ? "it" : "them") into \(parent) (or anywhere outside \(path)), then run again.",
            subject: .outputFolder)
    }

    /// Removes the folder if it holds nothing but an empty record of the tool's (a folder this
    /// run created and has not published into).
    public func removeIfEmpty() {
        guard Self.readRecord(in: path)?.isEmpty == true, FileTree.names(in: path) == [Self.recordName] else { return }
        FileTree.removeFileIfPresent(path + "/" + Self.recordName)
        try? FileTree.removeFolder(path)
    }

    // MARK: - Records and plain file access (never following links)

    /// The names the record in `folder` lists, or nil when the folder has no record of the
    /// tool's (missing, not a regular file, or another signature).
    static func readRecord(in folder: String) -> Set<String>? {
        readRecordDigests(in: folder).map { Set($0.keys) }
    }

    /// The names the record in `folder` lists, each with the SHA-256 (hexadecimal) its file had
    /// when the tool published it, "" where the record does not say (a record of format 1); nil
    /// when the folder has no record of the tool's.
    static func readRecordDigests(in folder: String) -> [String: String]? {
        guard let data = FileTree.readSmallFile(folder + "/" + recordName) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, first == Substring(recordSignature) || first == Substring(namesOnlySignature) else { return nil }
        var entries: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty && !line.hasPrefix("#") {
            // "SHA256  NAME", as sha256sum writes it, or a name alone.
            let bytes = Array(line.utf8)
            let hexadecimal = { (byte: UInt8) in (48...57).contains(byte) || (97...102).contains(byte) }
            if first == Substring(recordSignature), bytes.count > 66, bytes[64] == 32, bytes[65] == 32, bytes[..<64].allSatisfy(hexadecimal) {
                let name = String(decoding: bytes[66...], as: UTF8.self)
                if isGuideName(name) { entries[name] = String(decoding: bytes[..<64], as: UTF8.self) }
            } else if isGuideName(String(line)) {
                entries[String(line)] = ""
            }
        }
        return entries
    }

    /// Writes a new record listing `names` into `folder` (which has none), flushed, each with its
    /// SHA-256 from `digests` where known.
    static func writeRecord(_ names: [String], digests: [String: String] = [:], in folder: String, shownAs shown: String) throws {
        let text =
            ([
                recordSignature,
                "# Written by expo-narrate: the SHA-256 and name of each file it published here. They are replaced or removed",
                "# when the guide is published again (a file whose contents changed since is never replaced: the run stops).",
                "# Keep your own files beside this folder, not in it: it is replaced whole, so expo-narrate publishes nothing",
                "# while anything else is here.",
            ]
            + names.sorted().map { name in digests[name].map { $0 + "  " + name } ?? name }).joined(separator: "\n") + "\n"
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
