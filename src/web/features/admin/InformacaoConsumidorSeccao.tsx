import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type {
  DefinicoesInformacaoConsumidor,
  InformacaoConsumidorEdicaoSchema,
} from '../../../shared/admin-definicoes.ts'
import { formatDateTime } from '../../../shared/format.ts'
import { CheckboxField, Field } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { adminGet, adminPost } from './api.ts'
import { adminKeys } from './keys.ts'

const schema = (): Promise<typeof InformacaoConsumidorEdicaoSchema> =>
  import('../../../shared/admin-definicoes.ts').then((m) => m.InformacaoConsumidorEdicaoSchema)

const URL = '/definicoes/informacao-consumidor'

/**
 * 'Definições' › 'Informação ao consumidor' (admins): the consumer-arbitration entity, shown in the legal information
 * (Lei 144/2015, art. 18.º), whether the group has adhered to it, and the address the accessibility statement gives
 * for feedback.
 */
export function InformacaoConsumidorSeccao() {
  const queryClient = useQueryClient()
  const definicoes = useQuery({
    queryKey: adminKeys.informacaoConsumidor(),
    queryFn: ({ signal }) => adminGet<DefinicoesInformacaoConsumidor>(URL, signal),
  })
  const [aviso, setAviso] = useState<string | null>(null)
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: { ral_nome: '', ral_sitio: '', ral_aderiu: false, email_acessibilidade: '' },
    submit: (values) => adminPost<DefinicoesInformacaoConsumidor>(URL, values),
    onSuccess: (d) => {
      queryClient.setQueryData(adminKeys.informacaoConsumidor(), d)
      setAviso(`Informação ao consumidor guardada: ${d.atuais.ral_nome}.`)
    },
  })
  const atuais = definicoes.data?.atuais
  useEffect(() => {
    if (atuais) form.reset(atuais)
  }, [atuais, form])

  return (
    <section aria-labelledby="consumidor-titulo">
      <h2 id="consumidor-titulo">Informação ao consumidor</h2>
      <p>
        A entidade de resolução alternativa de litígios de consumo aparece na informação legal da app, com o endereço do
        seu sítio e os centros de arbitragem a que o consumidor pode recorrer (Lei n.º 144/2015, artigo 18.º). Só se o
        grupo tiver aderido a ela a app diz «A empresa aderiu a». O endereço de acessibilidade aparece na declaração de
        acessibilidade.
      </p>
      <p role="status">{aviso}</p>
      {definicoes.isPending && <p role="status">A carregar…</p>}
      {definicoes.isError && <p role="alert">{definicoes.error.message}</p>}
      {definicoes.data && (
        <dl className="admin-resumo">
          <dt>Última alteração</dt>
          <dd>{definicoes.data.alterado_em ? formatDateTime(definicoes.data.alterado_em) : 'Nunca alterada'}</dd>
        </dl>
      )}
      <form className="form admin-formulario" onSubmit={onSubmit} noValidate>
        <Field
          label="Entidade de resolução alternativa de litígios"
          required
          maxLength={200}
          hint="O nome completo da entidade (ex.: um centro de arbitragem de conflitos de consumo)."
          error={errorOf('ral_nome')}
          {...form.register('ral_nome')}
        />
        <Field
          label="Sítio da entidade"
          type="url"
          inputMode="url"
          required
          maxLength={300}
          hint="Começado por https://"
          error={errorOf('ral_sitio')}
          {...form.register('ral_sitio')}
        />
        <CheckboxField error={errorOf('ral_aderiu')} {...form.register('ral_aderiu')}>
          O grupo aderiu a esta entidade
        </CheckboxField>
        <Field
          label="E-mail para a acessibilidade"
          type="email"
          inputMode="email"
          required
          maxLength={254}
          hint="Para onde os clientes escrevem sobre barreiras de acessibilidade."
          error={errorOf('email_acessibilidade')}
          {...form.register('email_acessibilidade')}
        />
        <div className="admin-acoes">
          <button type="submit" className="button" disabled={!definicoes.data}>
            Guardar informação ao consumidor
          </button>
          {definicoes.data && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => definicoes.data && form.reset(definicoes.data.predefinidas)}
            >
              Repor entidade e contacto predefinidos
            </button>
          )}
        </div>
      </form>
      {submission.feedback}
    </section>
  )
}
