import Foundation
import Synthesis

/// One worker's place among the workers that make a guide together: `index` from 0 to
/// `count - 1` (as Kubernetes numbers an Indexed Job's pods).
public struct Shard: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// The most shards a guide can be made in: more than a catalog's tracks (at most 20,001)
    /// would leave shards idle, and the plan keeps a number per shard.
    public static let maximumCount = 100_000

    /// nil unless 0 ≤ index < count ≤ `maximumCount`.
    public init?(index: Int, count: Int) {
        guard (1...Self.maximumCount).contains(count), (0..<count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// "K/N", as `--shard` takes it.
    public var description: String { "\(index)/\(count)" }

    /// Reads "K/N".
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }
}

/// Which shard makes which track: decided from the tracks alone, so every worker computes the
/// same split without talking to the others. Tracks are taken longest first (the length of
/// what the voice is given, a fair estimate of the audio's; ties by content key), each given to
/// the shard with the least expected audio so far (ties: the lowest index). Two tracks with the
/// same content key are one piece of work.
public enum ShardPlan {
    /// The shard index of every content key of `jobs`, for `count` shards.
    public static func assign(_ jobs: [SynthesisJob], count: Int) -> [String: Int] {
        var cost: [String: Int] = [:]
        for job in jobs { cost[job.key] = max(cost[job.key] ?? 0, job.estimatedCost) }
        let order = cost.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        // Shards past the number of pieces of work get none: no need to count them.
        var load = [Int](repeating: 0, count: max(1, min(count, order.count)))
        var result: [String: Int] = [:]
        for (key, length) in order {
            var lightest = 0
            for index in load.indices where load[index] < load[lightest] { lightest = index }
            result[key] = lightest
            load[lightest] += length
        }
        return result
    }

    /// The jobs of `jobs` that `shard` makes (one per content key), in the order given.
    public static func share(of shard: Shard, in jobs: [SynthesisJob]) -> [SynthesisJob] {
        let plan = assign(jobs, count: shard.count)
        var seen = Set<String>()
        return jobs.filter { plan[$0.key] == shard.index && seen.insert($0.key).inserted }
    }
}
