import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { NOMES_EMBALAGENS, type ProdutoAdmin } from '../../../shared/admin-ementas.ts'
import type { LojaAdmin } from '../../../shared/admin-lojas.ts'
import { EMBALAGENS, type Embalagem, pagaContribuicao } from '../../../shared/embalagens.ts'
import { formatMoney } from '../../../shared/format.ts'
import { AdminLayout } from './AdminLayout.tsx'
import { adminGet, adminPost } from './api.ts'
import { EncerramentosSeccao } from './EncerramentosSeccao.tsx'
import { adminKeys } from './keys.ts'

const produtosKey = (idLoja: number) => [...adminKeys.all, 'produtos', idLoja] as const

/**
 * `/admin/ementas` (admin, gestor, loja): a store within reach (chosen in the page's address, `?loja=`), its products
 * with their sold-out mark for today, their marks (adults only, take-away packaging: decision 0037), and its closures
 * (EncerramentosSeccao).
 */
export function EmentasPage() {
  const [params, setParams] = useSearchParams()
  const lojas = useQuery({
    queryKey: [...adminKeys.all, 'lojas'],
    queryFn: ({ signal }) => adminGet<LojaAdmin[]>('/lojas', signal),
  })
  const pedida = Number(params.get('loja'))
  const loja = lojas.data?.find((l) => l.id_loja === pedida) ?? lojas.data?.[0]
  const idEscolha = useId()

  return (
    <AdminLayout titulo="Ementas e esgotados">
      <h1>Ementas e esgotados</h1>
      <p>
        Um produto esgotado aparece na aplicação como «Esgotado» e não pode ser encomendado até ao fim do dia; no dia
        seguinte volta a estar disponível. Nos dias de encerramento a loja não aceita encomendas.
      </p>
      <p>
        Um produto para maiores de 18 anos (bebidas alcoólicas) não pode ser encomendado por menores, e a equipa
        verifica a idade no levantamento. Em Take-Away, cada embalagem de utilização única de plástico, alumínio ou
        multimaterial paga a contribuição prevista na lei. O que o POS indica prevalece.
      </p>
      {lojas.isPending && <p role="status">A carregar…</p>}
      {lojas.isError && <p role="alert">{lojas.error.message}</p>}
      {lojas.data?.length === 0 && <p>Não há lojas associadas à sua conta.</p>}
      {loja && lojas.data && (
        <>
          <div className="field admin-escolha-loja">
            <label htmlFor={idEscolha}>Loja</label>
            <select
              id={idEscolha}
              value={loja.id_loja}
              onChange={(e) => setParams({ loja: e.target.value }, { replace: true })}
            >
              {lojas.data.map((l) => (
                <option key={l.id_loja} value={l.id_loja}>
                  {l.nome} ({l.restaurante})
                </option>
              ))}
            </select>
          </div>
          <Produtos key={loja.id_loja} loja={loja} />
          <EncerramentosSeccao key={`e${loja.id_loja}`} loja={loja} />
        </>
      )}
    </AdminLayout>
  )
}

