/**
 * Links that open a store's place outside the app, from its coordinates alone: they work when the embedded map
 * cannot load (offline, blocked by a network or a content blocker).
 */

/** RFC 5870 `geo:` URI: a phone opens it in its maps app, with a pin labelled with the store's name. */
export function geoUri(latitude: number, longitude: number, label: string): string {
  const point = `${latitude},${longitude}`
  return `geo:${point}?q=${point}(${encodeURIComponent(label)})`
}

/** The place on openstreetmap.org, with a marker: an https page that opens on every platform, unlike `geo:`. */
export function openStreetMapUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`
}
