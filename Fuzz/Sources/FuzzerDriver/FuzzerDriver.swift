/// libFuzzer's driver, for executables built with `-sanitize=fuzzer` and `-parse-as-library`.
///
/// SwiftPM links an executable's entry point as `<Module>_main`; with `-parse-as-library` there is
/// none, so each fuzzer defines it and hands control here, which does what libFuzzer's own `main` does.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

/// Runs libFuzzer with the command line and `callback` (`LLVMFuzzerTestOneInput`'s signature).
public func runFuzzer(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32 {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments, callback)
}
