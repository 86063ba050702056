/**
 * Demo art of the fictional Grupo Ladrilho: flat SVG illustrations drawn in code. Every image is self-contained (no
 * external references, no web fonts, no scripts), so the image pipeline (src/server/platform/images.ts) rasterises it
 * to AVIF and WebP without fetching anything, and the SVG itself can be served as is. Text is drawn with the
 * machine's fonts when rasterised (fontconfig picks DejaVu Sans on Debian for the generic families below).
 *
 * Scenes are drawn in a design space (800×450 for banners and shop fronts) and scaled to the output size, so a list
 * image (800×450) and a detail image (1200×675) share one drawing.
 */

import { mulberry32 } from '../../shared/aleatorio.ts'

export const SANS = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif'
export const SERIF = 'Georgia, Cambria, Times New Roman, serif'

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c)
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Colours of one brand or one occasion. */
export interface Palette {
  /** Background gradient, top left to bottom right. */
  sky: readonly [string, string]
  /** Brand colour: signs, ribbons, kicker text. */
  accent: string
  /** Headline text on the background. */
  ink: string
  /** Azulejo motif colour. */
  tile: string
  /** Table top. */
  wood: string
  /** Menu paper and the text printed on it. */
  paper: string
  paperInk: string
}

export const PALETTES = {
  grupo: {
    sky: ['#E6EFF8', '#C4D8EC'],
    accent: '#1F4E79',
    ink: '#142F4A',
    tile: '#1F4E79',
    wood: '#B88A5A',
    paper: '#F7F3EA',
    paperInk: '#142F4A',
  },
  nata: {
    sky: ['#FFF0D4', '#F3D29C'],
    accent: '#B8741F',
    ink: '#4A2E1A',
    tile: '#2F5D8A',
    wood: '#A8723F',
    paper: '#FBF5E9',
    paperInk: '#4A2E1A',
  },
  brasa: {
    sky: ['#3B2420', '#1E1412'],
    accent: '#F26B2A',
    ink: '#FFF4E8',
    tile: '#F26B2A',
    wood: '#5E3626',
    paper: '#231917',
    paperInk: '#FBEFE3',
  },
  forno: {
    sky: ['#FBEAD0', '#F0C99B'],
    accent: '#2F7A4F',
    ink: '#263A2C',
    tile: '#C4442F',
    wood: '#966338',
    paper: '#FCF6EC',
    paperInk: '#263A2C',
  },
  horta: {
    sky: ['#EEF5DF', '#CFE3AA'],
    accent: '#4F8A32',
    ink: '#22361A',
    tile: '#4F8A32',
    wood: '#C49D6C',
    paper: '#F8F7EE',
    paperInk: '#22361A',
  },
  natal: {
    sky: ['#8A2433', '#4A0F19'],
    accent: '#E9B949',
    ink: '#FFF6E5',
    tile: '#E9B949',
    wood: '#5A2F1E',
    paper: '#FBF5E9',
    paperInk: '#4A0F19',
  },
  outono: {
    sky: ['#FBE6C8', '#E8B27E'],
    accent: '#A9481B',
    ink: '#4A2412',
    tile: '#A9481B',
    wood: '#7E4B2A',
    paper: '#FBF5E9',
    paperInk: '#4A2412',
  },
  festa: {
    sky: ['#FDE6E2', '#F4B7AE'],
    accent: '#B8324A',
    ink: '#4A1420',
    tile: '#B8324A',
    wood: '#9C6B4A',
    paper: '#FBF5E9',
    paperInk: '#4A1420',
  },
  fidelizacao: {
    sky: ['#245A8A', '#102F4F'],
    accent: '#F2C14E',
    ink: '#FFFFFF',
    tile: '#F2C14E',
    wood: '#0C2540',
    paper: '#F7F3EA',
    paperInk: '#142F4A',
  },
} satisfies Record<string, Palette>

/** A drawing centred on the origin, about 200 units wide; `base` is the y of its lowest point (where its shadow
 * falls) and `half` its half width. */
export interface Icon {
  svg: string
  base: number
  half: number
}

const round = (n: number) => Math.round(n * 10) / 10

/** Deterministic pseudo-random numbers, so that every seed run draws the same pictures. */
const random = mulberry32

// ---------------------------------------------------------------------------------------------------------------
// Icons
// ---------------------------------------------------------------------------------------------------------------

export function coffeeCup(band = '#2F5D8A'): Icon {
  return {
    base: 74,
    half: 100,
    svg: `<ellipse cy="74" rx="100" ry="20" fill="#D9CBB5"/>
<ellipse cy="68" rx="100" ry="20" fill="#FFFFFF"/>
<ellipse cy="66" rx="64" ry="11" fill="#EFE6D8"/>
<path d="M56 -4 C106 -8 106 50 44 46" fill="none" stroke="#F4EEE5" stroke-width="14" stroke-linecap="round"/>
<path d="M-64 -24 H64 L54 44 Q50 64 28 64 H-28 Q-50 64 -54 44 Z" fill="#FFFFFF"/>
<path d="M34 -20 H64 L54 44 Q50 64 28 64 Q44 34 34 -20 Z" fill="#000000" opacity=".07"/>
<path d="M-61 -2 H61 L58.9 12 H-58.9 Z" fill="${band}"/>
<ellipse cy="-24" rx="64" ry="13" fill="#F3ECE1"/>
<ellipse cy="-23" rx="56" ry="9.5" fill="#6B3A1E"/>
<ellipse cx="-8" cy="-24" rx="30" ry="4.5" fill="#A8693A" opacity=".75"/>
<path d="M-24 -44 c-14 -16 14 -26 0 -46 M6 -50 c-14 -16 14 -26 0 -46 M34 -44 c-12 -14 12 -22 0 -38" fill="none" stroke="#FFFFFF" stroke-width="7" stroke-linecap="round" opacity=".8"/>`,
  }
}

export function pastelDeNata(): Icon {
  const flutes: string[] = []
  for (let i = -5; i <= 5; i++) {
    const x = i * 14
    flutes.push(`M${x} 6 L${round(x * 0.84)} ${round(44 - Math.abs(i) * 1.6)}`)
  }
  const bumps: string[] = []
  for (let k = 0; k < 26; k++) {
    const t = (k / 26) * Math.PI * 2
    bumps.push(`<circle cx="${round(84 * Math.cos(t))}" cy="${round(-4 + 36 * Math.sin(t))}" r="7"/>`)
  }
  const spots: [number, number, number, number][] = [
    [-30, -6, 13, 6],
    [12, 4, 15, 7],
    [34, -9, 9, 4.5],
    [-6, 12, 8, 4],
    [-44, 6, 7, 3.5],
    [44, 6, 10, 4.5],
    [2, -13, 7, 3.5],
  ]
  const dark = spots.map(([x, y, rx, ry]) => `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}"/>`).join('')
  const halo = spots
    .map(([x, y, rx, ry]) => `<ellipse cx="${x}" cy="${y}" rx="${round(rx * 1.6)}" ry="${round(ry * 1.6)}"/>`)
    .join('')
  return {
    base: 48,
    half: 90,
    svg: `<path d="M-84 -4 L-70 36 Q0 58 70 36 L84 -4 Z" fill="#B56C28"/>
<path d="${flutes.join(' ')}" stroke="#8A4B18" stroke-width="3" stroke-linecap="round" opacity=".45"/>
<g fill="#E4A552">${bumps.join('')}</g>
<ellipse cy="-4" rx="84" ry="36" fill="#DC9A47"/>
<ellipse cy="-2" rx="69" ry="27" fill="#BF7530"/>
<ellipse cy="0" rx="65" ry="24" fill="#F3BD48"/>
<ellipse cx="-12" cy="-5" rx="42" ry="13" fill="#FFD977" opacity=".8"/>
<g fill="#B5601F" opacity=".55">${halo}</g>
<g fill="#5E2A0D" opacity=".85">${dark}</g>`,
  }
}

