/// A parsed Core Animation key path into a layer property: the property and, optionally, one component
/// of its value (`position.x`, `bounds.size.width`, `transform.rotation.z`).
///
/// Components of a transform (`transform.rotation.x`, `transform.scale`, `transform.translation.y`)
/// read and write the matrix through its decomposition, as Core Animation's KVC extensions do; the
/// animation engine interpolates such a path as the plain number it is.
///
/// A list of named elements (`filters`, `backgroundFilters`) is reached through an element's name:
/// `filters.frost.blur` is the `blur` radius of the filter named `frost`, as Core Animation names a
/// `CIFilter`'s input by the filter's name; `emitterCells.spark.birthRate` likewise names a field of the
/// emitter cell named `spark`, at any depth. Names hold no dots.
public struct LayerKeyPath: Hashable, Sendable, CustomStringConvertible {
    /// The property.
    public let key: PropertyKey
    /// The component of the property's value, or nil for the whole value.
    public let component: Component?
    /// The name of the list element the component belongs to (`frost` in `filters.frost.blur`), or nil.
    public let element: String?

    /// A component of a property value that a key path can name.
    public enum Component: String, Hashable, Sendable, CaseIterable {
        // Point
        case x, y
        // Size
        case width, height
        // Rect
        case origin, size
        case originX = "origin.x", originY = "origin.y", sizeWidth = "size.width", sizeHeight = "size.height"
        // Transform
        case rotation, rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
        case scale, scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
        case translation, translationX = "translation.x", translationY = "translation.y"
        case translationZ = "translation.z"
        // A filter's parameter (`filters.NAME.blur`)
        case blur, saturation, brightness, contrast, colorMatrix
        // An emitter cell's field (`emitterCells.NAME.birthRate`; `scale` is the transform's name too)
        case birthRate, lifetime, lifetimeRange, velocity, velocityRange, xAcceleration, yAcceleration, zAcceleration
        case emissionLatitude, emissionLongitude, emissionRange, spin, spinRange, scaleRange, scaleSpeed
        case alphaSpeed, redSpeed, greenSpeed, blueSpeed, redRange, greenRange, blueRange, alphaRange
        case beginTime, duration, contentsScale, color

        /// The emitter cell field the component names, if any.
        var cellField: EmitterCell.Field? { EmitterCell.Field(rawValue: rawValue) }

        /// The type of value the component of a value of type `owner` holds, or nil if it has none.
        func type(in owner: PropertyType) -> PropertyType? {
            switch (owner, self) {
            case (.point, .x), (.point, .y), (.size, .width), (.size, .height): .number
            case (.rect, .origin): .point
            case (.rect, .size): .size
            case (.rect, .originX), (.rect, .originY), (.rect, .sizeWidth), (.rect, .sizeHeight): .number
            case (.transform, .translation): .size
            case (.transform, .rotation), (.transform, .rotationX), (.transform, .rotationY),
                (.transform, .rotationZ), (.transform, .scale), (.transform, .scaleX), (.transform, .scaleY),
                (.transform, .scaleZ), (.transform, .translationX), (.transform, .translationY),
                (.transform, .translationZ):
                .number
            case (.filters, .blur), (.filters, .saturation), (.filters, .brightness), (.filters, .contrast): .number
            case (.filters, .colorMatrix): .numbers
            case (.cells, .color): .color
            case (.cells, _) where cellField != nil: .number
            default: nil
            }
        }
    }

    /// Creates a whole-property path.
    public init(_ key: PropertyKey) {
        self.key = key
        self.component = nil
        self.element = nil
    }

    /// Creates the path to the parameter `component` of the filter named `element` in `key`'s list.
    public init(_ key: PropertyKey, element: String, _ component: Component) throws(PropertyError) {
        let path = "\(key.name).\(element).\(component.rawValue)"
        let type = key.descriptor.type
        guard type == .filters || type == .cells, component.type(in: type) != nil, !element.isEmpty, !element.contains(".")
        else { throw .unknownKey(path) }
        self.key = key
        self.element = element
        self.component = component
    }

