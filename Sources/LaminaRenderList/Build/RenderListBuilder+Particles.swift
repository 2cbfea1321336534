import LaminaCore

/// Emitter layers: the particles `ParticleSystem` finds alive at the layer's time, each a quad of its
/// cell's contents turned by its spin, scaled, tinted by its colour, drawn between the layer's own
/// parts and its sublayers, in the order `renderMode` says (or added, for `additive`).
extension RenderListBuilder {
    /// The most particles one build draws over all emitters: 200,000. The particles past it are not
    /// drawn.
    static let maximumParticles = 200_000

    /// The most instances an emitter's particle block holds (see `particleBlock(capacity:)`).
    static let maximumParticleBlock = 4096

    /// How many instances an emitter whose particles all show one bitmap draws every frame: room for
    /// the particles it keeps alive (`ParticleSystem.capacity`, with a quarter more and a few over,
    /// rounded up to 64), the unused ones empty. So the emitter's place in the list keeps its size
    /// while particles are born and die, and a frame patches it in place (`RenderListUpdate`) instead
    /// of building the whole list again: confetti in a corner no longer redraws the screen. None for
    /// an emitter that keeps none alive; nil when that is unbounded or over `maximumParticleBlock`.
    static func particleBlock(capacity: Double) -> Int? {
        guard capacity > 0 else { return 0 }  // none alive, ever: nothing to make room for
        let room = capacity * 1.25 + 16
        guard room.isFinite, room <= Double(maximumParticleBlock) else { return nil }
        return min(maximumParticleBlock, (Int(room.rounded(.up)) + 63) / 64 * 64)
    }

    /// How many separately blended parts an emitter draws: its particles count as two (they overlap).
    func particlePartCount(_ values: PresentedValues) -> Int {
        values[.emitterCells].isEmpty || values[.birthRate] <= 0 ? 0 : 2
    }

    /// Adds the particles of the emitter `id` at its layer time.
    mutating func drawParticles(_ id: LayerID, _ values: PresentedValues, world: Transform3D, localToClip: Transform3D?, opacity: Double) {
        let cells = values[.emitterCells]
        guard !cells.isEmpty, particlesLeft > 0 else { return }
        // Particles move whenever time passes, though no model value changes.
        list.hasLiveParticles = true
        let all = presentation.values(of: id, in: tree)
        // One bitmap for every cell, and a bounded number alive: a block of fixed size.
        let bitmaps = EmitterCell.bitmaps(in: cells)
        let oneBitmap = bitmaps.dropFirst().allSatisfy { $0 == bitmaps.first }
        var block = oneBitmap ? Self.particleBlock(capacity: ParticleSystem.capacity(of: all)) : nil
        if let size = block, size > particlesLeft { block = nil }
        var particles = ParticleSystem.particles(
            of: all, at: localTime(of: id), limit: Swift.min(ParticleSystem.maximumParticles, particlesLeft))
        if let size = block, particles.count > size { block = nil }
        particlesLeft -= block ?? particles.count
        if block != nil { list.particleEmitters.append(id) } else { list.hasUnstableParticles = true }
        var emitted = 0
        let mode = values[.renderMode]
        switch mode {
        case .oldestLast: particles.reverse()
        case .backToFront: particles.sort { $0.position.z < $1.position.z }
        case .unordered, .oldestFirst, .additive: break
        }
        if mode == .additive {
            list.appendSpecial(.beginAdditive)
            list.usesAdditive = true
        }
        let sampler = SamplerChoice(minification: .linear, magnification: .linear)
        var lastTexture: (BitmapID, BitmapTexture)?
        for particle in particles {
            let p = particle.position
            guard let bitmap = particle.contents, particle.scale > 0, particle.color.w > 0, abs(p.x) < 1e9, abs(p.y) < 1e9,
                abs(p.z) < 1e9, particle.angle.isFinite
            else { continue }
            let texture: BitmapTexture
            if let last = lastTexture, last.0 == bitmap {
                texture = last.1
            } else {
                guard let found = textures.texture(for: bitmap, mipmapped: false) else { continue }
                texture = found
                lastTexture = (bitmap, found)
            }
            let r = particle.contentsRect
            let width = Double(texture.width) / particle.contentsScale * r.width * particle.scale
            let height = Double(texture.height) / particle.contentsScale * r.height * particle.scale
            guard width > 0, height > 0, width.isFinite, height.isFinite else { continue }
            let place = Transform3D(rotationAngle: particle.angle, x: 0, y: 0, z: 1)
                .concatenating(Transform3D(translationX: particle.position.x, y: particle.position.y, z: 0))
            let c = particle.color
            let color = SIMD4<Float>(Float(c.x * c.w), Float(c.y * c.w), Float(c.z * c.w), Float(c.w)) * Float(opacity)
            var instance = LayerInstance(
                matrix: GPUMatrix(place.concatenating(world).concatenating(projection)),
                rect: Rect(x: -width / 2, y: -height / 2, width: width, height: height), color: color)
            instance.texture(.rgba, uv: SIMD4(Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY)))
            Self.applyClip(&instance, localToClip.map { place.concatenating($0) }, clip)
            let saved = layerDepth
            layerDepth = layerDepth.map { place.concatenating($0) }
            emit(instance, texture: .bitmap(texture, sampler: sampler))
            emitted += 1
            layerDepth = saved
        }
        // The rest of the block: empty quads in the same run (collapsed, as occlusion culling leaves
        // what it hides), which particles born later take.
        if let size = block, emitted < size, let bitmap = bitmaps.first,
            let texture = lastTexture?.1 ?? textures.texture(for: bitmap, mipmapped: false)
        {
            var empty = LayerInstance(matrix: GPUMatrix(world.concatenating(projection)), rect: .zero, color: .zero)
            empty.texture(.rgba)
            Self.applyClip(&empty, localToClip, clip)  // drawn by the same program as the particles
            empty.collapse()
            for _ in emitted..<size { emit(empty, texture: .bitmap(texture, sampler: sampler)) }
        }
        if mode == .additive { list.appendSpecial(.endAdditive) }
    }
}
