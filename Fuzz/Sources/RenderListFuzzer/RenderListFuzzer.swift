import FuzzerDriver
import LaminaRenderListChecks

/// One fuzz input through the compositor's CPU half, every frame checked against the render list's
/// invariants (`RenderListFuzzing`): a broken invariant is a crash, so libFuzzer keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let violations = RenderListFuzzing.violations(of: Array(UnsafeBufferPointer(start: data, count: size)))
    if let first = violations.first { fatalError("\(violations.count) invariant violations; the first: \(first)") }
    return 0
}

@_cdecl("RenderListFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
