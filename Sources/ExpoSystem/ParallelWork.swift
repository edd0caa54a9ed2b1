import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs independent iterations on several threads, and never waits for a thread the system
/// refuses. libdispatch's `concurrentPerform` retries a refused thread once a second for ever
/// (a process limit, `ulimit -u`, hangs it); here each helper thread is made with
/// pthread_create and checked, and the calling thread takes part, so when no thread can be
/// made the work still runs to the end, on the caller alone.
public enum ParallelWork {
    /// Calls `body(i)` once for every `i` in `0..<iterations`, on at most `threads` threads
    /// (the caller's included), and returns when every call has returned. Calls run in no
    /// particular order; `body` must be safe to run concurrently with itself.
    public static func forEach(_ iterations: Int, threads: Int = defaultThreads, _ body: (Int) -> Void) {
        guard iterations > 0 else { return }
        let helpers = max(0, min(threads, iterations) - 1)
        if helpers == 0 {
            for index in 0..<iterations { body(index) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let shared = Shared(iterations: iterations, body: body)
            var started: [pthread_t] = []
            for _ in 0..<helpers {
                let box = Unmanaged.passRetained(shared)
                var attributes = pthread_attr_t()
                pthread_attr_init(&attributes)
                pthread_attr_setstacksize(&attributes, 1 << 20)
                var thread = pthread_t()
                let result = pthread_create(
                    &thread, &attributes,
                    { pointer in
                        Unmanaged<Shared>.fromOpaque(pointer!).takeRetainedValue().drain()
                        return nil
                    }, box.toOpaque())
                pthread_attr_destroy(&attributes)
                if result != 0 {
                    box.release()
                    break
                }
                started.append(thread)
            }
            shared.drain()
            for thread in started { pthread_join(thread, nil) }
        }
    }

    /// One thread per core; one alone under an address-space limit (`ulimit -v`) below 4 GiB,
    /// where each further thread's malloc arena (64 MiB of address space reserved at once)
    /// would turn the limit into an allocation failure, which Swift cannot survive.
    public static var defaultThreads: Int {
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max, limit.rlim_cur < 4 << 30 {
            return 1
        }
        return ProcessInfo.processInfo.activeProcessorCount
    }

    /// The iterations still to hand out, shared by the threads.
    private final class Shared: @unchecked Sendable {
        // @unchecked Sendable: `next` is read and written only under `lock`; `body` is only called.
        private let lock = NSLock()
        private var next = 0
        private let iterations: Int
        private let body: (Int) -> Void

        init(iterations: Int, body: @escaping (Int) -> Void) {
            self.iterations = iterations
            self.body = body
        }

        /// Takes iterations one by one and runs them until none is left.
        func drain() {
            while true {
                lock.lock()
                let index = next
                next += 1
                lock.unlock()
                guard index < iterations else { return }
                body(index)
            }
        }
    }
}
