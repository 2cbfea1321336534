import FoundationEssentials
import LaminaCore
import LaminaImage
import LaminaJSON

/// Image layers (`ty` 2) and their assets: PNG (libpng) and JPEG (libjpeg-turbo) from a data URI or
/// from a file beside the animation (never outside its folder) or in its dotLottie, decoded once into the composition's
/// bitmaps; an image layer is a sublayer whose `contents` is the bitmap, at the asset's size. Other
/// formats are reported by name and draw nothing.
extension LottieCompiler {
    /// The bitmap of image asset `id`, decoding it the first time; nil (reported) when it cannot be shown.
    mutating func image(_ id: String, for node: LottieNode) throws(LottieError) -> (bitmap: BitmapID, size: Size)? {
        if let known = decodedImages[id] { return known }
        guard let asset = assets[id] else { throw node.error("no image asset has id \"\(id)\"") }
        let size = try asset.size("w", "h")
        let name = (try? asset["p"]?.string()) ?? ""
        let bytes: [UInt8]
        if name.hasPrefix("data:") {
            guard let comma = name.firstIndex(of: ","), name[..<comma].hasSuffix(";base64") else {
                throw asset.error("a data URI that is not base64")
            }
            let type = name[name.index(name.startIndex, offsetBy: 5)..<comma].split(separator: ";").first.map(String.init) ?? ""
            guard type == "image/png" || type == "image/jpeg" || type == "image/jpg" else {
                report(.unsupported, "images-\(type.split(separator: "/").last.map(String.init) ?? "unknown")", at: asset.path + ".p", "only PNG and JPEG images are drawn; this one is \(type)")
                return nil
            }
            guard let data = Data(base64Encoded: String(name[name.index(after: comma)...]), options: .ignoreUnknownCharacters) else {
                throw asset.error("the data URI's base64 does not decode")
            }
            bytes = Array(data)
        } else {
            let folder = (try? asset["u"]?.string()) ?? ""
            let relative = folder + name
            let suffix = relative.split(separator: ".").last.map { $0.lowercased() } ?? ""
            guard ["png", "jpg", "jpeg"].contains(suffix) else {
                report(.unsupported, "images-\(suffix.isEmpty ? "unknown" : suffix)", at: asset.path + ".p", "only PNG and JPEG images are drawn")
                return nil
            }
            switch imageFiles {
            case .none:
                report(.unsupported, "external-images", at: asset.path + ".p", "an image file is read only beside an animation read from a file")
                return nil
            case .folder(let base):
                guard !relative.hasPrefix("/"), !relative.split(separator: "/").contains("..") else {
                    throw asset.error("the image path \"\(relative)\" leaves the animation's folder")
                }
                do { bytes = try JSONFile.bytes(atPath: "\(base)/\(relative)", limit: LottieLimits.maximumImageBytes) } catch {
                    throw asset.error("the image \"\(relative)\": \(error)")
                }
            case .archive(let archive):
                do { bytes = try archive.image(folder: folder, file: name) } catch {
                    throw asset.error("\(error)")
                }
            }
        }
        guard bytes.count <= LottieLimits.maximumImageBytes else {
            throw asset.error("an image of \(bytes.count) bytes (at most \(LottieLimits.maximumImageBytes))")
        }
        // The bytes say what they are, whatever the name or the data URI claims.
        let decoded: RGBAImage
        if bytes.starts(with: [0xFF, 0xD8]) {
            do { decoded = try JPEG.decode(bytes, maximumPixels: LottieLimits.maximumImagePixels) } catch {
                throw asset.error("the JPEG does not decode: \(error.message)")
            }
        } else {
            do { decoded = try PNG.decode(bytes) } catch { throw asset.error("the PNG does not decode: \(error)") }
        }
        guard decoded.width * decoded.height <= LottieLimits.maximumImagePixels else {
            throw asset.error("an image of \(decoded.width)x\(decoded.height) pixels (at most \(LottieLimits.maximumImagePixels))")
        }
        let bitmap = BitmapID(UInt64(images.count + 1))
        images.append((bitmap, decoded))
        decodedImages[id] = (bitmap, size)
        return (bitmap, size)
    }

    /// An image layer's picture: a sublayer of the asset's size showing it.
    mutating func imageLayer(_ node: LottieNode, into layer: LayerHandle) throws(LottieError) {
        let refNode = try node.required("refId")
        guard let (bitmap, size) = try image(try refNode.string(), for: refNode) else { return }
        let picture = try emitter.create(name: "image", at: node.path)
        placeAtOrigin(picture, size: size, at: node.path)
        emitter.set(picture, .contents, .bitmap(bitmap), at: refNode.path)
        emitter.insert(picture, into: layer, at: node.path)
    }
}

/// Where the image files an animation names by path come from.
enum LottieImageFiles {
    /// Nowhere: the animation came as bytes alone.
    case none
    /// The folder the animation was read from.
    case folder(String)
    /// The dotLottie the animation came in.
    case archive(DotLottie)
}
