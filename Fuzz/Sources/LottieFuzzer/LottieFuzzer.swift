import FuzzerDriver
import LaminaLottie

/// One input through the Lottie importer and the model's rules (`LottieImportCheck`): a broken promise
/// is a crash, so libFuzzer keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    if let failure = LottieImportCheck.failure(of: Array(UnsafeBufferPointer(start: data, count: size))) { fatalError(failure) }
    return 0
}

@_cdecl("LottieFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
