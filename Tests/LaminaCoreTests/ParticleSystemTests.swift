import LaminaCore
import Testing

/// The particle system: particles as a function of the layer's values and time, checked against the
/// births, motion and shapes the fields describe.
@Suite("Particle system")
struct ParticleSystemTests {
    /// An emitter's values with `cells` and `configure` applied.
    static func emitter(_ cells: [EmitterCell], _ configure: (inout PropertyValues) -> Void = { _ in }) -> PropertyValues {
        var values = PropertyValues(kind: .emitter)
        values[.emitterCells] = cells
        values[.emitterPosition] = Point(x: 100, y: 50)
        configure(&values)
        return values
    }

    static func cell(_ configure: (inout EmitterCell) -> Void) -> EmitterCell {
        var cell = EmitterCell(name: "c")
        configure(&cell)
        return cell
    }

    @Test("particles are born at beginTime + k / rate and live their lifetime: exact counts")
    func births() {
        let c = Self.cell { $0[.birthRate] = 10; $0[.lifetime] = 1 }
        // At 5 s: births at 4.1 ... 5.0 are younger than 1 s; the one at 4.0 has just died.
        let particles = ParticleSystem.particles(of: Self.emitter([c]), at: 5)
        #expect(particles.count == 10)
        #expect(particles.map(\.birth) == (41...50).map { Double($0) / 10 })
        // The layer's multipliers scale the rate and the lifetime.
        #expect(ParticleSystem.particles(of: Self.emitter([c]) { $0[.birthRate] = 2 }, at: 5).count == 20)
        #expect(ParticleSystem.particles(of: Self.emitter([c]) { $0[.lifetime] = 0.5 }, at: 5).count == 5)
        // beginTime and duration bound the births.
        let late = Self.cell { $0[.birthRate] = 10; $0[.lifetime] = 100; $0[.beginTime] = 2; $0[.duration] = 1 }
        #expect(ParticleSystem.particles(of: Self.emitter([late]), at: 1.5).isEmpty)
        #expect(ParticleSystem.particles(of: Self.emitter([late]), at: 10).count == 10, "births at 2.0 ... 2.9")
    }

    @Test("a birth rate of zero, on the cell or the layer, or a disabled cell makes nothing")
    func zeroBirthRate() {
        let c = Self.cell { $0[.birthRate] = 10; $0[.lifetime] = 1 }
        #expect(ParticleSystem.particles(of: Self.emitter([Self.cell { $0[.lifetime] = 1 }]), at: 5).isEmpty)
        #expect(ParticleSystem.particles(of: Self.emitter([c]) { $0[.birthRate] = 0 }, at: 5).isEmpty)
        var off = c
        off.isEnabled = false
        #expect(ParticleSystem.particles(of: Self.emitter([off]), at: 5).isEmpty)
    }

    @Test("each particle moves from its start by velocity along longitude, plus half the acceleration times age squared")
    func motion() throws {
        let angle = 0.3
        let c = Self.cell {
            $0[.birthRate] = 4; $0[.lifetime] = 10; $0[.velocity] = 100; $0[.emissionLongitude] = angle
            $0[.yAcceleration] = 20
        }
        let particles = ParticleSystem.particles(of: Self.emitter([c]), at: 2)
        #expect(particles.count == 9, "births at 0, 0.25 ... 2")
        for p in particles {
            let age = 2 - p.birth
            let expected = SIMD2(100 + 100 * Double.cos(angle) * age, 50 + 100 * Double.sin(angle) * age + 10 * age * age)
            #expect(abs(p.position.x - expected.x) < 1e-9 && abs(p.position.y - expected.y) < 1e-9, "born \(p.birth): \(p.position)")
        }
        // The centroid moves as the mean age says.
        let meanAge = particles.map { 2 - $0.birth }.reduce(0, +) / 9
        let centroid = particles.map(\.position.x).reduce(0, +) / 9
        #expect(abs(centroid - (100 + 100 * Double.cos(angle) * meanAge)) < 1e-9)
    }

