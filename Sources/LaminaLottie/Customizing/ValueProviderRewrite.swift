import LaminaCore
import LaminaJSON

/// Value providers applied to a Lottie document before it is compiled: each property a provider's
/// keypath matches has its value replaced in the JSON, so the compiler plays it as it would the file's
/// own (lottie-ios's Core Animation engine likewise rebuilds its animations from the providers' values).
///
/// The walk names properties as lottie-ios does: layer names from the composition down (a precomp
/// layer's name, then its asset's layers), shape group and item names, then the property. A layer's
/// transform properties are matched both with and without a "Transform" name before them
/// (`Ball.Transform.Position` and `Ball.Position`); a group's transform item is named by its `nm`
/// ("Transform" as exported, and when it has none). A precomp asset used under several names that providers treat
/// differently is copied, one copy per name.
struct ValueProviderRewrite {
    let providers: LottieValueProviders
    /// Every property's names met, when asked for (`LottieImporter.keypaths(of:)`).
    var keypaths: [LottieKeypath]?
    /// Precomp assets by id, with their place in `assets`.
    private var assets: [String: (index: Int, value: JSONValue)] = [:]
    /// Layers walked, every precomp instance counted: held to the compiler's layer limit, so a file
    /// whose precomps multiply is refused here as the compiler would refuse it.
    private var layerCount = 0
    /// Copies of precomp assets made for a layer path, by asset id and names.
    private var copies: [String: String] = [:]
    private var addedAssets: [JSONValue] = []

    /// Marks a provided colour property, whose alpha counts (a file's colours' fourth component does not).
    static let providedAlpha = "lamina-provided-alpha"

    init(providers: LottieValueProviders, collectingKeypaths: Bool = false) {
        self.providers = providers
        keypaths = collectingKeypaths ? [] : nil
    }

    /// The document with every matched property replaced.
    mutating func document(_ json: JSONValue) throws(LottieError) -> JSONValue {
        guard case .object(var members) = json else { return json }
        for (index, asset) in (LottieNode(json, path: "")["assets"]?.elements ?? []).enumerated() {
            if let id = try? asset["id"]?.string(), asset["layers"] != nil { assets[id] = (index, asset.value) }
        }
        if let index = members.firstIndex(where: { $0.key == "layers" }) {
            members[index].value = try layers(members[index].value, names: [], path: "layers", chain: [])
        }
        if !addedAssets.isEmpty {
            if let index = members.firstIndex(where: { $0.key == "assets" }), case .array(let list) = members[index].value {
                members[index].value = .array(list + addedAssets)
            }
        }
        return .object(members)
    }

    private mutating func layers(_ list: JSONValue, names: [String], path: String, chain: [String]) throws(LottieError) -> JSONValue {
        guard case .array(var layers) = list, chain.count <= LottieLimits.maximumPrecompDepth else { return list }
        for i in layers.indices {
            layers[i] = try layer(layers[i], names: names, path: "\(path)[\(i)]", chain: chain)
        }
        return .array(layers)
    }

