import CSystemShim
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A self-pipe that becomes readable when a child process ends (SIGCHLD), so that one
/// `poll` waits for both new jobs and ended children. The handler is C (see CSystemShim).
public struct ChildEndSignal {
    public let readEnd: Int32

    public init() {
        var ends: [Int32] = [-1, -1]
        pipe(&ends)
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        expo_install_child_end_handler(ends[1])
        // A parent that starts this process from a thread with signals blocked (libdispatch
        // does) passes its mask on; without this, the handler would never run.
        var childSignal = sigset_t()
        sigemptyset(&childSignal)
        sigaddset(&childSignal, SIGCHLD)
        pthread_sigmask(SIG_UNBLOCK, &childSignal, nil)
    }

    /// Empties the pipe.
    public func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &bytes, bytes.count) > 0 {}
    }
}

/// Newline-separated messages over a pair of file descriptors.
public final class LineChannel {
    public let input: Int32
    public let output: Int32
    private var buffer: [UInt8] = []

    public init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// Closes the descriptor written to (the other side then reads the end of its input).
    public func closeOutput() {
        _ = SystemCalls.current.close(output)
    }

    /// Closes the descriptor read from.
    public func closeInput() {
        _ = SystemCalls.current.close(input)
    }

    /// Writes `line` and a newline, whole (a closed reader is ignored: the caller sees it on
    /// its next read).
    public func send(_ line: String) {
        var bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(output, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
        bytes.removeAll()
    }

    /// Reads what is available into the buffer; false at end of input (or an error).
    public func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(input, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
    }

    /// The next complete line already read, without its newline.
    public func nextBufferedLine() -> String? {
        guard let end = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: buffer[0..<end], as: UTF8.self)
        buffer.removeSubrange(0...end)
        return line
    }

    /// The next line, reading (blocking) as needed; nil at end of input.
    public func receiveLine() -> String? {
        while true {
            if let line = nextBufferedLine() { return line }
            guard fill() else { return nil }
        }
    }

    /// Waits until the input is readable or `other` is; a signal ends the wait early.
    /// `timeoutMilliseconds` -1 waits without limit.
    public func wait(alsoFor other: Int32, watchingInput: Bool, timeoutMilliseconds: Int32 = -1) -> (input: Bool, other: Bool) {
        var descriptors = [
            pollfd(fd: watchingInput ? input : -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: other, events: Int16(POLLIN), revents: 0),
        ]
        let result = poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
        guard result > 0 else { return (false, false) }
        return (descriptors[0].revents != 0, descriptors[1].revents != 0)
    }
}
