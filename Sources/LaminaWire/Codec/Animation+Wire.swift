public import LaminaCore

// Animations: media timing, curve and kind, recursively for groups (`docs/protocol.md`, "Animations").

extension WireWriter {
    /// Appends an animation.
    public mutating func animation(_ a: Animation) {
        timing(a.timing)
        timingFunction(a.timingFunction)
        bool(a.removedOnCompletion)
        switch a.kind {
        case .basic(let b):
            u8(0)
            basic(b)
        case .keyframe(let k):
            u8(1)
            keyPath(k.keyPath)
            array(k.values) { $0.value($1) }
            optional(k.path) { w, path in w.path(path) }
            optional(k.keyTimes) { w, times in w.array(times) { $0.f64($1) } }
            optional(k.timingFunctions) { w, fs in w.array(fs) { $0.timingFunction($1) } }
            u8(UInt8(CalculationMode.allCases.firstIndex(of: k.calculationMode)!))
            array(k.tensionValues) { $0.f64($1) }
            array(k.continuityValues) { $0.f64($1) }
            array(k.biasValues) { $0.f64($1) }
            u8(k.rotationMode.map { UInt8(RotationMode.allCases.firstIndex(of: $0)! + 1) } ?? 0)
            bool(k.additive)
            bool(k.cumulative)
        case .spring(let s):
            u8(2)
            basic(s.basic)
            f64(s.mass)
            f64(s.stiffness)
            f64(s.damping)
            f64(s.initialVelocity)
        case .group(let animations):
            u8(3)
            array(animations) { $0.animation($1) }
        case .transition(let t):
            u8(4)
            u8(UInt8(TransitionType.allCases.firstIndex(of: t.type)!))
            u8(UInt8(TransitionSubtype.allCases.firstIndex(of: t.subtype)!))
            f64(t.startProgress)
            f64(t.endProgress)
        }
    }

    mutating func timing(_ t: MediaTiming) {
        f64(t.beginTime)
        f64(t.duration)
        f64(t.speed)
        f64(t.timeOffset)
        f64(t.repeatCount)
        f64(t.repeatDuration)
        bool(t.autoreverses)
        u8(UInt8(FillMode.allCases.firstIndex(of: t.fillMode)!))
    }

    mutating func timingFunction(_ f: TimingFunction) {
        f64(f.c1.x)
        f64(f.c1.y)
        f64(f.c2.x)
        f64(f.c2.y)
    }

    mutating func basic(_ b: BasicAnimation) {
        keyPath(b.keyPath)
        optional(b.fromValue) { $0.value($1) }
        optional(b.toValue) { $0.value($1) }
        optional(b.byValue) { $0.value($1) }
        bool(b.additive)
        bool(b.cumulative)
    }

    mutating func path(_ p: Path) {
        array(p.elements) { w, element in
            switch element {
            case .move(let to): w.u8(0); w.point(to)
            case .line(let to): w.u8(1); w.point(to)
            case .quadCurve(let to, let c): w.u8(2); w.point(to); w.point(c)
            case .curve(let to, let c1, let c2): w.u8(3); w.point(to); w.point(c1); w.point(c2)
            case .close: w.u8(4)
            }
        }
    }

    mutating func point(_ p: Point) {
        f64(p.x)
        f64(p.y)
    }
}

