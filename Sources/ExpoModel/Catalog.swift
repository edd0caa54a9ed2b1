/// The exhibition data a guide is made from: one poster and its entries, in catalog order.
public struct Catalog: Sendable, Equatable {
    public var poster: Poster
    public var entries: [Entry]

    public init(poster: Poster, entries: [Entry]) {
        self.poster = poster
        self.entries = entries
    }
}

/// The exhibition's poster, as the original apps' `exposition_universelle_1900.json` has it.
public struct Poster: Sendable, Equatable, Codable {
    /// The title; may hold a line break before a name in another language.
    public var title: String
    public var visitors: Int
    public var location: String
    /// "YYYY. MM. DD - YYYY. MM. DD" in the original data; a bare year or free text is kept.
    public var duration: String
    public var description: String
    /// The poster's own picture (`image_name`), its text alternative (`image_alt`) and what it
    /// looks like (`image_description`); all optional (see `Entry`).
    public var imageName: String?
    public var imageAlt: String?
    public var imageDescription: String?

    public init(
        title: String, visitors: Int, location: String, duration: String, description: String,
        imageName: String? = nil, imageAlt: String? = nil, imageDescription: String? = nil
    ) {
        self.title = title
        self.visitors = visitors
        self.location = location
        self.duration = duration
        self.description = description
        self.imageName = imageName
        self.imageAlt = imageAlt
        self.imageDescription = imageDescription
    }

    enum CodingKeys: String, CodingKey {
        case title, visitors, location, duration, description
        case imageName = "image_name"
        case imageAlt = "image_alt"
        case imageDescription = "image_description"
    }
}

/// One exhibit, as an element of the original apps' `items.json`.
public struct Entry: Sendable, Equatable, Codable {
    public var name: String
    public var imageName: String
    public var shortDescription: String
    public var description: String
    /// The picture's text alternative, written by a person (`image_alt`): nil when none was
    /// written, empty when the picture is decorative on purpose.
    public var imageAlt: String?
    /// What the object looks like (`image_description`), read in the track after the name.
    public var imageDescription: String?

    public init(
        name: String, imageName: String, shortDescription: String, description: String,
        imageAlt: String? = nil, imageDescription: String? = nil
    ) {
        self.name = name
        self.imageName = imageName
        self.shortDescription = shortDescription
        self.description = description
        self.imageAlt = imageAlt
        self.imageDescription = imageDescription
    }

    enum CodingKeys: String, CodingKey {
        case name
        case imageName = "image_name"
        case shortDescription = "short_desc"
        case description = "desc"
        case imageAlt = "image_alt"
        case imageDescription = "image_description"
    }
}
