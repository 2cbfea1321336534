import LaminaCore
import Testing

/// Filters as values: the key paths into a named filter (`filters.NAME.FIELD`), their limits, and
/// their animation, whole lists element by element and one parameter by its key path.
@Suite("Filters")
struct FilterValueTests {
    static let frosted: [LayerFilter] = [LayerFilter(name: "frost", .blur(radius: 10)), LayerFilter(name: "tint", .saturation(1.5))]

    @Test("filters.NAME.FIELD reads and writes one filter's parameter, found by name and kind")
    func keyPaths() throws {
        var v = PropertyValues()
        try v.set(.filters(Self.frosted), for: .filters)
        let path = try LayerKeyPath("filters.frost.blur")
        #expect(path.key == .filters && path.element == "frost" && path.component == .blur && path.valueType == .number)
        #expect(path.description == "filters.frost.blur")
        #expect(try v.value(forKeyPath: "filters.frost.blur") == .number(10))
        #expect(try v.value(forKeyPath: "filters.tint.saturation") == .number(1.5))
        try v.setValue(.number(4), forKeyPath: "filters.frost.blur")
        #expect(v[.filters] == [LayerFilter(name: "frost", .blur(radius: 4)), LayerFilter(name: "tint", .saturation(1.5))])
        // A filter the list lacks reads as its kind's identity; writing it is an error naming the path.
        #expect(try v.value(forKeyPath: "backgroundFilters.frost.blur") == .number(0))
        #expect(try v.value(forKeyPath: "filters.tint.contrast") == .number(1))
        #expect(throws: PropertyError.unknownKey("filters.glass.blur")) { try v.setValue(.number(1), forKeyPath: "filters.glass.blur") }
        #expect(throws: PropertyError.unknownKey("filters.frost")) { try LayerKeyPath("filters.frost") }
        #expect(throws: PropertyError.unknownKey("filters.frost.x")) { try LayerKeyPath("filters.frost.x") }
        #expect(throws: PropertyError.unknownKey("opacity.frost.blur")) { try LayerKeyPath("opacity.frost.blur") }
        #expect(throws: PropertyError.unknownKey("filters.a.b.blur")) { try LayerKeyPath("filters.a.b.blur") }
    }

    @Test("limits: at most 8 filters, 20 numbers in a colour matrix, no negative blur, no dots in names")
    func limits() throws {
        var v = PropertyValues()
        let nine = Array(repeating: LayerFilter(.blur(radius: 1)), count: 9)
        #expect(throws: PropertyError.tooLarge(key: "filters", excess: "9 filters (at most 8)")) { try v.setValue(.filters(nine), forKeyPath: "filters") }
        #expect(throws: PropertyError.tooLarge(key: "filters", excess: "a colorMatrix of other than 20 numbers")) {
            try v.setValue(.filters([LayerFilter(.colorMatrix([1, 2, 3]))]), forKeyPath: "filters")
        }
        #expect(throws: PropertyError.tooLarge(key: "backgroundFilters", excess: "a blur of negative radius")) {
            try v.setValue(.filters([LayerFilter(.blur(radius: -1))]), forKeyPath: "backgroundFilters")
        }
        #expect(throws: PropertyError.tooLarge(key: "filters", excess: "a filter name with a dot (names are key path parts)")) {
            try v.setValue(.filters([LayerFilter(name: "a.b", .blur(radius: 1))]), forKeyPath: "filters")
        }
        #expect(throws: PropertyError.notFinite(key: "filters")) { try v.setValue(.filters([LayerFilter(.contrast(.nan))]), forKeyPath: "filters") }
        // A radius of 10⁶ is legal: the renderer draws it as PropertyLimits.blurRadius.
        #expect(v == PropertyValues(), "nothing refused was kept")
        try v.setValue(.filters([LayerFilter(.blur(radius: 1e6))]), forKeyPath: "filters")
        #expect(v[.filters] == [LayerFilter(.blur(radius: 1e6))])
    }

    @Test("an animation of filters.NAME.blur moves that parameter alone; a whole list moves element by element")
    func animation() throws {
        var tree = LayerTree()
        var values = PropertyValues()
        try values.set(.filters(Self.frosted), for: .filters)
        let layer = tree.create(values: values)
        try tree.addAnimation(
            .basic(try LayerKeyPath("filters.frost.blur"), from: .number(0), to: .number(20), timing: MediaTiming(duration: 2)),
            forKey: "a", to: layer)
        var presentation = Presentation()
        var events: [AnimationEvent] = []
        tree.evaluate(at: 0.5, into: &presentation, events: &events)
        #expect(try tree.presentationValue(LayerKeyPath(.filters), of: layer, at: 0.5)
            == .filters([LayerFilter(name: "frost", .blur(radius: 5)), LayerFilter(name: "tint", .saturation(1.5))]))
        // Whole lists of matching filters interpolate number by number; others switch at the midpoint.
        let a = PropertyValue.filters([LayerFilter(.blur(radius: 0)), LayerFilter(.colorMatrix(LayerFilter.identityMatrix))])
        let b = PropertyValue.filters([LayerFilter(.blur(radius: 8)), LayerFilter(.colorMatrix(Array(repeating: 1, count: 20)))])
        let quarter = PropertyValue.filters([
            LayerFilter(.blur(radius: 2)), LayerFilter(.colorMatrix(LayerFilter.identityMatrix.map { $0 + (1 - $0) * 0.25 })),
        ])
        #expect(LayerKeyPath(.filters).interpolation.interpolate(a, b, 0.25) == quarter)
        let other = PropertyValue.filters([LayerFilter(.saturation(0))])
        #expect(LayerKeyPath(.filters).interpolation.interpolate(a, other, 0.25) == a)
    }
}
