import Foundation

/// Braille Ready Format: the book in North American braille ASCII (one character a cell, the
/// 64 six-dot patterns as ASCII 0x20–0x5F), lines ended by CR LF, each page ended by a form feed.
public enum BRFWriter {
    /// The braille ASCII character of each six-dot pattern, indexed by the pattern's bits (dot 1
    /// the lowest), as in the Unicode braille block.
    static let asciiCells: [Character] = Array(" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=")

    /// The BRF text of `book`.
    public static func render(_ book: BrailleBook) -> String {
        var text = ""
        for page in book.pages {
            for line in page {
                text += ascii(line) + "\r\n"
            }
            text += "\u{0C}"
        }
        return text
    }

    /// Unicode braille as braille ASCII (dots 7 and 8 are dropped; anything else is a blank).
    public static func ascii(_ braille: String) -> String {
        String(
            braille.unicodeScalars.map { scalar -> Character in
                guard (0x2800...0x28FF).contains(scalar.value) else { return " " }
                return asciiCells[Int(scalar.value & 0x3F)]
            })
    }
}

/// The Portable Embosser Format, PEF 1.0 (DAISY, version 2008-1): the same pages in Unicode
/// braille, in one volume of one section.
public enum PEFWriter {
    /// The PEF document of `book`. `identifier` is the book's unique identifier (a URN),
    /// `date` its date (YYYY-MM-DD).
    public static func render(_ book: BrailleBook, title: String, identifier: String, date: String, language: String = "ko") -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <pef version="2008-1" xmlns="http://www.daisy.org/ns/2008/pef">
              <head>
                <meta xmlns:dc="http://purl.org/dc/elements/1.1/">
                  <dc:format>application/x-pef+xml</dc:format>
                  <dc:identifier>\(escaped(identifier))</dc:identifier>
                  <dc:title>\(escaped(title))</dc:title>
                  <dc:language>\(escaped(language))</dc:language>
                  <dc:date>\(escaped(date))</dc:date>
                  <dc:creator>expo-narrate</dc:creator>
                </meta>
              </head>
              <body>
                <volume cols="\(book.size.cells)" rows="\(book.size.lines)" rowgap="0" duplex="false">
                  <section>

            """
        for page in book.pages {
            xml += "        <page>\n"
            for line in page {
                xml += line.isEmpty ? "          <row/>\n" : "          <row>\(line)</row>\n"
            }
            xml += "        </page>\n"
        }
        xml += """
                  </section>
                </volume>
              </body>
            </pef>

            """
        return xml
    }

    static func escaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            default:
                // XML 1.0 allows no control characters but tab, line feed and carriage return.
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" {
                    output += " "
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}