    private mutating func layer(_ json: JSONValue, names: [String], path: String, chain: [String]) throws(LottieError) -> JSONValue {
        let node = LottieNode(json, path: path)
        layerCount += 1
        guard layerCount <= LottieLimits.maximumLayers else {
            throw node.error("the file needs more than \(LottieLimits.maximumLayers) layers, counting every precomp instance")
        }
        let own = names + [(try? node["nm"]?.string()) ?? ""]
        var result = json
        if let ks = node["ks"] {
            result = result.replacing("ks", with: try transform(ks, names: own, layerTransform: true))
        }
        let kind = (try? node["ty"]?.number()) ?? 3
        if kind == 1, let value = try replacement(for: own + ["Color"], at: path + ".sc", as: .color) {
            // A solid's colour is a fixed "#rrggbb": the provider's first value, without alpha.
            guard case .color(let c) = value.keyframes[0].value else { return result }
            func hex(_ v: Double) -> String {
                let n = Int((min(max(v, 0), 1) * 255).rounded())
                return String(n, radix: 16).count == 1 ? "0" + String(n, radix: 16) : String(n, radix: 16)
            }
            result = result.replacing("sc", with: .string("#" + hex(c.red) + hex(c.green) + hex(c.blue)))
        }
        if kind == 4, let shapes = node["shapes"] {
            result = result.replacing("shapes", with: try items(shapes, names: own))
        }
        if kind == 0, let ref = try? node["refId"]?.string(), let asset = assets[ref], !chain.contains(ref) {
            let key = "\(ref)\u{0}\(own.joined(separator: "\u{0}"))"
            if let copy = copies[key] {
                result = result.replacing("refId", with: .string(copy))
            } else {
                let assetNode = LottieNode(asset.value, path: "assets[\(asset.index)]")
                guard let inner = assetNode["layers"] else { return result }
                let rewritten = try layers(inner.value, names: own, path: inner.path, chain: chain + [ref])
                if rewritten != inner.value {
                    let id = "\(ref)~\(copies.count + 1)"
                    copies[key] = id
                    addedAssets.append(asset.value.replacing("layers", with: rewritten).replacing("id", with: .string(id)))
                    result = result.replacing("refId", with: .string(id))
                }
            }
        }
        return result
    }

    private mutating func items(_ list: LottieNode, names: [String]) throws(LottieError) -> JSONValue {
        guard case .array(var items) = list.value else { return list.value }
        for (i, item) in list.elements.enumerated() {
            let own = names + [(try? item["nm"]?.string()) ?? ""]
            var result = item.value
            switch (try? item["ty"]?.string()) ?? "" {
            case "gr":
                if let it = item["it"] { result = result.replacing("it", with: try self.items(it, names: own)) }
            case "tr":
                // Exporters name it "Transform"; one without a name is called that too.
                let name = (try? item["nm"]?.string()) ?? "Transform"
                result = try transform(item, names: names + [name.isEmpty ? "Transform" : name], layerTransform: false)
            case "fl", "st", "gf", "gs":
                let type = (try? item["ty"]?.string()) ?? ""
                let gradient = type == "gf" || type == "gs"
                if gradient, let g = item["g"], let value = try replacement(for: own + ["Colors"], at: g.path, as: .gradient) {
                    result = result.replacing("g", with: try gradientJSON(value, at: g.path))
                }
                if !gradient, let value = try replacement(for: own + ["Color"], at: item.path + ".c", as: .color) {
                    result = result.replacing("c", with: property(value).replacing(Self.providedAlpha, with: .bool(true)))
                }
                if let value = try replacement(for: own + ["Opacity"], at: item.path + ".o", as: .number) {
                    result = result.replacing("o", with: property(value))
                }
                if type == "st" || type == "gs", let value = try replacement(for: own + ["Stroke Width"], at: item.path + ".w", as: .number) {
                    result = result.replacing("w", with: property(value))
                }
            default:
                break
            }
            items[i] = result
        }
        return .array(items)
    }

    /// A transform's anchor, position, scale, rotation and opacity.
    private mutating func transform(_ ks: LottieNode, names: [String], layerTransform: Bool) throws(LottieError) -> JSONValue {
        var result = ks.value
        let properties: [(key: String, name: String, kind: Kind)] = [
            ("a", "Anchor Point", .point), ("p", "Position", .point), ("s", "Scale", .size), ("r", "Rotation", .number), ("o", "Opacity", .number),
        ]
        for (key, name, kind) in properties {
            let paths = layerTransform ? [names + ["Transform", name], names + [name]] : [names + [name]]
            var found: LottieValueProvider?
            for (n, path) in paths.enumerated() {
                if let value = try replacement(for: path, at: "\(ks.path).\(key)", as: kind, listed: n == 0) { found = value }
            }
            guard let found else { continue }
            // A provided position replaces a split one whole; rotation is written as `r`.
            let target = key == "r" && ks["r"] == nil && ks["rz"] != nil ? "rz" : key
            result = result.replacing(target, with: property(found))
        }
        return result
    }

