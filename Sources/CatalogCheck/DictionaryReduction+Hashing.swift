// The substrings of the words, kept as 64-bit hashes (see `DictionaryReduction`).
extension DictionaryReduction {
    /// The hashes of every substring of `forms` that starts and ends on a character boundary.
    static func substrings(of forms: [[UInt8]]) -> HashSet {
        var result = HashSet()
        result.insertSubstrings(of: forms)
        return result
    }

    /// The FNV-1a hash `substrings(of:)` gives the same bytes.
    @_specialize(where Bytes == DictionaryReduction.Bytes)
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return value
    }

    /// A set of hashes (`hash`'s), kept in one table of slots found by the hash itself, which is
    /// well mixed already: cheaper than `Set<UInt64>`, which hashes each value again, for the
    /// hundreds of thousands of substrings a catalog has.
    struct HashSet {
        /// The values; 0 marks an empty slot (0 itself is kept in `hasZero`).
        private var slots = [UInt64](repeating: 0, count: 1 << 10)
        private var shift = 64 - 10
        private var hasZero = false
        private(set) var count = 0

        /// The slot `value` is looked for first: its top bits, mixed (Fibonacci hashing).
        @inline(__always)
        private func home(_ value: UInt64) -> Int { Int(truncatingIfNeeded: (value &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift)) }

        @inline(__always)
        func contains(_ value: UInt64) -> Bool {
            if value == 0 { return hasZero }
            return slots.withUnsafeBufferPointer { slots in
                let mask = slots.count - 1
                var index = home(value)
                while true {
                    let slot = slots[index]
                    if slot == value { return true }
                    if slot == 0 { return false }
                    index = (index + 1) & mask
                }
            }
        }

        mutating func insert(_ value: UInt64) {
            if value == 0 {
                if !hasZero { (hasZero, count) = (true, count + 1) }
                return
            }
            if (count + 1) * 4 > slots.count * 3 { grow() }
            let start = home(value)
            let added = slots.withUnsafeMutableBufferPointer { slots in
                let mask = slots.count - 1
                var index = start
                while true {
                    if slots[index] == value { return false }
                    if slots[index] == 0 {
                        slots[index] = value
                        return true
                    }
                    index = (index + 1) & mask
                }
            }
            if added { count += 1 }
        }

        /// Twice the slots, every value placed again.
        private mutating func grow() {
            let old = slots
            slots = [UInt64](repeating: 0, count: old.count * 2)
            shift -= 1
            count = hasZero ? 1 : 0
            for value in old where value != 0 { insert(value) }
        }

        /// Inserts the hashes of every substring of `forms` that starts and ends on a character
        /// boundary.
        mutating func insertSubstrings(of forms: [[UInt8]]) {
            for form in forms { insertSubstrings(of: form) }
        }

        /// Inserts the hashes of the substrings of `form` that start and end on a character
        /// boundary and end after its first `known` bytes.
        mutating func insertSubstrings(of form: [UInt8], endingAfter known: Int = 0) {
            for start in form.indices where form[start] & 0xC0 != 0x80 {
                var value: UInt64 = 0xcbf2_9ce4_8422_2325
                for index in start..<form.count {
                    value = (value ^ UInt64(form[index])) &* 0x100_0000_01b3
                    if index >= known, index + 1 == form.count || form[index + 1] & 0xC0 != 0x80 { insert(value) }
                }
            }
        }
    }
}
