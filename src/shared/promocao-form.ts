import type { Promocao, PromocaoForm, PromocaoInput } from './promocoes.ts'

/**
 * The back-office's promotion form to and from what the API takes (zod-free: the page loads the schema only to check
 * the form, as every form does).
 */

/** Empty is 0 (the field of another effect, or one left blank, which the server then names); not a number, -1. */
const inteiroDe = (v: string) => (v.trim() === '' ? 0 : /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : -1)
const decimalDe = (v: string, pattern: RegExp, ler: (t: string) => number) =>
  v.trim() === '' ? 0 : pattern.test(v.trim()) ? ler(v.trim()) : -1

/** What the form sends: a figure that is not one is sent as -1, which the server refuses with the field's message. */
export function promocaoDoForm(v: PromocaoForm, centimosDe: (euros: string) => number): PromocaoInput {
  return {
    nome: v.nome,
    efeito: v.efeito,
    multiplicador: inteiroDe(v.multiplicador),
    pontos: inteiroDe(v.pontos),
    cod_produto: v.cod_produto || null,
    gasto_minimo: decimalDe(v.gasto_minimo, /^\d{1,6}([.,]\d{1,2})?$/, centimosDe),
    credito_percent: decimalDe(v.credito_percent, /^\d{1,3}([.,]\d{1,2})?$/, (t) => Number(t.replace(',', '.'))),
    inicio: v.inicio,
    fim: v.fim,
    dias_semana: v.dias_semana.map(Number),
    hora_inicio: v.hora_inicio || null,
    hora_fim: v.hora_fim || null,
    ambito: v.ambito,
    id_restaurante: v.ambito === 'restaurante' && v.id_restaurante ? Number(v.id_restaurante) : null,
    id_loja: v.ambito === 'loja' && v.id_loja ? Number(v.id_loja) : null,
    ativa: v.ativa,
  }
}

/** A promotion as the form shows it. */
export const formDaPromocao = (p: Promocao, centsToInput: (cents: number) => string): PromocaoForm => ({
  nome: p.nome,
  efeito: p.efeito,
  multiplicador: String(p.multiplicador),
  pontos: p.pontos ? String(p.pontos) : '',
  cod_produto: p.cod_produto ?? '',
  gasto_minimo: p.gasto_minimo ? centsToInput(p.gasto_minimo) : '',
  credito_percent: p.credito_percent ? String(p.credito_percent).replace('.', ',') : '',
  inicio: p.inicio,
  fim: p.fim,
  dias_semana: p.dias_semana.map(String),
  hora_inicio: p.hora_inicio ?? '',
  hora_fim: p.hora_fim ?? '',
  ambito: p.ambito,
  id_restaurante: p.id_restaurante ? String(p.id_restaurante) : '',
  id_loja: p.id_loja ? String(p.id_loja) : '',
  ativa: p.ativa,
})