export function croissant(): Icon {
  return {
    base: 44,
    half: 100,
    svg: `<g fill="#E0A049" stroke="#B0662A" stroke-width="3">
<ellipse cx="-76" cy="20" rx="24" ry="14" transform="rotate(-38 -76 20)"/>
<ellipse cx="76" cy="20" rx="24" ry="14" transform="rotate(38 76 20)"/>
<ellipse cx="-46" cy="2" rx="32" ry="25" transform="rotate(-22 -46 2)"/>
<ellipse cx="46" cy="2" rx="32" ry="25" transform="rotate(22 46 2)"/>
<ellipse cx="0" cy="-6" rx="36" ry="36"/>
</g>
<g fill="#F7CD84" opacity=".75">
<ellipse cx="-6" cy="-24" rx="18" ry="8"/>
<ellipse cx="-52" cy="-10" rx="14" ry="6" transform="rotate(-22 -52 -10)"/>
<ellipse cx="40" cy="-10" rx="14" ry="6" transform="rotate(22 40 -10)"/>
</g>`,
  }
}

export function bread(): Icon {
  return {
    base: 50,
    half: 96,
    svg: `<path d="M-96 40 C-102 -22 -56 -52 0 -52 C56 -52 102 -22 96 40 Q0 60 -96 40 Z" fill="#C27E3B"/>
<path d="M-80 12 C-70 -30 -36 -43 0 -43 C30 -43 60 -34 76 -10" fill="none" stroke="#DDA160" stroke-width="12" stroke-linecap="round" opacity=".7"/>
<path d="M-54 -22 Q-40 -2 -30 16 M-12 -32 Q0 -10 10 8 M30 -28 Q42 -8 52 8" fill="none" stroke="#F3D39A" stroke-width="9" stroke-linecap="round"/>
<g fill="#FFFFFF" opacity=".5"><circle cx="-30" cy="-34" r="2.5"/><circle cx="16" cy="-40" r="2"/><circle cx="54" cy="-24" r="2.5"/><circle cx="-62" cy="-12" r="2"/></g>`,
  }
}

