import { describe, expect, it } from 'vitest'
import { clampView, fitView, panBy, pinchOf, pinchView, toggleZoom, zoomLimits, zoomTo } from './zoom.ts'

// A 900×1260 menu on a phone's stage and on a computer's.
const menu = { width: 900, height: 1260 }
const phone = { width: 390, height: 788 }
const desktop = { width: 1280, height: 744 }

describe('image viewer geometry', () => {
  it('fits the whole image, never enlarged past its natural size, and zooms to twice that or more', () => {
    expect(zoomLimits(menu, phone)).toEqual({ fit: 390 / 900, min: 390 / 900, max: 2 })
    expect(zoomLimits(menu, desktop).fit).toBeCloseTo(744 / 1260)
    expect(zoomLimits({ width: 200, height: 100 }, desktop)).toMatchObject({ fit: 1, max: 4 })
    expect(zoomLimits({ width: 8000, height: 8000 }, phone).max).toBe(2)
  })

  it('centres the fitted image', () => {
    const view = fitView(menu, phone)
    expect(view.x).toBeCloseTo(0)
    expect(view.y).toBeCloseTo((788 - 1260 * (390 / 900)) / 2)
    const wide = fitView(menu, desktop)
    expect(wide.x).toBeCloseTo((1280 - 900 * (744 / 1260)) / 2)
    expect(wide.y).toBeCloseTo(0)
  })

  it('zooms about a point, which stays under it', () => {
    const start = fitView(menu, phone)
    const at = { x: 100, y: 300 }
    const zoomed = zoomTo(start, 1, at, menu, phone)
    expect(zoomed.scale).toBe(1)
    const before = { x: (at.x - start.x) / start.scale, y: (at.y - start.y) / start.scale }
    expect(at.x - zoomed.x).toBeCloseTo(before.x * zoomed.scale)
    expect(at.y - zoomed.y).toBeCloseTo(before.y * zoomed.scale)
    expect(zoomTo(start, 50, at, menu, phone).scale).toBe(2)
    expect(zoomTo(start, 0.01, at, menu, phone).scale).toBeCloseTo(390 / 900)
  })

  it('pans a zoomed image only as far as its edges', () => {
    const zoomed = zoomTo(fitView(menu, phone), 1, { x: 0, y: 0 }, menu, phone)
    expect(panBy(zoomed, 10_000, 10_000, menu, phone)).toMatchObject({ x: 0, y: 0 })
    expect(panBy(zoomed, -10_000, -10_000, menu, phone)).toMatchObject({ x: 390 - 900, y: 788 - 1260 })
    // At fit there is nothing to pan: it stays centred.
    expect(panBy(fitView(menu, phone), 50, 50, menu, phone)).toEqual(fitView(menu, phone))
  })

  it('pinches: the scale follows the fingers apart, the point between them follows them', () => {
    const start = fitView(menu, phone)
    const from = pinchOf({ x: 150, y: 400 }, { x: 250, y: 400 })
    const to = pinchOf({ x: 100, y: 420 }, { x: 300, y: 420 })
    const view = pinchView(start, from, to, menu, phone)
    expect(view.scale).toBeCloseTo(start.scale * 2)
    const imagePoint = (from.mid.x - start.x) / start.scale
    expect(to.mid.x - view.x).toBeCloseTo(imagePoint * view.scale)
  })

  it('double tap toggles between the fitted view and a close-up', () => {
    const fit = fitView(menu, phone)
    const close = toggleZoom(fit, { x: 195, y: 394 }, menu, phone)
    expect(close.scale).toBeCloseTo((390 / 900) * 2.5)
    expect(toggleZoom(fitView(menu, desktop), { x: 0, y: 0 }, menu, desktop).scale).toBeCloseTo((744 / 1260) * 2.5)
    expect(toggleZoom(close, { x: 195, y: 394 }, menu, phone)).toEqual(fit)
    expect(clampView(close, menu, phone)).toEqual(close)
  })
})