    /// Parses a dotted key path; throws `unknownKey` naming the whole path when any part is unknown.
    public init(_ path: String) throws(PropertyError) {
        let parts = path.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let key = PropertyKey(name: parts[0]) else { throw .unknownKey(path) }
        if parts.count == 2, key.descriptor.type == .filters || key.descriptor.type == .cells {
            let rest = parts[1].split(separator: ".", omittingEmptySubsequences: false)
            guard rest.count == 2, let component = Component(rawValue: String(rest[1])) else { throw .unknownKey(path) }
            self = try Self(key, element: String(rest[0]), component)
            return
        }
        self.key = key
        self.element = nil
        if parts.count == 1 {
            self.component = nil
        } else {
            guard let component = Component(rawValue: String(parts[1])),
                component.type(in: key.descriptor.type) != nil
            else { throw .unknownKey(path) }
            self.component = component
        }
    }

    /// The type of value the path reads and writes.
    public var valueType: PropertyType {
        guard let component else { return key.descriptor.type }
        return component.type(in: key.descriptor.type)!
    }

    /// The dotted form.
    public var description: String {
        guard let component else { return key.name }
        if let element { return "\(key.name).\(element).\(component.rawValue)" }
        return "\(key.name).\(component.rawValue)"
    }

    /// `value` as a key path reads it back to people: a keyword property's choice by its name
    /// (`.string("removed")` for `fillMode`), as Core Animation's string-valued keywords read; any other
    /// value as it is. What `value(forKeyPath:)` returns, in LaminaCore and in the client library.
    public func named(_ value: PropertyValue) -> PropertyValue {
        guard component == nil, case .keyword(let index) = value, let name = key.descriptor.choiceName(index) else { return value }
        return .string(name)
    }

    /// `value` as the path stores it: a keyword property given its choice's name (`"both"`, as Core
    /// Animation's `setValue(_:forKeyPath:)` takes) becomes the choice's index; a name the property
    /// lacks is refused naming the choices. Any other value is returned as it is.
    public func unnamed(_ value: PropertyValue) throws(PropertyError) -> PropertyValue {
        guard component == nil, key.descriptor.type == .keyword, case .string(let name) = value else { return value }
        guard let index = key.descriptor.choices.firstIndex(of: name) else {
            throw .unknownChoiceName(key: description, name: name, choices: key.descriptor.choices)
        }
        return .keyword(UInt8(index))
    }

    /// The path's value within `value`, a value of the property.
    public func read(from value: PropertyValue) -> PropertyValue {
        guard let component else { return value }
        switch (value, component) {
        case (.point(let p), .x): return .number(p.x)
        case (.point(let p), .y): return .number(p.y)
        case (.size(let s), .width): return .number(s.width)
        case (.size(let s), .height): return .number(s.height)
        case (.rect(let r), .origin): return .point(r.origin)
        case (.rect(let r), .size): return .size(r.size)
        case (.rect(let r), .originX): return .number(r.origin.x)
        case (.rect(let r), .originY): return .number(r.origin.y)
        case (.rect(let r), .sizeWidth): return .number(r.size.width)
        case (.rect(let r), .sizeHeight): return .number(r.size.height)
        case (.transform(let t), _): return TransformComponents(t).read(component)
        case (.filters(let list), _):
            // A filter the list lacks reads as its kind's identity, so an animation can start from it.
            if let filter = list.first(where: { $0.name == element && $0.kindName == component.rawValue }) {
                return component == .colorMatrix ? .numbers(filter.numbers) : .number(filter.numbers[0])
            }
            return component == .colorMatrix ? .numbers(LayerFilter.identityMatrix) : .number(component == .blur || component == .brightness ? 0 : 1)
        case (.cells(let cells), _):
            // A cell the list lacks reads as Core Animation's defaults.
            let cell = element.flatMap { EmitterCell.path(to: $0, in: cells) }.map { EmitterCell.cell(at: $0, in: cells) } ?? EmitterCell()
            if component == .color { return .color(cell.color) }
            return .number(cell[component.cellField!])
        default: return value
        }
    }