export function pizza(): Icon {
  const pepperoni: [number, number][] = [
    [-40, -30],
    [20, -44],
    [48, 4],
    [-10, 14],
    [-52, 30],
    [22, 46],
    [-18, -56],
  ]
  const basil: [number, number, number][] = [
    [0, -20, 30],
    [-36, 0, -40],
    [36, -26, 70],
    [30, 30, 10],
    [-24, 46, -60],
  ]
  const olives: [number, number][] = [
    [-58, -8],
    [6, 38],
    [56, -24],
    [-28, -36],
  ]
  return {
    base: 66,
    half: 104,
    svg: `<ellipse cy="10" rx="104" ry="58" fill="#7E4E2A"/>
<g transform="scale(1 .56)">
<circle r="104" fill="#A86B3C"/>
<circle r="94" fill="#E4A55A"/>
<circle r="80" fill="#C8412D"/>
<path d="M-70 -20 C-74 -50 -40 -76 0 -74 C44 -76 78 -44 72 -6 C76 36 50 74 4 72 C-36 76 -78 46 -70 -20 Z" fill="#F6D27A"/>
<g fill="#FBE3A2" opacity=".8"><circle cx="-30" cy="-10" r="12"/><circle cx="40" cy="24" r="10"/><circle cx="-4" cy="-40" r="9"/></g>
<g fill="#B3322A">${pepperoni.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="12"/>`).join('')}</g>
<g fill="#D0503D" opacity=".7">${pepperoni.map(([x, y]) => `<circle cx="${x - 2}" cy="${y - 2}" r="6"/>`).join('')}</g>
<g fill="#3E8E41">${basil.map(([x, y, r]) => `<ellipse cx="${x}" cy="${y}" rx="11" ry="6" transform="rotate(${r} ${x} ${y})"/>`).join('')}</g>
<g fill="none" stroke="#2B2522" stroke-width="3.5">${olives.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5"/>`).join('')}</g>
<path d="M-80 0 H80 M-40 -69 L40 69 M40 -69 L-40 69" stroke="#E9B66E" stroke-width="2.5" opacity=".7"/>
</g>`,
  }
}

export function burger(): Icon {
  const seeds: [number, number, number][] = [
    [-40, -56, -20],
    [-12, -68, 10],
    [20, -62, -10],
    [48, -48, 30],
    [-58, -34, -40],
    [8, -44, 20],
    [-26, -40, 0],
    [40, -28, -20],
  ]
  return {
    base: 68,
    half: 90,
    svg: `<path d="M-78 40 H78 Q80 66 56 68 H-56 Q-80 66 -78 40 Z" fill="#D08A3B"/>
<rect x="-88" y="12" width="176" height="32" rx="16" fill="#5A3220"/>
<g fill="#3E2114"><circle cx="-50" cy="26" r="3"/><circle cx="-10" cy="32" r="3"/><circle cx="30" cy="24" r="3"/><circle cx="62" cy="32" r="3"/></g>
<path d="M-86 6 H86 L78 22 L64 12 L50 32 L36 12 L12 26 L-12 12 L-34 30 L-52 12 L-70 24 Z" fill="#F4BE3A"/>
<rect x="-82" y="-6" width="164" height="14" rx="7" fill="#D9412E"/>
<path d="M-90 -4 q11 -13 22 0 t22 0 t22 0 t22 0 t22 0 t22 0 t22 0 t22 0 v9 h-176 Z" fill="#7DBB42"/>
<path d="M-86 -10 C-86 -64 -46 -84 0 -84 C46 -84 86 -64 86 -10 Z" fill="#E2A24B"/>
<path d="M-58 -54 C-42 -72 -12 -76 10 -74" fill="none" stroke="#F3C77D" stroke-width="9" stroke-linecap="round"/>
<g fill="#FFF4DC">${seeds.map(([x, y, r]) => `<ellipse cx="${x}" cy="${y}" rx="4.5" ry="2.5" transform="rotate(${r} ${x} ${y})"/>`).join('')}</g>`,
  }
}

export function bowl(body = '#C8643B'): Icon {
  const leaves: [number, number, number, string][] = [
    [-66, -14, -30, '#4E8F36'],
    [-40, -26, 20, '#6FAF45'],
    [-10, -32, -10, '#8CC152'],
    [22, -28, 30, '#4E8F36'],
    [52, -20, -20, '#6FAF45'],
    [70, -10, 40, '#8CC152'],
    [-20, -12, 60, '#5FA03E'],
  ]
  return {
    base: 72,
    half: 100,
    svg: `<ellipse cy="-6" rx="98" ry="22" fill="#E9D6B8"/>
<g>${leaves.map(([x, y, r, c]) => `<ellipse cx="${x}" cy="${y}" rx="24" ry="12" fill="${c}" transform="rotate(${r} ${x} ${y})"/>`).join('')}</g>
<g fill="#E98A2F"><rect x="-58" y="-24" width="15" height="15" rx="3" transform="rotate(15 -50 -16)"/><rect x="-36" y="-16" width="15" height="15" rx="3" transform="rotate(-10 -28 -8)"/></g>
<g><ellipse cx="40" cy="-16" rx="22" ry="11" fill="#B5D06B" stroke="#4E7A2A" stroke-width="4"/><ellipse cx="58" cy="-4" rx="20" ry="10" fill="#C5DC7E" stroke="#4E7A2A" stroke-width="4"/></g>
<g><circle cx="-4" cy="-18" r="13" fill="#E0412F"/><circle cx="-4" cy="-18" r="8" fill="#F2705A"/><circle cx="16" cy="-2" r="11" fill="#E0412F"/><circle cx="16" cy="-2" r="6.5" fill="#F2705A"/></g>
<g fill="#E8C77E"><circle cx="-66" cy="-2" r="6"/><circle cx="-54" cy="2" r="6"/><circle cx="-60" cy="-10" r="6"/><circle cx="-44" cy="-4" r="6"/></g>
<g fill="#3B2A1A"><circle cx="-22" cy="-30" r="1.6"/><circle cx="4" cy="-36" r="1.6"/><circle cx="30" cy="-34" r="1.6"/><circle cx="-30" cy="-4" r="1.6"/></g>
<path d="M-98 -6 A98 22 0 0 0 98 -6 Q96 70 0 72 Q-96 70 -98 -6 Z" fill="${body}"/>
<path d="M-88 24 Q0 58 88 24" fill="none" stroke="#FFFFFF" stroke-width="5" opacity=".45"/>
<path d="M-74 44 Q0 70 74 44" fill="none" stroke="#FFFFFF" stroke-width="3" opacity=".3"/>`,
  }
}

export function leaf(color = '#5C8D3A'): Icon {
  return {
    base: 70,
    half: 40,
    svg: `<path d="M0 -70 C46 -40 46 30 0 70 C-46 30 -46 -40 0 -70 Z" fill="${color}"/>
<path d="M0 -58 V62 M0 -20 L20 -38 M0 10 L-22 -10 M0 36 L22 14" stroke="#FFFFFF" stroke-width="4" stroke-linecap="round" fill="none" opacity=".35"/>`,
  }
}

/** A seedling: stem and two leaves, for a vegetable-forward brand. */
export function sprout(leafColor = '#E8F3D6', vein = '#4F8A32'): Icon {
  return {
    base: 70,
    half: 90,
    svg: `<path d="M0 70 C0 30 -4 0 0 -20" fill="none" stroke="${leafColor}" stroke-width="9" stroke-linecap="round"/>
<path d="M0 -14 C-10 -62 -58 -84 -92 -70 C-86 -30 -44 -6 0 -14 Z" fill="${leafColor}"/>
<path d="M0 -20 C12 -74 60 -100 96 -84 C90 -40 46 -12 0 -20 Z" fill="${leafColor}"/>
<path d="M-6 -18 C-30 -44 -54 -60 -78 -66 M6 -24 C30 -54 58 -74 84 -80" fill="none" stroke="${vein}" stroke-width="4" stroke-linecap="round" opacity=".7"/>
<ellipse cy="70" rx="40" ry="8" fill="${leafColor}" opacity=".5"/>`,
  }
}

export function drinkGlass(liquid = '#F29E38', straw = '#E4572E'): Icon {
  return {
    base: 76,
    half: 46,
    svg: `<path d="M10 -40 L30 -112 L48 -108" fill="none" stroke="${straw}" stroke-width="8" stroke-linecap="round"/>
<path d="M-42 -80 H42 L34 68 Q33 76 24 76 H-24 Q-33 76 -34 68 Z" fill="#FFFFFF" opacity=".55"/>
<path d="M-39.8 -40 H39.8 L34.3 64 Q33 72 24 72 H-24 Q-33 72 -34.3 64 Z" fill="${liquid}"/>
<ellipse cy="-40" rx="40" ry="6" fill="#FFFFFF" opacity=".35"/>
<g fill="#FFFFFF" opacity=".4"><rect x="-24" y="-30" width="22" height="22" rx="4" transform="rotate(12 -13 -19)"/><rect x="4" y="-20" width="20" height="20" rx="4" transform="rotate(-18 14 -10)"/></g>
<path d="M-30 -70 L-24 56" stroke="#FFFFFF" stroke-width="5" stroke-linecap="round" opacity=".6"/>
<circle cx="-40" cy="-80" r="21" fill="#F7D046"/>
<circle cx="-40" cy="-80" r="15" fill="#FBE58A"/>
<path d="M-40 -95 V-65 M-55 -80 H-25 M-50.6 -90.6 L-29.4 -69.4 M-29.4 -90.6 L-50.6 -69.4" stroke="#F7D046" stroke-width="2"/>`,
  }
}

const FLAME =
  'M0 70 C-52 70 -64 18 -40 -12 C-32 8 -20 12 -16 0 C-22 -40 0 -72 14 -92 C16 -60 52 -40 54 0 C60 -10 58 -24 54 -32 C82 0 72 70 0 70 Z'

export function flame(): Icon {
  return {
    base: 70,
    half: 66,
    svg: `<path d="${FLAME}" fill="#E8552A"/>
<path d="${FLAME}" fill="#F39A2E" transform="translate(2 22) scale(.7)"/>
<path d="${FLAME}" fill="#FFD66B" transform="translate(2 42) scale(.4)"/>`,
  }
}

export function gift(box = '#C8412D', ribbon = '#F2C14E'): Icon {
  return {
    base: 70,
    half: 82,
    svg: `<rect x="-70" y="-20" width="140" height="90" rx="6" fill="${box}"/>
<rect x="-70" y="-20" width="140" height="14" fill="#000000" opacity=".12"/>
<rect x="-82" y="-48" width="164" height="32" rx="6" fill="${box}"/>
<rect x="-82" y="-48" width="164" height="32" rx="6" fill="#FFFFFF" opacity=".14"/>
<rect x="-13" y="-48" width="26" height="118" fill="${ribbon}"/>
<path d="M-4 -48 C-30 -96 -78 -80 -50 -52 Z M4 -48 C30 -96 78 -80 50 -52 Z" fill="${ribbon}"/>
<path d="M-8 -52 C-26 -80 -56 -76 -44 -58 Z M8 -52 C26 -80 56 -76 44 -58 Z" fill="#000000" opacity=".12"/>
<circle cy="-50" r="11" fill="${ribbon}"/>`,
  }
}

function starPath(r1: number, r2: number, points = 5, cy = 0): string {
  const parts: string[] = []
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? r1 : r2
    const a = (Math.PI / points) * i - Math.PI / 2
    parts.push(`${i === 0 ? 'M' : 'L'}${round(r * Math.cos(a))} ${round(cy + r * Math.sin(a))}`)
  }
  return `${parts.join(' ')} Z`
}

/** A loyalty coin with a star, or with a short label such as "2×". */
export function coin(label?: string): Icon {
  const face = label
    ? `<text y="14" text-anchor="middle" font-family="${SANS}" font-size="58" font-weight="800" fill="#8A5A00">${escapeXml(label)}</text>`
    : `<path d="${starPath(42, 18, 5, -6)}" fill="#FFE08A" stroke="#B98208" stroke-width="4" stroke-linejoin="round"/>`
  return {
    base: 74,
    half: 80,
    svg: `<circle cy="4" r="78" fill="#C8920F"/>
<circle cy="-4" r="78" fill="#F2C14E"/>
<circle cy="-4" r="62" fill="none" stroke="#FFE08A" stroke-width="6"/>
<path d="M-52 -46 A70 70 0 0 1 20 -74" fill="none" stroke="#FFFFFF" stroke-width="6" stroke-linecap="round" opacity=".5"/>
${face}`,
  }
}

/** A phone showing a QR-like code (decorative, it encodes nothing). */
export function phoneQr(seed = 7): Icon {
  const size = 21
  const cell = 4
  const next = random(seed)
  const finder = (r: number, c: number) => {
    for (const [fr, fc] of [
      [0, 0],
      [0, size - 7],
      [size - 7, 0],
    ] as const) {
      const y = r - fr
      const x = c - fc
      if (y >= -1 && y <= 7 && x >= -1 && x <= 7) {
        if (y < 0 || y > 6 || x < 0 || x > 6) return 0
        const edge = y === 0 || y === 6 || x === 0 || x === 6
        const core = y >= 2 && y <= 4 && x >= 2 && x <= 4
        return edge || core ? 1 : 0
      }
    }
    return -1
  }
  const cells: string[] = []
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const f = finder(r, c)
      const on = f === -1 ? next() < 0.5 : f === 1
      if (on) cells.push(`M${-42 + c * cell} ${-78 + r * cell}h${cell}v${cell}h-${cell}z`)
    }
  }
  return {
    base: 110,
    half: 64,
    svg: `<rect x="-64" y="-112" width="128" height="222" rx="22" fill="#1E2A38"/>
<rect x="-55" y="-96" width="110" height="184" rx="9" fill="#FFFFFF"/>
<rect x="-18" y="-106" width="36" height="5" rx="2.5" fill="#3A4A5C"/>
<path d="${cells.join('')}" fill="#1E2A38"/>
<rect x="-38" y="24" width="76" height="9" rx="4.5" fill="#1F4E79"/>
<rect x="-28" y="42" width="56" height="7" rx="3.5" fill="#C9D6E3"/>
<rect x="-32" y="66" width="64" height="14" rx="7" fill="#F2C14E"/>`,
  }
}

export function chestnut(): Icon {
  return {
    base: 58,
    half: 62,
    svg: `<path d="M0 -56 C40 -50 66 -6 60 30 Q0 52 -60 30 C-66 -6 -40 -50 0 -56 Z" fill="#7B3F1E"/>
<path d="M-60 30 Q0 52 60 30 Q58 52 0 58 Q-58 52 -60 30 Z" fill="#D9B48A"/>
<path d="M-5 -54 L0 -70 L5 -54 Z" fill="#5A2C12"/>
<path d="M-32 -28 C-22 -44 -2 -48 12 -46" fill="none" stroke="#B9774A" stroke-width="9" stroke-linecap="round" opacity=".7"/>`,
  }
}

export function boloRei(): Icon {
  const colors = ['#D7263D', '#3FA34D', '#F49D37', '#F6D04D']
  const fruits: string[] = []
  for (let k = 0; k < 14; k++) {
    const t = (k / 14) * Math.PI * 2 + 0.2
    const x = round(64 * Math.cos(t))
    const y = round(-2 + 28.5 * Math.sin(t))
    fruits.push(
      `<rect x="${x - 9}" y="${y - 5}" width="18" height="10" rx="4" fill="${colors[k % colors.length]}" transform="rotate(${(k * 37) % 90} ${x} ${y})"/>`,
    )
  }
  const sugar: string[] = []
  const next = random(3)
  for (let k = 0; k < 22; k++) {
    const t = next() * Math.PI * 2
    const r = 0.45 + next() * 0.45
    sugar.push(`<circle cx="${round(96 * r * Math.cos(t))}" cy="${round(-2 + 44 * r * Math.sin(t))}" r="2.2"/>`)
  }
  return {
    base: 66,
    half: 122,
    svg: `<ellipse cy="34" rx="122" ry="34" fill="#FFFFFF"/>
<ellipse cy="34" rx="100" ry="24" fill="#F1E9DD"/>
<path d="M-96 0 V20 C-96 56 96 56 96 20 V0 Z" fill="#B06A28"/>
<ellipse cy="0" rx="96" ry="44" fill="#D99040"/>
<ellipse cx="-20" cy="-14" rx="50" ry="14" fill="#E9AC5E" opacity=".6"/>
<ellipse cy="-2" rx="32" ry="13" fill="#9A5A22"/>
<ellipse cy="6" rx="30" ry="9.5" fill="#F1E9DD"/>
${fruits.join('')}
<g fill="#FFFFFF" opacity=".85">${sugar.join('')}</g>`,
  }
}

export function skewer(): Icon {
  const pieces: [number, string][] = [
    [-78, 'meat'],
    [-46, 'red'],
    [-14, 'meat'],
    [18, 'onion'],
    [50, 'meat'],
    [82, 'green'],
  ]
  const fill: Record<string, string> = { meat: '#7B3B22', red: '#D33A2C', green: '#5A9A3A', onion: '#F1E0D0' }
  const body = pieces
    .map(([x, kind]) => {
      const marks =
        kind === 'meat'
          ? `<path d="M${x - 10} -10 L${x + 4} 8 M${x - 2} -14 L${x + 12} 4" stroke="#3A1A0E" stroke-width="4" stroke-linecap="round"/>`
          : ''
      return `<rect x="${x - 15}" y="-19" width="30" height="38" rx="9" fill="${fill[kind] ?? '#7B3B22'}"/>${marks}`
    })
    .join('')
  return {
    base: 22,
    half: 112,
    svg: `<path d="M-112 0 H112" stroke="#9B6B3D" stroke-width="6" stroke-linecap="round"/>${body}`,
  }
}

export function plate(): Icon {
  return {
    base: 34,
    half: 120,
    svg: `<ellipse cy="4" rx="120" ry="32" fill="#E3DAD0"/><ellipse rx="120" ry="30" fill="#FFFFFF"/><ellipse rx="86" ry="20" fill="#F2ECE3"/>`,
  }
}

export function pumpkin(): Icon {
  return {
    base: 56,
    half: 84,
    svg: `<ellipse cx="-40" rx="44" ry="52" fill="#D86F25"/>
<ellipse cx="40" rx="44" ry="52" fill="#D86F25"/>
<ellipse rx="44" ry="56" fill="#F0893A"/>
<path d="M-18 -50 Q-26 0 -18 52 M18 -50 Q26 0 18 52" fill="none" stroke="#D86F25" stroke-width="4"/>
<path d="M-4 -52 C-6 -66 0 -76 10 -80 L14 -74 C8 -70 6 -62 8 -52 Z" fill="#5B6B2A"/>
<path d="M10 -62 C30 -82 56 -70 52 -56 C40 -64 26 -62 10 -62 Z" fill="#6FAF45"/>`,
  }
}

export function coffeeBean(): Icon {
  return {
    base: 20,
    half: 16,
    svg: `<ellipse rx="14" ry="20" fill="#5A321C"/><path d="M0 -18 C-8 -6 8 6 0 18" fill="none" stroke="#2E180C" stroke-width="3"/>`,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------------------------------------------

/** `scale` sets the design size (the pixels the image pipeline encodes up to) above the drawing's own units. */
function svgDocument(width: number, height: number, title: string, defs: string, body: string, scale = 1): string {
  // Clipped to the frame: when a page letterboxes the image, nothing drawn past the edges shows.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width * scale}" height="${height * scale}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title><defs><clipPath id="frame"><rect width="${width}" height="${height}"/></clipPath>${defs}</defs><g clip-path="url(#frame)">${body}</g></svg>`
}

