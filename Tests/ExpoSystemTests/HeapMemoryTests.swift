import Foundation
import Testing

@testable import ExpoSystem

@Suite("HeapMemory")
struct HeapMemoryTests {
    @Test("memory freed in the middle of the heap stays in the process until released, then leaves it")
    func releaseFreePages() throws {
        // 20 MB of small blocks; every 1000th is kept, so what is freed lies between blocks in use
        // (malloc gives back by itself only what is freed at the heap's top).
        let blocks = (0..<100_000).map { _ in malloc(200)! }
        for block in blocks { memset(block, 1, 200) }
        for (index, block) in blocks.enumerated() where index % 1_000 != 999 { free(block) }
        defer { for (index, block) in blocks.enumerated() where index % 1_000 == 999 { free(block) } }
        let before = try Self.residentBytes()
        HeapMemory.releaseFreePages()
        let after = try Self.residentBytes()
        #expect(before - after > 10 << 20, "resident \(before >> 20) MB before, \(after >> 20) MB after")
    }

    /// This process's resident memory (/proc/self/statm).
    static func residentBytes() throws -> Int {
        let fields = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        return Int(fields[1])! * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
