import { type Horario, todosOsDias } from './ementas-import.ts'

/**
 * When the demo stores take orders: the flagship around the clock, so that the demo can be ordered from at any hour;
 * the others the sample's 10h–21h30 (spec §9). A store's published hours (the lines its page shows) are written from
 * these (`linhasDoHorario`), never beside them: a page that says 10h00 – 21h30 over a store that takes and charges
 * orders at 03:31 is what this prevents (decision 0011).
 */
export const DEMO_HORARIOS: Readonly<Record<number, Horario>> = {
  862: todosOsDias('00:00', '24:00'),
  848: todosOsDias('10:00', '21:30'),
  861: todosOsDias('10:00', '21:30'),
}

/** The demo stores' tables with a QR code to order from (decision 0045): the two with a dining room. */
export const DEMO_MESAS: Readonly<Record<number, number>> = { 862: 12, 848: 8 }

const DIAS = ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado', 'Domingo']

/** "10:00" → "10h00", as the store pages write hours. */
const hora = (hhmm: string) => hhmm.replace(':', 'h')

function periodos(dia: Horario[number]): string {
  if (dia.length === 0) return 'encerrado'
  if (dia.length === 1 && dia[0]?.[0] === '00:00' && dia[0]?.[1] === '24:00') return '24 horas'
  return dia.map(([abre, fecha]) => `${hora(abre)} – ${hora(fecha)}`).join(' e ')
}

/**
 * The lines a store page shows for `horario`: consecutive days with the same hours on one line ("Segunda a Domingo:
 * 10h00 – 21h30", "Segunda a Domingo: 24 horas", "Sábado: encerrado").
 */
export function linhasDoHorario(horario: Horario): string[] {
  const linhas: string[] = []
  let inicio = 0
  for (let dia = 1; dia <= horario.length; dia++) {
    const texto = periodos(horario[inicio] ?? [])
    if (dia < horario.length && periodos(horario[dia] ?? []) === texto) continue
    const dias = dia - 1 === inicio ? DIAS[inicio] : `${DIAS[inicio]} a ${DIAS[dia - 1]}`
    linhas.push(`${dias}: ${texto}`)
    inicio = dia
  }
  return linhas
}

/** The published hours of a demo store that takes orders. */
export function horasPublicadas(idLoja: keyof typeof DEMO_HORARIOS): string[] {
  const horario = DEMO_HORARIOS[idLoja]
  if (!horario) throw new Error(`A loja ${idLoja} da demonstração não tem horário de encomendas`)
  return linhasDoHorario(horario)
}
