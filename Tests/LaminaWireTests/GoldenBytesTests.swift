import LaminaCore
import LaminaWire
import Testing

/// The wire, frozen: messages encoded to bytes that are written out here. Any change to the encoding
/// makes one of these fail, so it is a visible, deliberate change, made together with a new
/// `laminaProtocolVersion` and `docs/protocol.md`.
///
/// The first messages are worked out by hand from `docs/protocol.md`; the rest froze the encoder's
/// bytes when the protocol was at version 2, after those agreed (version 3 added two properties and
/// changed none of these bytes).
@Suite("golden bytes of the wire")
struct GoldenBytesTests {
    /// Bytes as hex pairs, spaces and line breaks ignored.
    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.filter { !$0.isWhitespace })
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test("messages worked out by hand from the protocol document")
    func byHand() {
        // size 12, opcode 5, no descriptors; serial 7.
        #expect(ClientMessage.requestFrame(serial: 7).raw.encoded == Self.hex("0c000000 0500 0000 07000000"))
        // size 19, opcode 1; version 2, the string "app" (length 3, then UTF-8).
        #expect(ClientMessage.hello(version: 2, name: "app").raw.encoded == Self.hex("13000000 0100 0000 02000000 03000000 617070"))
        // size 43, opcode 4; serial 1, no bitmaps, one operation: tag 2 (set), layer 3, property id 8
        // (opacity), component 0, the number 0.5; then no released bitmaps (version 5: a count of 0,
        // as every commit below ends).
        let commit = ClientMessage.commit(Commit(serial: 1, operations: [.set(LayerHandle(3), LayerKeyPath(.opacity), .number(0.5))]))
        #expect(commit.raw.encoded == Self.hex("2b000000 0400 0000 01000000 00000000 01000000 02 0300000000000000 08 00 000000000000e03f 00000000"))
        // size 39, opcode 4; serial 1, no bitmaps, one operation: tag 9 (setName, version 4), layer 3,
        // present (1), the string "n"; then the same clearing the name: absent (0).
        let named = ClientMessage.commit(Commit(serial: 1, operations: [.setName(LayerHandle(3), name: "n")]))
        #expect(named.raw.encoded == Self.hex("27000000 0400 0000 01000000 00000000 01000000 09 0300000000000000 01 01000000 6e 00000000"))
        let unnamed = ClientMessage.commit(Commit(serial: 1, operations: [.setName(LayerHandle(3), name: nil)]))
        #expect(unnamed.raw.encoded == Self.hex("22000000 0400 0000 01000000 00000000 01000000 09 0300000000000000 00 00000000"))
        // Protocol version 5. Size 31: tag 0 (create), layer 3, no name (0), kind 1 (shape).
        let shape = ClientMessage.commit(Commit(serial: 1, operations: [.create(LayerHandle(3), name: nil, kind: .shape)]))
        #expect(shape.raw.encoded == Self.hex("23000000 0400 0000 01000000 00000000 01000000 00 0300000000000000 00 01 00000000"))
        // Size 36: set, layer 3, property 40 (lineCap), the keyword 1 (round).
        let cap = ClientMessage.commit(Commit(serial: 1, operations: [.set(LayerHandle(3), LayerKeyPath(.lineCap), .keyword(1))]))
        #expect(cap.raw.encoded == Self.hex("24000000 0400 0000 01000000 00000000 01000000 02 0300000000000000 28 00 01 00000000"))
        // Size 55: property 43 (lineDashPattern), a count of 2, then 2.0 and 0.5.
        let dashes = ClientMessage.commit(Commit(serial: 1, operations: [.set(LayerHandle(3), LayerKeyPath(.lineDashPattern), .numbers([2, 0.5]))]))
        #expect(dashes.raw.encoded == Self.hex("37000000 0400 0000 01000000 00000000 01000000 02 0300000000000000 2b 00 02000000 0000000000000040 000000000000e03f 00000000"))
        // Size 41: property 52 (string), length 2, "hi".
        let text = ClientMessage.commit(Commit(serial: 1, operations: [.set(LayerHandle(3), LayerKeyPath(.string), .string("hi"))]))
        #expect(text.raw.encoded == Self.hex("29000000 0400 0000 01000000 00000000 01000000 02 0300000000000000 34 00 02000000 6869 00000000"))
        // Size 57: property 35 (path), 2 elements: move (0) to (1, 2), then close (4).
        let path = ClientMessage.commit(Commit(serial: 1, operations: [.set(LayerHandle(3), LayerKeyPath(.path), .path(try! Path(svgPathData: "M1 2 Z")))]))
        // Size 40: no bitmaps, no operations, released bitmaps 7 and 9 (version 5).
        let released = ClientMessage.commit(Commit(serial: 1, operations: [], released: [BitmapID(7), BitmapID(9)]))
        #expect(released.raw.encoded == Self.hex("28000000 0400 0000 01000000 00000000 00000000 02000000 0700000000000000 0900000000000000"))
        #expect(path.raw.encoded == Self.hex("39000000 0400 0000 01000000 00000000 01000000 02 0300000000000000 23 00 02000000 00 000000000000f03f 0000000000000040 04 00000000"))
    }

    /// Every property's wire id, as `docs/protocol.md` lists them, by name: the ids belong to the
    /// properties, not to their place in `LayerProperties.table`, so reordering the table's rows (or
    /// `PropertyKey`'s cases) changes no byte, and this list does not care about that order.
    static let propertyIDs: [String: UInt8] = [
        "bounds": 0, "position": 1, "zPosition": 2, "anchorPoint": 3, "anchorPointZ": 4, "transform": 5,
        "sublayerTransform": 6, "hidden": 7, "opacity": 8, "allowsGroupOpacity": 9, "doubleSided": 10,
        "geometryFlipped": 11, "masksToBounds": 12, "backgroundColor": 13, "borderWidth": 14, "borderColor": 15,
        "cornerRadius": 16, "contents": 17, "contentsRect": 18, "contentsCenter": 19, "contentsGravity": 20,
        "contentsScale": 21, "minificationFilter": 22, "magnificationFilter": 23, "shadowColor": 24,
        "shadowOpacity": 25, "shadowOffset": 26, "shadowRadius": 27, "beginTime": 28, "timeOffset": 29, "speed": 30,
        // Protocol version 3.
        "minificationFilterBias": 31, "allowsEdgeAntialiasing": 32, "shouldRasterize": 33, "rasterizationScale": 34,
        // Protocol version 5: shape, gradient and text layers.
        "path": 35, "fillColor": 36, "fillRule": 37, "strokeColor": 38, "lineWidth": 39, "lineCap": 40, "lineJoin": 41,
        "miterLimit": 42, "lineDashPattern": 43, "lineDashPhase": 44, "strokeStart": 45, "strokeEnd": 46,
        "colors": 47, "locations": 48, "startPoint": 49, "endPoint": 50, "gradientType": 51,
        "string": 52, "font": 53, "fontSize": 54, "foregroundColor": 55, "alignmentMode": 56, "wrapped": 57,
        "truncationMode": 58, "maskedCorners": 59, "cornerCurve": 60, "compositingFilter": 61, "duration": 62, "repeatCount": 63, "repeatDuration": 64, "autoreverses": 65, "fillMode": 66, "shadowPath": 67, "scrollMode": 68, "filters": 69, "backgroundFilters": 70, "instanceCount": 71, "instanceTransform": 72, "instanceDelay": 73, "instanceColor": 74, "instanceRedOffset": 75, "instanceGreenOffset": 76, "instanceBlueOffset": 77, "instanceAlphaOffset": 78, "preservesDepth": 79, "emitterCells": 80, "emitterPosition": 81, "emitterZPosition": 82, "emitterSize": 83, "emitterDepth": 84, "emitterShape": 85, "emitterMode": 86, "renderMode": 87, "birthRate": 88, "lifetime": 89, "velocity": 90, "scale": 91, "spin": 92, "seed": 93,
        // Protocol version 10: tiled layers.
        "tileSize": 94, "levelsOfDetail": 95, "levelsOfDetailBias": 96, "fadeDuration": 97,
        // Protocol version 12: a radial gradient's focus.
        "focusOffset": 98,
    ]

    @Test("every property is written as its own wire id, whatever its place in the table, and read back")
    func propertyIDsByName() throws {
        #expect(Set(Self.propertyIDs.keys) == Set(PropertyKey.allCases.map(\.name)))
        for key in PropertyKey.allCases {
            var writer = WireWriter()
            writer.keyPath(LayerKeyPath(key))
            #expect(writer.bytes == [Self.propertyIDs[key.name]!, 0], "\(key.name)")
            var reader = WireReader(writer.bytes)
            #expect(try reader.keyPath() == LayerKeyPath(key))
        }
        // The ids are unique, so the table could be in any order.
        #expect(Set(LayerProperties.table.map(\.wireID)).count == LayerProperties.table.count)
    }

    @Test("a filter's key path carries the filter's name, as docs/protocol.md works it out")
    func filterKeyPath() throws {
        var writer = WireWriter()
        writer.keyPath(try LayerKeyPath("filters.frost.blur"))
        #expect(writer.bytes == Self.hex("45 17 05000000 66726f7374"))
        var reader = WireReader(writer.bytes)
        #expect(try reader.keyPath() == LayerKeyPath("filters.frost.blur"))
        var filter = WireWriter()
        filter.value(.filters([LayerFilter(name: "a", .saturation(0.5))]))
        #expect(filter.bytes == Self.hex("01000000 01 01000000 61 02 000000000000e03f"))
    }

    /// Messages that use every part of the encoding, with the bytes they encoded to at protocol
    /// version 2.
    static let frozen: [(ClientMessage, String)] = Array(zip(goldenMessages, goldenBytes))

    @Test("a fixed set of client messages encodes to the bytes frozen at protocol version 2")
    func frozenClientMessages() throws {
        #expect(goldenMessages.count == goldenBytes.count)
        for (i, (message, bytes)) in Self.frozen.enumerated() {
            #expect(Self.hex(message.raw.encoded) == bytes.filter { !$0.isWhitespace }, "message \(i)")
            #expect(try ClientMessage(message.raw) == message, "message \(i) reads back")
        }
    }
}

extension GoldenBytesTests {
    @Test("tile rectangles travel as given: a negative size reads back the same (found by the wire fuzzer)")
    func tileRectanglesAsGiven() throws {
        let rect = Rect(x: 10, y: 20, width: -4, height: -8)
        let request = ClientMessage.invalidateTiles(layer: LayerHandle(3), rect: rect)
        #expect(try ClientMessage(request.raw) == request)
        let event = ServerMessage.tileRequests([
            WireTileRequest(tile: WireTile(layer: LayerHandle(3), level: 0, column: 1, row: 2), rect: rect, width: 4, height: 8, scale: 1)
        ])
        let bytes = event.encoded
        #expect(try ServerMessage(RawMessage(opcode: ServerMessage.Opcode.tileRequests.rawValue, body: Array(bytes.dropFirst(8)))) == event)
    }
}
