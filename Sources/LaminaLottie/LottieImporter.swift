import LaminaCore
public import LaminaJSON

/// Lottie (Bodymovin JSON) files compiled into layer trees with Core Animation animations, the way
/// lottie-ios's Core Animation engine does: once, ahead of playing, so the compositor plays the file
/// with no work in the app (see `docs/lottie.md` for what is supported and how each feature maps).
public enum LottieImporter {
    /// Whether a parsed JSON document is a Lottie file: an object with `v`, `fr`, `ip`, `op` and
    /// `layers` (a scene file has a `lamina` member instead).
    public static func isLottie(_ json: JSONValue) -> Bool {
        guard case .object(let members) = json else { return false }
        let keys = Set(members.map(\.key))
        return ["v", "fr", "ip", "op", "layers"].allSatisfy(keys.contains)
    }

    /// Compiles a Lottie file's bytes, or a dotLottie's (`DotLottie`: its `animation`, the active one when
    /// nil); handles are numbered from `firstHandle`. Images named by file are read from `folder` (the
    /// file's own; nil reads none), or from the dotLottie. `valueProviders` replace the values of the
    /// properties their keypaths match.
    public static func compile(
        _ bytes: [UInt8], firstHandle: UInt64 = 1, folder: String? = nil, animation: String? = nil,
        valueProviders: LottieValueProviders = LottieValueProviders()
    ) throws(LottieError) -> LottieComposition {
        let (json, imageFiles) = try document(bytes, folder: folder, animation: animation)
        var rewrite = ValueProviderRewrite(providers: valueProviders)
        return try compile(valueProviders.isEmpty ? json : try rewrite.document(json), firstHandle: firstHandle, imageFiles: imageFiles)
    }

    /// The keypath of every property a value provider can set, in the file's order (lottie-ios's
    /// `logHierarchyKeypaths()`).
    public static func keypaths(of bytes: [UInt8], animation: String? = nil) throws(LottieError) -> [LottieKeypath] {
        var rewrite = ValueProviderRewrite(providers: LottieValueProviders(), collectingKeypaths: true)
        _ = try rewrite.document(try document(bytes, folder: nil, animation: animation).json)
        return rewrite.keypaths ?? []
    }

    /// The JSON of a Lottie file's bytes or of a dotLottie's animation, with where its images are.
    private static func document(_ bytes: [UInt8], folder: String?, animation: String?) throws(LottieError) -> (json: JSONValue, imageFiles: LottieImageFiles) {
        if DotLottie.isDotLottie(bytes) {
            let archive = try DotLottie(bytes)
            return (try parse(try archive.animationBytes(animation)), .archive(archive))
        }
        if let animation {
            throw LottieError(path: "", message: "an animation id (\"\(animation)\") names one of a dotLottie's animations; this is a Lottie JSON file")
        }
        return (try parse(bytes), folder.map { .folder($0) } ?? .none)
    }

    private static func parse(_ bytes: [UInt8]) throws(LottieError) -> JSONValue {
        do { return try JSONParser.parse(bytes) } catch {
            throw LottieError(path: "", message: "not valid JSON: \(error)")
        }
    }

    /// Compiles a parsed Lottie document; handles are numbered from `firstHandle`, images beside it
    /// read from `folder`.
    public static func compile(_ json: JSONValue, firstHandle: UInt64 = 1, folder: String? = nil) throws(LottieError) -> LottieComposition {
        try compile(json, firstHandle: firstHandle, imageFiles: folder.map { .folder($0) } ?? .none)
    }

    static func compile(_ json: JSONValue, firstHandle: UInt64, imageFiles: LottieImageFiles) throws(LottieError) -> LottieComposition {
        let document = LottieNode(json, path: "")
        guard isLottie(json) else {
            throw LottieError(path: "", message: "not a Lottie file: it needs \"v\", \"fr\", \"ip\", \"op\" and \"layers\"")
        }
        let frameRate = try document.required("fr").number()
        guard LottieLimits.frameRates.contains(frameRate) else {
            throw document["fr"]!.error("a frame rate of \(frameRate) (expected \(LottieLimits.frameRates.lowerBound)...\(LottieLimits.frameRates.upperBound))")
        }
        let inPoint = try document.required("ip").number()
        let outPoint = try document.required("op").number()
        guard outPoint > inPoint else {
            throw document["op"]!.error("the out-point \(outPoint) is not after the in-point \(inPoint)")
        }
        let size = try document.size("w", "h")
        var compiler = LottieCompiler(document: document, frameRate: frameRate, firstHandle: firstHandle, imageFiles: imageFiles)
        let (root, timeOrigin) = try compiler.root(size: size, inPoint: inPoint, outPoint: outPoint)
        if let invalid = compiler.emitter.invalid { throw invalid }
        var markers: [LottieMarker] = []
        for marker in document["markers"]?.elements ?? [] {
            markers.append(
                LottieMarker(
                    name: (try? marker["cm"]?.string()) ?? "", frame: try marker.number("tm", default: 0),
                    durationFrames: try marker.number("dr", default: 0)))
        }
        return LottieComposition(
            size: size, frameRate: frameRate, inPoint: inPoint, outPoint: outPoint, markers: markers,
            name: try? document["nm"]?.string(), root: root, timeOrigin: timeOrigin, operations: compiler.emitter.operations,
            operationPaths: compiler.emitter.paths, layerNames: compiler.emitter.names, layerCount: compiler.emitter.layerCount,
            animationCount: compiler.emitter.animationCount, diagnostics: compiler.diagnostics, images: compiler.images)
    }
}

extension LottieNode {
    /// A positive width and height within the limits, from members `w` and `h`.
    func size(_ w: String, _ h: String, limit: Double = LottieLimits.maximumSize) throws(LottieError) -> Size {
        let width = try required(w).number(), height = try required(h).number()
        for (key, value) in [(w, width), (h, height)] where !(value > 0 && value <= limit) {
            throw self[key]!.error("a size of \(value) (expected more than 0, at most \(Int(limit)))")
        }
        return Size(width: width, height: height)
    }
}
