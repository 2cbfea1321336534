import LaminaRaster

/// Where a mask has ink, for asserting layout from geometry instead of comparing snapshots.
extension TextCoverage {
    /// Whether column `x` has any coverage.
    func columnHasInk(_ x: Int) -> Bool { (0..<height).contains { self[x, $0] > 0 } }

    /// Whether row `y` has any coverage.
    func rowHasInk(_ y: Int) -> Bool { (0..<width).contains { self[$0, y] > 0 } }

    /// The first through last column with any coverage, nil when the mask is blank.
    var inkColumns: ClosedRange<Int>? {
        guard let first = (0..<width).first(where: columnHasInk), let last = (0..<width).last(where: columnHasInk) else {
            return nil
        }
        return first...last
    }

    /// The first through last row with any coverage, nil when the mask is blank.
    var inkRows: ClosedRange<Int>? {
        guard let first = (0..<height).first(where: rowHasInk), let last = (0..<height).last(where: rowHasInk) else {
            return nil
        }
        return first...last
    }

    /// The runs of rows with ink, top to bottom: one per line of text whose glyphs do not reach into
    /// the next line's.
    var inkBands: [ClosedRange<Int>] {
        var bands: [ClosedRange<Int>] = []
        var start: Int?
        for y in 0..<height {
            let ink = rowHasInk(y)
            if ink, start == nil { start = y }
            if !ink, let s = start {
                bands.append(s...(y - 1))
                start = nil
            }
        }
        if let s = start { bands.append(s...(height - 1)) }
        return bands
    }

    /// The first through last column with coverage among rows `rows`.
    func inkColumns(inRows rows: ClosedRange<Int>) -> ClosedRange<Int>? {
        let ink = { (x: Int) in rows.contains { self[x, $0] > 0 } }
        guard let first = (0..<width).first(where: ink), let last = (0..<width).last(where: ink) else { return nil }
        return first...last
    }

    /// All coverage added up: how much ink there is.
    var totalInk: Int { alpha.reduce(0) { $0 + Int($1) } }
}
