public import LaminaCore

/// Geometry queries on the model tree (`CALayer`'s conversions and hit testing). A nil layer stands for
/// the output: the coordinate space of top-level layers.
extension Layer {
    private var modelID: LayerID? { handle.flatMap { Session.shared.layerID($0) } }

    /// The affine part of `transform` (`CALayer.affineTransform()`): the identity when the transform is
    /// not a 2D affine one.
    public func affineTransform() -> AffineTransform {
        transform.affineTransform
    }

    /// Sets `transform` to a 2D affine transform (`CALayer.setAffineTransform(_:)`), running its action.
    public func setAffineTransform(_ t: AffineTransform) {
        transform = Transform3D(affine: t)
    }

    /// `p`, in `layer`'s coordinates, in this layer's.
    public func convert(_ p: Point, from layer: Layer?) -> Point {
        (try? Session.shared.model.convert(p, from: layer?.modelID, to: modelID)) ?? p
    }

    /// `p`, in this layer's coordinates, in `layer`'s.
    public func convert(_ p: Point, to layer: Layer?) -> Point {
        (try? Session.shared.model.convert(p, from: modelID, to: layer?.modelID)) ?? p
    }

    /// `r`, in `layer`'s coordinates, in this layer's (the bounding box of its corners).
    public func convert(_ r: Rect, from layer: Layer?) -> Rect {
        (try? Session.shared.model.convert(r, from: layer?.modelID, to: modelID)) ?? r
    }

    /// `r`, in this layer's coordinates, in `layer`'s.
    public func convert(_ r: Rect, to layer: Layer?) -> Rect {
        (try? Session.shared.model.convert(r, from: modelID, to: layer?.modelID)) ?? r
    }

    /// A time in `layer`'s local time in this layer's (`convertTime(_:from:)`): media timing of every
    /// layer between them.
    public func convertTime(_ t: Double, from layer: Layer?) -> Double {
        (try? Session.shared.model.convertTime(t, from: layer?.modelID, to: modelID)) ?? t
    }

    /// A time in this layer's local time in `layer`'s.
    public func convertTime(_ t: Double, to layer: Layer?) -> Double {
        (try? Session.shared.model.convertTime(t, from: modelID, to: layer?.modelID)) ?? t
    }

    /// Whether `p`, in this layer's coordinates, is inside its bounds.
    public func contains(_ p: Point) -> Bool {
        guard let modelID else { return values[.bounds].contains(p) }
        return (try? Session.shared.model.contains(p, in: modelID)) ?? false
    }

    /// The farthest descendant (or this layer) that contains `p`, given in the superlayer's coordinates;
    /// nil when none does. Hidden layers and their sublayers are skipped. On a presentation copy it
    /// walks the presentation tree at the copy's moment and returns a presentation copy: where layers
    /// are drawn mid-animation, as Core Animation apps hit-test taps on moving layers.
    public func hitTest(_ p: Point) -> Layer? {
        let session = Session.shared
        if let time = presentationTime {
            guard let connection = session.connection, let handle = model().handle else { return nil }
            let (shown, handles) = connection.presentationTree(at: time)
            guard let id = handles.layers[handle], let hit = try? shown.hitTest(p, in: id),
                let hitHandle = handles.handles[hit]
            else { return nil }
            return session.layer(hitHandle)?.presentation(atMediaTime: time)
        }
        guard let modelID, let hit = try? session.model.hitTest(p, in: modelID),
            let handle = session.handles.handles[hit]
        else { return nil }
        return session.layer(handle)
    }
}
