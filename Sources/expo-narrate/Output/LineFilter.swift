import ExpoModel
import Pipeline

/// Reads standard input line by line (each within `CuratedText.maximumBytes`) and writes
/// `transform` of each line, in order, in blocks of 64 KB. Errors the library throws are
/// printed and turned into an exit status.
func transformLines(_ transform: (String) -> String) throws {
    // Writes nothing but stdout: a stop ends the process at once, whatever it is reading.
    CommandProcess.endAtOnceWhenStopped()
    var output = ""
    output.reserveCapacity(1 << 16)
    do {
        try CommandProcess.forEachInputLine { line in
            output += transform(line)
            output += "\n"
            if output.utf8.count >= 1 << 16 {
                try writeOutput(output)
                output.removeAll(keepingCapacity: true)
            }
        }
    } catch let error as ExpoError {
        // What was made of the lines before the one at fault is still written, then the error.
        try writeOutput(output)
        printError("expo-narrate: \(describe(error))")
        throw exitStatus(for: error)
    }
    // A stop signal ends the lines (the read fails with EINTR): not the end of input.
    if CommandProcess.isStopRequested { throw exitStatus(for: ExpoError.interrupted) }
    try writeOutput(output)
}
