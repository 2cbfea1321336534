import FuzzerDriver
import LaminaFuzzing

/// One compositor for the whole run, as one daemon serves every client (`PipelineHarness`).
private let harness = try! PipelineHarness()
nonisolated(unsafe) private var inputs = 0

/// One fuzz input through the daemon's whole path: decode → validate → apply → evaluate → build.
/// A failed check is a crash (libFuzzer keeps the input); every 4,096 inputs the harness checks that
/// nothing of the inputs so far is left in the compositor.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        try harness.run(bytes)
        inputs += 1
        if inputs % 4096 == 0 { try harness.checkNothingLeft() }
    } catch {
        fatalError("\(error)")
    }
    return 0
}

@_cdecl("PipelineFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
