import type { ProdutoEmenta } from '../../../shared/ementa.ts'
import { enumerar } from '../../../shared/enumerar.ts'
import { APENAS_MAIORES, maioridade } from '../../../shared/maioridade.ts'
import { HttpError } from '../../platform/errors.ts'
import type { MarcaProduto } from './catalogo-repository.ts'

/** Sold to adults only: the POS says so (`restricted`), or the back-office marks it alcoholic (decision 0037). */
export const apenasMaiores = (p: ProdutoEmenta, marca: MarcaProduto | undefined): boolean =>
  p.restricted === true || marca?.alcoolico === true

export const maioridadeMensagens = {
  menor: (nomes: string[]) =>
    `${enumerar(nomes)}: ${nomes.length === 1 ? 'produto disponível' : 'produtos disponíveis'} apenas para maiores de 18 anos. Retire-${nomes.length === 1 ? 'o' : 'os'} do carrinho para encomendar.`,
  semData: (nomes: string[]) =>
    `${enumerar(nomes)}: ${nomes.length === 1 ? 'produto disponível' : 'produtos disponíveis'} apenas para maiores de 18 anos. Indique a sua data de nascimento nos dados pessoais para ${nomes.length === 1 ? 'o' : 'os'} encomendar.`,
}

/**
 * The cart's lines sold to adults only (`restritas`: their index and product name) refused to a customer who is not
 * 18 on `hoje` (the store's date) by the account's birth date, or who has none (asked for, never assumed): 422 naming
 * every such line with APENAS_MAIORES (DL 50/2013, art. 3). Nothing is refused to an adult.
 */
export function exigirMaioridade(
  restritas: { index: number; nome: string }[],
  dataNascimento: string | null | undefined,
  hoje: string,
): void {
  if (restritas.length === 0) return
  const idade = maioridade(dataNascimento, hoje)
  if (idade === 'maior') return
  const nomes = [...new Set(restritas.map((r) => r.nome))]
  const message = idade === 'menor' ? maioridadeMensagens.menor(nomes) : maioridadeMensagens.semData(nomes)
  throw new HttpError(
    422,
    message,
    'Carrinho',
    Object.fromEntries(restritas.map((r) => [`cart.${r.index}`, APENAS_MAIORES])),
  )
}
