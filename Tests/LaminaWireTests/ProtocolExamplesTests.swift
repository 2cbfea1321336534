import LaminaCore
import LaminaWire
import Testing
import LaminaTestSupport

/// `docs/protocol.md`'s examples (section 14) against the codec: every block of bytes decodes, at the
/// version the document states, and encodes back to the same bytes, so the document cannot drift from
/// the code. A block that is a whole message (its first four bytes are its length) decodes as a request
/// or an event by its opcode; any other block is one operation.
struct ProtocolExamplesTests {
    /// The document's text.
    static let document = RepositoryFiles.text("docs/protocol.md")

    /// The byte blocks of section 14, in order: each line's leading hexadecimal pairs, up to its
    /// description.
    static var examples: [[UInt8]] {
        guard let start = document.range(of: "## 14 Examples") else { return [] }
        var blocks: [[UInt8]] = []
        var current: [UInt8]?
        for line in document[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { break }
            if line.hasPrefix("```") {
                if let block = current { blocks.append(block) }
                current = current == nil ? [] : nil
                continue
            }
            guard current != nil else { continue }
            for token in line.split(separator: " ") {
                guard token.count == 2, let byte = UInt8(token, radix: 16) else { break }
                current!.append(byte)
            }
        }
        return blocks
    }

    @Test("the document has its examples: a hello, a commit, its acknowledgement, a tree request and reply, a hit test and its answer, two operations")
    func examplesAreThere() {
        #expect(Self.examples.count == 9)
    }

    @Test("every example decodes with the codec and encodes back to the same bytes")
    func examplesRoundTrip() throws {
        for (index, bytes) in Self.examples.enumerated() {
            let length = bytes.count >= 4 ? Int(UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24) : -1
            if length == bytes.count {
                let opcode = UInt16(bytes[4]) | UInt16(bytes[5]) << 8
                let raw = RawMessage(opcode: opcode, body: Array(bytes[8...]))
                if opcode & 0x8000 == 0 {
                    let message = try ClientMessage(raw)
                    #expect(message.raw.encoded == bytes, "example \(index + 1) (\(message)) encodes otherwise")
                    if case .hello(let version, _) = message {
                        #expect(version == laminaProtocolVersion, "the hello example states version \(version), the codec speaks \(laminaProtocolVersion)")
                    }
                } else {
                    let message = try ServerMessage(raw)
                    #expect(message.encoded == bytes, "example \(index + 1) (\(message)) encodes otherwise")
                }
            } else {
                var reader = WireReader(bytes)
                let operation = try reader.operation()
                #expect(reader.remaining == 0, "example \(index + 1): \(reader.remaining) bytes left after \(operation)")
                var writer = WireWriter()
                writer.operation(operation)
                #expect(writer.bytes == bytes, "example \(index + 1) (\(operation)) encodes otherwise")
            }
        }
    }

    @Test("the document states the version the codec speaks and the versions the daemon serves")
    func statedVersion() {
        #expect(Self.document.hasPrefix("# The Lamina wire protocol (version \(laminaProtocolVersion))"))
        #expect(Self.document.contains("serves versions \(laminaOldestServedVersion) to \(laminaProtocolVersion)"))
        #expect(Self.document.contains("below the oldest served (\(laminaOldestServedVersion))"))
        #expect(!Self.document.contains("a version other than"))
    }
}
