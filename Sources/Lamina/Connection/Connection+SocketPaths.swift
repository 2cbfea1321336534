import Glibc

extension Connection {
    /// The paths tried, in order: `$LAMINA_SOCKET`, `$XDG_RUNTIME_DIR/lamina-0`, `/run/lamina/laminad.sock`.
    public nonisolated static func standardPaths() -> [String] {
        var paths: [String] = []
        if let p = getenv("LAMINA_SOCKET").map({ String(cString: $0) }), !p.isEmpty { paths.append(p) }
        if let r = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !r.isEmpty { paths.append(r + "/lamina-0") }
        paths.append("/run/lamina/laminad.sock")
        return paths
    }
}