function Produtos({ loja }: { loja: LojaAdmin }) {
  const queryClient = useQueryClient()
  const key = produtosKey(loja.id_loja)
  const lista = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => adminGet<ProdutoAdmin[]>(`/lojas/${loja.id_loja}/produtos`, signal),
  })
  const [filtro, setFiltro] = useState('')
  const [aviso, setAviso] = useState<string | null>(null)
  const idFiltro = useId()
  const atualizar = (p: ProdutoAdmin) =>
    queryClient.setQueryData<ProdutoAdmin[]>(key, (atual) =>
      atual?.map((x) => (x.cod_produto === p.cod_produto ? p : x)),
    )
  const mudar = useMutation({
    mutationFn: (p: { cod_produto: string; esgotado: boolean }) =>
      adminPost<ProdutoAdmin>(`/lojas/${loja.id_loja}/esgotados`, p),
    onSuccess: (p) => {
      atualizar(p)
      setAviso(p.esgotado ? `${p.nome}: esgotado até ao fim do dia.` : `${p.nome}: disponível de novo.`)
    },
    onError: (error) => setAviso(error.message),
  })
  // Alcohol and packaging (decision 0037).
  const marcar = useMutation({
    mutationFn: (p: { cod_produto: string; alcoolico: boolean; embalagem: Embalagem | null }) =>
      adminPost<ProdutoAdmin>(`/lojas/${loja.id_loja}/marcas`, p),
    onSuccess: (p) => {
      atualizar(p)
      setAviso(
        `${p.nome}: ${p.apenas_maiores ? 'só para maiores de 18 anos' : 'para todas as idades'}; embalagem ${
          p.embalagem_efetiva ? NOMES_EMBALAGENS[p.embalagem_efetiva].toLocaleLowerCase('pt-PT') : 'por indicar'
        }${pagaContribuicao(p.embalagem_efetiva) ? ' (paga contribuição em Take-Away)' : ''}.`,
      )
    },
    onError: (error) => setAviso(error.message),
  })
  const ocupado = mudar.isPending || marcar.isPending
  const termo = filtro.trim().toLocaleLowerCase('pt-PT')
  const visiveis = lista.data?.filter((p) => termo === '' || p.nome.toLocaleLowerCase('pt-PT').includes(termo))
  const esgotados = lista.data?.filter((p) => p.esgotado).length ?? 0

  return (
    <section aria-labelledby="produtos-titulo">
      <h2 id="produtos-titulo">Produtos de {loja.nome} hoje</h2>
      <p role="status">{aviso}</p>
      {lista.isPending && <p role="status">A carregar…</p>}
      {lista.isError && <p role="alert">{lista.error.message}</p>}
      {lista.data?.length === 0 && <p>Esta loja ainda não enviou a ementa: não há produtos para marcar.</p>}
      {lista.data && lista.data.length > 0 && (
        <>
          <div className="admin-filtros">
            <div className="field">
              <label htmlFor={idFiltro}>Procurar produto</label>
              <input id={idFiltro} type="search" value={filtro} onChange={(e) => setFiltro(e.target.value)} />
            </div>
            <p>
              {esgotados === 0
                ? 'Nenhum produto esgotado hoje.'
                : `${esgotados} ${esgotados === 1 ? 'produto esgotado' : 'produtos esgotados'} hoje.`}
            </p>
          </div>
          <table className="admin-tabela">
            <thead>
              <tr>
                <th scope="col">Produto</th>
                <th scope="col">Família</th>
                <th scope="col">Preço</th>
                <th scope="col">Hoje</th>
                <th scope="col">Maiores de 18</th>
                <th scope="col">Embalagem</th>
              </tr>
            </thead>
            <tbody>
              {visiveis?.map((p) => (
                <tr key={p.cod_produto} className={p.esgotado ? 'admin-esgotado' : undefined}>
                  <td>{p.nome}</td>
                  <td>{p.familia}</td>
                  <td>{formatMoney(p.preco)}</td>
                  <td>
                    <label className="admin-marca-esgotado">
                      <input
                        type="checkbox"
                        checked={p.esgotado}
                        aria-label={`Esgotado: ${p.nome}`}
                        disabled={ocupado}
                        onChange={(e) => mudar.mutate({ cod_produto: p.cod_produto, esgotado: e.target.checked })}
                      />
                      Esgotado
                    </label>
                  </td>
                  <td>
                    <label className="admin-marca-esgotado">
                      <input
                        type="checkbox"
                        checked={p.apenas_maiores}
                        aria-label={`Só para maiores de 18 anos: ${p.nome}`}
                        // The POS's `restricted` stands: the back-office cannot take it off.
                        disabled={ocupado || p.restrito_pos}
                        onChange={(e) =>
                          marcar.mutate({
                            cod_produto: p.cod_produto,
                            alcoolico: e.target.checked,
                            embalagem: p.embalagem,
                          })
                        }
                      />
                      {p.restrito_pos ? 'Sim (POS)' : 'Álcool'}
                    </label>
                  </td>
                  <td>
                    <select
                      aria-label={`Embalagem de ${p.nome}`}
                      value={p.embalagem_pos ?? p.embalagem ?? ''}
                      // The POS's packaging wins over the back-office's.
                      disabled={ocupado || p.embalagem_pos !== null}
                      onChange={(e) =>
                        marcar.mutate({
                          cod_produto: p.cod_produto,
                          alcoolico: p.alcoolico,
                          embalagem: (e.target.value || null) as Embalagem | null,
                        })
                      }
                    >
                      <option value="">Por indicar</option>
                      {EMBALAGENS.map((e) => (
                        <option key={e} value={e}>
                          {NOMES_EMBALAGENS[e]}
                          {p.embalagem_pos === e ? ' (POS)' : ''}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {visiveis?.length === 0 && <p>Nenhum produto com «{filtro.trim()}».</p>}
        </>
      )}
    </section>
  )
}
