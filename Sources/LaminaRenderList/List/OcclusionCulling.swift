import LaminaCore

/// Hidden-surface removal for opaque layers, after the render list is built: an instance wholly
/// covered by an opaque instance drawn after it into the same target is collapsed, so the GPU never
/// shades it. A screen of opaque windows then costs one layer deep, not as deep as the windows are
/// stacked (a background under opaque contents, a desktop under a maximised window), as Weston's
/// opaque regions and Chromium's occlusion tracking do.
///
/// The pass walks the commands backwards, keeping a few opaque rectangles (in whole target pixels)
/// drawn later than the instance being looked at. Occluders are instances that paint every pixel of an
/// axis-aligned quad fully opaque (`LayerInstance.isOpaque`) with no clip in force; anything whose
/// bounding box lies inside one of them is collapsed. Offscreen groups draw into other targets, so
/// their contents neither occlude nor get occluded (their composites are left alone too).
struct OcclusionCulling {
    /// Pixel rectangles known to be painted opaque later in the frame: [x0, x1) x [y0, y1).
    private var occluders: [(x0: Int, y0: Int, x1: Int, y1: Int, area: Int)] = []
    /// How many occluders are kept: enough for the cases that matter (a background under its contents,
    /// windows over a desktop) while each test stays a handful of comparisons.
    private static let capacity = 8
    /// Slack for float rounding: an occluder shrinks by it and a candidate grows by it.
    private static let slack: Float = 1e-3

    /// The target's size in pixels.
    var width = 0
    var height = 0

    /// Collapses the instances of `list` that opaque instances drawn after them hide; returns how many.
    mutating func run(on list: inout RenderList, isOpaque: (Int) -> Bool) -> Int {
        occluders.removeAll(keepingCapacity: true)
        var collapsed = 0
        var groupDepth = 0
        var clipDepth = 0
        for command in list.commands.reversed() {
            switch command {
            case .endGroup: groupDepth += 1
            case .beginGroup: groupDepth -= 1
            case .beginMask, .backdrop, .beginDepth, .endDepth, .beginAdditive, .endAdditive: break
            case .popClip: clipDepth += 1
            case .pushClip: clipDepth -= 1
            case .draw(let first, let count, _, _, _):
                guard groupDepth == 0 else { continue }
                for index in stride(from: first + count - 1, through: first, by: -1) {
                    let instance = list.instances[index]
                    guard !instance.isCollapsed else { continue }
                    let occluding = clipDepth == 0 && instance.isAxisAligned && isOpaque(index)
                    guard occluding || !occluders.isEmpty,
                        let bounds = instance.pixelBounds(width: width, height: height)
                    else { continue }
                    if isHidden(bounds) {
                        list.collapse(index)
                        collapsed += 1
                    } else if occluding {
                        add(bounds)
                    }
                }
            }
        }
        return collapsed
    }

    /// Whether every target pixel whose centre the box could reach lies inside one occluder.
    private func isHidden(_ b: (minX: Float, minY: Float, maxX: Float, maxY: Float)) -> Bool {
        let x0 = max(0, (b.minX - 0.5 - Self.slack).rounded(.up).saturatingInt)
        let x1 = min(width - 1, (b.maxX - 0.5 + Self.slack).rounded(.down).saturatingInt) + 1
        let y0 = max(0, (b.minY - 0.5 - Self.slack).rounded(.up).saturatingInt)
        let y1 = min(height - 1, (b.maxY - 0.5 + Self.slack).rounded(.down).saturatingInt) + 1
        if x1 <= x0 || y1 <= y0 { return true }  // reaches no pixel of the target
        for o in occluders where o.x0 <= x0 && o.y0 <= y0 && x1 <= o.x1 && y1 <= o.y1 { return true }
        return false
    }

    /// Records the pixels an opaque quad certainly covers: those whose centres lie inside it.
    private mutating func add(_ b: (minX: Float, minY: Float, maxX: Float, maxY: Float)) {
        let x0 = max(0, (b.minX - 0.5 + Self.slack).rounded(.up).saturatingInt)
        let x1 = min(width, (b.maxX - 0.5 - Self.slack).rounded(.up).saturatingInt)
        let y0 = max(0, (b.minY - 0.5 + Self.slack).rounded(.up).saturatingInt)
        let y1 = min(height, (b.maxY - 0.5 - Self.slack).rounded(.up).saturatingInt)
        guard x1 > x0, y1 > y0 else { return }
        let occluder = (x0: x0, y0: y0, x1: x1, y1: y1, area: (x1 - x0) * (y1 - y0))
        if occluders.count < Self.capacity {
            occluders.append(occluder)
            return
        }
        // Full: replace the smallest, the earliest added among equals (later ones sit nearer the
        // instances still to be looked at, such as the background under the contents just added).
        var smallest = 0
        for i in occluders.indices.dropFirst() where occluders[i].area < occluders[smallest].area { smallest = i }
        if occluder.area >= occluders[smallest].area { occluders[smallest] = occluder }
    }
}
