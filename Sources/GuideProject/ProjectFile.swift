import ExpoModel
import ExpoSystem
import Foundation
import Yams

/// A guide's project file (`expo-narrate.yaml`): the settings of one guide, kept beside it so
/// that every run, check and verification uses the same ones. YAML through Yams; every key is a
/// command-line option's long name (`ProjectKey`). Paths in it are relative to its own folder.
public struct ProjectFile: Sendable {
    /// The name `init` writes and a run looks for in the working folder.
    public static let defaultName = "expo-narrate.yaml"
    /// The largest project file read: far more than any set of settings takes.
    public static let sizeLimit = 1 << 20

    /// The file as the user named it (or `defaultName` when found in the working folder).
    public let path: String
    /// The settings the file gives, paths already resolved against its folder.
    public let values: [ProjectKey: SettingValue]
    /// The line of each key given, counted from 1.
    public let lines: [ProjectKey: Int]

    /// The project file in `folder`, if there is one.
    public static func found(in folder: String = ".") -> String? {
        let path = folder == "." ? defaultName : folder + "/" + defaultName
        return FileStatus.of(path, followingLinks: true) == nil ? nil : path
    }

    /// Reads and checks the project file at `path`. A file that cannot be read, is not YAML,
    /// has a key no setting has, or a value of the wrong kind is a usage error naming
    /// `path:line` (and the key).
    public static func read(_ path: String) throws -> ProjectFile {
        let data: Data
        do {
            data = try InputFile.contents(of: path, limit: sizeLimit)
        } catch {
            throw ExpoError(.usage, "The project file \(path): \(error.description)", advice: error.fix.prefix(1).uppercased() + error.fix.dropFirst() + ".")
        }
        guard data.count <= sizeLimit else {
            throw ExpoError(
                .usage, "The project file \(path) is larger than \(sizeLimit) bytes",
                advice: "A project file holds a few settings; check that it is the right file.")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ExpoError(.usage, "The project file \(path) is not UTF-8 text", advice: "Save it as UTF-8.")
        }
        let folder = (path as NSString).deletingLastPathComponent
        return try parse(text, path: path, folder: folder)
    }

    /// The settings in `text`, the file at `path` whose relative paths are relative to `folder`
    /// ("" or "." for the working folder).
    public static func parse(_ text: String, path: String, folder: String) throws -> ProjectFile {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ExpoError(
                .usage, "\(path):\(syntaxPlace(error)) is not YAML: \(syntaxProblem(error))",
                advice: "Write each setting as 'key: value' on a line of its own, as 'expo-narrate init' writes them.")
        }
        guard let root else { return ProjectFile(path: path, values: [:], lines: [:]) }
        guard let mapping = root.mapping else {
            throw ExpoError(
                .usage, "\(path):\(root.mark?.line ?? 1): the project file is not a list of settings ('key: value' lines)",
                advice: "Write each setting as 'key: value' on a line of its own, as 'expo-narrate init' writes them.")
        }
        var reader = SettingReader(path: path, folder: folder)
        for (keyNode, valueNode) in mapping {
            try reader.read(key: keyNode, value: valueNode)
        }
        try reader.checkCatalogPair()
        return ProjectFile(path: path, values: reader.values, lines: reader.lines)
    }

    /// "line" (and ":column") of a YAML syntax error.
    private static func syntaxPlace(_ error: YamlError) -> String {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): "\(mark.line):\(mark.column)"
        case .reader(_, let offset, _, let yaml):
            "\(offset.map { yaml.utf8.prefix($0).filter { $0 == UInt8(ascii: "\n") }.count + 1 } ?? 1)"
        default: "1"
        }
    }

    /// libyaml's words for a YAML syntax error.
    private static func syntaxProblem(_ error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _), .composer(let context, let problem, _, _):
            (context.map { $0.text + " " } ?? "") + problem
        case .reader(let problem, _, _, _): problem
        default: "it cannot be read as YAML"
        }
    }
}

/// Reads one `key: value` pair after another, keeping where each key is.
private struct SettingReader {
    let path: String
    let folder: String
    var values: [ProjectKey: SettingValue] = [:]
    var lines: [ProjectKey: Int] = [:]

    init(path: String, folder: String) {
        self.path = path
        self.folder = folder
    }

