import FuzzerDriver
import LaminaWire

/// One fuzz input: bytes as a client would send them.
///
/// Everything must either decode or fail with a `WireError`: no crash, no hang, no allocation the
/// input does not pay for. Whatever decodes must survive a round trip: encoding it and decoding the
/// result gives the same message (the encoder and decoder agree on every field).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    // As a stream: framing, then each framed message.
    var framer = MessageFramer(maxMessageBytes: 1 << 16)
    let appended = bytes.withUnsafeBytes { raw in
        Result { () throws(WireError) in try framer.append(raw, descriptors: []) }
    }
    if case .success = appended {
        while let raw = try? framer.next() { check(raw) }
    }

    // As one body for the opcode the first bytes pick: reaches every decoder even without a header.
    if size >= 1 {
        let body = Array(bytes.dropFirst())
        // Every opcode of both directions (and 0, which no request has).
        check(RawMessage(opcode: UInt16(Int(bytes[0]) % (ClientMessage.Opcode.allCases.count + 1)), body: body))
        check(RawMessage(opcode: 0x8001 + UInt16(Int(bytes[0]) % ServerMessage.Opcode.allCases.count), body: body))
    }
    return 0
}

private func check(_ raw: RawMessage) {
    // Requests that carry descriptors decode only with them: stand-ins (never used as files) in every
    // count the request may carry, so their bodies' decoders are reached too.
    let counts: [Int] =
        switch ClientMessage.Opcode(rawValue: raw.opcode) {
        case .createPool?: [1]
        case .importBuffer?: [1, 2, 3, 4]
        default: [raw.descriptors.count]
        }
    for count in counts {
        var request = raw
        if count != raw.descriptors.count { request.descriptors = Array(repeating: -1, count: count) }
        guard let message = try? ClientMessage(request) else { continue }
        let again = try? ClientMessage(message.raw)
        precondition(again == message, "a client message changed in a round trip: \(message)")
    }
    if raw.opcode >= 0x8001, let message = try? ServerMessage(raw) {
        let encoded = message.encoded
        let body = Array(encoded.dropFirst(WireLimits.headerSize))
        let again = try? ServerMessage(RawMessage(opcode: raw.opcode, body: body))
        precondition(again == message, "a server message changed in a round trip: \(message)")
    }
}

@_cdecl("WireFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
