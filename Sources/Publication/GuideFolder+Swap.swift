import ExpoModel
import ExpoSystem
import Foundation

/// Work folders, the swap, and what is left of a guide once another is published.
///
/// The folder a run swaps out holds nothing of the user's when the run starts (it refuses
/// otherwise, see `GuideFolder`). A process that writes into the guide folder while the run
/// publishes can still create an entry there: by path just before the swap (it lands in the old
/// folder), by path in the instant after it (in the new one, which is then the published guide,
/// so it is simply there), or through a folder it holds open. After the swap the old folder is
/// examined: if it holds anything its record does not list, the folders are swapped back (the
/// old guide, with the entry, is the guide again, whole) and the run refuses (73). Only the names
/// a record lists, each the very file the tool published, are ever removed; anything else found
/// in a folder the tool is done with stays in its marked work folder, and the message (and every
/// later run, until it is gone) says where it is.
extension GuideFolder {
    /// The marker's contents for this output folder.
    var workMarker: Data { Data((Self.workSignature + "\n" + base + "\n").utf8) }

    /// A new work folder beside the output folder, with its marker.
    func makeWork() throws -> String {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<16 {
            let work = parent + "/" + workPrefix + String(random.next() & 0xffff_ffff_ffff, radix: 16)
            do throws(SystemCallError) {
                try FileTree.makeFolder(work, permissions: 0o700)
            } catch  where error.code == EEXIST {
                continue
            } catch {
                throw ExpoError.cannotWrite(path: work, code: error.code)
            }
            try Self.writeNew(workMarker, to: work + "/" + Self.workMarkerName, shownAs: work)
            return work
        }
        throw ExpoError.cannotWrite(path: parent, reason: "no free name for a work folder")
    }

    /// Removes a work folder that holds only what the tool put there (a staged guide that was
    /// never published, scratch files): everything but the marker, then the marker, then the
    /// folder, so that a folder left without its marker is empty.
    func removeWork(_ work: String) {
        for name in FileTree.names(in: work) where name != Self.workMarkerName { _ = FileTree.removeTree(work + "/" + name) }
        FileTree.removeFileIfPresent(work + "/" + Self.workMarkerName)
        try? FileTree.removeFolder(work)
    }

    /// Finishes what killed runs left beside the folder; returns a note for each work folder
    /// that keeps an entry the tool did not make (where it is, and what to do).
    func recoverLeftovers() -> [String] {
        var notes: [String] = []
        for name in FileTree.names(in: parent).sorted() where name.hasPrefix(workPrefix) {
            let work = parent + "/" + name
            guard let status = FileStatus.of(work), status.kind == .folder, status.owner == FileStatus.currentUser else { continue }
            if FileTree.readSmallFile(work + "/" + Self.workMarkerName) == workMarker {
                if let kept = finish(work: work) { notes.append(kept) }
            } else if isProvablyOurs(unmarked: work) {
                removeWork(work)
            }
        }
        return notes
    }

    /// Whether a work folder without its marker (a run stopped while removing it, or the marker
    /// removed by hand) holds nothing but the tool's: nothing at all, or only `guide` and `old`
    /// folders that are empty or hold a record of the tool's and only the regular files it lists
    /// (in the folders of the tool's it lists files in, too).
    func isProvablyOurs(unmarked work: String) -> Bool {
        FileTree.names(in: work).allSatisfy { name in
            let folder = work + "/" + name
            guard name == "guide" || name == "old", FileStatus.of(folder)?.kind == .folder else { return false }
            let names = FileTree.names(in: folder)
            if names.isEmpty { return true }
            guard let listed = Self.readRecord(in: folder) else { return false }
            return names.allSatisfy {
                $0 == Self.recordName || (listed.contains($0) && FileStatus.of(folder + "/" + $0)?.kind == .regular)
                    || Self.holdsOnlyListedFiles($0, of: folder, listed: listed)
            }
        }
    }

    /// Finishes one marked work folder: a staged guide with its record is the new guide when the
    /// output folder is missing (a swap by two renames was cut between them); a folder without a
    /// record (a staged guide never published) is removed; one with a record is emptied of the
    /// files it lists. Returns a note when something that is not the tool's had to be kept.
    @discardableResult
    func finish(work: String, published: [String: FileStatus]? = nil) -> String? {
        let staged = work + "/guide"
        let old = work + "/old"
        if case .failure(let error) = FileStatus.read(path), error.code == ENOENT, FileTree.isFolder(staged),
            Self.readRecord(in: staged) != nil
        {
            try? FileTree.renameWithoutReplacing(staged, to: path)
        }
        var kept: [String] = []
        for folder in [staged, old] where FileTree.isFolder(folder) {
            if Self.readRecord(in: folder) != nil {
                kept += Self.emptyGuide(folder, published: published).map { folder + "/" + $0 }
            } else {
                _ = FileTree.removeTree(folder)
            }
        }
        guard kept.isEmpty else { return Self.keptNote(kept, in: work, of: path) }
        removeWork(work)
        PublicationSteps.reached()
        return nil
    }

