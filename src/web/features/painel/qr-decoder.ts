import { prepareZXingModule, purgeZXingModule, readBarcodes } from 'zxing-wasm/reader'
// Our own copy of the decoder's WebAssembly, from the build's /assets/ (the library would fetch it from a CDN).
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'

/**
 * The till's QR decoder: ZXing (zxing-cpp compiled to WebAssembly, the `zxing-wasm` package), loaded only by the
 * camera reader. The staff pages' CSP allows WebAssembly (`'wasm-unsafe-eval'`, src/server/platform/web.ts).
 */

const overrides = {
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
}
prepareZXingModule({ overrides })

/** Loads and compiles the decoder now (while the camera starts), so the first frame is read at once. */
export async function prepareDecoder(): Promise<void> {
  try {
    await prepareZXingModule({ overrides, fireImmediately: true })
  } catch (error) {
    // A failed load is cached by the library: forget it, so that the next try loads again.
    purgeZXingModule()
    prepareZXingModule({ overrides })
    throw error
  }
}

/** The text of the first QR code in the frame, or null. */
export async function readQr(frame: ImageData): Promise<string | null> {
  const results = await readBarcodes(frame, { formats: ['QRCode'], maxNumberOfSymbols: 1, tryHarder: true })
  return results.find((r) => r.isValid && r.text)?.text ?? null
}
