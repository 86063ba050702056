import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { imageSet } from '../../shared/imagens.ts'
import { useNativeModal } from './native-dialog.ts'
import {
  clampView,
  fitView,
  type Pinch,
  type Point,
  panBy,
  pinchOf,
  pinchView,
  type Size,
  toggleZoom,
  type View,
  zoomLimits,
  zoomTo,
} from './zoom.ts'

interface ImageViewerProps {
  src: string
  alt: string
  title: string
  /** 'Fechar', Escape, the phone's back gesture. */
  onClose: () => void
}

/** Zoom buttons and keys multiply or divide the scale by this. */
const STEP = 1.5
/** Two taps (or clicks) this close in time and space are a double tap. */
const DOUBLE_TAP_MS = 300
const DOUBLE_TAP_PX = 30
/** Arrow keys move the image this far. */
const KEY_PAN_PX = 48

const percent = new Intl.NumberFormat('pt-PT', { style: 'percent', maximumFractionDigits: 0 })

/**
 * An image full screen, at its own resolution: pinch to zoom and drag to pan by touch (pointer events, with the
 * browser's own gestures off), double tap or double click to close in and back, the mouse wheel, the zoom buttons,
 * and the keyboard (+, −, 0, arrows). A modal dialog: focus starts on 'Fechar' and returns to the opener.
 */
