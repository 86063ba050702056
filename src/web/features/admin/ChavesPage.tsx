import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { flushSync } from 'react-dom'
import type { ChaveCriada, ChaveStaff, CriarChaveSchema, EtiquetaChaveSchema } from '../../../shared/admin-chaves.ts'
import type { LojaAdmin } from '../../../shared/admin-lojas.ts'
import type { Pagina } from '../../../shared/admin-tabelas.ts'
import { formatDateTime } from '../../../shared/format.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import { Field, SelectField } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { adminGet, adminPost } from './api.ts'
import { adminKeys } from './keys.ts'
import { papeisDe } from './seccoes.ts'
import { type ColumnDef, type EstadoTabela, queryDe, Tabela } from './Tabela.tsx'

const schemas = () => import('../../../shared/admin-chaves.ts')
const criarSchema = (): Promise<typeof CriarChaveSchema> => schemas().then((m) => m.CriarChaveSchema)
const etiquetaSchema = (): Promise<typeof EtiquetaChaveSchema> => schemas().then((m) => m.EtiquetaChaveSchema)

const chavesKey = [...adminKeys.all, 'chaves'] as const
const ETIQUETA_DICA = 'Letras sem acentos, algarismos, pontos, hífenes e sublinhados (ex.: caixa-1, tablet-cozinha).'

function Renomear({ chave, onFim }: { chave: ChaveStaff; onFim: (aviso: string | null) => void }) {
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema: etiquetaSchema,
    defaultValues: { etiqueta: chave.etiqueta },
    submit: (v) => adminPost<ChaveStaff>(`/chaves/${chave.id}`, v),
    onSuccess: (c) => onFim(`A chave chama-se agora «${c.etiqueta}».`),
  })
  return (
    <section className="admin-seccao" aria-labelledby="chave-renomear">
      <h2 id="chave-renomear">Mudar a etiqueta de «{chave.etiqueta}»</h2>
      <form className="form admin-formulario" onSubmit={onSubmit} noValidate>
        <Field
          id="chave-nova-etiqueta"
          label="Nova etiqueta"
          required
          hint={ETIQUETA_DICA}
          error={errorOf('etiqueta')}
          {...form.register('etiqueta')}
        />
        <div className="admin-acoes">
          <button type="submit" className="button">
            Guardar etiqueta
          </button>
          <button type="button" className="button button-secondary" onClick={() => onFim(null)}>
            Cancelar
          </button>
        </div>
      </form>
      {submission.feedback}
    </section>
  )
}

/**
 * `/admin/chaves` (admins: every store; gestores: their restaurants' stores): the keys of the Store API and the stores'
 * tablets. A new key is shown here once (only its hash is kept); a label names it (also for `npm run store:key --
 * --revoke`); revoking ends it at once, with the tablets paired with it.
 */
