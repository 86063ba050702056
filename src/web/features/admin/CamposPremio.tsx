import type { UseFormRegisterReturn } from 'react-hook-form'
import { centimosDe, centsToInput } from '../../../shared/euros.ts'
import type { Premio, PremioEdicao, PremioForm } from '../../../shared/premios.ts'
import { Field, SelectField } from '../../ui/Field.tsx'
import { ImagemCampo } from './ImagemCampo.tsx'

type Campo = 'nome' | 'tipo' | 'euros' | 'cod_produto'

/** The form's values of a reward in force (the amount in euros as typed, no POS code as an empty box). */
export const formDoPremio = (p: Premio): PremioForm => ({
  nome: p.nome,
  tipo: p.tipo,
  euros: p.tipo === 'valor' ? centsToInput(p.valor) : '',
  cod_produto: p.cod_produto ?? '',
  imagem: p.imagem,
})

/** What the API is sent of the form's reward: `valor` in cents, only for an amount off. */
export const premioDoForm = (v: PremioForm): PremioEdicao => ({
  nome: v.nome,
  tipo: v.tipo,
  valor: v.tipo === 'valor' ? centimosDe(v.euros) : 0,
  cod_produto: v.cod_produto || null,
  imagem: v.imagem,
})

interface CamposPremioProps {
  /** `form.register` of the section's form, for these fields. */
  registar: (campo: Campo) => UseFormRegisterReturn
  /** The form's message for a field, if any. */
  erroDe: (campo: Campo | 'imagem') => string | undefined
  tipo: PremioForm['tipo']
  imagem: string | null
  onImagem: (url: string | null) => void
  /** The name's example in its hint (`Café oferta`). */
  exemploNome: string
  /** The POS code's hint: what the code is used for, for this reward. */
  ajudaCodigo: string
}

/**
 * The fields of a reward, the points' ('Prémio') and the birthday's alike: its name, a product given (with its POS
 * code) or an amount off, and its picture.
 */
export function CamposPremio(props: CamposPremioProps) {
  const { registar, erroDe, tipo, imagem, onImagem, exemploNome, ajudaCodigo } = props
  return (
    <>
      <Field
        label="Nome do prémio"
        required
        maxLength={60}
        hint={`Como a app e a caixa o dizem, por exemplo ${exemploNome}.`}
        error={erroDe('nome')}
        {...registar('nome')}
      />
      <SelectField label="Tipo de prémio" required error={erroDe('tipo')} {...registar('tipo')}>
        <option value="produto">Produto oferecido</option>
        <option value="valor">Valor de desconto</option>
      </SelectField>
      {tipo === 'valor' ? (
        <Field
          key="euros"
          label="Valor do desconto (€)"
          inputMode="decimal"
          autoComplete="off"
          required
          hint="Descontado na conta antes do saldo, por exemplo 2,50."
          error={erroDe('euros')}
          {...registar('euros')}
        />
      ) : (
        <Field
          key="cod_produto"
          label="Código do produto no POS"
          autoComplete="off"
          maxLength={40}
          hint={ajudaCodigo}
          error={erroDe('cod_produto')}
          {...registar('cod_produto')}
        />
      )}
      <ImagemCampo label="Imagem do prémio" valor={imagem} onChange={onImagem} erro={erroDe('imagem')} />
    </>
  )
}
