import type { CodigoAlergenio } from '../../../shared/alergenios.ts'

/**
 * The 14 allergens' pictograms, drawn inline (no request, nothing from another host), always beside the allergen's
 * name: an icon alone, or a colour, says nothing to someone who does not know the set. Decorative for screen readers.
 */
const DESENHOS: Record<CodigoAlergenio, string> = {
  // An ear of wheat.
  gluten:
    'M12 22V7M12 7c-1-2-1-4 0-5 1 1 1 3 0 5M12 11c-3 0-4-2-4-4 3 0 4 2 4 4M12 11c3 0 4-2 4-4-3 0-4 2-4 4M12 15c-3 0-4-2-4-4 3 0 4 2 4 4M12 15c3 0 4-2 4-4-3 0-4 2-4 4M12 19c-3 0-4-2-4-4 3 0 4 2 4 4M12 19c3 0 4-2 4-4-3 0-4 2-4 4',
  // A prawn.
  crustaceos: 'M5 7c7-3 14 1 14 7 0 4-3 6-6 6-3 0-4-2-4-3 3 0 5-1 5-3 0-3-3-5-9-5M5 7 2 3M6 9 3 7M14 13l2 2M11 14l1 2',
  // An egg.
  ovos: 'M12 3c-4 0-7 7-7 11a7 7 0 0 0 14 0c0-4-3-11-7-11z',
  // A fish.
  peixes: 'M5 12c3-4 6-5 9-5s6 3 7 5c-1 2-4 5-7 5s-6-1-9-5zM5 12 2 8v8zM16 11h.01',
  // A peanut in its shell.
  amendoins:
    'M9 3a4.5 4.5 0 0 0-3 7.8c.6.6.6 1.4 0 2.2A4.5 4.5 0 1 0 13 19c.6-.6 1.4-.6 2.2 0A4.5 4.5 0 1 0 19 12c-.6-.6-.6-1.4 0-2.2A4.5 4.5 0 0 0 12 3.8c-.6.6-1.4.6-2.2 0',
  // A soy pod and its beans.
  soja: 'M4 19C7 9 13 5 20 5c0 7-5 13-16 14zM9 15h.01M12 12h.01M15 9h.01',
  // A bottle of milk.
  leite: 'M9 2h6v3l2 3v12a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V8l2-3zM7 12h10',
  // An acorn-like nut.
  frutos_casca_rija: 'M4 10c0-4 4-6 8-6s8 2 8 6zM6 10c0 5 3 10 6 10s6-5 6-10M12 4V2',
  // Stalks of celery.
  aipo: 'M8 21V10M12 21V8M16 21V10M8 10c-2-1-3-4-1-6 2 1 2 4 1 6M12 8c-1-2-1-5 0-6 1 1 1 4 0 6M16 10c-1-2 0-5 1-6 2 2 1 5-1 6',
  // A jar of mustard.
  mostarda: 'M7 9h10v11a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1zM8 9V6h8v3M10 6V3h4v3M7 14h10',
  // Sesame seeds.
  sesamo: 'M7 4c2 2 2 5 0 7-2-2-2-5 0-7zM16 6c2 2 2 5 0 7-2-2-2-5 0-7zM10 13c2 2 2 5 0 7-2-2-2-5 0-7z',
  // A glass of wine (sulphites).
  sulfitos: 'M7 3h10c0 5-2 8-5 8s-5-3-5-8zM12 11v8M8 21h8M7.5 6h9',
  // Lupin beans.
  tremoco: 'M3 12a5 5 0 1 0 10 0 5 5 0 1 0-10 0M11 12a5 5 0 1 0 10 0 5 5 0 1 0-10 0M8 10v4M16 10v4',
  // A scallop shell.
  moluscos: 'M3 14c0-6 4-10 9-10s9 4 9 10zM12 4v10M7.5 6 10 14M16.5 6 14 14M9 14v3h6v-3',
}

export function AlergenioIcone({ codigo }: { codigo: CodigoAlergenio }) {
  return (
    <svg
      className="ementa-icone"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={DESENHOS[codigo]} />
    </svg>
  )
}