export function ImageViewer({ src, alt, title, onClose }: ImageViewerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const stageRef = useRef<HTMLDivElement>(null)
  const imageRef = useRef<HTMLImageElement>(null)
  const titleId = useId()
  // A vector stays sharp however far it is zoomed; a photo is shown from its widest variant, not its upload.
  const set = imageSet(src)
  const sources = set && !set.vector ? set.largest : []
  const [natural, setNatural] = useState<Size | null>(null)
  // Rendered state only for the controls; the image itself moves through `apply`, without a render per frame.
  const [scale, setScale] = useState(0)
  const [limits, setLimits] = useState({ min: 0, max: 0 })
  const view = useRef<View>({ scale: 1, x: 0, y: 0 })
  useNativeModal(dialogRef, onClose, (dialog) => dialog.querySelector<HTMLElement>('.modal-close'))

  const stageSize = useCallback((): Size => {
    const stage = stageRef.current
    return { width: stage?.clientWidth ?? 0, height: stage?.clientHeight ?? 0 }
  }, [])

  const apply = useCallback((next: View) => {
    view.current = next
    const image = imageRef.current
    // A CSSOM property, which the strict CSP (style-src 'self') allows, unlike a style attribute in markup.
    if (image) image.style.transform = `translate(${next.x}px, ${next.y}px) scale(${next.scale})`
    setScale(next.scale)
  }, [])

  /** Runs a change of view once the image's natural size is known. */
  const change = useCallback(
    (make: (current: View, image: Size, stage: Size) => View) => {
      if (!natural) return
      apply(make(view.current, natural, stageSize()))
    },
    [natural, apply, stageSize],
  )

  // The whole image at first; on a resize (rotation, window) fitted again if it was, otherwise kept where it was.
  useEffect(() => {
    const stage = stageRef.current
    if (!natural || !stage) return
    let fitted: number | null = null
    const layout = () => {
      const size = stageSize()
      const { fit, min, max } = zoomLimits(natural, size)
      setLimits({ min, max })
      const wasFit = fitted === null || Math.abs(view.current.scale - fitted) < 1e-6
      apply(wasFit ? fitView(natural, size) : clampView(view.current, natural, size))
      fitted = fit
    }
    layout()
    const observer = new ResizeObserver(layout)
    observer.observe(stage)
    return () => observer.disconnect()
  }, [natural, apply, stageSize])

  // Touch, pen and mouse through pointer events: one pointer pans, two pinch, a quick second tap toggles the zoom.
  useEffect(() => {
    const stage = stageRef.current
    if (!stage || !natural) return
    const pointers = new Map<number, Point>()
    let pan: { from: Point; start: View } | null = null
    let pinch: { from: Pinch; start: View } | null = null
    let lastTap: { time: number; at: Point } | null = null

    const local = (event: PointerEvent | WheelEvent): Point => {
      const box = stage.getBoundingClientRect()
      return { x: event.clientX - box.left, y: event.clientY - box.top }
    }
    const restart = () => {
      const [a, b] = [...pointers.values()]
      pinch = a && b ? { from: pinchOf(a, b), start: view.current } : null
      pan = a && !b ? { from: a, start: view.current } : null
    }
    const onDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return
      const at = local(event)
      stage.setPointerCapture(event.pointerId)
      pointers.set(event.pointerId, at)
      if (pointers.size === 1) {
        const now = event.timeStamp
        if (
          lastTap &&
          now - lastTap.time < DOUBLE_TAP_MS &&
          Math.hypot(at.x - lastTap.at.x, at.y - lastTap.at.y) < DOUBLE_TAP_PX
        ) {
          lastTap = null
          apply(toggleZoom(view.current, at, natural, stageSize()))
        } else {
          lastTap = { time: now, at }
        }
      } else {
        lastTap = null
      }
      restart()
    }
    const onMove = (event: PointerEvent) => {
      if (!pointers.has(event.pointerId)) return
      pointers.set(event.pointerId, local(event))
      const [a, b] = [...pointers.values()]
      if (pinch && a && b) apply(pinchView(pinch.start, pinch.from, pinchOf(a, b), natural, stageSize()))
      else if (pan && a) apply(panBy(pan.start, a.x - pan.from.x, a.y - pan.from.y, natural, stageSize()))
    }
    const onUp = (event: PointerEvent) => {
      if (!pointers.delete(event.pointerId)) return
      restart()
    }
    const onWheel = (event: WheelEvent) => {
      event.preventDefault()
      const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.002))
      apply(zoomTo(view.current, view.current.scale * factor, local(event), natural, stageSize()))
    }
    stage.addEventListener('pointerdown', onDown)
    stage.addEventListener('pointermove', onMove)
    stage.addEventListener('pointerup', onUp)
    stage.addEventListener('pointercancel', onUp)
    // Not passive: the wheel zooms the image instead of scrolling what is under the dialog.
    stage.addEventListener('wheel', onWheel, { passive: false })
    return () => {
      stage.removeEventListener('pointerdown', onDown)
      stage.removeEventListener('pointermove', onMove)
      stage.removeEventListener('pointerup', onUp)
      stage.removeEventListener('pointercancel', onUp)
      stage.removeEventListener('wheel', onWheel)
    }
  }, [natural, apply, stageSize])

  const centre = (): Point => {
    const size = stageSize()
    return { x: size.width / 2, y: size.height / 2 }
  }
  const zoomBy = (factor: number) => change((v, image, stage) => zoomTo(v, v.scale * factor, centre(), image, stage))
  const fitToScreen = () => change((_, image, stage) => fitView(image, stage))

  const onKeyDown = (event: React.KeyboardEvent) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [KEY_PAN_PX, 0],
      ArrowRight: [-KEY_PAN_PX, 0],
      ArrowUp: [0, KEY_PAN_PX],
      ArrowDown: [0, -KEY_PAN_PX],
    }
    const move = moves[event.key]
    if (event.key === '+' || event.key === '=') zoomBy(STEP)
    else if (event.key === '-') zoomBy(1 / STEP)
    else if (event.key === '0') fitToScreen()
    else if (move) change((v, image, stage) => panBy(v, move[0], move[1], image, stage))
    else return
    event.preventDefault()
  }

  const ready = natural !== null && scale > 0
  return (
    <dialog ref={dialogRef} className="viewer" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <div className="viewer-bar">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="modal-close" onClick={onClose}>
          Fechar
        </button>
      </div>
      <div ref={stageRef} className="viewer-stage">
        {!ready && <p className="viewer-loading">A carregar…</p>}
        <picture>
          {/* Without width descriptors: the natural size is the file's pixels, which the zoom counts in. */}
          {sources.map((source) => (
            <source key={source.type} type={source.type} srcSet={source.src} />
          ))}
          <img
            ref={imageRef}
            className={ready ? 'viewer-image' : 'viewer-image viewer-image-loading'}
            alt={alt}
            draggable={false}
            onLoad={(event) => {
              const image = event.currentTarget
              const size = { width: image.naturalWidth, height: image.naturalHeight }
              // Laid out at its natural size; the view scales it (1 = one image pixel per CSS pixel).
              image.style.width = `${size.width}px`
              image.style.height = `${size.height}px`
              setNatural(size)
            }}
            src={src}
          />
        </picture>
      </div>
      <fieldset className="viewer-tools">
        <legend className="visually-hidden">Zoom</legend>
        <button
          type="button"
          className="viewer-button"
          aria-label="Diminuir zoom"
          disabled={!ready || scale <= limits.min + 1e-6}
          onClick={() => zoomBy(1 / STEP)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <span className="viewer-zoom">{ready ? percent.format(scale) : ''}</span>
        <button
          type="button"
          className="viewer-button"
          aria-label="Aumentar zoom"
          disabled={!ready || scale >= limits.max - 1e-6}
          onClick={() => zoomBy(STEP)}
        >
          <span aria-hidden="true">+</span>
        </button>
        <button type="button" className="viewer-button viewer-fit" disabled={!ready} onClick={fitToScreen}>
          Ajustar ao ecrã
        </button>
      </fieldset>
    </dialog>
  )
}
