/// The settings one guide is made with, whoever gave them: the project file, the command line,
/// or the guide's own record. One plain value, so that the run, the project file and the record
/// say the same things by the same names. Paths are as the run uses them: absolute, or relative
/// to the working folder (a project file's relative paths are resolved against the file's folder
/// before they get here).
public struct GuideSettings: Sendable, Hashable, Codable {
    /// The poster's JSON file; nil (with `itemsFile` nil): the bundled default catalog.
    public var posterFile: String?
    /// The entries' JSON file; nil (with `posterFile` nil): the bundled default catalog.
    public var itemsFile: String?
    /// The folder of the entries' pictures, searched before the catalog's own images/ folder.
    public var picturesFolder: String?
    /// The folder of voice profiles and the lexicon; nil: the bundled Voices folder.
    public var voicesFolder: String?
    /// The voice profile's name, from the voices folder.
    public var voiceProfile: String
    /// The formats published, `wav` always among them (the master the others are made from).
    public var formats: Set<DeliveryFormat>
    /// True for a guide of text alone: no audio is made, whatever `formats` says.
    public var textOnly: Bool
    /// Cells in a braille line (BRF, PEF).
    public var brailleCells: Int
    /// Lines in a braille page, its page number's line included (BRF, PEF).
    public var brailleLines: Int
    /// The Opus bit rate, in kilobits per second.
    public var opusBitrateKbps: Int
    /// Where the guide is published.
    public var outputFolder: String
    /// The cache folder for synthesized tracks; nil: the default one (XDG, else ~/.cache).
    public var cacheFolder: String?

    /// The settings of a run given no option: the bundled catalog, the standard voice, WAV and
    /// Opus, a 40 × 25 braille page, 24 kb/s Opus, published into `output`.
    public static let standard = GuideSettings()

    public init(
        posterFile: String? = nil, itemsFile: String? = nil, picturesFolder: String? = nil, voicesFolder: String? = nil,
        voiceProfile: String = "standard", formats: Set<DeliveryFormat> = Delivery.standard.formats, textOnly: Bool = false,
        brailleCells: Int = 40, brailleLines: Int = 25, opusBitrateKbps: Int = 24, outputFolder: String = "output",
        cacheFolder: String? = nil
    ) {
        self.posterFile = posterFile
        self.itemsFile = itemsFile
        self.picturesFolder = picturesFolder
        self.voicesFolder = voicesFolder
        self.voiceProfile = voiceProfile
        self.formats = formats.union([.wav])
        self.textOnly = textOnly
        self.brailleCells = brailleCells
        self.brailleLines = brailleLines
        self.opusBitrateKbps = opusBitrateKbps
        self.outputFolder = outputFolder
        self.cacheFolder = cacheFolder
    }

    /// The formats as a curator writes them: sorted, comma-separated ("wav,opus,mp3").
    public var formatList: String {
        formats.sorted().map(\.rawValue).joined(separator: ",")
    }
}
