package import LaminaCore
package import LaminaFuzzInput

/// Random scenes and random frame-to-frame changes for the invariant suite: trees of every layer kind
/// with the properties that shape the render list (contents, corners, borders, clips, masks, shadows,
/// filters, backdrops, blend modes, rasterized and automatically cached subtrees, 3D), then frames of
/// the edits clients make (a property, an animation, a repainted or replaced bitmap, a change of the
/// hierarchy), each seeded so that a failure replays.
package struct RandomScene {
    /// The generator the scene draws from (SplitMix64: `LaminaFuzzInput.SeededGenerator`).
    package typealias Generator = SeededGenerator

    package var rng: Generator
    /// The layers made so far (handles), and the next handle.
    package private(set) var layers: [UInt64] = []
    private var next: UInt64 = 1
    /// The bitmaps the harness holds, with their sizes.
    package private(set) var bitmaps: [(id: BitmapID, width: Int, height: Int, opaque: Bool)] = []
    /// Whether emitters are made (their particles change every frame, which no retained path keeps).
    private var emitters = true
    /// The root of a subtree of many leaves that moves as a whole (cached automatically).
    package private(set) var movingGroup: UInt64?

    package init(seed: UInt64) { rng = Generator(seed: seed) }

    private mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    private mutating func number(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
    private mutating func color(opaque: Bool = false) -> Color {
        Color(red: number(0...1), green: number(0...1), blue: number(0...1), alpha: opaque ? 1 : [1, 1, 0.6, 0.3].randomElement(using: &rng)!)
    }
    private func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation {
        .set(LayerHandle(h), LayerKeyPath(key), value)
    }

    // MARK: Bitmaps

    /// A new bitmap to register: its id, size and whether its texels are all opaque.
    package mutating func newBitmap() -> (id: BitmapID, width: Int, height: Int, opaque: Bool) {
        let bitmap = (BitmapID(UInt64(bitmaps.count + 1)), Int.random(in: 1...40, using: &rng), Int.random(in: 1...40, using: &rng), chance(0.5))
        bitmaps.append(bitmap)
        return bitmap
    }

    /// A held bitmap given a new size (a new texture replaces the old).
    package mutating func resizedBitmap() -> (id: BitmapID, width: Int, height: Int, opaque: Bool)? {
        guard !bitmaps.isEmpty else { return nil }
        let index = Int.random(in: 0..<bitmaps.count, using: &rng)
        bitmaps[index].width = Int.random(in: 1...40, using: &rng)
        bitmaps[index].height = Int.random(in: 1...40, using: &rng)
        return bitmaps[index]
    }

    /// A held bitmap to repaint in place.
    package mutating func someBitmap() -> BitmapID? { bitmaps.randomElement(using: &rng)?.id }

    // MARK: Layers

    /// The operations that make a scene of about `count` layers: mostly plain layers, some of every
    /// other kind, some nested, and one subtree of `movingLeaves` leaves under a layer that moves.
    package mutating func scene(count: Int, movingLeaves: Int = 20, emitters: Bool = true) -> [LayerOperation] {
        self.emitters = emitters
        var ops: [LayerOperation] = []
        for _ in 0..<count {
            let parent = layers.isEmpty || chance(0.6) ? nil : layers.randomElement(using: &rng)
            ops += makeLayer(under: parent)
        }
        if movingLeaves > 0 {
            let group = next
            ops += makeLayer(under: nil, kind: .layer, plain: true)
            ops.append(set(group, .bounds, .rect(Rect(x: 0, y: 0, width: 40, height: 30))))
            for _ in 0..<movingLeaves {
                let leaf = next
                ops += makeLayer(under: group, kind: .layer, plain: true)
                if let bitmap = bitmaps.randomElement(using: &rng), chance(0.3) { ops.append(set(leaf, .contents, .bitmap(bitmap.id))) }
            }
            movingGroup = group
        }
        return ops
    }

    /// One new layer of `kind` (random when nil) under `parent` (a root when nil); `plain` keeps to
    /// colours and placement.
    package mutating func makeLayer(under parent: UInt64?, kind: LayerKind? = nil, plain: Bool = false) -> [LayerOperation] {
        let h = next
        next += 1
        let kind =
            kind
            ?? (emitters && chance(0.02)
                ? .emitter
                : [LayerKind.layer, .layer, .layer, .layer, .layer, .shape, .gradient, .text, .replicator, .scroll, .transform, .tiled, .gl]
                    .randomElement(using: &rng)!)
        var ops: [LayerOperation] = [
            .create(LayerHandle(h), name: nil, kind: kind),
            set(h, .bounds, .rect(Rect(x: 0, y: 0, width: number(2...36), height: number(2...30)))),
            set(h, .position, .point(Point(x: number(-6...100), y: number(-6...76)))),
        ]
        if chance(0.8) { ops.append(set(h, .backgroundColor, .color(color(opaque: chance(0.5))))) }
        if !plain {
            ops += decorations(h, kind: kind)
        }
        ops.append(.insertSublayer(LayerHandle(h), into: parent.map(LayerHandle.init), at: nil))
        layers.append(h)
        return ops
    }

    private mutating func decorations(_ h: UInt64, kind: LayerKind) -> [LayerOperation] {
        var ops: [LayerOperation] = []
        if let bitmap = bitmaps.randomElement(using: &rng), chance(0.4) {
            ops.append(set(h, .contents, .bitmap(bitmap.id)))
            if chance(0.3) { ops.append(set(h, .contentsRect, .rect(Rect(x: number(0...0.5), y: number(0...0.5), width: number(0.2...1), height: number(0.2...1))))) }
            if chance(0.3) { ops.append(set(h, .contentsGravity, .gravity(ContentsGravity.allCases.randomElement(using: &rng)!))) }
            if chance(0.2) { ops.append(set(h, .minificationFilter, .filter(.trilinear))) }
            if chance(0.2) { ops.append(set(h, .contentsCenter, .rect(Rect(x: 0.3, y: 0.3, width: 0.4, height: 0.4)))) }
        }
        if chance(0.2) {
            ops.append(set(h, .borderWidth, .number(number(0.5...3))))
            ops.append(set(h, .borderColor, .color(color())))
        }
        if chance(0.2) { ops.append(set(h, .cornerRadius, .number(number(1...6)))) }
        if chance(0.15) { ops.append(set(h, .masksToBounds, .bool(true))) }
        if chance(0.15) { ops.append(set(h, .transform, .transform(Transform3D(rotationAngle: number(-1...1), x: 0, y: 0, z: 1)))) }
        if chance(0.05) {
            var t = Transform3D.identity
            t.row3.w = -1 / 200
            ops.append(set(h, .sublayerTransform, .transform(t)))
        }
        if chance(0.2) { ops.append(set(h, .opacity, .number(number(0.3...1)))) }
        if chance(0.08) {
            ops.append(set(h, .shadowOpacity, .number(0.8)))
            ops.append(set(h, .shadowRadius, .number(number(0...4))))
            ops.append(set(h, .shadowOffset, .size(Size(width: number(-3...3), height: number(-3...3)))))
            if chance(0.4) { ops.append(set(h, .shadowPath, .path(Path(rect: Rect(x: 0, y: 0, width: 10, height: 8))))) }
        }
        if chance(0.05) { ops.append(set(h, .filters, .filters([LayerFilter(.blur(radius: number(0.5...3)))]))) }
        if chance(0.03) { ops.append(set(h, .backgroundFilters, .filters([LayerFilter(.blur(radius: 2))]))) }
        if chance(0.04) { ops.append(set(h, .compositingFilter, .keyword(BlendMode.multiply.rawValue))) }
        if chance(0.05) { ops.append(set(h, .shouldRasterize, .bool(true))) }
        if chance(0.1) { ops.append(set(h, .zPosition, .number(number(-2...2)))) }
        if chance(0.04) { ops.append(set(h, .hidden, .bool(true))) }
        if chance(0.05) {
            // A mask is a layer of its own, outside the hierarchy.
            let mask = next
            next += 1
            ops += [
                .create(LayerHandle(mask), name: nil, kind: .layer),
                set(mask, .bounds, .rect(Rect(x: 0, y: 0, width: number(2...30), height: number(2...30)))),
                set(mask, .position, .point(Point(x: number(0...20), y: number(0...20)))),
                set(mask, .backgroundColor, .color(color())),
                set(mask, .cornerRadius, .number(number(0...5))),
                .setMask(LayerHandle(h), mask: LayerHandle(mask)),
            ]
        }
        switch kind {
        case .shape:
            let box = Rect(x: number(-5...10), y: number(-5...10), width: number(2...30), height: number(2...30))
            ops.append(set(h, .path, .path(chance(0.5) ? Path(ellipseIn: box) : Path(rect: box))))
            ops.append(set(h, .fillColor, .color(chance(0.7) ? color() : .clear)))
            ops.append(set(h, .strokeColor, .color(color())))
            ops.append(set(h, .lineWidth, .number(number(0.5...4))))
            if chance(0.3) { ops.append(set(h, .strokeEnd, .number(number(0.3...1)))) }
        case .gradient:
            ops.append(set(h, .colors, .colors((0..<Int.random(in: 1...3, using: &rng)).map { _ in color() })))
            ops.append(set(h, .gradientType, .keyword(UInt8.random(in: 0...2, using: &rng))))
        case .text:
            ops.append(set(h, .string, .string(["Lamina", "CA text", "12:45"].randomElement(using: &rng)!)))
            ops.append(set(h, .fontSize, .number(number(6...14))))
            ops.append(set(h, .foregroundColor, .color(color())))
        case .replicator:
            ops.append(set(h, .instanceCount, .number(Double(Int.random(in: 1...4, using: &rng)))))
            ops.append(set(h, .instanceTransform, .transform(Transform3D(translationX: number(2...10), y: 0, z: 0))))
            if chance(0.3) { ops.append(set(h, .instanceAlphaOffset, .number(-0.2))) }
        case .transform:
            ops.append(set(h, .transform, .transform(Transform3D(rotationAngle: number(-0.8...0.8), x: 0, y: 1, z: 0))))
        case .emitter:
            var cell = EmitterCell()
            cell[.birthRate] = number(5...30)
            cell[.lifetime] = number(0.2...1)
            cell[.velocity] = number(5...30)
            cell[.emissionRange] = 3
            cell.contents = bitmaps.randomElement(using: &rng)?.id
            ops.append(set(h, .emitterCells, .cells([cell])))
            ops.append(set(h, .emitterPosition, .point(Point(x: number(0...20), y: number(0...20)))))
        case .tiled:
            ops.append(set(h, .tileSize, .size(Size(width: number(4...40).rounded(), height: number(4...40).rounded()))))
            ops.append(set(h, .levelsOfDetail, .number(Double(Int.random(in: 1...3, using: &rng)))))
            ops.append(set(h, .levelsOfDetailBias, .number(Double(Int.random(in: 0...2, using: &rng)))))
        case .gl:
            // A GL layer shows its latest frame as contents; `repaint` changes play its new frames.
            if let frame = bitmaps.randomElement(using: &rng) { ops.append(set(h, .contents, .bitmap(frame.id))) }
        case .layer, .scroll: break
        }
        return ops
    }

    // MARK: Changes

    /// What a frame changes: the operations of one transaction (maybe none), and whether a bitmap is
    /// repainted, replaced or new.
    package enum Change {
        case operations([LayerOperation])
        /// New pixels for a held bitmap: inside `region` only (texels), or every one when nil.
        case repaint(BitmapID, region: PixelRegion?)
        case upload(id: BitmapID, width: Int, height: Int, opaque: Bool)
    }

    /// The changes of one frame at `time`: mostly a property or an animation of a layer or two,
    /// sometimes a bitmap, sometimes the hierarchy; the moving subtree's root keeps moving.
    package mutating func changes(at time: Double) -> [Change] {
        var changes: [Change] = []
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            changes += change(at: time)
        }
        // The moving subtree: its root moves every frame; nothing inside changes, mostly.
        if let group = movingGroup, layers.contains(group) {
            changes.append(.operations([set(group, .position, .point(Point(x: 30 + 20 * (time * 3).truncatingRemainder(dividingBy: 1), y: 30 + time)))]))
        }
        return changes
    }

    /// The changes of one frame in which only leaves move, turn, fade or change colour, written or
    /// animated: what the leaf patch rewrites in place.
    package mutating func leafChanges(at time: Double) -> [Change] {
        var changes: [Change] = []
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            guard let h = layers.randomElement(using: &rng) else { break }
            let timing = MediaTiming(beginTime: time, duration: number(0.05...0.3))
            let operation: LayerOperation
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: operation = set(h, .position, .point(Point(x: number(-6...100), y: number(-6...76))))
            case 1: operation = set(h, .opacity, .number(number(0.2...1)))
            case 2: operation = set(h, .backgroundColor, .color(color(opaque: chance(0.5))))
            case 3: operation = .addAnimation(LayerHandle(h), .basic(LayerKeyPath(.opacity), from: .number(1), to: .number(0.3), timing: timing), key: "o")
            case 4: operation = .addAnimation(LayerHandle(h), .basic(LayerKeyPath(.backgroundColor), to: .color(color()), timing: timing), key: "c")
            case 5: operation = .addAnimation(LayerHandle(h), .basic(LayerKeyPath(.borderColor), to: .color(color()), timing: timing), key: "b")
            case 6:
                operation = .addAnimation(
                    LayerHandle(h), .basic(LayerKeyPath(.position), by: .point(Point(x: number(-8...8), y: number(-8...8))), timing: timing),
                    key: "p")
            default: operation = .addAnimation(LayerHandle(h), .basic(try! LayerKeyPath("transform.rotation.z"), by: .number(number(-1...1)), timing: timing), key: "t")
            }
            changes.append(.operations([operation]))
        }
        return changes
    }

    /// One random change of a random layer.
    private mutating func change(at time: Double) -> [Change] {
        var changes: [Change] = []
        do {
            guard let h = layers.randomElement(using: &rng) else { return [] }
            let timing = MediaTiming(beginTime: time, duration: number(0.05...0.4))
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<12: changes.append(.operations([set(h, .position, .point(Point(x: number(-6...100), y: number(-6...76))))]))
            case 12..<20: changes.append(.operations([set(h, .backgroundColor, .color(color(opaque: chance(0.5))))]))
            case 20..<26: changes.append(.operations([set(h, .opacity, .number([1, 0.5, 0].randomElement(using: &rng)!))]))
            case 26..<32:
                changes.append(.operations([set(h, .transform, .transform(Transform3D(rotationAngle: number(-1...1), x: 0, y: 0, z: 1)))]))
            case 32..<38: changes.append(.operations([set(h, .bounds, .rect(Rect(x: 0, y: 0, width: number(2...36), height: number(2...30))))]))
            case 38..<42: changes.append(.operations([set(h, .cornerRadius, .number(number(0...6)))]))
            case 42..<46:
                changes.append(.operations([set(h, .contentsRect, .rect(Rect(x: number(0...0.5), y: number(0...0.5), width: number(0.2...1), height: number(0.2...1))))]))
            case 46..<50: changes.append(.operations([set(h, .zPosition, .number(number(-2...2)))]))
            case 50..<54: changes.append(.operations([set(h, .hidden, .bool(chance(0.5)))]))
            case 54..<56: changes.append(.operations([set(h, .borderColor, .color(color()))]))
            case 56..<58:
                changes.append(.operations([chance(0.5) ? set(h, .shadowColor, .color(color())) : set(h, .shadowOpacity, .number(number(0...1)))]))
            case 58..<72:
                let animation: Animation
                switch Int.random(in: 0..<8, using: &rng) {
                case 0: animation = .basic(LayerKeyPath(.position), by: .point(Point(x: number(-10...10), y: number(-10...10))), timing: timing)
                case 1: animation = .basic(LayerKeyPath(.opacity), from: .number(1), to: .number(0.2), timing: timing)
                case 2: animation = .basic(try! LayerKeyPath("transform.rotation.z"), by: .number(number(-2...2)), timing: timing)
                case 3: animation = .basic(LayerKeyPath(.backgroundColor), to: .color(color()), timing: timing)
                case 4: animation = .basic(LayerKeyPath(.bounds), to: .rect(Rect(x: 0, y: 0, width: number(2...30), height: number(2...30))), timing: timing)
                case 5: animation = .basic(LayerKeyPath(.cornerRadius), from: .number(0), to: .number(5), timing: timing)
                case 6:
                    let rect = Rect(x: number(0...0.5), y: number(0...0.5), width: number(0.2...0.5), height: number(0.2...0.5))
                    animation = .basic(LayerKeyPath(.contentsRect), to: .rect(rect), timing: timing)
                default: animation = .basic(LayerKeyPath(.zPosition), from: .number(-1), to: .number(1), timing: timing)
                }
                changes.append(.operations([.addAnimation(LayerHandle(h), animation, key: chance(0.5) ? "a" : nil)]))
            case 72..<78:
                if let bitmap = bitmaps.randomElement(using: &rng) {
                    // Half the repaints change a rectangle of texels only (a damaged upload).
                    var region: PixelRegion?
                    if chance(0.5) {
                        let x = Int.random(in: 0..<bitmap.width, using: &rng), y = Int.random(in: 0..<bitmap.height, using: &rng)
                        region = PixelRegion(
                            x: x, y: y, width: Int.random(in: 1...(bitmap.width - x), using: &rng),
                            height: Int.random(in: 1...(bitmap.height - y), using: &rng))
                    }
                    changes.append(.repaint(bitmap.id, region: region))
                }
            case 78..<81:
                if let bitmap = resizedBitmap() { changes.append(.upload(id: bitmap.id, width: bitmap.width, height: bitmap.height, opaque: bitmap.opaque)) }
            case 81..<84: changes.append(.operations([set(h, .contents, .bitmap(someBitmap()))]))
            case 84..<88:
                let parent = chance(0.5) ? nil : layers.randomElement(using: &rng)
                changes.append(.operations(makeLayer(under: parent)))
            case 88..<91: changes.append(.operations([.removeFromSuperlayer(LayerHandle(h))]))
            case 91..<93:
                changes.append(.operations([.destroy(LayerHandle(h))]))
                layers.removeAll { $0 == h }
            case 93..<96: changes.append(.operations([set(h, .shouldRasterize, .bool(chance(0.5)))]))
            default: changes.append(.operations([.removeAllAnimations(LayerHandle(h))]))
            }
        }
        return changes
    }
}
