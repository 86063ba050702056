/** Which wallet this device keeps cards in: Apple's on iOS and macOS Safari (Apple's guidelines), Google's on Android. */
export function carteiraDoDispositivo(userAgent: string): 'apple' | 'google' | null {
  if (/Android/i.test(userAgent)) return 'google'
  const apple = /iPhone|iPad|iPod|Macintosh/.test(userAgent)
  const safari = /Safari\//.test(userAgent) && !/Chrome|Chromium|CriOS|FxiOS|EdgiOS|EdgA|OPR|OPiOS/.test(userAgent)
  return apple && safari ? 'apple' : null
}