    mutating func read(key keyNode: Node, value node: Node) throws {
        let line = keyNode.mark?.line ?? 1
        guard let name = keyNode.scalar?.string else {
            throw failure(line, "a key is not a plain name", advice: "Write each setting as 'key: value'.")
        }
        guard let key = ProjectKey(rawValue: name) else {
            let known = ProjectKey.allCases.map(\.rawValue).joined(separator: ", ")
            throw failure(line, "unknown key '\(name)'", advice: "The keys are \(known); remove the line or correct its key.")
        }
        if let first = lines[key] {
            throw failure(line, "'\(name)' is given twice (first on line \(first))", advice: "Keep one of the two lines.")
        }
        values[key] = try value(of: node, for: key, line: node.mark?.line ?? line)
        lines[key] = line
    }

    /// The value `node` gives `key`, of the kind the key takes.
    private func value(of node: Node, for key: ProjectKey, line: Int) throws -> SettingValue {
        if key == .format, let sequence = node.sequence {
            let names = try sequence.map { item in
                guard let name = item.scalar?.string else { throw failure(line, "format lists the formats as names", advice: formatAdvice) }
                return name
            }
            return .formats(try formats(names, line: line))
        }
        guard let scalar = node.scalar else {
            throw failure(line, "'\(key.rawValue)' takes \(kindOfValue(key)), not a list or a group of settings", advice: "Give one value after the colon.")
        }
        let isNull = scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
        if key.isPath {
            if isNull { return .path(nil) }
            let path = resolved(scalar.string)
            if key == .images, !FileTree.isFolder(path) {
                throw failure(line, "images: \(path) is not a folder", advice: "Give the folder that holds the pictures, relative to this file's folder.")
            }
            return .path(path)
        }
        if isNull { throw failure(line, "'\(key.rawValue)' has no value", advice: "Give \(kindOfValue(key)), or remove the line for the default.") }
        switch key {
        case .voice: return .name(scalar.string)
        case .format: return .formats(try formats([scalar.string], line: line))
        case .textOnly:
            guard let flag = node.bool else { throw wrongKind(key, scalar.string, line) }
            return .flag(flag)
        default:
            guard let number = node.int, scalar.style == .plain else { throw wrongKind(key, scalar.string, line) }
            if let range = key.range, !range.contains(number) {
                throw failure(
                    line, "'\(key.rawValue)' is \(number), outside \(range.lowerBound) to \(range.upperBound)",
                    advice: "Give a whole number from \(range.lowerBound) to \(range.upperBound).")
            }
            return .number(number)
        }
    }

    /// Both catalog files, or neither.
    func checkCatalogPair() throws {
        switch (lines[.posterFile], lines[.itemsFile]) {
        case (let line?, nil), (nil, let line?):
            throw failure(line, "poster-file and items-file go together", advice: "Give both, or neither for the bundled catalog.")
        default: break
        }
    }

    private var formatAdvice: String {
        "Write them as a list, e.g. [opus, mp3, epub], from: " + DeliveryFormat.allCases.map(\.rawValue).joined(separator: ", ") + "."
    }

    private func formats(_ names: [String], line: Int) throws -> Set<DeliveryFormat> {
        do {
            return try FormatList.formats(names)
        } catch let error as ExpoError {
            throw failure(line, "format: " + error.message, advice: formatAdvice)
        }
    }

    private func kindOfValue(_ key: ProjectKey) -> String {
        if key.isPath { return "a path" }
        switch key {
        case .textOnly: return "true or false"
        case .voice: return "a profile's name"
        case .format: return "a list of formats"
        default: return "a whole number" + (key.range.map { " from \($0.lowerBound) to \($0.upperBound)" } ?? "")
        }
    }

    private func wrongKind(_ key: ProjectKey, _ text: String, _ line: Int) -> ExpoError {
        failure(line, "'\(key.rawValue)' takes \(kindOfValue(key)), not '\(text)'", advice: "Correct the value, or remove the line for the default.")
    }

    /// `path` as the run uses it: absolute as written, else relative to the project's folder.
    private func resolved(_ path: String) -> String {
        if path.hasPrefix("/") || folder.isEmpty || folder == "." { return path }
        return folder + "/" + path
    }

    private func failure(_ line: Int, _ message: String, advice: String) -> ExpoError {
        ExpoError(.usage, "\(path):\(line): \(message)", advice: advice)
    }
}
