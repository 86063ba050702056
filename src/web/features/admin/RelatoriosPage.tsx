import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import {
  type LinhaLoja,
  type Relatorio,
  RelatorioQuerySchema,
  type TabelaRelatorio,
} from '../../../shared/admin-relatorios.ts'
import { diaEmLisboa, formatDia, formatMoney } from '../../../shared/format.ts'
import { ApiError } from '../../lib/api.ts'
import { apiDownload } from '../../lib/api-download.ts'
import { Field, SelectField } from '../../ui/Field.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { adminGet } from './api.ts'
import { adminKeys } from './keys.ts'
import { papeisDe } from './seccoes.ts'

const GraficoDiario = lazy(() => import('./GraficoDiario.tsx').then((m) => ({ default: m.GraficoDiario })))

/** `YYYY-MM-DD`, `dias` calendar days before today in Lisbon (counted on the date, so a change of time moves nothing). */
const diaAntes = (dias: number) =>
  new Date(Date.parse(`${diaEmLisboa(new Date())}T00:00:00Z`) - dias * 86_400_000).toISOString().slice(0, 10)
const media = (v: number | null) => (v === null ? '—' : v.toLocaleString('pt-PT', { maximumFractionDigits: 2 }))

interface Filtro {
  de: string
  ate: string
  restaurante: string
  loja: string
}

const queryDe = (f: Filtro) => {
  const q = new URLSearchParams({ de: f.de, ate: f.ate })
  if (f.restaurante) q.set('restaurante', f.restaurante)
  if (f.loja) q.set('loja', f.loja)
  return q.toString()
}

/** A table's CSV, fetched with the session's cookie and saved under the name the server gives. */
function ExportarCsv({ tabela, filtro, nome }: { tabela: TabelaRelatorio; filtro: Filtro; nome: string }) {
  const [estado, setEstado] = useState<'parado' | 'a-exportar' | string>('parado')
  const exportar = async () => {
    setEstado('a-exportar')
    try {
      const { blob, nome: ficheiro } = await apiDownload(`/admin/api/relatorios/csv/${tabela}?${queryDe(filtro)}`)
      const url = URL.createObjectURL(blob)
      const a = document.createElement('a')
      a.href = url
      a.download = ficheiro ?? `balcao-${tabela}.csv`
      document.body.append(a)
      a.click()
      a.remove()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
      setEstado('parado')
    } catch (error) {
      setEstado(error instanceof ApiError ? error.message : 'Não foi possível exportar. Tente novamente.')
    }
  }
  return (
    <span className="admin-exportar">
      <button
        type="button"
        className="button button-secondary"
        onClick={() => void exportar()}
        disabled={estado === 'a-exportar'}
      >
        {estado === 'a-exportar' ? 'A exportar…' : `Exportar CSV: ${nome}`}
      </button>
      {estado !== 'parado' && estado !== 'a-exportar' && <span role="alert">{estado}</span>}
    </span>
  )
}

function Secao({
  titulo,
  id,
  acoes,
  children,
}: {
  titulo: string
  id: string
  acoes?: ReactNode
  children: ReactNode
}) {
  return (
    <section className="admin-seccao" aria-labelledby={id}>
      <div className="admin-seccao-topo">
        <h2 id={id}>{titulo}</h2>
        {acoes}
      </div>
      {children}
    </section>
  )
}

function Indicadores({ r }: { r: Relatorio }) {
  const t = r.totais
  const itens: [string, string][] = [
    ['Vendas na app', formatMoney(t.vendas)],
    ['Encomendas pagas', String(t.encomendas_pagas)],
    ['Ticket médio', formatMoney(t.ticket_medio)],
    ['Crédito emitido', formatMoney(t.credito_emitido)],
    ['Crédito usado', formatMoney(t.credito_usado)],
    ['Pontos ganhos', String(t.pontos_ganhos)],
    ['Clientes ativos', String(t.clientes_ativos)],
    ...(t.novos_registos === null ? [] : [['Novos registos (grupo)', String(t.novos_registos)] as [string, string]]),
    ['Opiniões', String(t.opinioes)],
  ]
  return (
    <dl className="admin-indicadores">
      {itens.map(([nome, valor]) => (
        <div key={nome}>
          <dt>{nome}</dt>
          <dd>{valor}</dd>
        </div>
      ))}
    </dl>
  )
}

interface TabelaCurtaProps {
  legenda: string
  colunas: string[]
  /** Each row: its key, its name (the row's header) and a value per further column. */
  linhas: [id: number, nome: ReactNode, ...valores: ReactNode[]][]
  vazia?: string
}

