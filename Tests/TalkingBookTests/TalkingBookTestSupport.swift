import Foundation
import FoundationXML
import TestSupport

@testable import TalkingBook

/// Reads back a stored-only ZIP as written by `ZipWriter`, checking headers and CRCs.
struct StoredZip {
    struct Entry {
        let name: String
        let localHeaderOffset: Int
        let extraLength: Int
        let data: Data
    }

    let entries: [Entry]

    subscript(name: String) -> Data? { entries.first { $0.name == name }?.data }

    init(_ bytes: Data) throws {
        let data = Data(bytes)
        func u16(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        let end = data.count - 22
        guard end >= 0, u32(end) == 0x0605_4B50 else { throw ZipReadError.noEndRecord }
        let count = u16(end + 10)
        var position = u32(end + 16)
        var entries: [Entry] = []
        for _ in 0..<count {
            guard u32(position) == 0x0201_4B50, u16(position + 10) == 0 else { throw ZipReadError.badCentral }
            let crc = UInt32(u32(position + 16))
            let size = u32(position + 20)
            let nameLength = u16(position + 28)
            let skip = nameLength + u16(position + 30) + u16(position + 32)
            let offset = u32(position + 42)
            let name = String(decoding: data[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
            guard u32(offset) == 0x0403_4B50, u32(offset + 14) == crc else { throw ZipReadError.badLocal(name) }
            let extra = u16(offset + 28)
            let start = offset + 30 + u16(offset + 26) + extra
            let content = data[start..<(start + size)]
            var check = CRC32()
            check.update(Data(content))
            guard check.checksum == crc else { throw ZipReadError.badCRC(name) }
            entries.append(Entry(name: name, localHeaderOffset: offset, extraLength: extra, data: Data(content)))
            position += 46 + skip
        }
        self.entries = entries
    }

    /// An entry's text, UTF-8.
    func text(_ name: String) -> String? { self[name].map { String(decoding: $0, as: UTF8.self) } }
}

enum ZipReadError: Error {
    case noEndRecord, badCentral
    case badLocal(String)
    case badCRC(String)
}

/// A parsed XML element: its name, attributes and all the text inside it.
final class ScannedElement {
    let name: String
    let attributes: [String: String]
    var text = ""
    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }
}

/// Parses XML with Foundation's parser (fails on anything not well-formed) into a flat element list.
final class XMLScan: NSObject, XMLParserDelegate {
    private(set) var elements: [ScannedElement] = []
    private var open: [ScannedElement] = []

    static func elements(_ data: Data) throws -> [ScannedElement] {
        let parser = XMLParser(data: data)
        let scan = XMLScan()
        parser.delegate = scan
        guard parser.parse() else {
            throw parser.parserError ?? ZipReadError.badCentral
        }
        return scan.elements
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        let element = ScannedElement(name: elementName, attributes: attributeDict)
        elements.append(element)
        open.append(element)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?
    ) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        for element in open { element.text += string }
    }
}

/// Whether the sample book's audio can be made here: espeak-ng, and lame or ffmpeg.
enum Tools {
    static var canBuildAudio: Bool {
        ExternalTool.find("espeak-ng") != nil && (ExternalTool.find("lame") != nil || ExternalTool.find("ffmpeg") != nil)
    }
}
