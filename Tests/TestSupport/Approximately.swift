public import LaminaCore

// Approximate equality for tests: one definition of each, shared by every suite (`LaminaTestSupport`).

/// Whether two numbers agree within `tolerance` (absolute, or relative for large magnitudes).
public func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

/// Whether two points agree, coordinate by coordinate (`close(_:_:_:)` for numbers).
public func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

/// Whether two rectangles agree, origin and size.
public func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    close(a.origin, b.origin, tolerance) && close(a.size.width, b.size.width, tolerance)
        && close(a.size.height, b.size.height, tolerance)
}

/// Whether two transforms agree, element by element.
public func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
    zip(a.elements, b.elements).allSatisfy { close($0, $1, tolerance) }
}

/// Whether two lists of numbers agree element by element within an absolute `tolerance` (what
/// `lamina probe` prints is the shortest round-trip decimal, so 1e-6 by default).
public func close(_ a: [Double], _ b: [Double], tolerance: Double = 1e-6) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

/// Whether two property values agree within 1e-6 in every number (lists, colours and paths element by
/// element); values without numbers must be equal.
public func close(_ a: PropertyValue, _ b: PropertyValue) -> Bool {
    guard a.type == b.type else { return false }
    func numbers(_ v: PropertyValue) -> [Double]? {
        switch v {
        case .number(let x): [x]
        case .point(let p): [p.x, p.y]
        case .size(let s): [s.width, s.height]
        case .rect(let r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): [c.red, c.green, c.blue, c.alpha]
        case .transform(let t): t.elements
        case .numbers(let list): list
        case .colors(let list): list.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
        case .path(let p): p.elements.flatMap(pathNumbers)
        default: nil
        }
    }
    guard let x = numbers(a), let y = numbers(b) else { return a == b }
    return x.count == y.count && zip(x, y).allSatisfy { $0 == $1 || abs($0 - $1) <= 1e-6 }
}

/// The numbers of one path element, in order.
private func pathNumbers(_ element: Path.Element) -> [Double] {
    switch element {
    case .move(let p), .line(let p): [p.x, p.y]
    case .quadCurve(let p, let c): [p.x, p.y, c.x, c.y]
    case .curve(let p, let c1, let c2): [p.x, p.y, c1.x, c1.y, c2.x, c2.y]
    case .close: []
    }
}

/// Whether every channel of `a` is within `tolerance` of `b`'s.
public func nearlyEqual(_ a: SIMD4<UInt8>, _ b: SIMD4<UInt8>, within tolerance: Int) -> Bool {
    (0..<4).allSatisfy { abs(Int(a[$0]) - Int(b[$0])) <= tolerance }
}