function azulejoPattern(id: string, tile: string, ground = '#F7F3EA', size = 48): string {
  const s = size / 48
  return `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse"><rect width="${size}" height="${size}" fill="${ground}"/><g transform="scale(${round(s * 100) / 100})"><path d="M24 5 C30 16 32 18 43 24 C32 30 30 32 24 43 C18 32 16 30 5 24 C16 18 18 16 24 5 Z" fill="${tile}"/><circle cx="24" cy="24" r="5" fill="${ground}"/><circle cx="24" cy="24" r="2.5" fill="${tile}"/><g fill="${tile}"><circle r="8"/><circle cx="48" r="8"/><circle cy="48" r="8"/><circle cx="48" cy="48" r="8"/></g></g><rect width="${size}" height="${size}" fill="none" stroke="${tile}" stroke-opacity=".25"/></pattern>`
}

export interface Placed {
  icon: Icon
  x: number
  y: number
  s: number
  r?: number
  shadow?: boolean
}

/** A placed icon, with its shadow on the table. */
export function place(p: Placed): string {
  const shadow =
    p.shadow === false
      ? ''
      : `<ellipse cx="${p.x}" cy="${round(p.y + p.icon.base * p.s + 2)}" rx="${round(p.icon.half * p.s * 1.05)}" ry="${round(12 * p.s + 3)}" fill="#000000" opacity=".18" filter="url(#soft)"/>`
  const rotate = p.r ? ` rotate(${p.r})` : ''
  return `${shadow}<g transform="translate(${p.x} ${p.y}) scale(${p.s})${rotate}">${p.icon.svg}</g>`
}

