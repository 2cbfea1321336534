/// Layer time: every layer maps its parent's time as `t = (tp - beginTime) · speed + timeOffset`, so
/// speeds multiply and offsets accumulate down the tree (`CAMediaTiming` on layers). Time is always a
/// parameter: the tree has no clock.
extension LayerTree {
    /// The layer's local time for a time in its parent's time space: `(t - beginTime) · speed +
    /// timeOffset`, or with a finite `duration` that time repeated, reversed and held at the ends of the
    /// active interval as an animation's is (`MediaTiming`).
    public static func localTime(_ parentTime: Double, of values: PropertyValues) -> Double {
        Node(values: values).localTime(parentTime)
    }

    /// The parent's time for a layer's local time. A paused layer (`speed` 0) maps every parent time to
    /// its `timeOffset`, so the inverse is not unique: it answers `beginTime`. A layer with a finite
    /// `duration` maps many parent times to each local time: this answers the one in its first pass.
    public static func parentTime(_ localTime: Double, of values: PropertyValues) -> Double {
        let speed = values[.speed]
        guard speed != 0 else { return values[.beginTime] }
        return (localTime - values[.timeOffset]) / speed + values[.beginTime]
    }

    /// Converts a time from `source`'s time space to `destination`'s (`convertTime(_:from:)` /
    /// `convertTime(_:to:)`); nil stands for the root's parent time: the media time of the canvas.
    public func convertTime(_ t: Double, from source: LayerID?, to destination: LayerID?) throws(LayerTreeError) -> Double {
        var time = t
        if let source {
            _ = try node(source)
            var current: LayerID? = source
            while let c = current {
                time = Self.parentTime(time, of: slots[Int(c.index)].node.values)
                current = geometricParent(of: c)
            }
        }
        if let destination {
            _ = try node(destination)
            var chain: [LayerID] = []
            var current: LayerID? = destination
            while let c = current {
                chain.append(c)
                current = geometricParent(of: c)
            }
            for c in chain.reversed() { time = Self.localTime(time, of: slots[Int(c.index)].node.values) }
        }
        return time
    }
}