export function ChavesPage() {
  const queryClient = useQueryClient()
  const [loja, setLoja] = useState('')
  const [estado, setEstado] = useState<EstadoTabela>({ pagina: 1, ordenar: 'criado_em', direcao: 'desc' })
  const [nova, setNova] = useState<ChaveCriada | null>(null)
  const [aRenomear, setARenomear] = useState<ChaveStaff | null>(null)
  const [aRevogar, setARevogar] = useState<ChaveStaff | null>(null)
  const [aviso, setAviso] = useState<string | null>(null)
  const recarregar = () => void queryClient.invalidateQueries({ queryKey: chavesKey })

  const lojas = useQuery({
    queryKey: [...adminKeys.all, 'lojas'],
    queryFn: ({ signal }) => adminGet<LojaAdmin[]>('/lojas', signal),
  })
  const chaves = useQuery({
    queryKey: [...chavesKey, { loja, ...estado }],
    queryFn: ({ signal }) => adminGet<Pagina<ChaveStaff>>(`/chaves?${queryDe(estado, { id_loja: loja })}`, signal),
    placeholderData: keepPreviousData,
  })

  const revogar = useMutation({
    mutationFn: (c: ChaveStaff) => adminPost<ChaveStaff>(`/chaves/${c.id}/revogar`),
    onSuccess: (c) => {
      setAviso(`A chave «${c.etiqueta}» foi revogada: deixou de funcionar.`)
      recarregar()
    },
    onError: (error) => setAviso(error.message),
  })

  const criar = useApiForm({
    schema: criarSchema,
    defaultValues: { id_loja: 0, etiqueta: '' },
    submit: (v) => adminPost<ChaveCriada>('/chaves', v),
    onSuccess: (c) => {
      setNova(c)
      setAviso(null)
      criar.form.reset({ id_loja: 0, etiqueta: '' })
      recarregar()
    },
  })

  const colunas: ColumnDef<ChaveStaff, unknown>[] = [
    { id: 'etiqueta', header: 'Etiqueta', cell: ({ row }) => row.original.etiqueta },
    { id: 'id_loja', header: 'Loja', cell: ({ row }) => row.original.loja },
    { id: 'criado_em', header: 'Criada', cell: ({ row }) => formatDateTime(row.original.criado_em) },
    {
      id: 'ultimo_uso_em',
      header: 'Último uso',
      cell: ({ row }) => (row.original.ultimo_uso_em ? formatDateTime(row.original.ultimo_uso_em) : 'Nunca'),
    },
    {
      id: 'estado',
      header: 'Estado',
      enableSorting: false,
      cell: ({ row }) =>
        row.original.revogada_em ? `Revogada em ${formatDateTime(row.original.revogada_em)}` : 'Ativa',
    },
    {
      id: 'acoes',
      header: () => <span className="visually-hidden">Ações</span>,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.revogada_em ? null : (
          <span className="admin-acoes">
            <button
              type="button"
              className="button button-secondary"
              aria-label={`Mudar a etiqueta de «${row.original.etiqueta}»`}
              onClick={() => {
                setARenomear(row.original)
                setAviso(null)
              }}
            >
              Mudar etiqueta
            </button>
            <button
              type="button"
              className="button button-secondary"
              aria-label={`Revogar «${row.original.etiqueta}»`}
              disabled={revogar.isPending}
              onClick={() => setARevogar(row.original)}
            >
              Revogar
            </button>
          </span>
        ),
    },
  ]

  return (
    <AdminLayout titulo="Chaves de loja" papeis={papeisDe('chaves')}>
      <h1>Chaves de loja</h1>
      <p>
        As chaves ligam as caixas e os tablets das lojas à aplicação (Store API). Cada chave é mostrada uma única vez,
        quando é criada.
      </p>
      <p role="status">{aviso}</p>
      {nova && (
        <section className="admin-chave-nova" aria-labelledby="chave-nova">
          <h2 id="chave-nova">Chave «{nova.registo.etiqueta}» criada</h2>
          <p>Copie-a agora e guarde-a num local seguro: não volta a ser mostrada.</p>
          <p className="admin-segredo" data-testid="chave-nova">
            {nova.chave}
          </p>
          <button type="button" className="button button-secondary" onClick={() => setNova(null)}>
            Já guardei a chave
          </button>
        </section>
      )}
      {aRenomear && (
        <Renomear
          key={aRenomear.id}
          chave={aRenomear}
          onFim={(texto) => {
            setARenomear(null)
            if (texto) {
              setAviso(texto)
              recarregar()
            }
          }}
        />
      )}
      <section className="admin-seccao" aria-labelledby="chaves-lista">
        <h2 id="chaves-lista">Chaves</h2>
        <div className="admin-filtros">
          <SelectField
            name="loja"
            label="Loja"
            value={loja}
            onChange={(e) => {
              setLoja(e.target.value)
              setEstado((s) => ({ ...s, pagina: 1 }))
            }}
          >
            <option value="">Todas</option>
            {lojas.data?.map((l) => (
              <option key={l.id_loja} value={l.id_loja}>
                {l.nome} ({l.restaurante})
              </option>
            ))}
          </SelectField>
        </div>
        {chaves.isPending && <p role="status">A carregar…</p>}
        {chaves.isError && <p role="alert">{chaves.error.message}</p>}
        {chaves.data && (
          <Tabela
            legenda="Chaves de loja"
            colunas={colunas}
            pagina={chaves.data}
            estado={estado}
            onEstado={setEstado}
            vazio="Ainda não há chaves."
            chave={(c) => c.id}
          />
        )}
      </section>
      <section className="admin-seccao" aria-labelledby="chave-criar">
        <h2 id="chave-criar">Nova chave</h2>
        <form className="form admin-formulario" onSubmit={criar.onSubmit} noValidate>
          <SelectField
            label="Loja"
            required
            error={criar.errorOf('id_loja')}
            {...criar.form.register('id_loja', { valueAsNumber: true })}
          >
            <option value={0}>Escolha uma loja</option>
            {lojas.data?.map((l) => (
              <option key={l.id_loja} value={l.id_loja}>
                {l.nome} ({l.restaurante})
              </option>
            ))}
          </SelectField>
          <Field
            label="Etiqueta"
            required
            hint={ETIQUETA_DICA}
            error={criar.errorOf('etiqueta')}
            {...criar.form.register('etiqueta')}
          />
          <button type="submit" className="button">
            Criar chave
          </button>
        </form>
        {criar.submission.feedback}
      </section>
      {aRevogar && (
        <Dialog
          title={`Revogar «${aRevogar.etiqueta}»?`}
          message="A chave deixa de funcionar de imediato, e os tablets associados a ela terminam a sessão. Não é possível desfazer."
          buttons={[
            { label: 'Cancelar', secondary: true, isDefault: true },
            { label: 'Revogar', action: () => revogar.mutate(aRevogar) },
          ]}
          onClose={() => flushSync(() => setARevogar(null))}
        />
      )}
    </AdminLayout>
  )
}