/** Places an icon so that its base sits on the line y = `floor`. */
export function onFloor(icon: Icon, x: number, floor: number, s: number, extra: Partial<Placed> = {}): Placed {
  return { icon, x, y: floor - icon.base * s, s, ...extra }
}

function fontSizeToFit(lines: readonly string[], maxWidth: number, maxSize: number, factor = 0.56): number {
  const longest = Math.max(1, ...lines.map((l) => l.length))
  return Math.floor(Math.min(maxSize, maxWidth / (longest * factor)))
}

export interface BannerOptions {
  title: string
  palette: Palette
  items: readonly Placed[]
  kicker?: string
  headline?: readonly string[]
  sub?: string
  /** Table top height in design units (0 for none). */
  table?: number
}

/** A banner: background, azulejo medallion, table, food and optional headline. Drawn at 800×450, scaled. */
export function banner(width: number, height: number, o: BannerOptions): string {
  const p = o.palette
  const k = round((width / 800) * 1000) / 1000
  const table = o.table ?? 92
  const hasText = Boolean(o.headline?.length)
  const cx = hasText ? 590 : 400
  const text: string[] = []
  if (hasText && o.headline) {
    let y = 150
    if (o.kicker) {
      text.push(
        `<text x="56" y="${y - 40}" font-family="${SANS}" font-size="18" font-weight="700" letter-spacing="3" fill="${p.accent}">${escapeXml(o.kicker.toUpperCase())}</text>`,
      )
    }
    const size = fontSizeToFit(o.headline, 360, 52, 0.58)
    for (const line of o.headline) {
      y += size
      text.push(
        `<text x="54" y="${y}" font-family="${SANS}" font-size="${size}" font-weight="800" fill="${p.ink}">${escapeXml(line)}</text>`,
      )
      y += 6
    }
    if (o.sub) {
      text.push(
        `<rect x="56" y="${y + 18}" width="56" height="5" rx="2.5" fill="${p.accent}"/>`,
        `<text x="56" y="${y + 56}" font-family="${SANS}" font-size="20" font-weight="500" fill="${p.ink}" opacity=".85">${escapeXml(o.sub)}</text>`,
      )
    }
  }
  const defs = `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient>
<linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.wood}"/><stop offset="1" stop-color="#000000" stop-opacity=".25"/></linearGradient>
${azulejoPattern('az', p.tile)}
<filter id="soft" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="4"/></filter>`
  const tableSvg =
    table > 0
      ? `<rect y="${450 - table}" width="800" height="${table}" fill="${p.wood}"/><rect y="${450 - table}" width="800" height="${table}" fill="url(#wood)" opacity=".5"/><rect y="${450 - table}" width="800" height="6" fill="#FFFFFF" opacity=".18"/><path d="M0 ${450 - table + 40} H800 M0 ${450 - table + 72} H800" stroke="#000000" stroke-width="2" opacity=".08"/>`
      : ''
  const body = `<g transform="scale(${k})">
<rect width="800" height="450" fill="url(#bg)"/>
<circle cx="${cx + 120}" cy="40" r="150" fill="#FFFFFF" opacity=".08"/>
<circle cx="60" cy="440" r="120" fill="#FFFFFF" opacity=".06"/>
<circle cx="${cx}" cy="${hasText ? 200 : 190}" r="${hasText ? 168 : 190}" fill="url(#az)" opacity=".28"/>
<circle cx="${cx}" cy="${hasText ? 200 : 190}" r="${hasText ? 168 : 190}" fill="none" stroke="${p.tile}" stroke-width="6" opacity=".35"/>
${tableSvg}
${o.items.map(place).join('\n')}
${text.join('\n')}
</g>`
  return svgDocument(width, height, o.title, defs, body)
}

