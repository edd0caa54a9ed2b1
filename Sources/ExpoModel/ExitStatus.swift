import Foundation

/// The command line's exit statuses, each named once (sysexits.h where one fits). An `ExpoError`
/// becomes one through its category (`init(_:signal:)`, the only mapping); what each means is
/// `ExitStatus.table` (ExitStatus+Table.swift), from which the `--help` texts and README's table
/// are made.
public struct ExitStatus: Hashable, Sendable {
    /// The number the process ends with.
    public let code: Int32

    private init(code: Int32) {
        self.code = code
    }

    /// Done.
    public static let success = ExitStatus(code: 0)
    /// `check` found something; `verify` found the guide not as its manifest records it.
    public static let findings = ExitStatus(code: 1)
    /// Some tracks fell back to text; the others were made.
    public static let tracksFellBack = ExitStatus(code: 3)
    /// EX_USAGE: what the user typed (options, environment, voice profile, lexicon, entry names).
    public static let usage = ExitStatus(code: 64)
    /// EX_DATAERR: the catalog data (or a published manifest) cannot be used.
    public static let data = ExitStatus(code: 65)
    /// EX_UNAVAILABLE: something needed is missing.
    public static let unavailable = ExitStatus(code: 69)
    /// EX_SOFTWARE: an internal error.
    public static let internalError = ExitStatus(code: 70)
    /// EX_OSFILE: the installation is incomplete.
    public static let installation = ExitStatus(code: 72)
    /// EX_CANTCREAT: a folder cannot be created or is not the tool's.
    public static let cannotCreate = ExitStatus(code: 73)
    /// EX_IOERR: a file could not be read or written.
    public static let io = ExitStatus(code: 74)
    /// EX_TEMPFAIL: a resource is short for now.
    public static let resources = ExitStatus(code: 75)

    /// Stopped by signal `number` (128 + N, as a shell reports it).
    public static func signal(_ number: Int32) -> ExitStatus {
        ExitStatus(code: 128 + number)
    }

    /// The status of an error of `category`; `signal` is the stop signal that interrupted the
    /// run (0: none recorded, said as SIGINT).
    public init(_ category: ExpoError.Category, signal: Int32) {
        switch category {
        case .usage: self = .usage
        case .data: self = .data
        case .unavailable: self = .unavailable
        case .installation: self = .installation
        case .cannotCreate: self = .cannotCreate
        case .io: self = .io
        case .resources: self = .resources
        case .interrupted: self = .signal(signal == 0 ? SIGINT : signal)
        case .internal: self = .internalError
        }
    }

    /// The status of any error: its category's for an `ExpoError`, internal for anything else.
    public init(of error: any Error, signal: Int32) {
        guard let error = error as? ExpoError else {
            self = .internalError
            return
        }
        self.init(error.category, signal: signal)
    }
}
