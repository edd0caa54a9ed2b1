import ExpoModel
import ExpoSystem
import Foundation
import GuideCache
import Publication

/// The folders a run writes, checked and locked before it writes anything: the output folder
/// and the cache folder may be neither `/` nor the home folder, the cache neither the output
/// folder itself nor a folder that holds it; each is locked (flock) so that one run at a time
/// uses it; and the cache is claimed (see `CacheFolder`).
public final class RunFolders {
    /// Held for the whole run; released when this object goes away or the process ends.
    private var locks: [FolderLock] = []
    /// The output folder, when this run created it (it did not exist before).
    private var createdOutput: String?

    /// Checks, locks and claims the folders of `request`. `onWait` is told which folder another
    /// run holds before this one waits for it (when `request.waitForOtherRuns`).
    /// A shard (`request.shard`) neither creates nor locks the output folder, and shares the
    /// cache with the other shards (a shared lock: a whole run waits for them, and they for
    /// it). Where the file system has no flock (some NFS mounts), the run goes on without the
    /// lock and `onNotice` is told once why.
    public init(_ request: GuideRequest, onWait: (String) -> Void, onNotice: (String) -> Void = { _ in }) throws {
        let (output, cache) = try Self.check(request)
        var told = false
        let unsupported = { (folder: String, reason: String) in
            guard !told else { return }
            told = true
            onNotice(
                "\(folder) cannot be locked (\(reason): a network file system without lock support?); "
                    + "going on without the lock: entries are still written under unique names and renamed, "
                    + "but do not start two whole runs on it at once")
        }
        let outputIsNew = FileStatus.of(output) == nil
        if outputIsNew, request.shard == nil { createdOutput = output }
        if request.shard == nil {
            try lock(
                output, subject: .outputFolder, create: { try Self.createOutput(output) }, shared: false,
                request: request, onWait: onWait, onUnsupported: unsupported)
        }
        if let cache {
            do {
                try CacheFolder.claim(URL(fileURLWithPath: cache))
            } catch {
                // A cache that cannot be used leaves no output folder behind that this run made.
                removeOutputIfUnpublished()
                throw error
            }
            try lock(
                cache, subject: .cacheFolder, create: {}, shared: request.shard != nil, request: request,
                onWait: onWait, onUnsupported: unsupported)
        }
    }

    /// Removes the output folder if this run created it and it still holds nothing but the
    /// tool's empty record: a run that failed before publishing leaves no new folder behind.
    public func removeOutputIfUnpublished() {
        guard let createdOutput else { return }
        GuideFolder(path: createdOutput).removeIfEmpty()
    }

    /// Refuses folders a run may never use, before anything is created: `/`, the home folder,
    /// a cache that would hold the output. Returns the resolved output and cache paths.
    @discardableResult
    public static func check(_ request: GuideRequest) throws -> (output: String, cache: String?) {
        if let refusal = request.cacheRefusal { throw refusal }
        let output = try GuideFolder.resolve(request.outputFolder)
        try refuseSpecial(output, subject: .outputFolder)
        let cache = try request.effectiveCacheFolder.map { try resolvedCache($0) }
        if let cache {
            try refuseSpecial(cache, subject: .cacheFolder)
            if cache == output || output.hasPrefix(cache == "/" ? "/" : cache + "/") {
                throw ExpoError(
                    .usage, "The cache folder \(cache) would hold the output folder \(output)",
                    advice: "Choose a cache folder outside the output folder's path.",
                    subject: .cacheFolder)
            }
            if cache.hasPrefix(output + "/") {
                throw ExpoError(
                    .usage, "The cache folder \(cache) is inside the output folder \(output), which is replaced whole when the guide is published",
                    advice: "Choose a cache folder outside the output folder, or the default one.",
                    subject: .cacheFolder)
            }
        }
        return (output, cache)
    }

    private func lock(
        _ folder: String, subject: ExpoError.Subject, create: () throws -> Void, shared: Bool,
        request: GuideRequest, onWait: (String) -> Void, onUnsupported: (String, String) -> Void
    ) throws {
        try create()
        locks.append(
            try FolderLock.acquire(
                folder: folder, subject: subject, wait: request.waitForOtherRuns, shared: shared,
                onWait: { onWait(folder) }, onUnsupported: { onUnsupported(folder, $0) }))
    }

    private static func createOutput(_ path: String) throws {
        // Created whole, claimed, or refused when it is not the tool's (see `GuideFolder`).
        try GuideFolder(path: path).prepare()
        // A folder that exists but cannot be written (read-only, no permission) is a write error.
        if let code = FileTree.writeRefusal(path)?.code {
            let reason =
                code == EROFS
                ? "the folder is on a read-only file system"
                : code == EACCES ? "no permission to write in it" : ExpoError.systemReason(code)
            throw ExpoError.cannotWrite(path: path, reason: reason, code: code)
        }
    }

    /// `/` and the home folder are never the tool's to fill or clean: refused like any folder
    /// that is not the tool's (73).
    private static func refuseSpecial(_ path: String, subject: ExpoError.Subject) throws {
        let home = FileTree.resolvedPath(URL(fileURLWithPath: NSHomeDirectory()))
        guard path == "/" || path == home else { return }
        let what = subject == .cacheFolder ? "cache" : "output"
        throw ExpoError(
            .cannotCreate,
            "The \(what) folder cannot be \(path == "/" ? "the root folder /" : "the home folder \(home)"): it is not expo-narrate's to fill or clean",
            advice: "Choose a folder of its own, e.g. a new folder inside it.", subject: subject)
    }

    /// The cache folder resolved like the output folder: a symbolic link that names nothing or
    /// loops is refused (73).
    private static func resolvedCache(_ url: URL) throws -> String {
        let path = url.standardizedFileURL.path
        if let (code, target) = FileStatus.brokenLink(at: path) {
            let reason =
                code == ELOOP
                ? "it is a symbolic link that leads back to itself (a loop)"
                : "it is a symbolic link to \(target), which does not exist"
            throw ExpoError.cannotCreateCache(path: path, reason: reason)
        }
        return FileTree.resolvedPath(url)
    }
}
