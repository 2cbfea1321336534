import LaminaFuzzing

/// One compositor for the whole run, as one daemon serves every client (`PipelineHarness`).
nonisolated(unsafe) private let harness = try! PipelineHarness()
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

// SwiftPM links an executable's entry point as `<Module>_main`; with `-parse-as-library` there is
// none, so this one hands control to libFuzzer's driver (what libFuzzer's own `main` does).
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

@_cdecl("PipelineFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments) { data, size in fuzz(data, size) }
}
