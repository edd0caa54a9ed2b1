/// What each exit status means, for each command that can end with it. `help(for:)` makes the
/// "Exit status:" paragraph of each command's `--help`; scripts/check-structure.py makes README's
/// table from the `readme` texts (`--write`) and fails when README differs. Every text is on one
/// line, as a plain string literal, so that the script can read it.
extension ExitStatus {
    /// The commands whose `--help` says their exit statuses.
    public enum Command: Sendable {
        case narrate, check, verify
    }

    /// One status and what it means: in each command's help (nil: that command never ends
    /// with it) and in README.
    public struct Row: Sendable {
        /// The status, nil for the signal statuses (128+N).
        public let status: ExitStatus?
        /// The status as the tables write it ("64", "128+N").
        public let label: String
        public let narrate: String?
        public let check: String?
        public let verify: String?
        public let readme: String

        init(
            _ status: ExitStatus?, _ label: String, narrate: String? = nil, check: String? = nil, verify: String? = nil,
            readme: String
        ) {
            self.status = status
            self.label = label
            self.narrate = narrate
            self.check = check
            self.verify = verify
            self.readme = readme
        }

        /// What the status means for `command`, if it can end with it.
        public func meaning(for command: Command) -> String? {
            switch command {
            case .narrate: narrate
            case .check: check
            case .verify: verify
            }
        }
    }

    /// Every status, in order.
    public static let table: [Row] = [
        Row(
            .success, "0",
            narrate: "done (also when the whole run fell back to text)",
            check: "nothing found",
            verify: "the guide is whole",
            readme: "done (also a `--text-only` run, or a first run where no speech could be made: the text is published and stderr says why)"),
        Row(
            .findings, "1",
            check: "something found",
            verify: "something is wrong (one line per problem on standard output, each naming the file)",
            readme: "`check`: it found something (the report is on stdout); `verify`: the guide is not as its manifest records (one line per problem on stdout)"
        ),
        Row(
            .tracksFellBack, "3",
            narrate: "some tracks fell back to text",
            readme: "some tracks fell back to text; the others were made"),
        Row(
            .usage, "64",
            narrate:
                "usage error (options, environment variables, voice profile, lexicon, unknown or ambiguous entry; for --entry and --poster, a setting that differs from the published guide's, with the two commands that work)",
            check: "usage error",
            verify: "usage error",
            readme:
                "usage error: options (every number is read into its range before it is used: `--jobs` 1–64, `--opus-bitrate` 6–256, `--shard` N 1–100,000), the environment (`SOURCE_DATE_EPOCH` whole seconds from 1970 to 9999, `SLURM_ARRAY_TASK_*`, `JOB_COMPLETION_INDEX`), unknown voice profile or entry or a name that fits two entries, malformed or out-of-range profile or a foreign voice espeak-ng does not have, bad lexicon or pronunciation dictionary line (file and line named) or such a file over 2 MB; or, for `--entry`/`--poster` in a folder with a guide, a setting given that differs from the one the guide records (formats, `--text-only`, voices folder, profile, braille page, Opus bit rate, catalog, pictures), each named, with the two commands that work (docs/partial-runs.md)"
        ),
        Row(
            .data, "65",
            narrate:
                "bad catalog data, or a guide in the output folder whose manifest cannot be read or, for --entry and --poster, records no settings (made by an earlier version: the --all that repairs it is printed)",
            check: "bad catalog data",
            readme:
                "bad catalog data: unreadable, not a regular file, over 256 MB or the limits above, not UTF-8 or JSON, duplicate keys, a required field missing or of the wrong type, a number out of its range (`visitors`); or, for a partial run, a published manifest that cannot be read, or one an earlier version wrote without the guide's settings (the `--all` that repairs it is printed)"
        ),
        Row(
            .unavailable, "69",
            narrate:
                "something needed is not available (espeak-ng or its voice while the folder's guide has audio; for --entry and --poster, the cached audio of the guide's other tracks; with --assemble-only, tracks missing from the cache, each named with the shard that should have made it; libvips, which makes the pictures, cannot be loaded)",
            readme:
                "no speech can be made (espeak-ng or its voice missing) while the folder's guide has audio (left as it is); or, for `--entry`/`--poster` in a folder with a guide, the cache lacks the audio of the guide's other tracks; or, with `--assemble-only`, tracks are missing from the cache (each named with its shard); or libvips, which makes the pictures, cannot be loaded; nothing was published"
        ),
        Row(
            .internalError, "70",
            narrate: "internal error (please report it)",
            readme: "an internal error (please report it)"),
        Row(
            .installation, "72",
            narrate: "the installation is incomplete (its default catalog or Voices folder was not found)",
            check: "a resource of the installation is missing",
            readme: "the installation is incomplete: the default catalog or the Voices folder was not found (each searched place is listed once)"),
        Row(
            .cannotCreate, "73",
            narrate:
                "the output or cache folder cannot be created or is not expo-narrate's, or the guide folder holds an entry that is not the tool's or a guide file changed since it was published (nothing was published)",
            readme:
                "the output or cache folder cannot be created or is not expo-narrate's (a folder holding other files, another program's cache, `/`, the home folder, a mount point, a link that names nothing or loops), or the guide folder holds an entry that is not the tool's (a user's file or folder, a link, a mount point, a named pipe, socket or device), or a file of the guide changed since it was published; or the default cache folder is a link, or `XDG_CACHE_HOME` is not a usable folder; nothing was published"
        ),
        Row(
            .io, "74",
            narrate: "a file could not be written (disk full, file-size limit, permissions, standard output)",
            check: "the report could not be written (standard output closed or full)",
            verify: "the report could not be written (standard output closed or full)",
            readme: "a file could not be written (disk full, file-size limit, permissions, standard output)"),
        Row(
            .resources, "75",
            narrate: "a resource is short for now (the speech server, a thread, memory for a picture, or another run holds the folder with --no-wait)",
            check: "the check could not finish (the spelling dictionary ran out of memory), with what it found so far",
            readme:
                "a resource is short for now: the speech server, a speech worker or a thread could not be started, too many files were open (`ulimit -n`), libvips was refused a thread or memory for a picture (`ulimit -u`, `ulimit -v`), or another run holds the folder and `--no-wait` was given; nothing was published. For `check`: it could not finish (the spelling dictionary ran out of memory); what it found is printed"
        ),
        Row(
            nil, "128+N",
            narrate: "stopped by signal N: 129 SIGHUP, 130 SIGINT, 143 SIGTERM (the published guide is unchanged)",
            readme: "stopped by signal N: SIGHUP (129), SIGINT (130) or SIGTERM (143); the previous output is unchanged, finished tracks stay in the cache"),
    ]

    /// The "Exit status: …" paragraph of `command`'s `--help`.
    public static func help(for command: Command) -> String {
        let meanings = table.compactMap { row in row.meaning(for: command).map { "\(row.label) \($0)" } }
        return "Exit status: " + meanings.joined(separator: "; ") + "."
    }
}
