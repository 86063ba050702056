/** Another browser's mark in a user agent (Chrome, Firefox, Edge, Opera on any system). */
const OUTRO_NAVEGADOR = /Chrome|Chromium|CriOS|FxiOS|EdgiOS|EdgA|OPR|OPiOS/

/**
 * Which wallet this device keeps cards in: Apple's in Safari on iPhone, iPad and Mac and in the app installed from it
 * (whose user agent has no `Safari/`), as Apple's guidelines ask; Google's on Android.
 */
export function carteiraDoDispositivo(userAgent: string): 'apple' | 'google' | null {
  if (/Android/i.test(userAgent)) return 'google'
  if (OUTRO_NAVEGADOR.test(userAgent)) return null
  if (/iPhone|iPad|iPod/.test(userAgent)) return /AppleWebKit/.test(userAgent) ? 'apple' : null
  return /Macintosh/.test(userAgent) && /Safari\//.test(userAgent) ? 'apple' : null
}