    @Test("ranges spread values within ±range, the same for every look at the same time and seed, another for another seed")
    func ranges() {
        let c = Self.cell { $0[.birthRate] = 50; $0[.lifetime] = 100; $0[.velocity] = 10; $0[.velocityRange] = 5; $0[.emissionRange] = 1; $0[.scaleRange] = 0.5 }
        let a = ParticleSystem.particles(of: Self.emitter([c]), at: 3)
        #expect(a == ParticleSystem.particles(of: Self.emitter([c]), at: 3), "the same")
        let other = ParticleSystem.particles(of: Self.emitter([c]) { $0[.seed] = 1 }, at: 3)
        #expect(a.count == other.count && a != other, "another seed, other values")
        for p in a {
            let age = 3 - p.birth
            let d = p.position - SIMD3(100, 50, 0)
            let speed = (d.x * d.x + d.y * d.y).squareRoot() / max(age, 1e-9)
            if age > 0 {
                #expect(speed >= 5 - 1e-9 && speed <= 15 + 1e-9, "speed \(speed)")
                #expect(abs(Double.atan2(y: d.y, x: d.x)) <= 0.5 + 1e-9, "within ±range/2 of longitude 0")
            }
            #expect(p.scale >= 0.5 - 1e-12 && p.scale <= 1.5 + 1e-12)
        }
    }

    @Test("emitter shapes and modes: where particles start")
    func shapes() {
        let still = Self.cell { $0[.birthRate] = 100; $0[.lifetime] = 100 }
        func starts(_ shape: EmitterShape, _ mode: EmitterMode, size: Size = Size(width: 40, height: 20), depth: Double = 10) -> [SIMD3<Double>] {
            ParticleSystem.particles(
                of: Self.emitter([still]) {
                    $0[.emitterShape] = shape
                    $0[.emitterMode] = mode
                    $0[.emitterSize] = size
                    $0[.emitterDepth] = depth
                }, at: 1
            ).map { $0.position - SIMD3(100, 50, 0) }
        }
        #expect(starts(.point, .volume).allSatisfy { $0 == .zero })
        #expect(starts(.line, .outline).allSatisfy { abs($0.x) <= 20 && $0.y == 0 })
        #expect(starts(.line, .points).allSatisfy { abs($0.x) == 20 })
        #expect(starts(.rectangle, .points).allSatisfy { abs($0.x) == 20 && abs($0.y) == 10 })
        #expect(starts(.rectangle, .outline).allSatisfy { abs(abs($0.x) - 20) < 1e-9 || abs(abs($0.y) - 10) < 1e-9 })
        #expect(starts(.rectangle, .surface).allSatisfy { abs($0.x) <= 20 && abs($0.y) <= 10 })
        #expect(starts(.cuboid, .points).allSatisfy { abs($0.x) == 20 && abs($0.y) == 10 && abs($0.z) == 5 })
        #expect(starts(.cuboid, .volume).allSatisfy { abs($0.x) <= 20 && abs($0.y) <= 10 && abs($0.z) <= 5 })
        #expect(starts(.cuboid, .surface).allSatisfy { abs(abs($0.x) - 20) < 1e-9 || abs(abs($0.y) - 10) < 1e-9 || abs(abs($0.z) - 5) < 1e-9 })
        #expect(starts(.circle, .outline).allSatisfy { abs(($0.x * $0.x + $0.y * $0.y).squareRoot() - 20) < 1e-9 })
        #expect(starts(.circle, .surface).allSatisfy { ($0.x * $0.x + $0.y * $0.y).squareRoot() <= 20 + 1e-9 })
        #expect(starts(.sphere, .surface).allSatisfy { abs(($0.x * $0.x + $0.y * $0.y + $0.z * $0.z).squareRoot() - 20) < 1e-9 })
        #expect(starts(.sphere, .volume).allSatisfy { ($0.x * $0.x + $0.y * $0.y + $0.z * $0.z).squareRoot() <= 20 + 1e-9 })
    }

