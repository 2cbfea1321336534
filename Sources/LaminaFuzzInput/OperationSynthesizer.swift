public import LaminaCore

/// Builds the operations of transactions from fuzzer bytes: what a client could send that decodes,
/// with numbers at the edges of their domains, key paths from the property table, every animation
/// kind, and handles from a small range so that edits meet the layers earlier ones made.
///
/// Structure-aware fuzzing: mutating raw wire bytes rarely gets past the decoder to the tree, the
/// animation engine and the renderer; this makes almost every input reach them.
public struct OperationSynthesizer {
    /// Every key path the table allows: each property, and each component of it.
    public static let keyPaths: [LayerKeyPath] = PropertyKey.allCases.flatMap { key -> [LayerKeyPath] in
        [LayerKeyPath(key)] + LayerKeyPath.Component.allCases.compactMap { component in
            try? LayerKeyPath("\(key.descriptor.name).\(component.rawValue)")
        }
    }

    /// The operations of one transaction (1 to about 24), read from `input`.
    public static func operations(_ input: inout FuzzInput) -> [LayerOperation] {
        (0...input.count(small: 23)).map { _ in operation(&input) }
    }

    static func handle(_ input: inout FuzzInput) -> LayerHandle {
        LayerHandle(input.oneIn(64) ? input.u64() : UInt64(input.below(12) + 1))
    }

    static func operation(_ input: inout FuzzInput) -> LayerOperation {
        let h = handle(&input)
        switch input.below(16) {
        case 0, 1, 2:
            return .create(
                h, name: input.oneIn(4) ? String(repeating: "n", count: input.count(small: 8)) : nil,
                kind: input.oneIn(2) ? .layer : input.pick(LayerKind.allCases))
        case 3: return .destroy(h)
        case 4, 5, 6, 7:
            // The wire types a value by its key path, so a wrongly typed one cannot be sent (raw inputs
            // reach the decoder's refusal of one).
            let path = input.pick(keyPaths)
            return .set(h, path, value(of: path.valueType, &input))
        case 8, 9:
            let parent: LayerHandle? = input.oneIn(3) ? nil : handle(&input)
            let index: Int? = input.oneIn(2) ? nil : (input.oneIn(8) ? Int(UInt32(truncatingIfNeeded: input.u64())) : input.below(4))
            return .insertSublayer(h, into: parent, at: index)
        case 10: return .removeFromSuperlayer(h)
        case 11: return .setMask(h, mask: input.oneIn(3) ? nil : handle(&input))
        case 12, 13, 14: return .addAnimation(h, animation(&input, depth: 0), key: input.oneIn(3) ? nil : input.pick(["a", "b", "c"]))
        case 15 where input.oneIn(4):
            return .setName(h, name: input.oneIn(3) ? nil : String(repeating: "m", count: input.count(small: 8)))
        default: return input.oneIn(2) ? .removeAnimation(h, key: input.pick(["a", "b", "c"])) : .removeAllAnimations(h)
        }
    }

    /// A value of `type`.
    public static func value(of type: PropertyType, _ input: inout FuzzInput) -> PropertyValue {
        switch type {
        case .number: return .number(input.double())
        case .point: return .point(Point(x: input.double(), y: input.double()))
        case .size: return .size(Size(width: input.double(), height: input.double()))
        case .rect: return .rect(Rect(x: input.double(), y: input.double(), width: input.double(), height: input.double()))
        case .color: return .color(Color(red: input.double(), green: input.double(), blue: input.double(), alpha: input.double()))
        case .transform: return .transform(transform(&input))
        case .bool: return .bool(input.oneIn(2))
        case .gravity: return .gravity(input.pick(ContentsGravity.allCases))
        case .filter: return .filter(input.pick(ContentsFilter.allCases))
        case .bitmap: return .bitmap(input.oneIn(4) ? nil : BitmapID(UInt64(input.below(4) + 1)))
        case .path: return .path(path(&input))
        case .numbers: return .numbers((0..<input.count(small: 6)).map { _ in input.double() })
        case .colors:
            return .colors((0..<input.count(small: 6)).map { _ in
                Color(red: input.double(), green: input.double(), blue: input.double(), alpha: input.double())
            })
        case .string:
            return .string(input.pick(["", "Hello", "汉字 and English", "שלום עולם", String(repeating: "long words ", count: input.count(small: 200))]))
        case .keyword: return .keyword(UInt8(input.below(7)))
        case .corners: return .corners(CornerMask(rawValue: UInt8(input.below(16))))
        case .cells:
            return .cells(cells(&input, depth: 1))
        case .filters:
            return .filters((0..<input.count(small: 10)).map { _ in
                let name = input.oneIn(2) ? nil : input.pick(["a", "b", "frost", "a.b"])
                switch input.below(5) {
                case 0: return LayerFilter(name: name, .blur(radius: input.double()))
                case 1: return LayerFilter(name: name, .colorMatrix((0..<20).map { _ in input.double() }))
                case 2: return LayerFilter(name: name, .saturation(input.double()))
                case 3: return LayerFilter(name: name, .brightness(input.double()))
                default: return LayerFilter(name: name, .contrast(input.double()))
                }
            })
        }
    }

    /// Up to three emitter cells with numbers from the edges of the domain, nested up to five deep (one
    /// past the limit), with and without contents.
    static func cells(_ input: inout FuzzInput, depth: Int) -> [EmitterCell] {
        guard depth <= 5 else { return [] }
        return (0..<input.count(small: 3)).map { _ in
            var cell = EmitterCell(name: input.oneIn(2) ? nil : input.pick(["spark", "smoke", "a.b", ""]))
            cell.isEnabled = !input.oneIn(8)
            cell.contents = input.oneIn(3) ? nil : BitmapID(UInt64(input.below(4) + 1))
            for field in EmitterCell.Field.allCases where input.oneIn(2) { cell[field] = input.double() }
            if input.oneIn(3) { cell.emitterCells = cells(&input, depth: depth + 1) }
            return cell
        }
    }

