import Foundation
import Testing

@testable import ExpoSystem

@Suite("ProgramIdentity")
struct ProgramIdentityTests {
    @Test("this process's identity names the test binary and the Swift runtime, each with its inode and times")
    func current() throws {
        // Read again now (`current` was read once, when this process first asked): another test
        // of this process may have mapped code from a file it then removed, and then the
        // identity must be unknown (the code that runs can no longer be named).
        let maps = try #require(ProgramIdentity.readProcFile("/proc/self/maps"))
        let identity = ProgramIdentity.describe(mapsText: maps)
        let removed = maps.split(separator: "\n").filter { line in
            let permissions = line.split(separator: " ").dropFirst().first ?? ""
            return line.hasSuffix(" (deleted)") && permissions.contains("x") && !permissions.hasSuffix("s")
        }
        if !removed.isEmpty {
            #expect(identity.hasPrefix("unknown"), "code from removed files is mapped: \(removed)")
            return
        }
        #expect(!identity.hasPrefix("unknown"), "\(maps)")
        let executable = ChildProcess.currentExecutable.path
        let line = try #require(identity.split(separator: "\n").first { $0.hasPrefix(executable + " ") })
        let file = try #require(FileIdentity(path: executable))
        #expect(line == "\(executable) \(file.device) \(file.inode) \(file.size) \(file.modified) \(file.changed)")
        #expect(identity.contains("libswiftCore.so"))
        #expect(ProgramIdentity.current.hasPrefix("unknown") || ProgramIdentity.current.contains(line))
    }

    @Test("a library replaced in place or by another file changes the identity; data mappings and [vdso] are not in it")
    func changes() throws {
        let folder = try FileManager.default.url(
            for: .itemReplacementDirectory, in: .userDomainMask,
            appropriateFor: URL(fileURLWithPath: NSTemporaryDirectory()), create: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = folder.appendingPathComponent("libx.so").path
        let data = folder.appendingPathComponent("data.bin").path
        try Data("one".utf8).write(to: URL(fileURLWithPath: library))
        try Data("d".utf8).write(to: URL(fileURLWithPath: data))
        let maps = """
            7f0000000000-7f0000001000 r-xp 00000000 08:01 12 \(library)
            7f0000001000-7f0000002000 r--p 00000000 08:01 13 \(data)
            7fff00000000-7fff00001000 r-xp 00000000 00:00 0                          [vdso]
            7f0000003000-7f0000004000 rwxp 00000000 00:00 0
            """
        let before = ProgramIdentity.describe(mapsText: maps)
        #expect(before.split(separator: "\n").count == 1 && before.hasPrefix(library + " "))
        #expect(ProgramIdentity.describe(mapsText: maps) == before)
        usleep(20_000)
        // The same size, the modification time set back: the status-change time still moves.
        let modified = try FileManager.default.attributesOfItem(atPath: library)[.modificationDate] as! Date
        try Data("two".utf8).write(to: URL(fileURLWithPath: library))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: library)
        #expect(ProgramIdentity.describe(mapsText: maps) != before)
        #expect(ProgramIdentity.describe(mapsText: maps + "\n7f0 r-xp 0 08:01 14 \(library).gone (deleted)").hasPrefix("unknown"))
        #expect(ProgramIdentity.describe(mapsText: nil).hasPrefix("unknown"))
        // Code made in memory at run time names no file and changes nothing.
        let unchanged = ProgramIdentity.describe(mapsText: maps)
        #expect(ProgramIdentity.describe(mapsText: maps + "\n7f1 r-xs 0 00:01 2048 /memfd:libffi (deleted)") == unchanged)
        #expect(ProgramIdentity.describe(mapsText: maps + "\n7f2 r-xs 0 fe:00 9576985 /root/orcexec.B1HxeO (deleted)") == unchanged)
    }
}
