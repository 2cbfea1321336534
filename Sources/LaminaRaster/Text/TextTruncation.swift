/// What happens to text that does not fit the bounds' width (CATextLayer's `truncationMode`).
///
/// Truncation replaces the cut text with an ellipsis, "…". Without wrapping each paragraph is one
/// line and is truncated where it is too wide; with wrapping, the last line that fits inside the
/// bounds' height is truncated when text follows it in its paragraph.
public enum TextTruncation: String, Hashable, Sendable, CaseIterable {
    /// Nothing is replaced: a line too wide runs past the bounds and is cut there.
    case none
    /// The ellipsis replaces the start of the line; its end shows.
    case start
    /// The ellipsis replaces the middle; both ends show.
    case middle
    /// The ellipsis replaces the end; its start shows.
    case end
}