export interface StorefrontOptions {
  title: string
  name: string
  palette: Palette
  facade: string
  display: Icon
  /** Adds an outdoor table (esplanada) for the larger picture. */
  terrace?: boolean
  windows?: 3 | 4
  /** The store's own name, under the brand on the sign (e.g. 'Chiado'). */
  branch?: string
  /** The azulejo street-name plate on the building next door, one entry per line. */
  street?: readonly string[]
  /** Colours of the buildings to the left and to the right. */
  neighbours?: readonly [string, string]
  /** What stands in front of the left-hand building. */
  landmark?: Landmark
  awning?: 'stripes' | 'plain'
}

export type Landmark = 'lamp' | 'tram' | 'tree' | 'bicycle'

/** Street furniture in front of the left-hand building (x 0–130), standing on the pavement at y = 400. */
const LANDMARKS: Record<Landmark, string> = {
  lamp: `<path d="M58 400 V246 M58 252 Q58 236 76 236" fill="none" stroke="#2E2E2E" stroke-width="6"/>
<path d="M68 236 H88 L84 262 H72 Z" fill="#2E2E2E"/><rect x="72" y="242" width="12" height="14" fill="#FFE08A"/>`,
  // Lisbon's yellow tram, the 28, coming into the picture.
  tram: `<path d="M34 262 L52 230 M52 230 H70" fill="none" stroke="#2E2E2E" stroke-width="3"/>
<rect x="-70" y="262" width="196" height="132" rx="14" fill="#F5B700"/>
<rect x="-70" y="262" width="196" height="24" rx="10" fill="#FFF3D1"/>
<rect x="72" y="267" width="44" height="15" rx="2" fill="#1E1E1E"/>
<text x="94" y="279" text-anchor="middle" font-family="${SANS}" font-size="13" font-weight="800" fill="#FFD34D">28</text>
<g fill="#86B2D1"><rect x="-58" y="296" width="38" height="46" rx="4"/><rect x="-12" y="296" width="38" height="46" rx="4"/><rect x="34" y="296" width="38" height="46" rx="4"/><rect x="82" y="296" width="34" height="52" rx="6"/></g>
<rect x="-70" y="356" width="196" height="8" fill="#FFF3D1"/>
<rect x="-70" y="380" width="196" height="14" rx="4" fill="#3A3A3A"/>
<g fill="#2E2E2E"><circle cx="-24" cy="398" r="11"/><circle cx="78" cy="398" r="11"/></g>`,
  // A tree of the avenue, in its square of earth.
  tree: `<rect x="51" y="296" width="14" height="104" fill="#7A5236"/>
<g><circle cx="58" cy="246" r="56" fill="#4F8A32"/><circle cx="24" cy="284" r="34" fill="#5FA03E"/><circle cx="96" cy="276" r="36" fill="#6FAF45"/><circle cx="66" cy="214" r="30" fill="#6FAF45"/></g>
<rect x="30" y="398" width="56" height="6" fill="#8A6A4A"/>`,
  // A bicycle with a basket of flowers, leaning by the door next door.
  bicycle: `<g fill="none" stroke="#2E2E2E" stroke-width="4"><circle cx="26" cy="376" r="22"/><circle cx="104" cy="376" r="22"/>
<path d="M26 376 L54 340 H92 L104 376 M54 340 L62 376 H26 M62 376 L92 340 M50 330 H66 M92 340 L88 324 H100"/></g>
<rect x="94" y="326" width="30" height="18" rx="3" fill="#B88A5A"/>
<g fill="#E0412F"><circle cx="100" cy="322" r="6"/><circle cx="116" cy="320" r="6"/></g><circle cx="108" cy="316" r="6" fill="#F2C14E"/>`,
}

/** The white and blue tiled plate that names a street in Lisbon and Porto. */
function streetPlate(lines: readonly string[], x: number, y: number): string {
  const size = fontSizeToFit(lines, 72, 13, 0.7)
  const height = 12 + lines.length * (size + 3)
  const text = lines
    .map(
      (line, i) =>
        `<text x="${x + 42}" y="${y + 8 + (i + 1) * (size + 3) - 2}" text-anchor="middle" font-family="${SANS}" font-size="${size}" font-weight="700" fill="#1F4E79">${escapeXml(line.toUpperCase())}</text>`,
    )
    .join('')
  return `<rect x="${x}" y="${y}" width="84" height="${height}" rx="2" fill="#FFFFFF" stroke="#1F4E79" stroke-width="2.5"/><rect x="${x + 4}" y="${y + 4}" width="76" height="${height - 8}" fill="none" stroke="#1F4E79" stroke-width="1" opacity=".6"/>${text}`
}