    /// What a work folder keeps, in words: where each entry is and what to do with it.
    static func keptNote(_ kept: [String], in work: String, of path: String) -> String {
        let shown = kept.sorted().prefix(3).joined(separator: ", ") + (kept.count > 3 ? " and \(kept.count - 3) more" : "")
        return "\(shown) \(kept.count == 1 ? "was" : "were") written into \(path) while expo-narrate swapped it for a new guide, "
            + "and \(kept.count == 1 ? "is" : "are") kept where \(kept.count == 1 ? "it" : "they") landed, in expo-narrate's work folder \(work): "
            + "move \(kept.count == 1 ? "it" : "them") beside the guide, then delete \(work)"
    }

    /// Empties `folder`, a guide folder that is no longer published, of the tool's own files:
    /// each regular file its record lists (and, when `published` is given, only the very file the
    /// tool published there: the same device and inode), each folder of the tool's the same way
    /// (`emptyOwnFolder`), then the record, then the folder. Returns every other entry's name
    /// (relative: `daisy3/notes.txt`), left as it is (and then the folder and record too).
    static func emptyGuide(_ folder: String, published: [String: FileStatus]? = nil) -> [String] {
        let owned = readRecord(in: folder) ?? []
        let ownFolders = folders(of: owned)
        let device = FileStatus.of(folder)?.device
        var first = true
        var others: [String] = []
        for name in FileTree.names(in: folder).sorted() where name != recordName {
            guard let status = FileStatus.of(folder + "/" + name) else { continue }
            if ownFolders.contains(name), status.kind == .folder, status.device == device {
                others += emptyOwnFolder(name, of: folder, owned: owned, published: published)
                continue
            }
            let sameFile = published.map { files in files[name].map { status.isSameFile(as: $0) } ?? false } ?? true
            let ours = owned.contains(name) && status.kind == .regular && sameFile
            guard ours else {
                others.append(name)
                continue
            }
            FileTree.removeFileIfPresent(folder + "/" + name)
            if first {
                PublicationSteps.reached()
                first = false
            }
        }
        guard others.isEmpty else { return others }
        FileTree.removeFileIfPresent(folder + "/" + recordName)
        do throws(SystemCallError) {
            try FileTree.removeFolder(folder)
        } catch {
            // Something was created in it since it was listed: kept, never removed.
            return FileTree.names(in: folder).sorted()
        }
        PublicationSteps.reached()
        return []
    }

    /// Swaps the staged guide with the output folder in one step; where the file system cannot
    /// (EINVAL: no RENAME_EXCHANGE), by two renames, the old folder first moved to `old`, then
    /// back to `staged`'s name, so that either way the old folder ends where `staged` was.
    func swap(staged: String, old: String) throws {
        do throws(SystemCallError) {
            try FileTree.exchange(staged, path)
            return
        } catch  where error.code == EBUSY {
            throw refusal(
                "it is in use as a mount point, and the guide is published by swapping the whole folder",
                advice: "Publish into a sub-folder of it, e.g. \(path)/guide.")
        } catch  where ![EINVAL, ENOSYS, EOPNOTSUPP].contains(error.code) {
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
        // Where the old folder now is, for `emptyGuide`.
        try? FileTree.rename(old, to: staged)
    }

    /// Puts the old guide (at `staged` after `swap`) back in place: the same exchange again, or
    /// the two renames the other way. Returns whether it is back.
    func swapBack(staged: String, spare: String) -> Bool {
        do throws(SystemCallError) {
            try FileTree.exchange(staged, path)
            return true
        } catch  where ![EINVAL, ENOSYS, EOPNOTSUPP].contains(error.code) {
            return false
        } catch {}
        guard (try? FileTree.rename(path, to: spare)) != nil else { return false }
        guard (try? FileTree.rename(staged, to: path)) != nil else {
            try? FileTree.rename(spare, to: path)
            return false
        }
        try? FileTree.rename(spare, to: staged)
        return true
    }
}
