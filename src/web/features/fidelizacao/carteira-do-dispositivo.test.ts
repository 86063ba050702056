import { describe, expect, it } from 'vitest'
import { carteiraDoDispositivo } from './carteira-do-dispositivo.ts'

describe('the wallet a device keeps cards in', () => {
  it('is Apple’s in Safari on iPhone, iPad and Mac, and Google’s on Android', () => {
    const casos: [string, 'apple' | 'google' | null][] = [
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
        'apple',
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
        'apple',
      ],
      // The app installed on the home screen: no `Version/… Safari/` in its user agent.
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
        'apple',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        'google',
      ],
      // Chrome and Firefox on iOS and Mac are not Safari: Apple's guidelines show the button in Safari only.
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
        null,
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        null,
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        null,
      ],
    ]
    for (const [ua, esperado] of casos) expect(carteiraDoDispositivo(ua), ua).toBe(esperado)
  })
})
