import CLouis
import ExpoModel
import Foundation

/// The one caller of liblouis. liblouis keeps its compiled tables and its log in process-wide
/// state and is not safe to call from two threads at once, so every call holds one lock; its
/// log goes to a buffer (the Korean tables print warnings while they compile), read only to
/// explain a table that does not compile.
public enum Louis {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var log: [String] = []
    nonisolated(unsafe) private static var logInstalled = false

    /// liblouis's version, as it reports it.
    public static var version: String {
        lock.withLock { String(cString: lou_version()) }
    }

    /// Whether `tables` (liblouis's comma-separated list of table files) compile; on failure,
    /// liblouis's own messages.
    public static func check(tables: String) -> (ok: Bool, messages: [String]) {
        lock.withLock {
            installLog()
            log.removeAll()
            let ok = lou_checkTable(tables) != 0
            return (ok, log)
        }
    }

    /// `text` translated forward with `tables`, as Unicode braille (U+2800…U+28FF; a space is
    /// U+2800). Characters no table defines are left out (liblouis's `noUndefined`).
    public static func translate(_ text: String, tables: String) throws -> String {
        try run(text, tables: tables) { table, input, inputLength, output, outputLength in
            lou_translateString(
                table, input, inputLength, output, outputLength, nil, nil,
                Int32(dotsIO.rawValue | ucBrl.rawValue | noUndefined.rawValue))
        }
    }

    /// Unicode braille translated back to print with `tables`.
    public static func backTranslate(_ braille: String, tables: String) throws -> String {
        try run(braille, tables: tables) { table, input, inputLength, output, outputLength in
            // Unicode braille in, print out: `dotsIO` here would write dot numbers, not print.
            lou_backTranslateString(table, input, inputLength, output, outputLength, nil, nil, Int32(ucBrl.rawValue))
        }
    }

    private typealias Call = (
        UnsafePointer<CChar>, UnsafePointer<widechar>, UnsafeMutablePointer<Int32>,
        UnsafeMutablePointer<widechar>, UnsafeMutablePointer<Int32>
    ) -> Int32

    /// Calls liblouis with a buffer large enough for the whole text: liblouis stops when its
    /// output is full, which shows as input left over, so the buffer grows until none is.
    private static func run(_ text: String, tables: String, _ call: Call) throws -> String {
        let input = text.unicodeScalars.map { widechar($0.value) }
        if input.isEmpty { return "" }
        return try lock.withLock {
            installLog()
            var capacity = input.count * 4 + 64
            while true {
                var output = [widechar](repeating: 0, count: capacity)
                var inputLength = Int32(input.count)
                var outputLength = Int32(capacity)
                log.removeAll()
                let ok = tables.withCString { table in
                    input.withUnsafeBufferPointer { inputBuffer in
                        output.withUnsafeMutableBufferPointer { outputBuffer in
                            call(table, inputBuffer.baseAddress!, &inputLength, outputBuffer.baseAddress!, &outputLength)
                        }
                    }
                }
                guard ok != 0 else {
                    let detail = log.last.map { ": \($0)" } ?? ""
                    throw ExpoError(
                        .installation, "liblouis could not translate with the braille tables \(tables)\(detail)",
                        advice: "Install Debian's liblouis-data, and check Voices/braille/.")
                }
                if Int(inputLength) < input.count, capacity < input.count * 64 {
                    capacity *= 4
                    continue
                }
                var result = String.UnicodeScalarView()
                for value in output.prefix(Int(outputLength)) {
                    if let scalar = Unicode.Scalar(value) { result.append(scalar) }
                }
                return String(result)
            }
        }
    }

    /// Sends liblouis's log to `log` instead of stderr (called with the lock held).
    private static func installLog() {
        guard !logInstalled else { return }
        logInstalled = true
        lou_registerLogCallback { _, message in
            guard let message else { return }
            Louis.log.append(String(cString: message))
        }
    }
}
