import CGLES3
import Glibc
import Lamina
import LaminaCore
import LaminaGL
import LaminaWire

extension BenchDaemonCommand {
    /// A `GLLayer` covering the output (1920x1080 in `make bench-daemon`), its whole frame rendered
    /// anew and presented after each frame callback, over shared memory: per frame, the app's CPU time
    /// to present (read back and copy), the daemon's CPU time, and the frames from presenting to the
    /// blank at which the frame is shown (the commit time of the commit carrying it).
    func gl(pid: Int32, period: Double) throws {
        try MainActor.assumeIsolated { () throws in
            let context: GLContext
            let connection: Connection
            do {
                context = try GLContext()
                connection = try Connection(name: "lamina bench-daemon gl", path: socket)
            } catch { throw Failure("\(error)") }
            let output = connection.welcome.outputs.first
            let layer = GLLayer(name: "gl")
            layer.frame = Rect(x: 0, y: 0, width: output?.width ?? 1920, height: output?.height ?? 1080)
            layer.contentsScale = output?.scale ?? 1
            layer.isOpaque = true
            connection.addLayer(layer)
            var ticked = false
            let link = DisplayLink { _ in ticked = true }
            link.add(to: connection)
            var (presentCPU, latency): ([Double], [Double]) = ([], [])
            var daemonCPU = 0.0, framesDrawn: UInt64 = 0
            do {
                try connection.synchronize()
                let before = (try connection.stats().framesDrawn, cpuSeconds(pid))
                let start = currentMediaTime()
                var frame = 0
                while currentMediaTime() - start < seconds {
                    ticked = false
                    try connection.wait(for: "a frame callback") { ticked }
                    guard let drawable = try layer.nextDrawable(timeout: 1) else { continue }
                    glBindFramebuffer(GLenum(GL_FRAMEBUFFER), drawable.framebuffer)
                    let shade = Float(frame % 60) / 60
                    glClearColor(shade, 1 - shade, 0.5, 1)
                    glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                    glFinish()  // the app's rendering done: what follows is presenting alone
                    let presented = currentMediaTime()
                    let cpu = threadCPU()
                    try drawable.present()
                    presentCPU.append((threadCPU() - cpu) * 1000)
                    let shown = layer.contents!
                    try connection.wait(for: "the frame taken") { connection.hasTaken(shown) }
                    latency.append((connection.lastCommitTime - presented) / period)
                    frame += 1
                }
                framesDrawn = try connection.stats().framesDrawn - before.0
                daemonCPU = cpuSeconds(pid) - before.1
            } catch let error as LaminaError {
                throw Failure("\(error)")
            } catch let error as GLLayerError {
                throw Failure("\(error)")
            }
            link.invalidate()
            guard !latency.isEmpty else { throw Failure("no frame was presented") }
            presentCPU.sort()
            latency.sort()
            let (w, h) = (Int(layer.bounds.size.width * layer.contentsScale), Int(layer.bounds.size.height * layer.contentsScale))
            print(
                #"{"test":"gl","drawable":"\#(w)x\#(h)","transport":"shared memory","frames":\#(latency.count),"#
                    + #""presentCPUMillisecondsMedian":\#(presentCPU[presentCPU.count / 2]),"presentCPUMillisecondsP90":\#(presentCPU[presentCPU.count * 9 / 10]),"#
                    + #""presentToShownFramesMedian":\#(latency[latency.count / 2]),"presentToShownFramesMax":\#(latency.last!),"#
                    + #""daemonCPUMillisecondsPerFrame":\#(daemonCPU / Double(max(framesDrawn, 1)) * 1000),"renderer":"\#(context.renderer)"}"#)
        }
    }

    /// The calling thread's CPU time in seconds.
    private func threadCPU() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
