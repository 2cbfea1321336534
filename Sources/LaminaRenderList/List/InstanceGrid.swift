package import LaminaCore

/// Which of a retained list's instances may reach each part of the target: a grid of 64-pixel cells,
/// each listing the instances whose pixel bounds touch it, so that a damaged frame draws the
/// instances that reach the damage without walking every instance of the list.
///
/// Kept in step with the list by its changes (`RenderList.instanceChanges`): only the instances that
/// changed move between cells. A build changes every instance; the grid is then marked stale and
/// rebuilt only when a damaged frame needs it, so a frame that redraws everything (every layer
/// turning) pays nothing for it.
///
/// The invariant, checked against a brute-force search: `instances(reaching:in:)` lists exactly the
/// instances of the range that are not collapsed and whose pixel bounds meet the box, or that may
/// reach anywhere (a corner behind the eye).
package struct InstanceGrid: Sendable {
    /// Pixels a cell covers, along each side.
    package static let cellSize = 64

    /// Where one instance is filed.
    private enum Place: Equatable, Sendable {
        /// Nowhere: collapsed, or off the target.
        case none
        /// In every query (its bounds are unknown: a corner behind the eye).
        case everywhere
        /// In the cells `x0...x1` by `y0...y1`.
        case cells(x0: Int32, y0: Int32, x1: Int32, y1: Int32)
    }

    private var width = 0, height = 0, columns = 0, rows = 0
    private var cells: [[Int32]] = []
    private var everywhere: [Int32] = []
    private var places: [Place] = []
    /// Whether the grid files the list as it is (false until built, and after a build of the list).
    package private(set) var isCurrent = false

    /// An empty grid, to be built.
    package init() {}

    /// Follows the list's changes since the last frame: the instances that changed are filed again; a
    /// list built anew (every instance changed), or a target of another size, leaves the grid stale.
    package mutating func follow(_ list: RenderList, width: Int, height: Int) {
        guard isCurrent, !list.instanceChanges.allMatrices, width == self.width, height == self.height else {
            isCurrent = false
            return
        }
        // Every instance that moved, whether it changed whole or only its matrix.
        for range in list.instanceChanges.matrixRanges() {
            for index in range { refile(index, list.instances[index]) }
        }
    }

    /// Files every instance of `list` for a `width` x `height` target.
    package mutating func rebuild(_ list: RenderList, width: Int, height: Int) {
        self.width = width
        self.height = height
        columns = max(1, (width + Self.cellSize - 1) / Self.cellSize)
        rows = max(1, (height + Self.cellSize - 1) / Self.cellSize)
        cells = Array(repeating: [], count: columns * rows)
        everywhere = []
        places = Array(repeating: .none, count: list.instances.count)
        for (index, instance) in list.instances.enumerated() { file(index, place(of: instance)) }
        isCurrent = true
    }

    /// The instances of `range` that may reach `box` (target pixels), in ascending order.
    package func instances(reaching box: PixelRegion, in range: Range<Int>, of list: RenderList) -> [Int] {
        guard isCurrent else { return Array(range) }
        let x0 = max(0, box.x / Self.cellSize), x1 = min(columns - 1, (box.x + box.width) / Self.cellSize)
        let y0 = max(0, box.y / Self.cellSize), y1 = min(rows - 1, (box.y + box.height) / Self.cellSize)
        var found: [Int] = everywhere.lazy.map(Int.init).filter { range.contains($0) }
        if x0 <= x1, y0 <= y1 {
            for y in y0...y1 {
                for x in x0...x1 {
                    for index in cells[y * columns + x] where range.contains(Int(index)) { found.append(Int(index)) }
                }
            }
        }
        found.sort()
        var result: [Int] = []
        result.reserveCapacity(found.count)
        let (bx0, by0) = (Float(box.x), Float(box.y))
        let (bx1, by1) = (Float(box.x + box.width), Float(box.y + box.height))
        for index in found where index != result.last {
            // The cells are coarse: the bounds themselves decide, as a walk of every instance would.
            let instance = list.instances[index]
            if let b = instance.pixelBounds(width: width, height: height),
                b.maxX < bx0 || b.minX > bx1 || b.maxY < by0 || b.minY > by1
            {
                continue
            }
            result.append(index)
        }
        return result
    }

    private func place(of instance: LayerInstance) -> Place {
        if instance.isCollapsed { return .none }
        guard let b = instance.pixelBounds(width: width, height: height) else { return .everywhere }
        // Bounds a comparison cannot order (NaN) meet no box; bounds off the target meet none of its boxes.
        guard b.maxX >= 0, b.maxY >= 0, b.minX <= Float(width), b.minY <= Float(height) else { return .none }
        func cell(_ v: Float, _ count: Int) -> Int32 {
            Int32(min(max(v / Float(Self.cellSize), 0), Float(count - 1)))
        }
        return .cells(x0: cell(b.minX, columns), y0: cell(b.minY, rows), x1: cell(b.maxX, columns), y1: cell(b.maxY, rows))
    }

    private mutating func file(_ index: Int, _ place: Place) {
        places[index] = place
        switch place {
        case .none: break
        case .everywhere: everywhere.append(Int32(index))
        case .cells(let x0, let y0, let x1, let y1):
            for y in Int(y0)...Int(y1) {
                for x in Int(x0)...Int(x1) { cells[y * columns + x].append(Int32(index)) }
            }
        }
    }

    private mutating func refile(_ index: Int, _ instance: LayerInstance) {
        if index >= places.count { places.append(contentsOf: repeatElement(.none, count: index + 1 - places.count)) }
        let new = place(of: instance)
        let old = places[index]
        guard new != old else { return }
        let tag = Int32(index)
        switch old {
        case .none: break
        case .everywhere: everywhere.removeAll { $0 == tag }
        case .cells(let x0, let y0, let x1, let y1):
            for y in Int(y0)...Int(y1) {
                for x in Int(x0)...Int(x1) {
                    let c = y * columns + x
                    if let i = cells[c].firstIndex(of: tag) { cells[c].swapAt(i, cells[c].count - 1); cells[c].removeLast() }
                }
            }
        }
        file(index, new)
    }
}