    /// A path of up to about 24 elements, with coordinates from the edges of the domain.
    static func path(_ input: inout FuzzInput) -> Path {
        var path = Path()
        for _ in 0..<input.count(small: 24) {
            let p = Point(x: input.double(), y: input.double())
            switch input.below(5) {
            case 0: path.move(to: p)
            case 1: path.addLine(to: p)
            case 2: path.addQuadCurve(to: p, control: Point(x: input.double(), y: input.double()))
            case 3: path.addCurve(to: p, control1: Point(x: input.double(), y: input.double()), control2: Point(x: input.double(), y: input.double()))
            default: path.closeSubpath()
            }
        }
        return path
    }

    static func transform(_ input: inout FuzzInput) -> Transform3D {
        switch input.below(4) {
        case 0: return Transform3D(rotationAngle: input.double(), x: input.double(), y: input.double(), z: input.double())
        case 1: return Transform3D(scaleX: input.double(), y: input.double(), z: input.double())
        case 2:
            let perspective = Transform3D(elements: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, input.double(), 0, 0, 0, 1])!
            return perspective.concatenating(Transform3D(rotationAngle: input.double(), x: 0, y: 1, z: 0))
        default: return Transform3D(elements: (0..<16).map { _ in input.double() })!
        }
    }

    static func timing(_ input: inout FuzzInput) -> MediaTiming {
        func maybe(_ ordinary: Double) -> Double { input.oneIn(2) ? ordinary : input.double() }
        return MediaTiming(
            beginTime: maybe(0), duration: maybe(1), speed: maybe(1), timeOffset: maybe(0), repeatCount: maybe(0),
            repeatDuration: maybe(0), autoreverses: input.oneIn(2), fillMode: input.pick(FillMode.allCases))
    }

    static func curve(_ input: inout FuzzInput) -> TimingFunction {
        input.oneIn(2)
            ? input.pick([.linear, .easeIn, .easeOut, .easeInEaseOut, .default])
            : TimingFunction(controlPoints: input.double(), input.double(), input.double(), input.double())
    }

    /// Any kind of animation; groups nest up to three levels.
    public static func animation(_ input: inout FuzzInput, depth: Int) -> Animation {
        let path = input.pick(keyPaths)
        let kind: Animation.Kind
        switch input.below(depth < 3 ? 6 : 5) {
        case 0, 1:
            kind = .basic(basic(path, &input))
        case 2:
            kind = .keyframe(keyframes(path, &input))
        case 3:
            kind = .spring(SpringAnimation(basic(path, &input), mass: input.double(), stiffness: input.double(), damping: input.double(), initialVelocity: input.double()))
        case 4:
            kind = .transition(Transition(
                type: input.pick(TransitionType.allCases), subtype: input.pick(TransitionSubtype.allCases),
                startProgress: input.double(), endProgress: input.double()))
        default:
            kind = .group((0..<input.count(small: 3)).map { _ in animation(&input, depth: depth + 1) })
        }
        return Animation(kind, timing: timing(&input), timingFunction: curve(&input), removedOnCompletion: input.oneIn(2))
    }

    static func basic(_ path: LayerKeyPath, _ input: inout FuzzInput) -> BasicAnimation {
        func maybeValue() -> PropertyValue? { input.oneIn(2) ? nil : value(of: path.valueType, &input) }
        return BasicAnimation(
            keyPath: path, fromValue: maybeValue(), toValue: maybeValue(), byValue: maybeValue(), additive: input.oneIn(2),
            cumulative: input.oneIn(2))
    }

    static func keyframes(_ path: LayerKeyPath, _ input: inout FuzzInput) -> KeyframeAnimation {
        let count = input.count(small: 6)
        // Large counts repeat a few values, so an input stays small.
        let seed = (0..<Swift.min(count, 8)).map { _ in value(of: path.valueType, &input) }
        let values = seed.isEmpty ? [] : (0..<count).map { seed[$0 % seed.count] }
        var shape: Path?
        if path.valueType == .point, input.oneIn(2) {
            var p = Path()
            let points = (0..<4).map { _ in Point(x: input.double(), y: input.double()) }
            for i in 0..<input.count(small: 6) {
                switch (i + input.below(4)) % 4 {
                case 0: p.move(to: points[i % 4])
                case 1: p.addLine(to: points[(i + 1) % 4])
                case 2: p.addCurve(to: points[i % 4], control1: points[(i + 1) % 4], control2: points[(i + 2) % 4])
                default: p.closeSubpath()
                }
            }
            shape = p
        }
        let keyTimes: [Double]? = input.oneIn(2) ? nil : (0..<(count + input.below(2))).map { _ in input.double() }
        let functions: [TimingFunction]? = input.oneIn(2) ? nil : (0..<Swift.max(count - 1, 0)).map { _ in curve(&input) }
        return KeyframeAnimation(
            keyPath: path, values: values, path: shape, keyTimes: keyTimes, timingFunctions: functions,
            calculationMode: input.pick(CalculationMode.allCases),
            tensionValues: input.oneIn(2) ? [] : [input.double(), input.double()],
            continuityValues: input.oneIn(2) ? [] : [input.double()], biasValues: input.oneIn(2) ? [] : [input.double()],
            rotationMode: input.oneIn(2) ? nil : input.pick(RotationMode.allCases), additive: input.oneIn(2),
            cumulative: input.oneIn(2))
    }
}