/** A short table of the report: its caption for screen readers, each row headed by its name; a sentence when empty. */
function TabelaCurta({ legenda, colunas, linhas, vazia }: TabelaCurtaProps) {
  if (linhas.length === 0 && vazia) return <p>{vazia}</p>
  return (
    <table className="admin-tabela admin-tabela-estreita">
      <caption className="visually-hidden">{legenda}</caption>
      <thead>
        <tr>
          {colunas.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {linhas.map(([id, nome, ...valores]) => (
          <tr key={id}>
            <th scope="row">{nome}</th>
            {colunas.slice(1).map((c, i) => (
              <td key={c}>{valores[i]}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

const COLUNAS_LOJA: [string, (l: LinhaLoja) => string][] = [
  ['Encomendas pagas', (l) => String(l.encomendas_pagas)],
  ['Vendas', (l) => formatMoney(l.vendas)],
  ['Ticket médio', (l) => formatMoney(l.ticket_medio)],
  ['Crédito emitido', (l) => formatMoney(l.credito_emitido)],
  ['Crédito usado', (l) => formatMoney(l.credito_usado)],
  ['Pontos', (l) => String(l.pontos_ganhos)],
  ['Clientes ativos', (l) => String(l.clientes_ativos)],
  ['Opiniões', (l) => String(l.opinioes)],
  ['Atendimento', (l) => media(l.media_atendimento)],
  ['Simpatia', (l) => media(l.media_simpatia)],
  ['Qualidade', (l) => media(l.media_qualidade)],
]

/**
 * `/admin/relatorios` (admins; gestores of their restaurants): the period's figures, a chart of its days, and each
 * table with its CSV. The period is checked here as the server checks it (the same schema) before anything is asked.
 */
export function RelatoriosPage() {
  const [rascunho, setRascunho] = useState<Filtro>({ de: diaAntes(29), ate: diaAntes(0), restaurante: '', loja: '' })
  const [filtro, setFiltro] = useState<Filtro>(rascunho)
  const [erros, setErros] = useState<Partial<Record<'de' | 'ate', string>>>({})
  const relatorio = useQuery({
    queryKey: [...adminKeys.all, 'relatorios', filtro],
    queryFn: ({ signal }) => adminGet<Relatorio>(`/relatorios?${queryDe(filtro)}`, signal),
    placeholderData: keepPreviousData,
  })
  const opcoes = relatorio.data?.opcoes
  const lojasDoRestaurante = opcoes?.lojas.filter(
    (l) => !rascunho.restaurante || String(l.restaurante_id) === rascunho.restaurante,
  )

  const aplicar = (e: React.FormEvent) => {
    e.preventDefault()
    const r = RelatorioQuerySchema.safeParse({
      de: rascunho.de,
      ate: rascunho.ate,
      ...(rascunho.restaurante ? { restaurante: rascunho.restaurante } : {}),
      ...(rascunho.loja ? { loja: rascunho.loja } : {}),
    })
    if (!r.success) {
      const novos: typeof erros = {}
      for (const issue of r.error.issues) {
        const campo = issue.path[0]
        if ((campo === 'de' || campo === 'ate') && !novos[campo]) novos[campo] = issue.message
      }
      setErros(novos)
      return
    }
    setErros({})
    setFiltro(rascunho)
  }

  const r = relatorio.data
  return (
    <AdminLayout titulo="Relatórios" papeis={papeisDe('relatorios')}>
      <h1>Relatórios</h1>
      {(erros.de || erros.ate) && (
        <p className="admin-erro" role="alert">
          Corrija o período: {[erros.de, erros.ate].filter(Boolean).join(' ')}
        </p>
      )}
      <form className="admin-filtros" onSubmit={aplicar} noValidate>
        <Field
          label="De"
          type="date"
          name="de"
          value={rascunho.de}
          error={erros.de}
          onChange={(e) => setRascunho({ ...rascunho, de: e.target.value })}
        />
        <Field
          label="Até"
          type="date"
          name="ate"
          value={rascunho.ate}
          error={erros.ate}
          onChange={(e) => setRascunho({ ...rascunho, ate: e.target.value })}
        />
        <SelectField
          label="Restaurante"
          name="restaurante"
          value={rascunho.restaurante}
          onChange={(e) => setRascunho({ ...rascunho, restaurante: e.target.value, loja: '' })}
        >
          <option value="">Todos</option>
          {opcoes?.restaurantes.map((o) => (
            <option key={o.id} value={o.id}>
              {o.nome}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Loja"
          name="loja"
          value={rascunho.loja}
          onChange={(e) => setRascunho({ ...rascunho, loja: e.target.value })}
        >
          <option value="">Todas</option>
          {lojasDoRestaurante?.map((l) => (
            <option key={l.id_loja} value={l.id_loja}>
              {l.nome}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="button">
          Ver relatório
        </button>
      </form>

      {relatorio.isPending && <p role="status">A carregar…</p>}
      {relatorio.isError && <p role="alert">{relatorio.error.message}</p>}
      {r && (
        <div aria-busy={relatorio.isFetching} className="admin-relatorio">
          <p className="admin-periodo" role="status">
            {relatorio.isFetching
              ? 'A atualizar…'
              : `De ${formatDia(r.de)} a ${formatDia(r.ate)}, ${r.lojas.length} ${r.lojas.length === 1 ? 'loja' : 'lojas'}`}
          </p>
          <Indicadores r={r} />

          <Secao titulo="Por dia" id="rel-dias" acoes={<ExportarCsv tabela="dias" filtro={filtro} nome="por dia" />}>
            <Suspense fallback={<p role="status">A carregar o gráfico…</p>}>
              <GraficoDiario
                dias={r.dias}
                legenda={`Gráfico das vendas e do crédito emitido por dia, de ${formatDia(r.de)} a ${formatDia(r.ate)}: vendas de ${formatMoney(r.totais.vendas)} e crédito emitido de ${formatMoney(r.totais.credito_emitido)} no total. Os valores estão na 'Tabela por dia', abaixo do gráfico.`}
              />
            </Suspense>
            <details className="admin-detalhes">
              <summary>Tabela por dia</summary>
              <table className="admin-tabela">
                <caption className="visually-hidden">Valores por dia</caption>
                <thead>
                  <tr>
                    <th scope="col">Dia</th>
                    <th scope="col">Encomendas pagas</th>
                    <th scope="col">Vendas</th>
                    <th scope="col">Crédito emitido</th>
                    <th scope="col">Crédito usado</th>
                  </tr>
                </thead>
                <tbody>
                  {r.dias.map((d) => (
                    <tr key={d.dia}>
                      <th scope="row">{formatDia(d.dia)}</th>
                      <td>{d.encomendas_pagas}</td>
                      <td>{formatMoney(d.vendas)}</td>
                      <td>{formatMoney(d.credito_emitido)}</td>
                      <td>{formatMoney(d.credito_usado)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </Secao>

          <Secao
            titulo="Por loja"
            id="rel-lojas"
            acoes={<ExportarCsv tabela="lojas" filtro={filtro} nome="por loja" />}
          >
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: wider than a tablet upright, it scrolls sideways, so it must take the focus for a keyboard to scroll it (axe scrollable-region-focusable) */}
            <section className="admin-rolar" tabIndex={0} aria-label="Valores por loja, deslizável na horizontal">
              <table className="admin-tabela">
                <caption className="visually-hidden">Valores por loja</caption>
                <thead>
                  <tr>
                    <th scope="col">Loja</th>
                    {COLUNAS_LOJA.map(([nome]) => (
                      <th key={nome} scope="col">
                        {nome}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {r.lojas.map((l) => (
                    <tr key={l.id_loja}>
                      <th scope="row">
                        {l.loja} <small>({l.restaurante})</small>
                      </th>
                      {COLUNAS_LOJA.map(([nome, valor]) => (
                        <td key={nome}>{valor(l)}</td>
                      ))}
                    </tr>
                  ))}
                  {r.lojas.length === 0 && (
                    <tr>
                      <td colSpan={COLUNAS_LOJA.length + 1}>Sem lojas neste relatório.</td>
                    </tr>
                  )}
                </tbody>
              </table>
            </section>
          </Secao>

          <Secao titulo="Prémios" id="rel-premios">
            <TabelaCurta
              legenda="Prémios usados no período, por loja"
              colunas={['Loja', 'Prémios usados', 'Desconto dos prémios']}
              linhas={r.lojas
                .filter((l) => l.premios_usados !== 0 || l.desconto_premios !== 0)
                .map((l) => [
                  l.id_loja,
                  `${l.loja} (${l.restaurante})`,
                  l.premios_usados,
                  formatMoney(l.desconto_premios),
                ])}
              vazia="Nenhum prémio usado neste período."
            />
          </Secao>

          <Secao
            titulo="Promoções"
            id="rel-promocoes"
            acoes={r.promocoes.length > 0 && <ExportarCsv tabela="promocoes" filtro={filtro} nome="promoções" />}
          >
            <TabelaCurta
              legenda="Promoções aplicadas no período"
              colunas={['Promoção', 'Compras', 'Pontos extra', 'Saldo extra']}
              linhas={r.promocoes.map((p) => [p.id, p.nome, p.compras, p.pontos, formatMoney(p.credito)])}
              vazia="Nenhuma promoção aplicada neste período."
            />
          </Secao>

          <Secao
            titulo="Encomendas por estado"
            id="rel-estados"
            acoes={<ExportarCsv tabela="estados" filtro={filtro} nome="por estado" />}
          >
            <TabelaCurta
              legenda="Encomendas feitas no período, por estado"
              colunas={['Estado', 'Encomendas']}
              linhas={r.estados.map((e) => [e.estado, e.nome, e.encomendas])}
            />
          </Secao>
        </div>
      )}
    </AdminLayout>
  )
}
