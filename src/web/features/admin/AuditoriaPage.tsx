import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { AUDITORIA_POR_PAGINA } from '../../../shared/admin.ts'
import { SelectField } from '../../ui/Field.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { adminGet } from './api.ts'
import { adminKeys } from './keys.ts'
import { utilizadoresQuery } from './UtilizadoresPage.tsx'

interface Entrada {
  id: number
  email: string | null
  acao: string
  entidade: string
  entidade_id: string | null
  antes: string | null
  depois: string | null
  ip: string | null
  criado_em: string
}

interface Pagina {
  total: number
  pagina: number
  por_pagina: number
  itens: Entrada[]
}

/** The actions the log records, in words. */
export const ACOES: Record<string, string> = {
  'sessao.entrar': 'Início de sessão',
  'sessao.segundo_fator': 'Verificação em dois passos',
  'sessao.codigo_recuperacao': 'Código de recuperação usado',
  'sessao.sair': 'Fim de sessão',
  'password.alterar': 'Palavra-passe alterada',
  'totp.iniciar': 'Autenticação em dois passos iniciada',
  'totp.inscrever': 'Autenticação em dois passos ativada',
  'utilizador.criar': 'Administrador criado (linha de comandos)',
  'utilizador.convidar': 'Utilizador convidado',
  'convite.aceitar': 'Convite aceite',
  'utilizador.desativar': 'Utilizador desativado',
  'novidade.criar': 'Novidade criada',
  'novidade.editar': 'Novidade editada',
  'novidade.publicar': 'Novidade publicada',
  'novidade.despublicar': 'Novidade despublicada',
  'novidade.apagar': 'Novidade apagada',
}

const quando = new Intl.DateTimeFormat('pt-PT', {
  timeZone: 'Europe/Lisbon',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** `/admin/auditoria` (admins): every change, newest first, filtered and paged on the server. */
export function AuditoriaPage() {
  const [utilizador, setUtilizador] = useState('')
  const [acao, setAcao] = useState('')
  const [pagina, setPagina] = useState(1)
  const utilizadores = useQuery(utilizadoresQuery())
  const filtro = { utilizador, acao, pagina }
  const entradas = useQuery({
    queryKey: adminKeys.auditoria(filtro),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ pagina: String(pagina) })
      if (utilizador) q.set('utilizador', utilizador)
      if (acao) q.set('acao', acao)
      return adminGet<Pagina>(`/auditoria?${q}`, signal)
    },
    placeholderData: keepPreviousData,
  })
  const paginas = entradas.data ? Math.max(1, Math.ceil(entradas.data.total / AUDITORIA_POR_PAGINA)) : 1

  return (
    <AdminLayout titulo="Auditoria" apenasAdmin>
      <h1>Auditoria</h1>
      <div className="admin-filtros">
        <SelectField
          name="utilizador"
          label="Utilizador"
          value={utilizador}
          onChange={(e) => {
            setUtilizador(e.target.value)
            setPagina(1)
          }}
        >
          <option value="">Todos</option>
          {utilizadores.data?.map((u) => (
            <option key={u.id} value={u.id}>
              {u.email}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="acao"
          label="Ação"
          value={acao}
          onChange={(e) => {
            setAcao(e.target.value)
            setPagina(1)
          }}
        >
          <option value="">Todas</option>
          {Object.entries(ACOES).map(([valor, nome]) => (
            <option key={valor} value={valor}>
              {nome}
            </option>
          ))}
        </SelectField>
      </div>
      {entradas.isPending && <p role="status">A carregar…</p>}
      {entradas.isError && <p role="alert">{entradas.error.message}</p>}
      {entradas.data && (
        <>
          <table className="admin-tabela">
            <caption className="visually-hidden">Registo de auditoria, mais recentes primeiro</caption>
            <thead>
              <tr>
                <th scope="col">Quando</th>
                <th scope="col">Quem</th>
                <th scope="col">Ação</th>
                <th scope="col">Entidade</th>
                <th scope="col">Antes</th>
                <th scope="col">Depois</th>
              </tr>
            </thead>
            <tbody>
              {entradas.data.itens.map((e) => (
                <tr key={e.id}>
                  <td>{quando.format(new Date(e.criado_em))}</td>
                  <td>{e.email ?? 'Linha de comandos'}</td>
                  <td>{ACOES[e.acao] ?? e.acao}</td>
                  <td>
                    {e.entidade}
                    {e.entidade_id ? ` #${e.entidade_id}` : ''}
                  </td>
                  <td>
                    <pre className="admin-json">{e.antes ?? '—'}</pre>
                  </td>
                  <td>
                    <pre className="admin-json">{e.depois ?? '—'}</pre>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav className="admin-paginas" aria-label="Páginas">
            <button
              type="button"
              className="button button-secondary"
              disabled={pagina <= 1}
              onClick={() => setPagina((p) => p - 1)}
            >
              Anterior
            </button>
            <span>
              Página {pagina} de {paginas} ({entradas.data.total} registos)
            </span>
            <button
              type="button"
              className="button button-secondary"
              disabled={pagina >= paginas}
              onClick={() => setPagina((p) => p + 1)}
            >
              Seguinte
            </button>
          </nav>
        </>
      )}
    </AdminLayout>
  )
}
