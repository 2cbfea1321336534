/// The arithmetic animations need on property values: interpolation by the property's rule, sums and
/// differences (for `byValue`, `additive`, `cumulative`), scaling, and distances (for paced keyframes).
///
/// Numbers, points, sizes, rects and colours are vectors of up to four components. Transforms
/// interpolate by decomposition, and add by concatenation (the added transform applies first). Lists
/// and paths work element by element when their structures match (same length, same commands). The
/// remaining types are discrete: they switch at the midpoint and "add" by replacement.
extension PropertyValue {
    /// The value as a vector, for the types that are vectors.
    @inlinable
    public var vector: SIMD4<Double>? {
        switch self {
        case .number(let n): SIMD4(n, 0, 0, 0)
        case .point(let p): SIMD4(p.x, p.y, 0, 0)
        case .size(let s): SIMD4(s.width, s.height, 0, 0)
        case .rect(let r): SIMD4(r.origin.x, r.origin.y, r.size.width, r.size.height)
        case .color(let c): SIMD4(c.red, c.green, c.blue, c.alpha)
        default: nil
        }
    }

    /// A value of the same type as `self` from a vector (`self` when it is not a vector).
    @inlinable
    public func withVector(_ v: SIMD4<Double>) -> PropertyValue {
        type.isVector ? PropertyValue(type, vector: v) : self
    }

    /// A value of vector type `type` from a vector (`type` must be a vector type).
    @inlinable
    public init(_ type: PropertyType, vector v: SIMD4<Double>) {
        switch type {
        case .number: self = .number(v.x)
        case .point: self = .point(Point(x: v.x, y: v.y))
        case .size: self = .size(Size(width: v.x, height: v.y))
        case .rect: self = .rect(Rect(x: v.x, y: v.y, width: v.z, height: v.w))
        case .color: self = .color(Color(red: v.x, green: v.y, blue: v.z, alpha: v.w))
        case .transform, .bool, .gravity, .filter, .bitmap, .path, .numbers, .colors, .string, .keyword, .corners, .filters, .cells:
            preconditionFailure("\(type) is not a vector type")
        }
    }

    /// The value `fraction` of the way from `a` to `b` by the rule of their type (see
    /// `Interpolation.default(for:)`); the engine uses the rule of the key path instead.
    @inlinable
    public static func interpolate(_ a: PropertyValue, _ b: PropertyValue, _ fraction: Double) -> PropertyValue {
        Interpolation.default(for: a.type).interpolate(a, b, fraction)
    }

    /// Transforms interpolate by their decomposed parts, rotations along the shorter arc; a transform that
    /// cannot be decomposed (singular) switches at the midpoint.
    public static func interpolateTransforms(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
        if a == b { return a }
        guard let da = DecomposedTransform(a), let db = DecomposedTransform(b) else { return t < 0.5 ? a : b }
        var d = DecomposedTransform()
        d.translation = da.translation + (db.translation - da.translation) * t
        d.scale = da.scale + (db.scale - da.scale) * t
        d.skew = da.skew + (db.skew - da.skew) * t
        d.perspective = da.perspective + (db.perspective - da.perspective) * t
        d.rotation = da.rotation.slerp(to: db.rotation, t)
        return d.recomposed
    }

    /// `self + other`: componentwise, or `other` applied before `self` for transforms, or `other` for
    /// discrete types.
    @inlinable
    public func adding(_ other: PropertyValue) -> PropertyValue {
        if let a = vector, let b = other.vector, type == other.type { return withVector(a + b) }
        if case .transform(let a) = self, case .transform(let b) = other { return .transform(b.concatenating(a)) }
        return zip(other, +) ?? other
    }

    /// `self - other`, the inverse of `adding`: `other.adding(self.subtracting(other)) == self`.
    @inlinable
    public func subtracting(_ other: PropertyValue) -> PropertyValue {
        if let a = vector, let b = other.vector, type == other.type { return withVector(a - b) }
        if case .transform(let a) = self, case .transform(let b) = other {
            return .transform(a.concatenating(b.inverted()))
        }
        return zip(other, -) ?? self
    }

    /// `self` and `other` combined number by number with `combine`, when both are lists or paths of
    /// the same structure (the same count, the same commands); nil otherwise.
    @inlinable
    public func zip(_ other: PropertyValue, _ combine: (Double, Double) -> Double) -> PropertyValue? {
        switch (self, other) {
        case (.numbers(let a), .numbers(let b)) where a.count == b.count:
            return .numbers((0..<a.count).map { combine(a[$0], b[$0]) })
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            return .colors((0..<a.count).map { i in
                Color(
                    red: combine(a[i].red, b[i].red), green: combine(a[i].green, b[i].green),
                    blue: combine(a[i].blue, b[i].blue), alpha: combine(a[i].alpha, b[i].alpha))
            })
        case (.path(let a), .path(let b)):
            return a.zip(b, combine).map(PropertyValue.path)
        case (.filters(let a), .filters(let b)) where LayerFilter.match(a, b):
            var result: [LayerFilter] = []
            for i in a.indices {
                let (x, y) = (a[i].numbers, b[i].numbers)
                result.append(a[i].with(numbers: (0..<x.count).map { combine(x[$0], y[$0]) }))
            }
            return .filters(result)
        case (.cells(let a), .cells(let b)) where EmitterCell.match(a, b):
            return .cells(EmitterCell.zip(a, b, combine))
        default:
            return nil
        }
    }

