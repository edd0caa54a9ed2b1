import ExpoModel
import ExpoSystem
import Foundation
import Testing

@Suite("StandardStream")
struct StandardStreamTests {
    @Test("a write that fails is an ExpoError with its errno (a full device: ENOSPC)")
    func fullDevice() throws {
        let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect {
            try StandardStream.write("text", to: fd)
        } throws: { error in
            (error as? ExpoError)?.code == ENOSPC && (error as? ExpoError)?.category == .io
        }
    }

    @Test("everything is written, in order")
    func whole() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let text = String(repeating: "가나다\n", count: 1000)
        try StandardStream.write(text, to: ends[1])
        close(ends[1])
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(ends[0], &buffer, buffer.count)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        #expect(String(decoding: data, as: UTF8.self) == text)
    }
}
