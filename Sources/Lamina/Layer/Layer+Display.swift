public import LaminaCore
import LaminaWire

/// Contents and drawing (`CALayer.contents`, `display()`, `draw(in:)`, `setNeedsDisplay()`).
extension Layer {
    /// The bitmap shown in the bounds, placed by `contentsGravity`, `contentsRect` and `contentsCenter`.
    /// Its pixels reach the daemon with the first commit that shows it; the layer holds it, so a
    /// bitmap no layer (nor animation, nor the app) holds any more is dropped by the daemon too.
    public var contents: Bitmap? {
        get {
            guard case .bitmap(let id?) = values.value(.contents) else { return nil }
            if let bitmap = model().contentsBitmap, bitmap.id == id { return bitmap }
            return Session.shared.bitmap(id)
        }
        set {
            if let newValue { Session.shared.use(newValue) }
            setValue(.bitmap(newValue?.id), at: LayerKeyPath(.contents))
            contentsBitmap = newValue
            contentsDrawn = false
        }
    }

    /// Marks the contents as needing `display()` before the transaction commits.
    public func setNeedsDisplay() {
        guard !isPresentation else { return }
        displayDamage = nil
        wantsDisplay = true
        Session.shared.setNeedsDisplay(self)
    }

    /// Marks a rectangle of the contents (in the layer's bounds space) as needing `display()`: a
    /// layer that draws its contents (`drawContents()`) then draws only there, over what it drew last,
    /// and the daemon updates only those pixels (`CALayer.setNeedsDisplay(_:)`).
    public func setNeedsDisplay(_ rect: Rect) {
        guard !isPresentation, !rect.isEmpty else { return }
        let marked = wantsDisplay ? displayDamage.map { $0.union(rect) } : rect
        displayDamage = marked
        wantsDisplay = true
        Session.shared.setNeedsDisplay(self)
    }

    /// Whether `display()` is due.
    public func needsDisplay() -> Bool { wantsDisplay }

    /// Displays now if `setNeedsDisplay()` was called.
    public func displayIfNeeded() {
        guard wantsDisplay else { return }
        display()
    }

    /// Draws the contents with `draw(in:)` into a bitmap of `bounds.size` x `contentsScale` pixels and
    /// shows it; an empty bounds shows nothing. The bitmap is opaque when `isOpaque`.
    ///
    /// When the layer shows a bitmap it drew before at the same size, that bitmap is drawn again in
    /// place, as a new version of it: only inside the rectangle `setNeedsDisplay(_:)` marked (clipped
    /// there, over the last drawing), and the daemon updates only those pixels; no new bitmap is made,
    /// and no action runs.
    public func drawContents() {
        wantsDisplay = false
        let damage = displayDamage
        displayDamage = nil
        let scale = contentsScale
        let width = Int((bounds.size.width * scale).rounded(.up)), height = Int((bounds.size.height * scale).rounded(.up))
        guard width > 0, height > 0 else {
            contents = nil
            return
        }
        do {
            if contentsDrawn, let previous = contentsBitmap, previous.width == width, previous.height == height,
                previous.isOpaque == isOpaque
            {
                // The marked rectangle in pixels, rounded out to whole pixels and held to the bitmap.
                let region = damage.map { rect -> WireRegion in
                    let b = bounds
                    let x0 = max(0, Int(((rect.minX - b.minX) * scale).rounded(.down)))
                    let y0 = max(0, Int(((rect.minY - b.minY) * scale).rounded(.down)))
                    let x1 = min(width, Int(((rect.maxX - b.minX) * scale).rounded(.up)))
                    let y1 = min(height, Int(((rect.maxY - b.minY) * scale).rounded(.up)))
                    return WireRegion(x: UInt32(x0), y: UInt32(y0), width: UInt32(max(x1 - x0, 0)), height: UInt32(max(y1 - y0, 0)))
                } ?? WireRegion(x: 0, y: 0, width: UInt32(width), height: UInt32(height))
                guard region.width > 0, region.height > 0 else { return }
                let updated = try Bitmap(redrawing: previous, in: region, scale: scale) { context in draw(in: context) }
                Session.shared.use(updated)
                contentsBitmap = updated
            } else {
                contents = try Bitmap(width: width, height: height, scale: scale, opaque: isOpaque) { context in draw(in: context) }
                contentsDrawn = true
            }
        } catch {
            Connection.report(error)
        }
    }
}
