import ArgumentParser
import Pipeline

/// `--shard K/N`, with K (and N) possibly from a batch engine's environment.
enum ShardOption {
    /// Reads "K/N", "auto/N" or "auto": K from JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or
    /// SLURM_ARRAY_TASK_ID less SLURM_ARRAY_TASK_MIN (a Slurm array may start at 0 or 1, or
    /// anywhere), N from the text or SLURM_ARRAY_TASK_COUNT.
    static func resolve(_ text: String, environment all: [String: String]) throws -> Shard {
        // A variable set to nothing is not set.
        let environment = all.filter { !$0.value.isEmpty }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), parts.count == 2 || parts[0] == "auto" else {
            throw ValidationError("--shard takes K/N (e.g. 0/4), auto/N or auto; \"\(text)\" is none of them.")
        }
        var count = parts.count == 2 ? Int(parts[1]) : nil
        if parts.count == 2 && count == nil {
            throw ValidationError("--shard K/N: N must be a whole number; \"\(parts[1])\" is not.")
        }
        let index: Int
        if parts[0] != "auto" {
            guard let value = Int(parts[0]) else {
                throw ValidationError("--shard K/N: K must be a whole number; \"\(parts[0])\" is not.")
            }
            index = value
        } else if let value = environment["JOB_COMPLETION_INDEX"] {
            guard let number = Int(value) else { throw ValidationError("JOB_COMPLETION_INDEX is \"\(value)\", not a whole number.") }
            index = number
        } else if let value = environment["SLURM_ARRAY_TASK_ID"] {
            guard let number = Int(value) else { throw ValidationError("SLURM_ARRAY_TASK_ID is \"\(value)\", not a whole number.") }
            let minimum = environment["SLURM_ARRAY_TASK_MIN"].flatMap { Int($0) } ?? 0
            index = number - minimum
            if count == nil, let total = environment["SLURM_ARRAY_TASK_COUNT"] {
                count = Int(total)
            }
        } else {
            throw ValidationError("--shard \(text): neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set; give the shard as K/N.")
        }
        guard let count else {
            throw ValidationError("--shard auto: the number of shards is not known (no SLURM_ARRAY_TASK_COUNT); give it as auto/N.")
        }
        guard let shard = Shard(index: index, count: count) else {
            throw ValidationError("--shard: shard \(index) of \(count) does not exist; K goes from 0 to N-1 and N is at least 1.")
        }
        return shard
    }
}
