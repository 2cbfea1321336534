import FuzzerDriver
import LaminaJSON

/// One input through the JSON parser and writer (`JSONRoundTrip`): a broken round trip is a crash, so
/// libFuzzer keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    if let failure = JSONRoundTrip.failure(of: Array(UnsafeBufferPointer(start: data, count: size))) { fatalError(failure) }
    return 0
}

@_cdecl("JSONFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