    /// `self` added to itself `times` times (what `cumulative` adds after `times` repeats).
    ///
    /// Closed form, never a loop over the repeats (an animation far into its repeats has a huge count):
    /// vectors scale, and a transform is raised to the power by squaring, at most 63 products.
    public func repeated(_ times: Int) -> PropertyValue {
        if let v = vector { return withVector(v * Double(times)) }
        if let scaled = zip(self, { a, _ in a * Double(times) }) { return scaled }
        if case .transform(let t) = self {
            var result = Transform3D.identity
            var power = t
            var n = Swift.max(times, 0)
            while n > 0 {
                if n & 1 == 1 { result = result.concatenating(power) }
                n >>= 1
                if n > 0 { power = power.concatenating(power) }
            }
            return .transform(result)
        }
        return self
    }

    /// The distance between two values, for paced keyframes: Euclidean over the vector components,
    /// over translation for transforms, 0 or 1 for discrete values.
    public func distance(to other: PropertyValue) -> Double {
        if let a = vector, let b = other.vector {
            let d = a - b
            return (d * d).sum().squareRoot()
        }
        if case .transform(let a) = self, case .transform(let b) = other {
            let d = SIMD3(a.m41 - b.m41, a.m42 - b.m42, a.m43 - b.m43)
            return (d * d).sum().squareRoot()
        }
        if let d = zip(other, { a, b in (a - b) * (a - b) }) {
            var sum = 0.0
            d.forEachNumber { sum += $0 }
            return sum.squareRoot()
        }
        return self == other ? 0 : 1
    }

    /// Calls `body` with every number of a list or a path, in order.
    func forEachNumber(_ body: (Double) -> Void) {
        switch self {
        case .numbers(let list): list.forEach(body)
        case .colors(let list): for c in list { body(c.red); body(c.green); body(c.blue); body(c.alpha) }
        case .path(let p): p.forEachCoordinate(body)
        case .filters(let list): for f in list { f.numbers.forEach(body) }
        case .cells(let cells): EmitterCell.forEachNumber(cells, body)
        default: break
        }
    }
}

extension PropertyType {
    /// Whether values of this type are vectors of up to four numbers, which interpolate, add and
    /// scale componentwise.
    @inlinable
    public var isVector: Bool {
        switch self {
        case .number, .point, .size, .rect, .color: true
        case .transform, .bool, .gravity, .filter, .bitmap, .path, .numbers, .colors, .string, .keyword, .corners, .filters, .cells: false
        }
    }
}

extension Interpolation {
    /// The value `fraction` of the way from `a` to `b` by this rule (fraction may leave 0...1 for
    /// overshooting curves). Values the rule cannot blend (of different types, or not of the rule's
    /// kind) switch at the midpoint, as discrete ones do.
    @inlinable
    public func interpolate(_ a: PropertyValue, _ b: PropertyValue, _ fraction: Double) -> PropertyValue {
        switch self {
        case .linear:
            if let va = a.vector, let vb = b.vector, a.type == b.type { return a.withVector(va + (vb - va) * fraction) }
        case .decomposedTransform:
            if case .transform(let ta) = a, case .transform(let tb) = b {
                return .transform(PropertyValue.interpolateTransforms(ta, tb, fraction))
            }
        case .elementwise:
            if let v = a.zip(b, { x, y in x + (y - x) * fraction }) { return v }
        case .discrete:
            break
        }
        return fraction < 0.5 ? a : b
    }

    /// The rule values of `type` have unless a property says otherwise: vectors linear, transforms by
    /// decomposition, the rest discrete.
    @inlinable
    public static func `default`(for type: PropertyType) -> Interpolation {
        switch type {
        case .number, .point, .size, .rect, .color: .linear
        case .transform: .decomposedTransform
        case .path, .numbers, .colors, .filters, .cells: .elementwise
        case .bool, .gravity, .filter, .bitmap, .string, .keyword, .corners: .discrete
        }
    }
}

extension LayerKeyPath {
    /// How values at this path interpolate: the property table's rule for a whole property; a
    /// component (a number, point or size of a larger value; a filter's colour matrix) by its type's rule.
    @inlinable
    public var interpolation: Interpolation {
        component == nil ? key.descriptor.interpolation : .default(for: valueType)
    }
}
