import Foundation

/// The text files a curator edits by hand (the lexicon, the pronunciation dictionary): read
/// whole, within a size limit, as UTF-8 with or without a byte order mark, in lines ended by
/// LF, CRLF or a bare CR, whichever editor saved them.
public enum CuratedText {
    /// The largest such file: the bundled ones are a few KB; a file of several MB is a mistake
    /// (and would take seconds and hundreds of MB to use).
    public static let maximumBytes = 2 << 20

    /// Why a file cannot be read as curated text, in words for a message.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
        /// What to do about it.
        public let fix: String

        /// A failure said in `description`, with `fix`.
        public init(description: String, fix: String) {
            self.description = description
            self.fix = fix
        }
    }

    /// The lines of the file at `url`, numbered from 1 by their place in the list. Opens the
    /// file as Foundation does, which waits on a named pipe: the tool's own reads go through
    /// ExpoSystem's `CuratedText.lines(ofFile:)`, which refuses anything but a regular file.
    public static func lines(of url: URL) throws(Failure) -> [Substring] {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw Failure(
                description: "the file cannot be read (\(error.localizedDescription))",
                fix: "check that the file exists and can be read")
        }
        return try lines(in: data)
    }

    /// The lines of `data`, the first `maximumBytes` + 1 bytes of a curated file: refused when
    /// over the limit or not UTF-8; a byte order mark is dropped.
    public static func lines(in data: Data) throws(Failure) -> [Substring] {
        guard data.count <= maximumBytes else {
            throw Failure(
                description: "the file is larger than \(maximumBytes >> 20) MB, the most such a file may be",
                fix: "keep only the entries the voice needs")
        }
        guard var text = String(validating: data, as: UTF8.self) else {
            throw Failure(description: "the file is not UTF-8 text", fix: "save it as UTF-8")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return lines(text)
    }

    /// `text` in lines: LF, CRLF and a bare CR each end one (CRLF is one Character in Swift,
    /// so splitting on "\n" alone would leave a CRLF file one line).
    public static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }
}
