import LaminaCore

/// Text layers (`ty` 5) as text layers drawn through Pango with the font named by the file, as
/// lottie-ios uses fonts by name (embedded glyph outlines are not used). The text document's keyframes
/// (text that changes over time) are steps of `string`, `fontSize` and `foregroundColor`.
extension LottieCompiler {
    /// One text document (`t.d.k[].s`).
    struct TextDocument: Equatable {
        var text: String
        var size: Double
        var font: String
        var color: Color
        var justification: Int
        /// The paragraph box (`ps`, `sz`) of box text; nil for point text.
        var box: Rect?
    }

    mutating func text(_ node: LottieNode, into layer: LayerHandle) throws(LottieError) {
        guard let t = node["t"], let d = t["d"] else { return }
        let fonts = document["fonts"]?["list"]?.elements ?? []
        let documents = try d.property(&diagnostics) { (n: LottieNode) throws(LottieError) in try Self.textDocument(n, fonts: fonts) }
        if let animators = t["a"], !animators.elements.isEmpty {
            report(.unsupported, "text-animators", at: animators.path, "the text is drawn without its animators")
        }
        if let path = t["p"], let mask = path["m"] {
            report(.unsupported, "text-path", at: mask.path, "the text is drawn on a straight line, not along the layer's mask")
        }
        report(.approximated, "text", at: t.path, "drawn with the font named \"\(documents.initialValue.font)\" through Pango (line height and tracking are the font's)")
        guard case .animated(let keys) = documents else {
            try textLayer(documents.initialValue, name: node["nm"].flatMap { try? $0.string() }, into: layer, at: d.path)
            return
        }
        // Text that changes over time: one text layer per document, each shown until the next.
        for (k, key) in keys.enumerated() {
            let shown = try textLayer(key.value, name: node["nm"].flatMap { try? $0.string() }, into: layer, at: d.path)
            let hidden: LottieProperty<Bool> = .animated(
                keys.enumerated().map { i, other in
                    LottieKeyframe(time: other.time, value: i != k, end: nil, easing: .linear, hold: true, tangentOut: nil, tangentIn: nil)
                })
            emitter.apply(hidden, to: shown, LayerKeyPath(.hidden), at: d.path) { .bool($0) }
        }
    }

    /// A text layer showing `document`: point text's first baseline runs through the layer's origin,
    /// starting there (left), ending there (right) or centred on it; box text fills its box.
    @discardableResult
    private mutating func textLayer(_ document: TextDocument, name: String?, into layer: LayerHandle, at path: String) throws(LottieError) -> LayerHandle {
        let text = try emitter.create(.text, name: name, at: path)
        let lines = document.text.split(whereSeparator: { $0 == "\r" || $0 == "\n" })
        let width = max(Double(lines.map(\.count).max() ?? 0) * document.size * 0.7 + document.size, 1)
        let frame =
            document.box
            ?? Rect(
                x: document.justification == 1 ? -width : document.justification == 2 ? -width / 2 : 0, y: -document.size * 0.8,
                width: width, height: Double(max(lines.count, 1)) * document.size * 1.25)
        emitter.set(text, .anchorPoint, .point(.zero), at: path)
        emitter.set(text, .bounds, .rect(Rect(origin: .zero, size: frame.size)), at: path)
        emitter.set(text, .position, .point(frame.origin), at: path)
        emitter.set(text, .alignmentMode, Self.keyword(.alignmentMode, ["left", "right", "center"][min(max(document.justification, 0), 2)]), at: path)
        if document.box != nil { emitter.set(text, .wrapped, .bool(true), at: path) }
        emitter.set(text, .font, .string(document.font), at: path)
        emitter.set(text, .string, .string(document.text.replacingReturns), at: path)
        emitter.set(text, .fontSize, .number(document.size), at: path)
        emitter.set(text, .foregroundColor, .color(document.color), at: path)
        emitter.insert(text, into: layer, at: path)
        return text
    }

    private static func textDocument(_ n: LottieNode, fonts: [LottieNode]) throws(LottieError) -> TextDocument {
        let text = (try? n["t"]?.string()) ?? ""
        let size = try n.number("s", default: 12)
        let fontName = (try? n["f"]?.string()) ?? ""
        // The file's font list names a family and style for each font name.
        var font = fontName.isEmpty ? "Sans" : fontName
        for entry in fonts where (try? entry["fName"]?.string()) == fontName {
            let family = (try? entry["fFamily"]?.string()) ?? fontName
            let style = (try? entry["fStyle"]?.string()) ?? ""
            font = style.isEmpty || style == "Regular" ? family : "\(family) \(style)"
        }
        let color = color((try? n["fc"]?.numbers()) ?? [0, 0, 0])
        var box: Rect?
        if let sz = n["sz"], let ps = n["ps"] {
            let s = try sz.numbers(), p = try ps.numbers()
            if s.count >= 2, p.count >= 2 { box = Rect(x: p[0], y: p[1], width: max(s[0], 0), height: max(s[1], 0)) }
        }
        guard size.isFinite, size >= 0, size <= LottieLimits.maximumSize else { throw n.error("a font size of \(size)") }
        return TextDocument(text: text, size: size, font: font, color: color, justification: Int((try? n.number("j", default: 0)) ?? 0), box: box)
    }
}

extension String {
    /// Lottie separates lines with carriage returns.
    var replacingReturns: String { String(map { $0 == "\r" || $0 == "\u{3}" ? "\n" : $0 }) }
}