/** A Lisbon/Porto style shop front with an azulejo upper floor, sign, striped awning and calçada portuguesa. */
export function storefront(width: number, height: number, o: StorefrontOptions): string {
  const p = o.palette
  const k = round((width / 800) * 1000) / 1000
  const windows = o.windows ?? 4
  const step = 608 / windows
  const upper: string[] = []
  for (let i = 0; i < windows; i++) {
    const x = round(96 + step * i + (step - 76) / 2)
    const y = 52
    const bars: string[] = []
    for (let b = x - 4; b <= x + 80; b += 8) bars.push(`M${b} 166 V186`)
    upper.push(
      `<rect x="${x}" y="${y}" width="76" height="112" rx="3" fill="#FFFFFF"/>`,
      `<rect x="${x + 6}" y="${y + 6}" width="64" height="100" fill="#86B2D1"/>`,
      `<path d="M${x + 14} ${y + 92} L${x + 48} ${y + 14} L${x + 60} ${y + 14} L${x + 26} ${y + 92} Z" fill="#FFFFFF" opacity=".3"/>`,
      `<rect x="${x + 36}" y="${y + 6}" width="4" height="100" fill="#FFFFFF"/>`,
      `<rect x="${x - 8}" y="160" width="92" height="6" fill="#2E2E2E"/>`,
      `<path d="${bars.join(' ')} M${x - 8} 186 H${x + 84}" stroke="#2E2E2E" stroke-width="3"/>`,
    )
  }
  const stripes: string[] = []
  const n = 14
  const sw = 540 / n
  for (let i = 0; i < n; i++) {
    const x = round(130 + i * sw)
    const c = i % 2 === 0 || o.awning === 'plain' ? p.accent : '#FFFFFF'
    stripes.push(
      `<rect x="${x}" y="262" width="${round(sw)}" height="36" fill="${c}"/>`,
      `<path d="M${x} 297 a${round(sw / 2)} ${round(sw / 2)} 0 0 0 ${round(sw)} 0 Z" fill="${c}"/>`,
    )
  }
  const vitrine = (x: number) => {
    const items = [0, 1, 2]
      .map((j) => place({ ...onFloor(o.display, x + 40 + j * 60, 372, 0.2), shadow: false }))
      .join('')
    return `<rect x="${x}" y="314" width="200" height="78" fill="#3A3A3A"/><rect x="${x + 6}" y="320" width="188" height="66" fill="#A9CFE3"/><rect x="${x + 6}" y="372" width="188" height="5" fill="#7A5A3A"/>${items}<path d="M${x + 20} 384 L${x + 70} 322 L${x + 92} 322 L${x + 42} 384 Z" fill="#FFFFFF" opacity=".28"/>`
  }
  const waves = (y: number) => {
    let d = `M-20 ${y}`
    for (let x = -20; x < 820; x += 60) d += ` q15 -12 30 0 t30 0`
    return `<path d="${d}" fill="none" stroke="#2F2F2F" stroke-width="7" opacity=".85"/>`
  }
  const plant = (x: number) =>
    `<path d="M${x - 16} 372 H${x + 16} L${x + 12} 396 H${x - 12} Z" fill="#C8643B"/><g fill="#4F8A32"><circle cx="${x}" cy="352" r="16"/><circle cx="${x - 12}" cy="362" r="11"/><circle cx="${x + 12}" cy="362" r="11"/></g><circle cx="${x - 4}" cy="346" r="6" fill="#6FAF45"/>`
  const terrace = o.terrace
    ? `<path d="M738 318 V432" stroke="#5A4A3A" stroke-width="5"/><path d="M672 322 Q738 272 804 322 Z" fill="${p.accent}"/><path d="M672 322 Q705 300 738 298 Q771 300 804 322" fill="none" stroke="#FFFFFF" stroke-width="3" opacity=".6"/><ellipse cx="738" cy="404" rx="34" ry="8" fill="#FFFFFF"/><path d="M738 404 V436 M724 438 H752" stroke="#5A4A3A" stroke-width="4"/><path d="M686 396 V436 M686 410 H710 V436 M790 396 V436 M790 410 H766 V436" fill="none" stroke="#5A4A3A" stroke-width="4"/>`
    : ''
  const defs = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#BFDDF2"/><stop offset="1" stop-color="#F4F9FC"/></linearGradient>
${azulejoPattern('az', p.tile, '#F7F3EA', 32)}
<filter id="soft" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="3"/></filter>`
  const [left, right] = o.neighbours ?? ['#E8B7A4', '#F0D58C']
  const signSize = fontSizeToFit([o.name], 440, o.branch ? 22 : 28, 0.62)
  const sign = o.branch
    ? `<text x="400" y="236" text-anchor="middle" font-family="${SANS}" font-size="${signSize}" font-weight="800" letter-spacing="2" fill="#FFFFFF">${escapeXml(o.name)}</text>
<text x="400" y="251" text-anchor="middle" font-family="${SANS}" font-size="11" font-weight="700" letter-spacing="4" fill="#FFFFFF" opacity=".92">${escapeXml(o.branch.toUpperCase())}</text>`
    : `<text x="400" y="${234 + signSize * 0.36}" text-anchor="middle" font-family="${SANS}" font-size="${signSize}" font-weight="800" letter-spacing="2" fill="#FFFFFF">${escapeXml(o.name)}</text>`
  const body = `<g transform="scale(${k})">
<rect width="800" height="450" fill="url(#sky)"/>
<g fill="#FFFFFF" opacity=".9"><ellipse cx="140" cy="34" rx="50" ry="14"/><ellipse cx="176" cy="26" rx="34" ry="14"/><ellipse cx="640" cy="20" rx="44" ry="11"/></g>
<rect x="0" y="64" width="96" height="336" fill="${left}"/>
<g fill="#86B2D1"><rect x="24" y="100" width="44" height="70"/><rect x="24" y="220" width="44" height="70"/></g>
<rect x="704" y="40" width="96" height="360" fill="${right}"/>
<g fill="#86B2D1"><rect x="730" y="80" width="44" height="70"/><rect x="730" y="200" width="44" height="70"/></g>
${o.street ? streetPlate(o.street, 710, 156) : ''}
<rect x="96" y="16" width="608" height="384" fill="${o.facade}"/>
<rect x="96" y="34" width="608" height="160" fill="url(#az)" opacity=".6"/>
<rect x="88" y="8" width="624" height="18" fill="#FFFFFF"/>
<rect x="88" y="26" width="624" height="6" fill="#000000" opacity=".08"/>
${upper.join('')}
<rect x="96" y="194" width="608" height="10" fill="#FFFFFF"/>
<rect x="150" y="212" width="500" height="44" rx="6" fill="${p.accent}"/>
${sign}
${stripes.join('')}
<rect x="130" y="298" width="540" height="8" fill="#000000" opacity=".1"/>
${vitrine(136)}${vitrine(464)}
<rect x="360" y="306" width="80" height="90" fill="#3A3A3A"/>
<rect x="366" y="312" width="68" height="84" fill="#6B4226"/>
<rect x="376" y="322" width="48" height="38" fill="#A9CFE3"/>
<circle cx="424" cy="372" r="4" fill="#F2C14E"/>
${plant(336)}${plant(464)}
<rect x="350" y="394" width="100" height="6" fill="#BDB6AA"/>
<rect y="396" width="800" height="54" fill="#ECE7DE"/>
<rect y="396" width="800" height="4" fill="#CFC8BC"/>
${waves(420)}${waves(444)}
${LANDMARKS[o.landmark ?? 'lamp']}
${terrace}
</g>`
  return svgDocument(width, height, o.title, defs, body)
}

export interface LogoOptions {
  title: string
  lines: readonly string[]
  color: string
  icon: Icon
  iconScale?: number
}

/** A square brand mark: colour field, ring, icon and name. */
export function logo(o: LogoOptions): string {
  const size = fontSizeToFit(o.lines, 136, 23, 0.6)
  const top = o.lines.length > 1 ? 122 : 140
  const text = o.lines
    .map(
      (l, i) =>
        `<text x="100" y="${top + i * (size + 4)}" text-anchor="middle" font-family="${SANS}" font-size="${size}" font-weight="800" fill="#FFFFFF">${escapeXml(l)}</text>`,
    )
    .join('')
  const s = o.iconScale ?? 0.5
  const iconY = o.lines.length > 1 ? 80 - o.icon.base * s : 100 - o.icon.base * s
  const body = `<rect width="200" height="200" fill="${o.color}"/>
<circle cx="100" cy="100" r="88" fill="#FFFFFF" opacity=".08"/>
<circle cx="100" cy="100" r="88" fill="none" stroke="#FFFFFF" stroke-width="3" opacity=".55"/>
<circle cx="100" cy="100" r="80" fill="none" stroke="#FFFFFF" stroke-width="1" stroke-dasharray="2 5" opacity=".6"/>
<g transform="translate(100 ${iconY}) scale(${s})">${o.icon.svg}</g>
${text}`
  return svgDocument(200, 200, o.title, '', body)
}

export interface MenuItem {
  nome: string
  descricao?: string
  /** Price in cents. */
  preco: number
}

export interface MenuSection {
  titulo: string
  itens: readonly MenuItem[]
}

export interface MenuArtOptions {
  restaurante: string
  titulo: string
  palette: Palette
  icon: Icon
  seccoes: readonly MenuSection[]
}

/** "4,50 €" */
export function formatPrice(cents: number): string {
  return `${(cents / 100).toFixed(2).replace('.', ',')} €`
}

function menuFrame(w: number, h: number, p: Palette, inset: number, corner: number): string {
  const corners = [
    [inset, inset],
    [w - inset - corner, inset],
    [inset, h - inset - corner],
    [w - inset - corner, h - inset - corner],
  ]
    .map(([x, y]) => `<rect x="${x}" y="${y}" width="${corner}" height="${corner}" fill="url(#az)"/>`)
    .join('')
  const gap = Math.round(inset / 2)
  return `<rect width="${w}" height="${h}" fill="${p.paper}"/>
<rect x="${inset}" y="${inset}" width="${w - 2 * inset}" height="${h - 2 * inset}" fill="none" stroke="${p.accent}" stroke-width="${Math.max(2, inset / 8)}"/>
<rect x="${inset + gap}" y="${inset + gap}" width="${w - 2 * inset - 2 * gap}" height="${h - 2 * inset - 2 * gap}" fill="none" stroke="${p.accent}" stroke-width="1.5" opacity=".7"/>
${corners}`
}

/** The thumbnail of a menu (600×840, drawn in 300×420 units): a cover with the restaurant, an illustration and the
 * menu's title. */
export function menuCover(o: MenuArtOptions): string {
  const p = o.palette
  const titleSize = fontSizeToFit([o.titulo], 230, 30, 0.55)
  const body = `${menuFrame(300, 420, p, 12, 24)}
<text x="150" y="70" text-anchor="middle" font-family="${SANS}" font-size="13" font-weight="700" letter-spacing="3" fill="${p.accent}">${escapeXml(o.restaurante.toUpperCase())}</text>
<path d="M110 84 H190" stroke="${p.accent}" stroke-width="1.5"/>
<g transform="translate(150 ${round(236 - o.icon.base * 0.7)}) scale(.7)">${o.icon.svg}</g>
<text x="150" y="300" text-anchor="middle" font-family="${SANS}" font-size="12" font-weight="600" letter-spacing="4" fill="${p.paperInk}" opacity=".6">MENU</text>
<text x="150" y="${300 + titleSize + 8}" text-anchor="middle" font-family="${SERIF}" font-size="${titleSize}" font-weight="700" fill="${p.paperInk}">${escapeXml(o.titulo)}</text>
<path d="M130 ${330 + titleSize} H170" stroke="${p.accent}" stroke-width="3" stroke-linecap="round"/>`
  // Drawn in 300×420 units, designed at twice that: a phone shows two covers across, some 170 CSS pixels each,
  // which a 2× or 3× screen fills with 340 to 510 pixels.
  return svgDocument(300, 420, `${o.restaurante} — ${o.titulo}`, azulejoPattern('az', p.tile, p.paper, 24), body, 2)
}

/** The full menu page (900×1260): header, illustration, sections with dishes and prices, VAT note. */
export function menuPage(o: MenuArtOptions): string {
  const p = o.palette
  const titleSize = fontSizeToFit([o.titulo], 680, 68, 0.55)
  const left = 110
  const right = 790
  const start = 470
  const end = 1120
  const sectionGap = 40
  const sectionHeight = 68
  const itemHeight = (item: MenuItem) => (item.descricao ? 82 : 54)
  const needed = o.seccoes.reduce(
    (n, s, i) => n + (i > 0 ? sectionGap : 0) + sectionHeight + s.itens.reduce((m, item) => m + itemHeight(item), 0),
    0,
  )
  const squeeze = Math.min(1.2, (end - start) / Math.max(1, needed))
  const lines: string[] = []
  let y = start
  o.seccoes.forEach((section, i) => {
    if (i > 0) y += sectionGap * squeeze
    lines.push(
      `<text x="450" y="${round(y)}" text-anchor="middle" font-family="${SANS}" font-size="26" font-weight="800" letter-spacing="5" fill="${p.accent}">${escapeXml(section.titulo.toUpperCase())}</text>`,
      `<path d="M380 ${round(y + 18)} H520" stroke="${p.accent}" stroke-width="2"/>`,
    )
    y += sectionHeight * squeeze
    for (const item of section.itens) {
      const price = formatPrice(item.preco)
      const from = left + item.nome.length * 28 * 0.5 + 16
      const to = right - price.length * 28 * 0.58 - 16
      const ty = round(y)
      lines.push(
        `<text x="${left}" y="${ty}" font-family="${SERIF}" font-size="28" font-weight="700" fill="${p.paperInk}">${escapeXml(item.nome)}</text>`,
        `<text x="${right}" y="${ty}" text-anchor="end" font-family="${SANS}" font-size="28" font-weight="700" fill="${p.paperInk}">${escapeXml(price)}</text>`,
      )
      if (to > from) {
        lines.push(
          `<path d="M${round(from)} ${ty - 6} H${round(to)}" stroke="${p.paperInk}" stroke-width="3" stroke-linecap="round" stroke-dasharray="0 10" opacity=".4"/>`,
        )
      }
      if (item.descricao) {
        lines.push(
          `<text x="${left}" y="${ty + 32}" font-family="${SANS}" font-size="20" font-style="italic" fill="${p.paperInk}" opacity=".7">${escapeXml(item.descricao)}</text>`,
        )
      }
      y += itemHeight(item) * squeeze
    }
  })
  const body = `${menuFrame(900, 1260, p, 30, 64)}
<text x="450" y="130" text-anchor="middle" font-family="${SANS}" font-size="26" font-weight="700" letter-spacing="7" fill="${p.accent}">${escapeXml(o.restaurante.toUpperCase())}</text>
<text x="450" y="${150 + titleSize}" text-anchor="middle" font-family="${SERIF}" font-size="${titleSize}" font-weight="700" fill="${p.paperInk}">${escapeXml(o.titulo)}</text>
<path d="M300 ${180 + titleSize} H420 M480 ${180 + titleSize} H600" stroke="${p.accent}" stroke-width="2"/>
<path d="M450 ${170 + titleSize} l10 10 l-10 10 l-10 -10 Z" fill="${p.accent}"/>
<g transform="translate(450 ${round(396 - o.icon.base * 0.72)}) scale(.72)">${o.icon.svg}</g>
${lines.join('\n')}
<text x="450" y="1168" text-anchor="middle" font-family="${SANS}" font-size="19" font-style="italic" fill="${p.paperInk}" opacity=".65">Preços com IVA incluído à taxa legal em vigor.</text>
<text x="450" y="1196" text-anchor="middle" font-family="${SANS}" font-size="19" font-style="italic" fill="${p.paperInk}" opacity=".65">Informe-se sobre alergénios junto da nossa equipa.</text>`
  return svgDocument(900, 1260, `${o.restaurante} — ${o.titulo}`, azulejoPattern('az', p.tile, p.paper, 32), body)
}
