import LaminaRender
import LaminaWire

extension PixelFormat {
    /// The renderer's format for a bitmap's wire format (the two enums name the same byte orders; the
    /// renderer does not depend on the wire).
    init(_ wire: WirePixelFormat) {
        switch wire {
        case .rgba8: self = .rgba8
        case .bgra8: self = .bgra8
        case .rgbx8: self = .rgbx8
        case .bgrx8: self = .bgrx8
        }
    }
}
