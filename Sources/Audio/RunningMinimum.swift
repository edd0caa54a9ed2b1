/// Minimum of the last `window` values pushed, in amortised constant time (a monotonic queue
/// in a fixed ring: values increase from front to back).
struct RunningMinimum: Sendable {
    // Internal so that PeakLimiter's block loop can run the same queue on raw pointers.
    var values: [Double]
    var positions: [Int]
    var front = 0
    var count = 0
    let window: Int

    init(window: Int) {
        self.window = window
        values = Array(repeating: 0, count: window)
        positions = Array(repeating: 0, count: window)
    }

    /// Adds `value` as the element at `position` (consecutive integers) and returns the minimum
    /// of the elements at positions `position - window + 1 ... position`.
    mutating func push(_ value: Double, at position: Int) -> Double {
        while count > 0 && positions[front] <= position - window {
            front = (front + 1) % window
            count -= 1
        }
        while count > 0 && values[(front + count - 1) % window] >= value {
            count -= 1
        }
        let slot = (front + count) % window
        values[slot] = value
        positions[slot] = position
        count += 1
        return values[front]
    }
}
