import LaminaRenderList
import CEGL
import Glibc

/// Opening a display on GBM: find the render node, prove it with a buffer, then EGL on top.
enum GBMPlatform {
    /// The first `renderD*` node in `directory`, by node number (`renderD128` before `renderD129`).
    static func firstRenderNode(in directory: String) throws(DisplayFailure) -> String {
        guard let stream = opendir(directory) else {
            let code = errno
            throw .noRenderNode(directory: directory, errno: code == ENOENT ? nil : code)
        }
        defer { closedir(stream) }
        var nodes: [(number: Int, name: String)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix("renderD"), let number = Int(name.dropFirst("renderD".count)) else { continue }
            nodes.append((number, name))
        }
        guard let first = nodes.min(by: { $0.number < $1.number }) else {
            throw .noRenderNode(directory: directory, errno: nil)
        }
        return directory.hasSuffix("/") ? directory + first.name : directory + "/" + first.name
    }

    /// A display on the render node at `path`.
    static func open(path: String, log: RenderLog) throws(DisplayFailure) -> Display {
        let client = EGLFunctions.extensions(of: nil)
        guard client.contains("EGL_KHR_platform_gbm") || client.contains("EGL_MESA_platform_gbm") else {
            throw .missingClientExtension("EGL_KHR_platform_gbm")
        }
        let device = try GBMDevice(path: path)
        log("  \(path): gbm_bo_create succeeded")
        guard
            let handle = eglGetPlatformDisplay(
                EGLenum(EGL_PLATFORM_GBM_KHR), UnsafeMutableRawPointer(device.device), nil)
        else {
            throw .noDisplay(.last())
        }
        return try Display(
            handle: handle, platform: .gbm, candidate: .gbm(renderNode: path), name: "GBM on \(path)",
            owner: device, log: log)
    }
}
