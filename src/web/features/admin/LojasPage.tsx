import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { adminPaths } from '../../../shared/admin.ts'
import type { LojaAdmin } from '../../../shared/admin-lojas.ts'
import { href } from '../../../shared/routes.ts'
import { AdminLayout } from './AdminLayout.tsx'
import { adminGet, adminPost } from './api.ts'
import { adminKeys } from './keys.ts'

const lojasKey = [...adminKeys.all, 'lojas'] as const

/** How long a pause lasts, as offered (minutes; null: until resumed). */
const DURACOES: { valor: string; nome: string; minutos: number | null }[] = [
  { valor: '30', nome: '30 minutos', minutos: 30 },
  { valor: '60', nome: '1 hora', minutos: 60 },
  { valor: '120', nome: '2 horas', minutos: 120 },
  { valor: '240', nome: '4 horas', minutos: 240 },
  { valor: 'retomar', nome: 'Até retomar', minutos: null },
]

/** A pause's end in the store's time (the Azores' for a store there), as its staff read their clock. */
const hora = (iso: string, fuso: string) =>
  new Intl.DateTimeFormat('pt-PT', {
    timeZone: fuso,
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso))

const estadoDe = (l: LojaAdmin) =>
  !l.encomendas_app
    ? 'Não recebe encomendas na app'
    : !l.em_pausa
      ? 'A aceitar encomendas'
      : l.sem_painel_desde
        ? `Encomendas em pausa: sem o quadro da loja desde ${hora(l.sem_painel_desde, l.fuso)}`
        : l.pausa_ate
          ? `Encomendas em pausa até ${hora(l.pausa_ate, l.fuso)}`
          : 'Encomendas em pausa até retomar'

function LinhaLoja({ loja, onFeito }: { loja: LojaAdmin; onFeito: (aviso: string) => void }) {
  const queryClient = useQueryClient()
  const [duracao, setDuracao] = useState('30')
  const mudar = useMutation({
    mutationFn: (acao: 'pausa' | 'retomar') => {
      if (acao === 'retomar') return adminPost<LojaAdmin>(`/lojas/${loja.id_loja}/retomar`)
      const minutos = DURACOES.find((d) => d.valor === duracao)?.minutos ?? null
      const ate = minutos === null ? null : new Date(Date.now() + minutos * 60_000).toISOString()
      return adminPost<LojaAdmin>(`/lojas/${loja.id_loja}/pausa`, { ate })
    },
    onSuccess: (l) => {
      onFeito(`${l.nome}: ${estadoDe(l)}.`)
      void queryClient.invalidateQueries({ queryKey: lojasKey })
    },
    onError: (error) => onFeito(error.message),
  })
  const idSelect = `duracao-${loja.id_loja}`
  return (
    <tr>
      <td>
        {loja.nome}
        {loja.mesas > 0 && (
          <>
            <br />
            <Link to={href(adminPaths.mesas, { id_loja: String(loja.id_loja) })}>
              Códigos das mesas<span className="visually-hidden"> de {loja.nome}</span>
            </Link>
          </>
        )}
      </td>
      <td>{loja.restaurante}</td>
      <td>
        <span className={loja.encomendas_app ? 'admin-etiqueta admin-etiqueta-sim' : 'admin-etiqueta'}>
          {loja.encomendas_app ? 'Sim' : 'Não'}
        </span>
      </td>
      <td>{estadoDe(loja)}</td>
      <td>
        {loja.faturas_em_falta > 0 ? (
          <span className="admin-etiqueta admin-etiqueta-alerta">{loja.faturas_em_falta}</span>
        ) : (
          <span className="muted">0</span>
        )}
      </td>
      <td>
        {/* A store that takes no app orders has none to pause (it gets a menu and hours for orders first). */}
        {!loja.encomendas_app && !loja.em_pausa ? null : loja.em_pausa ? (
          <button
            type="button"
            className="button"
            disabled={mudar.isPending}
            aria-label={`Retomar encomendas de ${loja.nome}`}
            onClick={() => mudar.mutate('retomar')}
          >
            Retomar
          </button>
        ) : (
          <span className="admin-pausa">
            <label className="visually-hidden" htmlFor={idSelect}>
              Duração da pausa de {loja.nome}
            </label>
            <select id={idSelect} value={duracao} onChange={(e) => setDuracao(e.target.value)}>
              {DURACOES.map((d) => (
                <option key={d.valor} value={d.valor}>
                  {d.nome}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button-secondary"
              disabled={mudar.isPending}
              aria-label={`Pausar encomendas de ${loja.nome}`}
              onClick={() => mudar.mutate('pausa')}
            >
              Pausar
            </button>
          </span>
        )}
      </td>
    </tr>
  )
}

/**
 * The stores whose POS has not sent the fiscal document of a sale paid, refunded or cancelled past the set minutes
 * (STORE-API.md "Invoices"): 'Faturas em falta: N', until each arrives.
 */
function FaturasEmFaltaAviso({ lojas }: { lojas: LojaAdmin[] }) {
  const com = lojas.filter((l) => l.faturas_em_falta > 0)
  if (com.length === 0) return null
  const total = com.reduce((n, l) => n + l.faturas_em_falta, 0)
  return (
    <section className="admin-alerta" aria-labelledby="faturas-em-falta">
      <h2 id="faturas-em-falta" className="admin-alerta-titulo">
        Faturas em falta: {total}
      </h2>
      <p>
        Vendas pagas, devolvidas ou canceladas sem o documento fiscal da faturação da loja:{' '}
        {com.map((l) => `${l.nome} (${l.faturas_em_falta})`).join(', ')}. O tablet de cada loja (caixa e encomendas)
        lista-as uma a uma.
      </p>
    </section>
  )
}

/**
 * `/admin/lojas`: the stores this staff member may act on, pausing or resuming their online orders, and their missing
 * fiscal documents.
 */
export function LojasPage() {
  const lista = useQuery({
    queryKey: lojasKey,
    queryFn: ({ signal }) => adminGet<LojaAdmin[]>('/lojas', signal),
  })
  const [aviso, setAviso] = useState<string | null>(null)
  return (
    <AdminLayout titulo="Lojas">
      <h1>Lojas</h1>
      <p>
        Enquanto as encomendas de uma loja estão em pausa, a aplicação não aceita encomendas para ela. Uma loja sem
        ementa da caixa ou sem horário de encomendas não recebe encomendas na app.
      </p>
      <p role="status">{aviso}</p>
      <FaturasEmFaltaAviso lojas={lista.data ?? []} />
      {lista.isPending && <p role="status">A carregar…</p>}
      {lista.isError && <p role="alert">{lista.error.message}</p>}
      {lista.data?.length === 0 && <p>Não há lojas associadas à sua conta.</p>}
      {lista.data && lista.data.length > 0 && (
        <table className="admin-tabela">
          <thead>
            <tr>
              <th scope="col">Loja</th>
              <th scope="col">Restaurante</th>
              <th scope="col">Encomendas na app</th>
              <th scope="col">Estado</th>
              <th scope="col">Faturas em falta</th>
              <th scope="col">
                <span className="visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lista.data.map((l) => (
              <LinhaLoja key={l.id_loja} loja={l} onFeito={setAviso} />
            ))}
          </tbody>
        </table>
      )}
    </AdminLayout>
  )
}
