import { writeFileSync } from 'node:fs'
import type { LaunchOptions } from '@playwright/test'
import QRCode from 'qrcode'

/**
 * A camera for the till's QR scan: Chromium's fake capture device playing a YUV4MPEG2 file that the test writes (the
 * customer's QR) before the camera opens. Permission prompts are answered yes, as staff would.
 */

export const VIDEO_WIDTH = 640
export const VIDEO_HEIGHT = 480

/** The launch options of a spec whose browser has this fake camera (Playwright sets them per file). */
export function withFakeCamera(base: LaunchOptions, file: string): LaunchOptions {
  return {
    ...base,
    args: [
      ...(base.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
    ],
  }
}

/**
 * A YUV4MPEG2 video for Chromium's fake camera: a few identical 4:2:0 frames of this luma plane (bytes 16 black to
 * 235 white), the colour planes neutral.
 */
export function writeVideo(file: string, luma: Uint8Array) {
  const chroma = new Uint8Array((VIDEO_WIDTH / 2) * (VIDEO_HEIGHT / 2)).fill(128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma])
  const header = `YUV4MPEG2 W${VIDEO_WIDTH} H${VIDEO_HEIGHT} F30:1 Ip A1:1 C420jpeg\n`
  writeFileSync(file, Buffer.concat([Buffer.from(header), ...Array<Buffer>(5).fill(frame)]))
}

/** The camera sees the QR of `text` (error correction H), black modules on white with its quiet zone. */
export function qrVideo(text: string, file: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'H' })
  const n = modules.size
  // Four modules of quiet zone on each side, the code as large as the frame allows.
  const scale = Math.floor((Math.min(VIDEO_WIDTH, VIDEO_HEIGHT) * 0.9) / (n + 8))
  const left = Math.floor((VIDEO_WIDTH - n * scale) / 2)
  const top = Math.floor((VIDEO_HEIGHT - n * scale) / 2)
  const luma = new Uint8Array(VIDEO_WIDTH * VIDEO_HEIGHT).fill(235)
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (!modules.get(row, col)) continue
      for (let y = 0; y < scale; y++) {
        const start = (top + row * scale + y) * VIDEO_WIDTH + left + col * scale
        luma.fill(16, start, start + scale)
      }
    }
  }
  writeVideo(file, luma)
}

/** The camera sees no code: a grey gradient. */
export function emptyVideo(file: string) {
  const luma = new Uint8Array(VIDEO_WIDTH * VIDEO_HEIGHT)
  for (let i = 0; i < luma.length; i++) luma[i] = 60 + Math.floor(((i % VIDEO_WIDTH) / VIDEO_WIDTH) * 120)
  writeVideo(file, luma)
}
