import ExpoModel
import Foundation

extension ExpoError {
    /// A system call on `file` failed with the C `errno` value `code`: a refused resource
    /// (`isRefusedResource`) is `.resources` (75, as every refused resource), any other `.io`.
    public static func system(file: String, operation: String, code: Int32) -> ExpoError {
        ExpoError(isRefusedResource(code) ? .resources : .io, "\(file): cannot \(operation): \(errnoText(code))", code: code)
    }

    /// Whether `code` says the system refused a resource the run may have later (descriptors,
    /// memory, processes), rather than that the file or the disk is at fault.
    public static func isRefusedResource(_ code: Int32) -> Bool {
        [EMFILE, ENFILE, ENOMEM, EAGAIN].contains(code)
    }

    /// The system's own text for `code` (strerror), without a final full stop: the reason in a
    /// message. Every other text for a C `errno` is made from it.
    public static func systemReason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The system's text for `code` with its symbolic name and a hint for the common cases.
    public static func errnoText(_ code: Int32) -> String {
        let text = systemReason(code)
        switch code {
        case ENOSPC: return "\(text) (ENOSPC); free some disk space and run again"
        case EDQUOT: return "\(text) (EDQUOT); free some space within your quota and run again"
        case EFBIG: return "\(text) (EFBIG); the file system or a process limit does not allow a file this large"
        case EACCES: return "\(text) (EACCES); check the permissions of the file and its folder"
        case EPERM: return "\(text) (EPERM); check the permissions of the file and its folder"
        case EROFS: return "\(text) (EROFS); choose a writable folder"
        case ENOENT: return "\(text) (ENOENT); check that the folder exists"
        case EIO: return "\(text) (EIO); the storage device reported an error"
        case EMFILE, ENFILE: return "\(text); too many files are open: raise the limit (ulimit -n) and run again"
        case ENOMEM: return "\(text) (ENOMEM); not enough memory"
        default: return "\(text) (errno \(code))"
        }
    }

    /// The reason `error` gives, in plain words and without a final full stop: a parser's
    /// description, the system's text for a POSIX error, or Foundation's description without
    /// its empty first sentence. Never a Cocoa error domain and number.
    public static func reason(of error: Error) -> String {
        if let error = error as? ExpoError { return error.message }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return systemReason(Int32(underlying.code))
        }
        if nsError.domain == NSPOSIXErrorDomain { return systemReason(Int32(nsError.code)) }
        var text: String
        if let debug = nsError.userInfo["NSDebugDescription"] as? String, !debug.isEmpty {
            text = debug
        } else if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            text = underlying.localizedDescription
        } else {
            text = nsError.localizedDescription
        }
        let vague = "The operation could not be completed. "
        if text.hasPrefix(vague), text.count > vague.count { text.removeFirst(vague.count) }
        if text.contains("NSCocoaErrorDomain") || text.hasPrefix("The operation could not be completed") {
            text = "the operation failed (\(nsError.code))"
        }
        return withoutFinalFullStop(text)
    }
}

extension ExpoError {
    /// The output folder cannot be created or used.
    public static func cannotCreateOutput(path: String, reason: String) -> ExpoError {
        ExpoError(
            .cannotCreate, "Cannot create the output folder \(path): \(reason)",
            advice: "Choose another output folder.", subject: .outputFolder)
    }

    /// The cache folder cannot be created or used.
    /// `code`: the system's refusal, when there was one; a refused resource (too many open
    /// files, no memory) is status 75 with the limit to raise, not another folder to choose.
    public static func cannotCreateCache(path: String, reason: String, code: Int32? = nil) -> ExpoError {
        if let code, isRefusedResource(code) {
            return ExpoError(
                .resources, "Cannot use the cache folder \(path): \(reason)",
                advice: "Too many files are open or memory is short: raise the limit (ulimit -n, ulimit -v), then run again; nothing was changed.",
                subject: .cacheFolder, code: code)
        }
        return ExpoError(
            .cannotCreate, "Cannot create the cache folder \(path): \(reason)",
            advice: "Choose another cache folder, or run without the cache.", subject: .cacheFolder)
    }

    /// A file of the run cannot be written.
    /// A refused resource (too many open files, no memory) is told how to raise the limit,
    /// anything else to free space or fix permissions.
    public static func cannotWrite(path: String, reason: String, code: Int32? = nil) -> ExpoError {
        let advice: String
        switch code {
        case EMFILE, ENFILE: advice = "Too many files are open: raise the limit (ulimit -n), then run again; the previous output is unchanged."
        case ENOMEM, EAGAIN: advice = "The system refused memory or a process: run again when it has some to spare; the previous output is unchanged."
        default: advice = "Free some space or fix the folder's permissions, then run again; the previous output is unchanged."
        }
        return ExpoError(code.map(isRefusedResource) == true ? .resources : .io, "Cannot write \(path): \(reason)", advice: advice, code: code)
    }

    /// A file of the run cannot be written: the system's reason for `code` (an `errno`).
    public static func cannotWrite(path: String, code: Int32) -> ExpoError {
        cannotWrite(path: path, reason: systemReason(code), code: code)
    }
}