extension WireReader {
    /// Reads an animation; groups nest at most `WireLimits.maxAnimationDepth` deep.
    public mutating func animation() throws(WireError) -> Animation {
        let timing = try timing()
        let function = try timingFunction()
        let removedOnCompletion = try bool("removedOnCompletion")
        let kindOffset = offset
        let kind: Animation.Kind
        switch try u8("the animation kind") {
        case 0:
            kind = .basic(try basic())
        case 1:
            let path = try keyPath()
            let valueSize = Self.minimumSize(of: path.valueType)
            let values = try array("keyframe values", minimumSize: valueSize) { (r: inout WireReader, _) throws(WireError) in
                try r.value(of: path.valueType)
            }
            let shape = try optional("a keyframe path") { (r: inout WireReader) throws(WireError) in try r.path() }
            if shape != nil, path.valueType != .point {
                throw error("a keyframe path animates points, but \(path) holds a \(path.valueType)")
            }
            let keyTimes = try optional("keyTimes") { (r: inout WireReader) throws(WireError) in try r.numbers("keyTimes") }
            let functions = try optional("timingFunctions") { (r: inout WireReader) throws(WireError) in
                try r.array("timing functions", minimumSize: 32) { (r: inout WireReader, _) throws(WireError) in try r.timingFunction() }
            }
            let mode = try enumeration(CalculationMode.allCases, "calculation mode")
            let tension = try numbers("tensionValues")
            let continuity = try numbers("continuityValues")
            let bias = try numbers("biasValues")
            let rotation = try enumeration([nil] + RotationMode.allCases.map(Optional.some), "rotation mode")
            kind = .keyframe(
                KeyframeAnimation(
                    keyPath: path, values: values, path: shape, keyTimes: keyTimes, timingFunctions: functions,
                    calculationMode: mode, tensionValues: tension, continuityValues: continuity, biasValues: bias,
                    rotationMode: rotation, additive: try bool("additive"), cumulative: try bool("cumulative")))
        case 2:
            let b = try basic()
            kind = .spring(
                SpringAnimation(
                    b, mass: try finite("mass"), stiffness: try finite("stiffness"), damping: try finite("damping"),
                    initialVelocity: try finite("initialVelocity")))
        case 3:
            guard depth < WireLimits.maxAnimationDepth else {
                throw error("animation groups nest deeper than \(WireLimits.maxAnimationDepth)")
            }
            depth += 1
            defer { depth -= 1 }
            // A lower bound on an animation's size: 50 bytes of timing, 32 of curve, 1 + 1 for the flag and kind.
            kind = .group(
                try array("grouped animations", minimumSize: 84) { (r: inout WireReader, _) throws(WireError) in
                    try r.animation()
                })
        case 4:
            kind = .transition(
                Transition(
                    type: try enumeration(TransitionType.allCases, "transition type"),
                    subtype: try enumeration(TransitionSubtype.allCases, "transition subtype"),
                    startProgress: try finite("startProgress"), endProgress: try finite("endProgress")))
        case let other:
            throw WireError(offset: kindOffset, "unknown animation kind \(other) (0...4)")
        }
        return Animation(kind, timing: timing, timingFunction: function, removedOnCompletion: removedOnCompletion)
    }

    mutating func timing() throws(WireError) -> MediaTiming {
        MediaTiming(
            beginTime: try finite("beginTime"), duration: try finite("duration"), speed: try finite("speed"),
            timeOffset: try finite("timeOffset"), repeatCount: try f64("repeatCount"),
            repeatDuration: try f64("repeatDuration"), autoreverses: try bool("autoreverses"),
            fillMode: try enumeration(FillMode.allCases, "fill mode"))
    }

    mutating func timingFunction() throws(WireError) -> TimingFunction {
        TimingFunction(
            controlPoints: try finite("a control point"), try finite("a control point"),
            try finite("a control point"), try finite("a control point"))
    }

    mutating func basic() throws(WireError) -> BasicAnimation {
        let path = try keyPath()
        let type = path.valueType
        return BasicAnimation(
            keyPath: path,
            fromValue: try optional("fromValue") { (r: inout WireReader) throws(WireError) in try r.value(of: type) },
            toValue: try optional("toValue") { (r: inout WireReader) throws(WireError) in try r.value(of: type) },
            byValue: try optional("byValue") { (r: inout WireReader) throws(WireError) in try r.value(of: type) },
            additive: try bool("additive"), cumulative: try bool("cumulative"))
    }

    mutating func numbers(_ what: String) throws(WireError) -> [Double] {
        try array(what, minimumSize: 8) { (r: inout WireReader, _) throws(WireError) in try r.finite(what) }
    }

    mutating func point() throws(WireError) -> Point {
        Point(x: try finite("x"), y: try finite("y"))
    }

    mutating func path(limit: Int = Int(UInt32.max)) throws(WireError) -> Path {
        var path = Path()
        let elements = try array("path elements", minimumSize: 1, limit: limit) { (r: inout WireReader, _) throws(WireError) -> Path.Element in
            let start = r.offset
            switch try r.u8("a path element") {
            case 0: return .move(to: try r.point())
            case 1: return .line(to: try r.point())
            case 2: return .quadCurve(to: try r.point(), control: try r.point())
            case 3: return .curve(to: try r.point(), control1: try r.point(), control2: try r.point())
            case 4: return .close
            case let other: throw WireError(offset: start, "unknown path element \(other) (0...4)")
            }
        }
        for element in elements {
            switch element {
            case .move(let p): path.move(to: p)
            case .line(let p): path.addLine(to: p)
            case .quadCurve(let p, let c): path.addQuadCurve(to: p, control: c)
            case .curve(let p, let c1, let c2): path.addCurve(to: p, control1: c1, control2: c2)
            case .close: path.closeSubpath()
            }
        }
        return path
    }
}
