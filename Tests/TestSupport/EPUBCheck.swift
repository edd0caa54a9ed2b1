import Foundation

/// EPUBCheck (Debian: `epubcheck`), the W3C's validator, run on a book the tests made.
public enum EPUBCheck {
    /// The validator's jar: `EPUBCHECK_JAR`, else Debian's; nil when neither is there.
    public static var jar: URL? {
        [ProcessInfo.processInfo.environment["EPUBCHECK_JAR"], "/usr/share/java/epubcheck.jar"]
            .compactMap { $0 }
            .map(URL.init(fileURLWithPath:))
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The Java runtime on `PATH`, or nil.
    public static var java: URL? { ExternalTool.find("java") }

    /// Whether the validator can run here.
    public static var isInstalled: Bool { jar != nil && java != nil }

    /// Options for a validation that lasts seconds: the quick (C1) compiler only and the serial
    /// collector. With the JVM's defaults, the optimising compiler's and the parallel collector's
    /// threads spent more CPU than the check itself: 9.1 s of CPU against 4.3 s for a guide of
    /// three tracks, with the same report, on 2 cores.
    public static let javaOptions = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]

    /// What one run reported: its exit status and everything it printed on either stream.
    public struct Report {
        public var status: Int32
        public var output: String
    }

    /// Checks the book at `epub`, with EPUBCheck's `arguments` after it (e.g. `--usage`).
    public static func check(_ epub: URL, _ arguments: [String] = []) throws -> Report {
        guard let java, let jar else { throw NotInstalled() }
        let (status, output) = try ExternalTool.run(java, javaOptions + ["-jar", jar.path, epub.path] + arguments)
        return Report(status: status, output: output)
    }

    /// EPUBCheck or Java is missing.
    public struct NotInstalled: Error, CustomStringConvertible {
        public var description: String {
            "EPUBCheck is not installed (apt-get install epubcheck, which brings Java); scripts/test.sh installs it"
        }
    }
}
