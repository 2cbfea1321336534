import Glibc

/// Where LaminaRender says what it is doing while it brings the GPU up.
///
/// Display selection tries several platforms in turn and the first that works wins silently unless each
/// step is told somewhere: an operator whose daemon ended up on llvmpipe wants to read why the GBM node
/// was refused. A plain closure keeps the module free of a logging dependency; the daemon adapts it to
/// its own logger, tests collect the lines.
public struct RenderLog: Sendable {
    /// Receives one line, without a trailing newline.
    public let write: @Sendable (String) -> Void

    /// A log that hands each line to `write`.
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Writes `message`.
    public func callAsFunction(_ message: String) {
        write(message)
    }

    /// Drops every line: the default where the caller did not ask to hear.
    public static let silent = RenderLog { _ in }

    /// Writes each line to standard error with a `lamina-render: ` prefix (one `write(2)` per line, so
    /// lines from several threads do not interleave).
    public static let standardError = RenderLog { message in
        var line = Array("lamina-render: \(message)\n".utf8)
        line.withUnsafeMutableBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }
}
