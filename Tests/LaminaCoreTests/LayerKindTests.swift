import LaminaCore
import Testing

/// Layer kinds in the model: which properties each has, the new value types' domains and limits, and
/// how they interpolate.
@Suite("Layer kinds and their values")
struct LayerKindTests {
    @Test("a layer has CALayer's properties and its own kind's, never another kind's")
    func propertiesByKind() throws {
        var tree = LayerTree()
        let shape = tree.create(values: PropertyValues(kind: .shape))
        let gradient = tree.create(values: PropertyValues(kind: .gradient))
        try tree.setValue(.number(0.5), at: LayerKeyPath(.strokeEnd), of: shape)
        try tree.setValue(.number(0.5), at: LayerKeyPath(.opacity), of: gradient)
        #expect(throws: LayerTreeError.property(gradient, .notAProperty(key: "strokeEnd", kind: .gradient))) {
            try tree.setValue(.number(0.5), at: LayerKeyPath(.strokeEnd), of: gradient)
        }
        let plain = tree.create()
        #expect(throws: LayerTreeError.property(plain, .notAProperty(key: "startPoint.x", kind: .layer))) {
            try tree.setValue(.number(0), at: try LayerKeyPath("startPoint.x"), of: plain)
        }
        #expect(LayerProperties.keys(of: .layer).allSatisfy { $0.descriptor.kinds == .all })
        #expect(LayerProperties.keys(of: .shape).contains(.lineDashPattern))
        #expect(!LayerProperties.keys(of: .text).contains(.colors))
        // Animations too.
        let animation = Animation(.basic(BasicAnimation(keyPath: LayerKeyPath(.fillColor), toValue: .color(.white))), timing: MediaTiming(duration: 1))
        #expect(throws: LayerTreeError.animation(gradient, .notAProperty(keyPath: "fillColor", kind: .gradient))) {
            try tree.addAnimation(animation, forKey: nil, to: gradient)
        }
        _ = try tree.addAnimation(animation, forKey: nil, to: shape)
    }

    @Test("domains: widths and sizes not negative, locations in 0...1, keywords among their choices, nothing infinite")
    func domains() throws {
        var values = PropertyValues(kind: .shape)
        #expect(throws: PropertyError.outOfDomain(key: "lineWidth", domain: .nonNegative, value: .number(-1))) {
            try values.setValue(.number(-1), at: LayerKeyPath(.lineWidth))
        }
        #expect(throws: PropertyError.outOfDomain(key: "lineDashPattern", domain: .nonNegative, value: .numbers([1, -2]))) {
            try values.setValue(.numbers([1, -2]), at: LayerKeyPath(.lineDashPattern))
        }
        #expect(throws: PropertyError.unknownChoice(key: "lineCap", index: 3, choices: ["butt", "round", "square"])) {
            try values.setValue(.keyword(3), at: LayerKeyPath(.lineCap))
        }
        var line = Path()
        line.addLine(to: Point(x: .infinity, y: 0))
        #expect(throws: PropertyError.notFinite(key: "path")) { try values.setValue(.path(line), at: LayerKeyPath(.path)) }
        var gradient = PropertyValues(kind: .gradient)
        #expect(throws: PropertyError.outOfDomain(key: "locations", domain: .unitInterval, value: .numbers([0, 1.5]))) {
            try gradient.setValue(.numbers([0, 1.5]), at: LayerKeyPath(.locations))
        }
        #expect(throws: PropertyError.notFinite(key: "colors")) {
            try gradient.setValue(.colors([Color(red: .nan, green: 0, blue: 0)]), at: LayerKeyPath(.colors))
        }
    }

    @Test("limits: at most 100,000 path elements, 10,000 list entries, 256 KiB of text")
    func limits() throws {
        var values = PropertyValues(kind: .shape)
        var path = Path()
        for i in 0..<PropertyLimits.pathElements { path.addLine(to: Point(x: Double(i), y: 0)) }
        // 100,001 elements: the move the first line begins with, and 100,000 lines.
        #expect(throws: PropertyError.tooLarge(key: "path", excess: "a path of 100001 elements (at most 100000)")) {
            try values.setValue(.path(path), at: LayerKeyPath(.path))
        }
        var text = PropertyValues(kind: .text)
        let long = String(repeating: "x", count: PropertyLimits.stringBytes + 1)
        #expect(throws: PropertyError.tooLarge(key: "string", excess: "a string of 262145 UTF-8 bytes (at most 262144)")) {
            try text.setValue(.string(long), at: LayerKeyPath(.string))
        }
        try text.setValue(.string(String(long.dropLast())), at: LayerKeyPath(.string))
        var gradient = PropertyValues(kind: .gradient)
        #expect(throws: PropertyError.tooLarge(key: "colors", excess: "a list of 10001 colours (at most 10000)")) {
            try gradient.setValue(.colors(Array(repeating: .white, count: 10_001)), at: LayerKeyPath(.colors))
        }
    }

    @Test("lists interpolate element by element when their counts match, and switch halfway when not")
    func listInterpolation() {
        let a = PropertyValue.colors([.black, .white]), b = PropertyValue.colors([.white, .black])
        #expect(PropertyValue.interpolate(a, b, 0.25) == .colors([Color(red: 0.25, green: 0.25, blue: 0.25), Color(red: 0.75, green: 0.75, blue: 0.75)]))
        #expect(PropertyValue.interpolate(.numbers([0, 1]), .numbers([1, 1]), 0.5) == .numbers([0.5, 1]))
        #expect(PropertyValue.interpolate(.numbers([0, 1]), .numbers([1]), 0.4) == .numbers([0, 1]))
        #expect(PropertyValue.interpolate(.numbers([0, 1]), .numbers([1]), 0.6) == .numbers([1]))
        // Sums and distances for additive and paced animations.
        #expect(PropertyValue.numbers([1, 2]).adding(.numbers([3, 4])) == .numbers([4, 6]))
        #expect(PropertyValue.numbers([0, 0]).distance(to: .numbers([3, 4])) == 5)
    }

    @Test("paths interpolate point by point when their commands match, and switch halfway when not")
    func pathInterpolation() throws {
        let a = try Path(svgPathData: "M0 0 C10 0 10 10 0 10 Q5 5 0 0 Z"), b = try Path(svgPathData: "M10 0 C20 0 20 20 10 20 Q15 15 10 0 Z")
        let mid = PropertyValue.interpolate(.path(a), .path(b), 0.5)
        #expect(mid == .path(try Path(svgPathData: "M5 0 C15 0 15 15 5 15 Q10 10 5 0 Z")))
        let line = try Path(svgPathData: "M0 0 L10 0")
        #expect(PropertyValue.interpolate(.path(a), .path(line), 0.49) == .path(a))
        #expect(PropertyValue.interpolate(.path(a), .path(line), 0.5) == .path(line))
    }
}