    typealias Kind = LottieValue.Kind

    /// The provider for `path`, checked to give what the property takes; the names are noted when
    /// keypaths are collected (and `listed`: a layer transform's second spelling is not).
    private mutating func replacement(for path: [String], at jsonPath: String, as kind: Kind, listed: Bool = true) throws(LottieError) -> LottieValueProvider? {
        if listed { keypaths?.append(LottieKeypath(keys: path)) }
        guard let (keypath, provider) = providers.provider(for: path) else { return nil }
        for (frame, value) in provider.keyframes {
            guard value.kind == kind else {
                throw LottieError(
                    path: jsonPath,
                    message: "the value provider for \"\(keypath)\" gives \(value.kind.name) at frame \(frame); \(path.last ?? "") takes \(kind.name)")
            }
            guard value.isFinite, frame.isFinite else {
                throw LottieError(path: jsonPath, message: "the value provider for \"\(keypath)\" gives a number that is not finite")
            }
        }
        return provider
    }

    /// A Lottie property of the provider's values: constant, or keyframes eased linearly.
    private func property(_ provider: LottieValueProvider) -> JSONValue {
        if provider.keyframes.count == 1 {
            return .object([("a", .number(0)), ("k", provider.keyframes[0].value.lottieJSON)])
        }
        // Bézier handles on the diagonal: linear.
        let out: JSONValue = .object([("x", .array([.number(0)])), ("y", .array([.number(0)]))])
        let into: JSONValue = .object([("x", .array([.number(1)])), ("y", .array([.number(1)]))])
        let keys = provider.keyframes.map { frame, value -> JSONValue in
            .object([("t", .number(frame)), ("s", value.lottieJSON), ("o", out), ("i", into)])
        }
        return .object([("a", .number(1)), ("k", .array(keys))])
    }

    /// A gradient's `g`: its colour count and the stops, colours then alphas, as Lottie writes them.
    private func gradientJSON(_ provider: LottieValueProvider, at path: String) throws(LottieError) -> JSONValue {
        var count: Int?
        for (_, value) in provider.keyframes {
            guard case .gradient(let colors, let locations) = value, colors.count == locations.count, !colors.isEmpty else {
                throw LottieError(path: path, message: "a provided gradient needs as many locations as colours, and at least one")
            }
            guard count == nil || count == colors.count else {
                throw LottieError(path: path, message: "a provided gradient's keyframes need the same number of colours")
            }
            count = colors.count
        }
        return .object([("p", .number(Double(count ?? 0))), ("k", property(provider))])
    }
}

extension LottieValue {
    /// The value as a Lottie file writes it.
    var lottieJSON: JSONValue {
        switch self {
        case .color(let c): .array([c.red, c.green, c.blue, c.alpha].map(JSONValue.number))
        case .number(let n): .number(n)
        case .point(let p): .array([.number(p.x), .number(p.y)])
        case .size(let s): .array([.number(s.width), .number(s.height)])
        case .gradient(let colors, let locations):
            .array(
                zip(locations, colors).flatMap { [$0, $1.red, $1.green, $1.blue] }.map(JSONValue.number)
                    + zip(locations, colors).flatMap { [$0, $1.alpha] }.map(JSONValue.number))
        }
    }

    var isFinite: Bool {
        switch self {
        case .color(let c): [c.red, c.green, c.blue, c.alpha].allSatisfy(\.isFinite)
        case .number(let n): n.isFinite
        case .point(let p): p.x.isFinite && p.y.isFinite
        case .size(let s): s.width.isFinite && s.height.isFinite
        case .gradient(let colors, let locations): locations.allSatisfy(\.isFinite) && colors.allSatisfy { [$0.red, $0.green, $0.blue, $0.alpha].allSatisfy(\.isFinite) }
        }
    }
}

extension JSONValue {
    /// An object with member `key` set to `value` (added at the end when absent).
    func replacing(_ key: String, with value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }
}
