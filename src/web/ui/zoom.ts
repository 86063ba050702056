/**
 * The geometry of the image viewer (ImageViewer.tsx), kept apart from the DOM so that it can be tested: an image laid
 * out at its natural size, moved and scaled by `translate(x, y) scale(scale)` from its top left corner, inside a
 * stage (the screen below the viewer's bar).
 */

export interface Size {
  width: number
  height: number
}

export interface Point {
  x: number
  y: number
}

/** `scale` 1 is the image's natural resolution: one image pixel per CSS pixel. */
export interface View {
  scale: number
  x: number
  y: number
}

export interface Limits {
  /** The whole image on screen (never enlarged past its natural size to get there). */
  fit: number
  min: number
  max: number
}

/** Up to twice the natural size, and at least four times the fitted size for a large image on a small screen. */
export function zoomLimits(image: Size, stage: Size): Limits {
  const fit = Math.min(1, stage.width / image.width, stage.height / image.height)
  return { fit, min: fit, max: Math.max(2, fit * 4) }
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/**
 * The view made valid: the scale within the limits and the image kept on screen. Along an axis where it is smaller
 * than the stage it is centred; where it is larger, its edges cannot come inside the stage.
 */
export function clampView(view: View, image: Size, stage: Size): View {
  const { min, max } = zoomLimits(image, stage)
  const scale = clamp(view.scale, min, max)
  const axis = (offset: number, length: number, room: number) => {
    const size = length * scale
    return size <= room ? (room - size) / 2 : clamp(offset, room - size, 0)
  }
  return { scale, x: axis(view.x, image.width, stage.width), y: axis(view.y, image.height, stage.height) }
}

/** The whole image, centred. */
export function fitView(image: Size, stage: Size): View {
  return clampView({ scale: zoomLimits(image, stage).fit, x: 0, y: 0 }, image, stage)
}

/** Scales to `scale` keeping the image point under `at` (a stage point) where it is. */
export function zoomTo(view: View, scale: number, at: Point, image: Size, stage: Size): View {
  const { min, max } = zoomLimits(image, stage)
  const next = clamp(scale, min, max)
  const ratio = next / view.scale
  return clampView({ scale: next, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio }, image, stage)
}

export function panBy(view: View, dx: number, dy: number, image: Size, stage: Size): View {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, image, stage)
}

export interface Pinch {
  /** Midpoint of the two fingers, in stage coordinates. */
  mid: Point
  /** Distance between them. */
  distance: number
}

export function pinchOf(a: Point, b: Point): Pinch {
  return { mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, distance: Math.hypot(a.x - b.x, a.y - b.y) }
}

/**
 * Two fingers: the image point that was under their midpoint when they came down follows the midpoint, and the
 * image scales with the distance between them.
 */
export function pinchView(start: View, from: Pinch, to: Pinch, image: Size, stage: Size): View {
  const { min, max } = zoomLimits(image, stage)
  const scale = clamp(start.scale * (to.distance / Math.max(1, from.distance)), min, max)
  const imageX = (from.mid.x - start.x) / start.scale
  const imageY = (from.mid.y - start.y) / start.scale
  return clampView({ scale, x: to.mid.x - imageX * scale, y: to.mid.y - imageY * scale }, image, stage)
}

/** Double tap: from the fitted view, close in on the point (at least the natural size); otherwise back to fit. */
export function toggleZoom(view: View, at: Point, image: Size, stage: Size): View {
  const { fit, max } = zoomLimits(image, stage)
  if (view.scale > fit * 1.05) return fitView(image, stage)
  return zoomTo(view, Math.min(max, Math.max(1, fit * 2.5)), at, image, stage)
}
