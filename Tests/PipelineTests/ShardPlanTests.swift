import Foundation
import Pipeline
import Synthesis
import Testing

@Suite("shard plan")
struct ShardPlanTests {
    static func jobs(_ lengths: [Int]) -> [SynthesisJob] {
        lengths.enumerated().map { index, length in
            SynthesisJob(
                key: String(format: "%064x", index * 7919 + 13), fileStem: "t\(index)", title: "t\(index)",
                ssml: String(repeating: "가", count: length), sentences: [])
        }
    }

    @Test("every track goes to exactly one shard, the same whatever order the tracks are listed in")
    func partition() {
        var generator = SystemRandomNumberGenerator()
        let jobs = Self.jobs((0..<97).map { _ in Int.random(in: 10...5000, using: &generator) })
        for count in [1, 2, 3, 4, 7, 97, 120] {
            let shares = (0..<count).map { ShardPlan.share(of: Shard(index: $0, count: count)!, in: jobs) }
            let keys = shares.flatMap { $0.map(\.key) }
            #expect(keys.count == jobs.count && Set(keys) == Set(jobs.map(\.key)))
            #expect(ShardPlan.assign(jobs.shuffled(), count: count) == ShardPlan.assign(jobs, count: count))
        }
    }

    @Test("shares are balanced by length: no shard has more than the lightest plus the longest track")
    func balance() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let jobs = Self.jobs((0..<Int.random(in: 5...200, using: &generator)).map { _ in Int.random(in: 1...9000, using: &generator) })
            let longest = jobs.map(\.estimatedCost).max()!
            for count in 2...6 {
                let loads = (0..<count).map { ShardPlan.share(of: Shard(index: $0, count: count)!, in: jobs).map(\.estimatedCost).reduce(0, +) }
                #expect(loads.max()! - loads.min()! <= longest, "\(loads)")
            }
        }
    }

    @Test("tracks with the same content are one piece of work, made by one shard")
    func sameContent() {
        var jobs = Self.jobs([300, 200, 100])
        var copy = jobs[1]
        copy.fileStem = "copy"
        jobs.append(copy)
        let shares = (0..<2).map { ShardPlan.share(of: Shard(index: $0, count: 2)!, in: jobs) }
        #expect(shares.flatMap { $0 }.count == 3)
    }

    @Test("K/N is read and checked")
    func parsing() {
        #expect(Shard("0/4") == Shard(index: 0, count: 4))
        #expect(Shard("3/4")?.description == "3/4")
        for bad in ["4/4", "-1/4", "1/0", "1", "a/b", "1/2/3", ""] { #expect(Shard(bad) == nil, "\(bad)") }
    }
}
