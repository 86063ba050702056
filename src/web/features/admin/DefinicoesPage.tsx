import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type {
  DefinicoesFidelizacao,
  RegrasFidelizacaoDados,
  RegrasFidelizacaoSchema,
} from '../../../shared/admin-definicoes.ts'
import { formatDateTime } from '../../../shared/format.ts'
import { Field } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { adminGet, adminPost } from './api.ts'
import { InformacaoConsumidorSeccao } from './InformacaoConsumidorSeccao.tsx'
import { adminKeys } from './keys.ts'
import { PremioAniversarioSeccao } from './PremioAniversarioSeccao.tsx'
import { PremioSeccao } from './PremioSeccao.tsx'
import { papeisDe } from './seccoes.ts'

const schema = (): Promise<typeof RegrasFidelizacaoSchema> =>
  import('../../../shared/admin-definicoes.ts').then((m) => m.RegrasFidelizacaoSchema)

const percent = (v: number) => `${v.toLocaleString('pt-PT', { maximumFractionDigits: 2 })} %`
/** How long credit and points last (decision 0058): 'sem validade', 'validade de 1 mês', 'validade de 12 meses'. */
const validade = (meses: number | undefined) =>
  meses ? `validade de ${meses} ${meses === 1 ? 'mês' : 'meses'}` : 'sem validade'
const resumo = (r: RegrasFidelizacaoDados) =>
  `${percent(r.credito_percent)} de saldo, ${r.pontos_por_euro} ${r.pontos_por_euro === 1 ? 'ponto' : 'pontos'} por euro, prémio a cada ${r.patamar} pontos, ${validade(r.validade_meses)}`

/**
 * `/admin/definicoes` (admins): the loyalty rules — credit percent, points per euro, threshold, and how many months
 * credit and points last (decision 0058). A change applies from the next purchase on; each earlier purchase keeps the
 * rules it was made with (the validity is the one rule that reads the whole ledger: the daily expiry applies it to
 * everything held). Then the reward, the birthday reward and the consumer information.
 */
export function DefinicoesPage() {
  const queryClient = useQueryClient()
  const definicoes = useQuery({
    queryKey: adminKeys.definicoes(),
    queryFn: ({ signal }) => adminGet<DefinicoesFidelizacao>('/definicoes/fidelizacao', signal),
  })
  const [aviso, setAviso] = useState<string | null>(null)

  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: { credito_percent: 0, pontos_por_euro: 0, patamar: 1, validade_meses: 0 },
    submit: (values) => adminPost<DefinicoesFidelizacao>('/definicoes/fidelizacao', values),
    onSuccess: (d) => {
      queryClient.setQueryData(adminKeys.definicoes(), d)
      setAviso(`Regras guardadas: ${resumo(d.atuais)}. Aplicam-se a partir da próxima compra.`)
    },
  })
  const atuais = definicoes.data?.atuais
  useEffect(() => {
    if (atuais) form.reset(atuais)
  }, [atuais, form])

  return (
    <AdminLayout titulo="Definições" papeis={papeisDe('definicoes')}>
      <h1>Definições</h1>
      <p role="status">{aviso}</p>
      <section aria-labelledby="regras-titulo">
        <h2 id="regras-titulo">Regras de fidelização</h2>
        <p>
          As alterações aplicam-se a partir da próxima compra. As compras anteriores mantêm as regras com que foram
          feitas.
        </p>
        {definicoes.isPending && <p role="status">A carregar…</p>}
        {definicoes.isError && <p role="alert">{definicoes.error.message}</p>}
        {definicoes.data && (
          <dl className="admin-resumo">
            <dt>Em vigor</dt>
            <dd>{resumo(definicoes.data.atuais)}</dd>
            <dt>Valores predefinidos (configuração do servidor)</dt>
            <dd>{resumo(definicoes.data.predefinidas)}</dd>
            <dt>Última alteração</dt>
            <dd>{definicoes.data.alterado_em ? formatDateTime(definicoes.data.alterado_em) : 'Nunca alteradas'}</dd>
          </dl>
        )}
        <form className="form admin-formulario" onSubmit={onSubmit} noValidate>
          <Field
            label="Saldo por compra (%)"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
            required
            hint="Percentagem do valor pago que volta como saldo: de 0 a 100, até duas casas decimais."
            error={errorOf('credito_percent')}
            {...form.register('credito_percent', { valueAsNumber: true })}
          />
          <Field
            label="Pontos por euro"
            type="number"
            min={0}
            max={1000}
            step={1}
            required
            hint="Pontos ganhos por cada euro inteiro pago: de 0 a 1000."
            error={errorOf('pontos_por_euro')}
            {...form.register('pontos_por_euro', { valueAsNumber: true })}
          />
          <Field
            label="Patamar de pontos"
            type="number"
            min={1}
            step={1}
            required
            hint="Pontos que dão direito a um prémio: pelo menos 1."
            error={errorOf('patamar')}
            {...form.register('patamar', { valueAsNumber: true })}
          />
          <Field
            label="Validade do saldo e dos pontos (meses)"
            type="number"
            min={0}
            max={60}
            step={1}
            required
            hint="Expiram no fim do mês, N meses depois do mês em que foram ganhos. 0: nunca expiram."
            error={errorOf('validade_meses')}
            {...form.register('validade_meses', { valueAsNumber: true })}
          />
          <div className="admin-acoes">
            <button type="submit" className="button" disabled={!definicoes.data}>
              Guardar regras
            </button>
            {definicoes.data && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => definicoes.data && form.reset(definicoes.data.predefinidas)}
              >
                Repor valores predefinidos
              </button>
            )}
          </div>
        </form>
      </section>
      {submission.feedback}
      <PremioSeccao />
      <PremioAniversarioSeccao />
      <InformacaoConsumidorSeccao />
    </AdminLayout>
  )
}
