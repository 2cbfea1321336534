import LaminaJSON

/// A dotLottie file (`.lottie`): a zip of one or more Lottie animations, their images and a
/// `manifest.json` naming them. dotLottie 1 keeps animations in `animations/ID.json` and images in
/// `images/`; dotLottie 2 in `a/ID.json` and `i/`. Both are read.
///
/// The archive stays compressed in memory; an entry is inflated when it is asked for, so a file of many
/// animations costs one of them. Every entry is held to a size (a zip's header can lie, so the bytes
/// inflated are counted, not the size it claims) and checked against its CRC.
public struct DotLottie: Sendable {
    /// The animations' ids, in the manifest's order.
    public let animationIDs: [String]
    /// The animation a player shows first: the manifest's `activeAnimationId` (dotLottie 1) or
    /// `initial.animation` (dotLottie 2), else the first.
    public let activeAnimationID: String
    private let archive: ZipArchive
    private let animationPaths: [String: String]

    /// Bytes one animation's JSON may inflate to (a scene file's limit).
    public static let maximumAnimationBytes = 256 << 20
    /// Bytes the manifest may inflate to.
    public static let maximumManifestBytes = 1 << 20

    /// Whether `bytes` start as a zip archive does (`PK\u{3}\u{4}`): a dotLottie rather than JSON.
    public static func isDotLottie(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    /// Opens a dotLottie's bytes and reads its manifest.
    public init(_ bytes: [UInt8]) throws(LottieError) {
        archive = try ZipArchive(bytes)
        let files = archive.fileNames
        var ids: [String] = []
        var active: String?
        if files.contains("manifest.json") {
            let bytes = try archive.read("manifest.json", limit: Self.maximumManifestBytes)
            let manifest: LottieNode
            do { manifest = LottieNode(try JSONParser.parse(bytes), path: "manifest.json") } catch {
                throw LottieError(path: "manifest.json", message: "not valid JSON: \(error)")
            }
            for animation in manifest["animations"]?.elements ?? [] {
                ids.append(try animation.required("id").string())
            }
            active = (try? manifest["activeAnimationId"]?.string()) ?? (try? manifest["initial"]?["animation"]?.string())
        }
        // A manifest that lists nothing (or none at all): every animation the archive holds.
        if ids.isEmpty {
            ids = files.compactMap { path in
                for folder in ["a/", "animations/"] where path.hasPrefix(folder) && path.hasSuffix(".json") {
                    let name = path.dropFirst(folder.count).dropLast(5)
                    if !name.isEmpty && !name.contains("/") { return String(name) }
                }
                return nil
            }
        }
        var paths: [String: String] = [:]
        for id in ids {
            guard let path = ["a/\(id).json", "animations/\(id).json"].first(where: files.contains) else {
                throw LottieError(path: "manifest.json", message: "the animation \"\(id)\" is not in the archive (as a/\(id).json or animations/\(id).json)")
            }
            paths[id] = path
        }
        guard let first = ids.first else {
            throw LottieError(path: "", message: "a dotLottie with no animation (no a/*.json or animations/*.json)")
        }
        if let active, paths[active] == nil {
            throw LottieError(path: "manifest.json", message: "the active animation \"\(active)\" is not among the animations \(ids)")
        }
        animationIDs = ids
        activeAnimationID = active ?? first
        animationPaths = paths
    }

    /// The JSON bytes of animation `id` (the active one when nil).
    public func animationBytes(_ id: String? = nil) throws(LottieError) -> [UInt8] {
        let id = id ?? activeAnimationID
        guard let path = animationPaths[id] else {
            throw LottieError(path: "", message: "no animation \"\(id)\" in the dotLottie (it has \(animationIDs))")
        }
        return try archive.read(path, limit: Self.maximumAnimationBytes)
    }

    /// An image an animation names: its asset's folder `u` and file `p`, looked up in the archive as
    /// written (without a leading `/`), then under `i/` and `images/`.
    func image(folder: String, file: String) throws(LottieError) -> [UInt8] {
        let named = String((folder + file).drop { $0 == "/" })
        for path in [named, "i/\(file)", "images/\(file)"] where archive.fileNames.contains(path) {
            return try archive.read(path, limit: LottieLimits.maximumImageBytes)
        }
        throw LottieError(path: "", message: "the image \"\(named)\" is not in the dotLottie")
    }
}
