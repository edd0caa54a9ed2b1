import CSystemShim
import ExpoModel
import Foundation
import Glibc

/// An exclusive flock(2) on a folder itself (its directory descriptor: no lock file is left in
/// it), held until this object goes away or the process ends, however it ends (the kernel
/// releases it). One run per folder at a time; `flock DIR command` holds it from a shell.
public final class FolderLock {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Locks the folder `folder` (which exists): exclusively, or `shared` with other shared
    /// holders (runs that only add to a cache, such as the shards of one guide). When another
    /// process holds it: with `wait`, calls `onWait` once and waits until it is free or a stop
    /// signal arrives (then throws `ExpoError.interrupted`); without, throws an `ExpoError` of
    /// category `.resources` naming `folder`. Where the file system has no flock (ENOLCK,
    /// EOPNOTSUPP, ENOSYS: some NFS mounts), calls `onUnsupported` with the reason and returns
    /// without a lock: what is written there is still written under a unique name and renamed.
    /// `subject` says which folder it is for advice.
    /// A folder that is replaced by another under its name while this waits (an output folder
    /// is swapped whole when a guide is published) is locked again under that name, so the lock
    /// is always on the folder the name means now.
    public static func acquire(
        folder: String, subject: ExpoError.Subject, wait: Bool, shared: Bool = false,
        onWait: () -> Void, onUnsupported: (String) -> Void = { _ in }
    ) throws -> FolderLock {
        var told = false
        while true {
            let lock = try acquireOnce(
                folder: folder, subject: subject, wait: wait, shared: shared,
                onWait: {
                    if !told {
                        told = true
                        onWait()
                    }
                }, onUnsupported: onUnsupported)
            var held = stat()
            var named = stat()
            if fstat(lock.descriptor, &held) == 0, stat(folder, &named) == 0,
                held.st_dev != named.st_dev || held.st_ino != named.st_ino
            {
                continue
            }
            return lock
        }
    }

    private static func acquireOnce(
        folder: String, subject: ExpoError.Subject, wait: Bool, shared: Bool,
        onWait: () -> Void, onUnsupported: (String) -> Void
    ) throws -> FolderLock {
        let fd = POSIXFile.retryingEINTR { open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else {
            let code = errno
            throw ExpoError(
                .io, "Cannot lock \(folder) for this run: \(ExpoError.systemReason(code))",
                advice: "Fix the folder's permissions, then run again.", subject: subject, code: code)
        }
        let lock = FolderLock(descriptor: fd)
        let take = { (wait: Int32) in shared ? expo_lock_shared(fd, wait) : expo_lock_exclusive(fd, wait) }
        if take(0) == 0 { return lock }
        if [ENOLCK, EOPNOTSUPP, ENOSYS].contains(errno) {
            onUnsupported(ExpoError.systemReason(errno))
            return lock
        }
        guard errno == EWOULDBLOCK || errno == EINTR else {
            let code = errno
            throw ExpoError(
                .io, "Cannot lock \(folder) for this run: \(ExpoError.systemReason(code))",
                advice: "Use a folder on a local file system.", subject: subject, code: code)
        }
        guard wait else {
            throw ExpoError(
                .resources, "Another expo-narrate run is using \(folder)",
                advice: "Wait until it has finished, then run again.", subject: subject, code: EWOULDBLOCK)
        }
        onWait()
        while take(1) != 0 {
            // The stop handlers do not restart calls: a signal ends the wait with EINTR.
            guard errno == EINTR else {
                let code = errno
                throw ExpoError(
                    .io, "Cannot lock \(folder) for this run: \(ExpoError.systemReason(code))",
                    subject: subject, code: code)
            }
            try Interruption.check()
        }
        return lock
    }
}
