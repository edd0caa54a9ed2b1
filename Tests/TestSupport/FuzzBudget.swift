import Foundation

/// How many inputs each property test tries: the count written in the test (sized so that all
/// fuzz suites together stay well under a minute in CI), times `EXPO_NARRATE_FUZZ_SCALE` when
/// set, for a longer run by hand (e.g. `EXPO_NARRATE_FUZZ_SCALE=50 swift test --filter PropertyTests`).
public enum FuzzBudget {
    public static let scale = max(1, Int(ProcessInfo.processInfo.environment["EXPO_NARRATE_FUZZ_SCALE"] ?? "") ?? 1)

    public static func count(_ base: Int) -> Int { base * scale }
}
