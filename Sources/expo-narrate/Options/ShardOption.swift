import ArgumentParser
import ExpoModel
import Pipeline

/// `--shard K/N`, with K (and N) possibly from a batch engine's environment.
enum ShardOption {
    /// The largest task id a Slurm array can have (MaxArraySize is at most 4000001).
    static let largestSlurmTaskID = 4_000_000

    /// Reads "K/N", "auto/N" or "auto": K from JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or
    /// SLURM_ARRAY_TASK_ID less SLURM_ARRAY_TASK_MIN (a Slurm array may start at 0 or 1, or
    /// anywhere), N from the text or SLURM_ARRAY_TASK_COUNT. Every number is read into its
    /// range before it is used (N from 1 to `Shard.maximumCount`).
    static func resolve(_ text: String, environment all: [String: String]) throws -> Shard {
        // A variable set to nothing is not set.
        let environment = all.filter { !$0.value.isEmpty }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), parts.count == 2 || parts[0] == "auto" else {
            throw ValidationError("--shard takes K/N (e.g. 0/4), auto/N or auto; \"\(excerpt(text))\" is none of them.")
        }
        let counts = 1...Shard.maximumCount
        let indexes = 0...(Shard.maximumCount - 1)
        var count = try parts.count == 2 ? number(parts[1], counts, "--shard K/N: N") : nil
        let index: Int
        if parts[0] != "auto" {
            index = try number(parts[0], indexes, "--shard K/N: K")
        } else if let value = environment["JOB_COMPLETION_INDEX"] {
            index = try number(value, indexes, "JOB_COMPLETION_INDEX")
        } else if let value = environment["SLURM_ARRAY_TASK_ID"] {
            let ids = 0...largestSlurmTaskID
            let id = try number(value, ids, "SLURM_ARRAY_TASK_ID")
            let minimum = try environment["SLURM_ARRAY_TASK_MIN"].map { try number($0, ids, "SLURM_ARRAY_TASK_MIN") } ?? 0
            guard minimum <= id else {
                throw ValidationError("SLURM_ARRAY_TASK_ID (\(id)) is below SLURM_ARRAY_TASK_MIN (\(minimum)); give the shard as K/N.")
            }
            index = id - minimum
            if count == nil, let total = environment["SLURM_ARRAY_TASK_COUNT"] {
                count = try number(total, counts, "SLURM_ARRAY_TASK_COUNT")
            }
        } else {
            throw ValidationError("--shard \(excerpt(text)): neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set; give the shard as K/N.")
        }
        guard let count else {
            throw ValidationError("--shard auto: the number of shards is not known (no SLURM_ARRAY_TASK_COUNT); give it as auto/N.")
        }
        guard let shard = Shard(index: index, count: count) else {
            throw ValidationError("--shard: shard \(index) of \(count) does not exist; K goes from 0 to N-1.")
        }
        return shard
    }

    /// `text` as a whole number in `range`, or a usage error that says so.
    private static func number(_ text: String, _ range: ClosedRange<Int>, _ what: String) throws -> Int {
        do {
            return try CheckedNumber.parse(text, in: range, what: what)
        } catch let error as ExpoError {
            throw ValidationError(error.message + ".")
        }
    }
}
