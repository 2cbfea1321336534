import LaminaCore

/// Emitter layers: the particles `ParticleSystem` finds alive at the layer's time, each a quad of its
/// cell's contents turned by its spin, scaled, tinted by its colour, drawn between the layer's own
/// parts and its sublayers, in the order `renderMode` says (or added, for `additive`).
extension RenderListBuilder {
    /// The most particles one build draws over all emitters: 200,000. The particles past it are not
    /// drawn.
    static let maximumParticles = 200_000

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
        var particles = ParticleSystem.particles(
            of: all, at: localTime(of: id), limit: Swift.min(ParticleSystem.maximumParticles, particlesLeft))
        particlesLeft -= particles.count
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
        var lastTexture: (BitmapID, Texture)?
        for particle in particles {
            let p = particle.position
            guard let bitmap = particle.contents, particle.scale > 0, particle.color.w > 0, abs(p.x) < 1e9, abs(p.y) < 1e9,
                abs(p.z) < 1e9, particle.angle.isFinite
            else { continue }
            let texture: Texture
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
            applyClip(&instance, localToClip.map { place.concatenating($0) })
            let saved = layerDepth
            layerDepth = layerDepth.map { place.concatenating($0) }
            emit(instance, texture: .bitmap(texture, sampler: sampler))
            layerDepth = saved
        }
        if mode == .additive { list.appendSpecial(.endAdditive) }
    }
}
