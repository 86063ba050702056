import { mensagens } from '../../shared/validacao.ts'
import type { FieldRule } from './operation.ts'

/** The input rules several operations share, with the messages the shared schemas answer (written once, there). */

export const telemovelDoPais: FieldRule = {
  field: 'telemovel',
  rule: '`telemovel` must be a mobile number of the country `pais` names (its numbering plan, which a pattern cannot state).',
  messages: [mensagens.telemovelInvalido],
}

export const passwordRepetida: FieldRule = {
  field: 'confirmacaoPassword',
  rule: '`confirmacaoPassword` must equal `password`.',
  messages: [mensagens.igualA('Password')],
}

/** The minimum age is a setting: its message is matched whatever the age it names. */
const idadeMinima = new RegExp(`^${mensagens.idadeMinima(0).replace('0', '\\d+')}$`)

export const dataNascimentoReal: FieldRule = {
  field: 'dataNascimento',
  rule: '`dataNascimento` must be a real date making the customer at least the minimum age (`lerConfiguracao`) and at most 120 years old.',
  messages: [mensagens.data, idadeMinima],
}

/** A NIF's check digit (mod 11). */
export const nifValido = (field: string): FieldRule => ({
  field,
  rule: `\`${field}\` needs a right check digit (mod 11), a rule the pattern cannot state.`,
  messages: [mensagens.nifInvalido],
})
