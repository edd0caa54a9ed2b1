import ExpoModel
import Pipeline

/// Reads standard input line by line and writes `transform` of each line, in order, in
/// blocks of 64 KB. Errors the library throws are printed and turned into an exit status.
func transformLines(_ transform: (String) -> String) throws {
    // Writes nothing but stdout: a stop ends the process at once, whatever it is reading.
    CommandProcess.endAtOnceWhenStopped()
    var output = ""
    output.reserveCapacity(1 << 16)
    while let line = readLine(strippingNewline: true) {
        output += transform(line)
        output += "\n"
        if output.utf8.count >= 1 << 16 {
            try writeOutput(output)
            output.removeAll(keepingCapacity: true)
        }
    }
    // A stop signal makes readLine return nil (the read fails with EINTR): not the end of input.
    if CommandProcess.isStopRequested { throw exitStatus(for: ExpoError.interrupted) }
    try writeOutput(output)
}
