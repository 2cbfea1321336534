public import LaminaCore

/// A layer that shows a string (`CATextLayer`): shaped by HarfBuzz and laid out by Pango in the
/// daemon (any script, right-to-left included, with fontconfig's fallback fonts), from the top of the
/// bounds, aligned by `alignmentMode`, wrapped or truncated as asked.
///
/// The daemon rasterises the text once per string, font, size and scale, and tints it with
/// `foregroundColor` in the shader, so animating the colour re-rasterises nothing. The properties are
/// generated from the schema (`Layer+Properties.swift`).
open class TextLayer: Layer {
    open override class var kind: LayerKind { .text }
}
