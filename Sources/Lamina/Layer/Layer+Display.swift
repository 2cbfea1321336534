import LaminaCore

/// Contents and drawing (`CALayer.contents`, `display()`, `draw(in:)`, `setNeedsDisplay()`).
extension Layer {
    /// The bitmap shown in the bounds, placed by `contentsGravity`, `contentsRect` and `contentsCenter`.
    /// Its pixels reach the daemon with the first commit that shows it.
    public var contents: Bitmap? {
        get {
            guard case .bitmap(let id?) = values.value(.contents) else { return nil }
            return Session.shared.bitmaps[id]
        }
        set {
            if let newValue { Session.shared.use(newValue) }
            setValue(.bitmap(newValue?.id), at: LayerKeyPath(.contents))
        }
    }

    /// Marks the contents as needing `display()` before the transaction commits.
    public func setNeedsDisplay() {
        guard !isPresentation else { return }
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

    /// Draws the contents into a new bitmap of `bounds.size` x `contentsScale` pixels with
    /// `draw(in:)`, and shows it; an empty bounds shows nothing. The bitmap is opaque when `isOpaque`.
    public func drawContents() {
        wantsDisplay = false
        let scale = contentsScale
        let width = Int((bounds.size.width * scale).rounded(.up)), height = Int((bounds.size.height * scale).rounded(.up))
        guard width > 0, height > 0 else {
            contents = nil
            return
        }
        do {
            contents = try Bitmap(width: width, height: height, scale: scale, opaque: isOpaque) { context in draw(in: context) }
        } catch {
            Connection.report(error)
        }
    }
}