    /// `value` (a value of the property) with the path's part replaced by `new`, which must lie in
    /// the property's domain (`PropertyDescriptor.domain`).
    public func write(_ new: PropertyValue, into value: PropertyValue) throws(PropertyError) -> PropertyValue {
        guard new.type == valueType else {
            throw .typeMismatch(key: description, expected: valueType, got: new.type)
        }
        let infiniteAllowed = component == nil && LayerProperties.table[Int(key.rawValue)].domain.allowsInfinity
        guard new.isFinite || infiniteAllowed else { throw .notFinite(key: description) }
        guard let component else {
            let descriptor = LayerProperties.table[Int(key.rawValue)]
            guard descriptor.domain.contains(new) else {
                throw .outOfDomain(key: description, domain: descriptor.domain, value: new)
            }
            if let excess = PropertyLimits.excess(of: new) { throw .tooLarge(key: description, excess: excess) }
            if case .keyword(let index) = new, descriptor.choiceName(index) == nil {
                throw .unknownChoice(key: description, index: Int(index), choices: descriptor.choices)
            }
            return new
        }
        switch (value, component, new) {
        case (.point(var p), .x, .number(let n)): p.x = n; return .point(p)
        case (.point(var p), .y, .number(let n)): p.y = n; return .point(p)
        case (.size(var s), .width, .number(let n)): s.width = n; return .size(s)
        case (.size(var s), .height, .number(let n)): s.height = n; return .size(s)
        case (.rect(var r), .origin, .point(let p)): r.origin = p; return .rect(r)
        case (.rect(var r), .size, .size(let s)): r.size = s; return .rect(r)
        case (.rect(var r), .originX, .number(let n)): r.origin.x = n; return .rect(r)
        case (.rect(var r), .originY, .number(let n)): r.origin.y = n; return .rect(r)
        case (.rect(var r), .sizeWidth, .number(let n)): r.size.width = n; return .rect(r)
        case (.rect(var r), .sizeHeight, .number(let n)): r.size.height = n; return .rect(r)
        case (.transform(let t), _, _):
            // Finite components can still make an infinite matrix (a scale of 1e300 on one of 1e300).
            let result = PropertyValue.transform(TransformComponents.writing(component, new, into: t))
            guard result.isFinite else { throw .notFinite(key: description) }
            return result
        case (.filters(var list), _, _):
            guard let index = list.firstIndex(where: { $0.name == element && $0.kindName == component.rawValue }) else {
                throw .unknownKey(description)
            }
            let numbers: [Double]
            switch new {
            case .number(let n): numbers = [n]
            case .numbers(let m): numbers = m
            default: throw .typeMismatch(key: description, expected: valueType, got: new.type)
            }
            guard numbers.count == list[index].numbers.count else { throw .tooLarge(key: description, excess: "a colorMatrix of other than 20 numbers") }
            list[index] = list[index].with(numbers: numbers)
            let result = PropertyValue.filters(list)
            if let excess = PropertyLimits.excess(of: result) { throw .tooLarge(key: description, excess: excess) }
            return result
        case (.cells(let cells), _, _):
            guard let element, let path = EmitterCell.path(to: element, in: cells) else { throw .unknownKey(description) }
            let updated: [EmitterCell]
            switch (component, new) {
            case (.color, .color(let c)): updated = EmitterCell.updating(cells, at: path) { $0.color = c }
            case (_, .number(let n)): updated = EmitterCell.updating(cells, at: path) { $0[component.cellField!] = n }
            default: throw .typeMismatch(key: description, expected: valueType, got: new.type)
            }
            let result = PropertyValue.cells(updated)
            if let excess = PropertyLimits.excess(of: result) { throw .tooLarge(key: description, excess: excess) }
            return result
        default:
            throw .typeMismatch(key: description, expected: valueType, got: new.type)
        }
    }
}