    @Test("nested cells are emitted from each particle where it is, while it lives")
    func nested() {
        let child = Self.cell { $0.name = "child"; $0[.birthRate] = 10; $0[.lifetime] = 0.5 }
        var parent = Self.cell { $0[.birthRate] = 1; $0[.lifetime] = 2; $0[.velocity] = 10 }
        parent.emitterCells = [child]
        let particles = ParticleSystem.particles(of: Self.emitter([parent]), at: 0.75)
        // The parent (born at 0) and the children born at its ages 0.3 ... 0.7 (younger than 0.5 s).
        #expect(particles.count == 6)
        let children = particles.filter { $0.birth > 0 }
        #expect(children.map(\.birth).map { ($0 * 10).rounded() } == [3, 4, 5, 6, 7])
        // A child starts where the parent was at its birth: x = 100 + 10 × birth.
        for c in children { #expect(abs(c.position.x - (100 + 10 * c.birth)) < 1e-9) }
    }

    @Test("colours start at color ± range and change by their speeds, clamped; spin turns, scaleSpeed grows")
    func colorSpinScale() throws {
        let c = Self.cell {
            $0[.birthRate] = 1; $0[.lifetime] = 10; $0.color = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
            $0[.redSpeed] = 0.1; $0[.alphaSpeed] = -0.2; $0[.greenSpeed] = 1; $0[.spin] = 2; $0[.scaleSpeed] = 0.5
        }
        let p = try #require(ParticleSystem.particles(of: Self.emitter([c]), at: 2).first)
        #expect(p.birth == 0)
        #expect(abs(p.color.x - 0.7) < 1e-12 && p.color.y == 1 && abs(p.color.w - 0.6) < 1e-12)
        #expect(abs(p.angle - 4) < 1e-12 && abs(p.scale - 2) < 1e-12)
    }

    @Test("millions of particles are clamped to the newest 20,000, quickly")
    func capacity() {
        let c = Self.cell { $0[.birthRate] = 1e6; $0[.lifetime] = 100 }
        let particles = ParticleSystem.particles(of: Self.emitter([c]), at: 50)
        #expect(particles.count == ParticleSystem.maximumParticles)
        #expect(particles.last?.birth == 50)
        // Absurd rates make nothing rather than hang.
        #expect(ParticleSystem.particles(of: Self.emitter([Self.cell { $0[.birthRate] = 1e300; $0[.lifetime] = 1e300 }]), at: 1e7).isEmpty)
    }

    @Test("emitterCells.NAME.FIELD reads and writes a cell's field at any depth; limits are errors naming them")
    func keyPaths() throws {
        var inner = EmitterCell(name: "spark")
        inner[.birthRate] = 3
        var outer = EmitterCell(name: "rocket")
        outer.emitterCells = [inner]
        var v = PropertyValues(kind: .emitter)
        try v.setValue(.cells([outer]), forKeyPath: "emitterCells")
        #expect(try v.value(forKeyPath: "emitterCells.spark.birthRate") == .number(3))
        try v.setValue(.number(7), forKeyPath: "emitterCells.spark.birthRate")
        try v.setValue(.color(Color(red: 1, green: 0, blue: 0)), forKeyPath: "emitterCells.rocket.color")
        #expect(v[.emitterCells][0].emitterCells[0][.birthRate] == 7 && v[.emitterCells][0].color == Color(red: 1, green: 0, blue: 0))
        #expect(try v.value(forKeyPath: "emitterCells.rocket.scale") == .number(1))
        #expect(throws: PropertyError.unknownKey("emitterCells.ghost.birthRate")) { try v.setValue(.number(1), forKeyPath: "emitterCells.ghost.birthRate") }
        #expect(throws: PropertyError.unknownKey("emitterCells.rocket.blur")) { try LayerKeyPath("emitterCells.rocket.blur") }
        var deep = EmitterCell()
        for _ in 0..<4 { var next = EmitterCell(); next.emitterCells = [deep]; deep = next }
        #expect(throws: PropertyError.tooLarge(key: "emitterCells", excess: "emitter cells nested 5 deep (at most 4)")) {
            try v.setValue(.cells([deep]), forKeyPath: "emitterCells")
        }
        var negative = EmitterCell()
        negative[.lifetime] = -1
        #expect(throws: PropertyError.tooLarge(key: "emitterCells", excess: "an emitter cell's lifetime of -1.0 (at least 0)")) {
            try v.setValue(.cells([negative]), forKeyPath: "emitterCells")
        }
    }
}
