/// Where a text layer's lines sit across its bounds (CATextLayer's `alignmentMode`).
///
/// `left` and `right` are physical sides whatever the script; only `natural` (and the last line of a
/// justified paragraph) follows the writing direction, so a Hebrew paragraph aligned `natural` sits
/// at the right edge while one aligned `left` sits at the left.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// The start of each paragraph's writing direction: left for left-to-right paragraphs, right for
    /// right-to-left ones. A paragraph's direction is that of its first strong character (a paragraph
    /// with none, such as digits or an empty line, takes the direction of the paragraph before it).
    case natural
    /// Every line starts at the left edge.
    case left
    /// Every line ends at the right edge.
    case right
    /// Every line is centred between the edges.
    case center
    /// Wrapped lines are stretched to the full width (extra space goes between words); the last line
    /// of a paragraph, and every line of unwrapped text, is aligned as `natural`.
    case justified
}
