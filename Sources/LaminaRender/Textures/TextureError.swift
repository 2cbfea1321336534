public import LaminaCore
import LaminaRenderList

/// Why a bitmap could not become a texture.
public enum TextureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A side is zero, negative, or beyond what the GL implementation can hold.
    case invalidSize(BitmapID, width: Int, height: Int, maximum: Int)
    /// The row stride is shorter than a row, or the buffer is shorter than the description needs.
    case bufferTooSmall(BitmapID, needed: Int, given: Int, bytesPerRow: Int)
    /// A damaged region reaches outside the bitmap, or names a bitmap the cache does not hold.
    case invalidDamage(BitmapID, PixelRegion, width: Int, height: Int)
    /// A damage-only update for a bitmap that was never uploaded whole, or one of another size.
    case notCached(BitmapID)
    /// The bitmap alone is larger than the cache's whole budget.
    case overBudget(BitmapID, bytes: Int, budget: Int)
    /// GL refused the upload.
    case gl(BitmapID, GLError)
    /// A client's shared buffer could not be imported: what failed.
    case importFailed(BitmapID, String)

    public var description: String {
        switch self {
        case .invalidSize(let id, let width, let height, let maximum):
            "\(id): size \(width)x\(height) is not a texture size (each side 1...\(maximum))"
        case .bufferTooSmall(let id, let needed, let given, let bytesPerRow):
            "\(id): \(given) bytes given, \(needed) needed (bytesPerRow \(bytesPerRow))"
        case .invalidDamage(let id, let region, let width, let height):
            "\(id): damaged region \(region) is not inside the \(width)x\(height) bitmap"
        case .notCached(let id):
            "\(id): a damaged-region update needs the whole bitmap uploaded first, at the same size"
        case .overBudget(let id, let bytes, let budget):
            "\(id): \(bytes) bytes exceed the texture budget of \(budget) bytes"
        case .gl(let id, let error):
            "\(id): \(error)"
        case .importFailed(let id, let reason):
            "\(id): the shared buffer could not be imported: \(reason)"
        }
    }
}
