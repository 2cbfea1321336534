import LaminaCore
import Testing

/// The constraint layout's rules, against frames worked out by hand.
@Suite("Constraint layout")
struct ConstraintLayoutTests {
    static let parent = Rect(x: 0, y: 0, width: 200, height: 100)

    func item(_ name: String, frame: Rect = Rect(x: 0, y: 0, width: 20, height: 10), _ constraints: [Constraint]) -> ConstraintLayout.Item {
        ConstraintLayout.Item(name: name, frame: frame, constraints: constraints)
    }

    @Test("centred in the superlayer, keeping its size")
    func centred() throws {
        let frames = try ConstraintLayout.solve(
            [item("a", [Constraint(.midX, relativeTo: .superlayer), Constraint(.midY, relativeTo: .superlayer)])], in: Self.parent)
        #expect(frames == [Rect(x: 90, y: 45, width: 20, height: 10)])
    }

    @Test("two edges fix the extent: a margin of 10 all round")
    func margins() throws {
        let frames = try ConstraintLayout.solve(
            [item("a", [
                Constraint(.minX, relativeTo: .superlayer, offset: 10), Constraint(.maxX, relativeTo: .superlayer, offset: -10),
                Constraint(.minY, relativeTo: .superlayer, offset: 10), Constraint(.maxY, relativeTo: .superlayer, offset: -10),
            ])], in: Self.parent)
        #expect(frames == [Rect(x: 10, y: 10, width: 180, height: 80)])
    }

    @Test("relative to a sibling, scaled, whatever the order of the list; unconstrained axes keep the frame")
    func siblings() throws {
        let frames = try ConstraintLayout.solve(
            [
                item("b", frame: Rect(x: 7, y: 0, width: 30, height: 10), [
                    Constraint(.minY, relativeTo: .sibling("a"), attribute: .maxY, offset: 5),
                    Constraint(.width, relativeTo: .sibling("a"), scale: 0.5),
                ]),
                item("a", [Constraint(.height, relativeTo: .superlayer, scale: 0.25), Constraint(.minY, relativeTo: .superlayer)]),
            ], in: Self.parent)
        #expect(frames[1] == Rect(x: 0, y: 0, width: 20, height: 25))
        #expect(frames[0] == Rect(x: 7, y: 30, width: 10, height: 10))
    }

    @Test("a cycle is an error naming its layers, and a sibling that is not there is one too")
    func failures() {
        #expect(throws: ConstraintLayout.Failure.cycle(["a", "b", "a"])) {
            try ConstraintLayout.solve(
                [
                    item("a", [Constraint(.minX, relativeTo: .sibling("b"))]),
                    item("b", [Constraint(.minX, relativeTo: .sibling("a"))]),
                ], in: Self.parent)
        }
        #expect(throws: ConstraintLayout.Failure.unknownSource(layer: "a", source: "ghost")) {
            try ConstraintLayout.solve([item("a", [Constraint(.minX, relativeTo: .sibling("ghost"))])], in: Self.parent)
        }
    }
}
