import CGBM
import Glibc

/// A GBM device on an open DRM render node, proven able to allocate a buffer.
///
/// `gbm_create_device` succeeds on any file descriptor (`/dev/null` included); only a buffer object
/// shows the file is a render node whose driver can render, so opening creates and frees one. The
/// device and its file stay open as long as this object: the EGL display made on it needs both.
final class GBMDevice {
    /// The render node's path.
    let path: String
    /// The open file.
    private let fd: Int32
    /// `struct gbm_device *`.
    let device: OpaquePointer

    /// Opens `path`, creates the GBM device and a 16x16 XRGB8888 rendering buffer to prove it.
    init(path: String) throws(DisplayFailure) {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        guard let device = gbm_create_device(fd) else {
            let code = errno
            close(fd)
            throw .gbmDeviceFailed(path: path, errno: code)
        }
        guard let buffer = gbm_bo_create(device, 16, 16, Self.xrgb8888, GBM_BO_USE_RENDERING.rawValue) else {
            let code = errno
            gbm_device_destroy(device)
            close(fd)
            throw .gbmBufferFailed(path: path, errno: code)
        }
        gbm_bo_destroy(buffer)
        self.path = path
        self.fd = fd
        self.device = device
    }

    deinit {
        gbm_device_destroy(device)
        close(fd)
    }

    /// `GBM_FORMAT_XRGB8888` (`fourcc('X','R','2','4')`): fourcc macros do not import into Swift.
    static let xrgb8888: UInt32 = fourcc("X", "R", "2", "4")

    private static func fourcc(_ a: Unicode.Scalar, _ b: Unicode.Scalar, _ c: Unicode.Scalar, _ d: Unicode.Scalar)
        -> UInt32
    {
        a.value | b.value << 8 | c.value << 16 | d.value << 24
    }
}
