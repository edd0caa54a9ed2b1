import CSystemShim

/// The C heap's free memory, given back to the system.
public enum HeapMemory {
    /// Returns the pages that malloc keeps free, in every arena, to the system (`malloc_trim`):
    /// called after a phase that built and dropped much and before a long one, so that memory
    /// already freed stops counting in the process's (a few milliseconds).
    public static func releaseFreePages() {
        _ = expo_malloc_trim()
    }
}
