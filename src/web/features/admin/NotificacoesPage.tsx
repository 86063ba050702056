import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type {
  NotificacaoAdmin,
  NotificacaoCampanhaDados,
  NotificacaoCampanhaSchema,
  PreVisualizacao,
  RestauranteOpcao,
} from '../../../shared/admin-notificacoes.ts'
import { NOTIFICACAO_TEXTO_MAX, NOTIFICACAO_TITULO_MAX } from '../../../shared/admin-notificacoes.ts'
import { formatDateTime } from '../../../shared/format.ts'
import { Field, FieldError, RequiredMark, SelectField, useFieldIds } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { adminGet, adminPost } from './api.ts'
import { adminKeys } from './keys.ts'
import { papeisDe } from './seccoes.ts'
import { useSessao } from './use-sessao.ts'

const schema = (): Promise<typeof NotificacaoCampanhaSchema> =>
  import('../../../shared/admin-notificacoes.ts').then((m) => m.NotificacaoCampanhaSchema)

const VAZIA: NotificacaoCampanhaDados = {
  publico: 'todos',
  restaurante_id: null,
  pais: '351',
  telemovel: '',
  titulo: '',
  texto: '',
  quando: 'agora',
  agendar_para: '',
}

const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`

function estadoDe(n: NotificacaoAdmin): string {
  if (n.estado === 'cancelada') return 'Cancelada'
  if (n.estado === 'agendada') return `Agendada para ${formatDateTime(n.agendada_para)}`
  return `Enviada em ${formatDateTime(n.enviada_em ?? n.agendada_para)}`
}

function entregaDe(n: NotificacaoAdmin): string {
  if (!n.entrega) return '—'
  const e = n.entrega
  return [
    plural(e.destinatarios, 'destinatário', 'destinatários'),
    `push: ${e.push_enviados} ${e.push_enviados === 1 ? 'entregue' : 'entregues'}, ${e.push_falhados} ${e.push_falhados === 1 ? 'falhado' : 'falhados'}`,
    plural(e.lidas, 'lida', 'lidas'),
  ].join(' · ')
}

/** The composer's text as the app shows it: paragraphs by blank lines. */
const paragrafos = (texto: string) =>
  texto
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)

/**
 * `/admin/notificacoes` (admins and gestores): compose a notification — to everyone who consented to communications
 * (admins), a restaurant's customers, or one phone — preview it with its recipient count, send it now or schedule it;
 * the list shows what went out and how it was delivered.
 */
export function NotificacoesPage() {
  const queryClient = useQueryClient()
  const sessao = useSessao()
  const eAdmin = sessao.data?.papel === 'admin'
  const lista = useQuery({
    queryKey: adminKeys.notificacoesEnviadas(),
    queryFn: ({ signal }) => adminGet<NotificacaoAdmin[]>('/notificacoes', signal),
  })
  const restaurantes = useQuery({
    queryKey: [...adminKeys.notificacoesEnviadas(), 'restaurantes'],
    queryFn: ({ signal }) => adminGet<RestauranteOpcao[]>('/notificacoes/restaurantes', signal),
  })
  const [aviso, setAviso] = useState<string | null>(null)
  const [previa, setPrevia] = useState<{ dados: NotificacaoCampanhaDados; resultado: PreVisualizacao } | null>(null)
  const recarregar = () => void queryClient.invalidateQueries({ queryKey: adminKeys.notificacoesEnviadas() })

  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: { ...VAZIA, publico: 'restaurante' },
    submit: (values) => adminPost<PreVisualizacao>('/notificacoes/previsualizar', values),
    onSuccess: (resultado, dados) => {
      setAviso(null)
      setPrevia({ dados, resultado })
      requestAnimationFrame(() => document.getElementById('previa-titulo')?.focus())
    },
  })

  const enviar = useMutation({
    mutationFn: (dados: NotificacaoCampanhaDados) => adminPost<NotificacaoAdmin>('/notificacoes', dados),
    onSuccess: (n) => {
      setAviso(
        n.estado === 'agendada'
          ? `«${n.titulo}» foi agendada para ${formatDateTime(n.agendada_para)}.`
          : `«${n.titulo}» foi enviada a ${plural(n.entrega?.destinatarios ?? 0, 'cliente', 'clientes')}.`,
      )
      setPrevia(null)
      form.reset({ ...VAZIA, publico: eAdmin ? 'todos' : 'restaurante' })
      recarregar()
    },
    onError: (error) => setAviso(error.message),
  })
  const cancelar = useMutation({
    mutationFn: (id: number) => adminPost<NotificacaoAdmin>(`/notificacoes/${id}/cancelar`),
    onSuccess: (n) => {
      setAviso(`«${n.titulo}» foi cancelada.`)
      recarregar()
    },
    onError: (error) => setAviso(error.message),
  })

  const publico = form.watch('publico')
  const quando = form.watch('quando')
  const textoErro = errorOf('texto')
  const texto = useFieldIds(
    'notificacao-texto',
    textoErro,
    `Texto simples, até ${NOTIFICACAO_TEXTO_MAX} caracteres. Separe parágrafos com uma linha em branco.`,
  )

  return (
    <AdminLayout titulo="Notificações" papeis={papeisDe('notificacoes')}>
      <h1>Notificações</h1>
      <p role="status">{aviso}</p>
      <section aria-labelledby="compor-titulo">
        <h2 id="compor-titulo">Nova notificação</h2>
        <p>
          As notificações chegam à app e, a quem as ativou, como notificação no telemóvel. Só as recebem clientes que
          aceitaram receber comunicações.
        </p>
        <form className="form admin-formulario" onSubmit={onSubmit} noValidate>
          <fieldset className="radio-group">
            <legend>Destinatários</legend>
            {eAdmin && (
              <label>
                <input type="radio" value="todos" {...form.register('publico')} /> Todos os clientes que aceitaram
                comunicações
              </label>
            )}
            <label>
              <input type="radio" value="restaurante" {...form.register('publico')} /> Clientes de um restaurante
            </label>
            <label>
              <input type="radio" value="telefone" {...form.register('publico')} /> Um cliente (telemóvel)
            </label>
          </fieldset>
          {publico === 'restaurante' && (
            <SelectField
              label="Restaurante"
              error={errorOf('restaurante_id')}
              {...form.register('restaurante_id', { setValueAs: (v) => (v === '' || v === null ? null : Number(v)) })}
            >
              <option value="">Escolha um restaurante</option>
              {restaurantes.data?.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.nome}
                </option>
              ))}
            </SelectField>
          )}
          {publico === 'telefone' && (
            <Field
              label="Telemóvel"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              required
              hint="Número português, sem o indicativo."
              error={errorOf('telemovel')}
              {...form.register('telemovel')}
            />
          )}
          <Field
            id="notificacao-titulo"
            label="Título"
            required
            maxLength={NOTIFICACAO_TITULO_MAX}
            error={errorOf('titulo')}
            {...form.register('titulo')}
          />
          <div className={textoErro ? 'field field-invalid' : 'field'}>
            <label htmlFor={texto.controlId}>
              Texto
              <RequiredMark />
            </label>
            <p id={texto.hintId} className="field-hint">
              Texto simples, até {NOTIFICACAO_TEXTO_MAX} caracteres. Separe parágrafos com uma linha em branco.
            </p>
            <textarea
              id={texto.controlId}
              rows={5}
              required
              maxLength={NOTIFICACAO_TEXTO_MAX}
              {...texto.aria}
              {...form.register('texto')}
            />
            <FieldError id={texto.errorId} error={textoErro} />
          </div>
          <fieldset className="radio-group">
            <legend>Envio</legend>
            <label>
              <input type="radio" value="agora" {...form.register('quando')} /> Enviar agora
            </label>
            <label>
              <input type="radio" value="agendar" {...form.register('quando')} /> Agendar
            </label>
          </fieldset>
          {quando === 'agendar' && (
            <Field
              label="Data e hora do envio"
              type="datetime-local"
              required
              hint="Hora de Lisboa."
              error={errorOf('agendar_para')}
              {...form.register('agendar_para')}
            />
          )}
          <div className="admin-acoes">
            <button type="submit" className="button">
              Pré-visualizar
            </button>
          </div>
        </form>
      </section>
      {previa && (
        <section aria-labelledby="previa-titulo" className="admin-previa">
          <h2 id="previa-titulo" tabIndex={-1}>
            Pré-visualização
          </h2>
          <p>
            <strong>{previa.resultado.publico}</strong>:{' '}
            {plural(previa.resultado.destinatarios, 'destinatário', 'destinatários')}
            {previa.dados.quando === 'agendar' && ' neste momento (conta-se de novo no envio)'}.
          </p>
          <div className="admin-previa-app">
            <p className="admin-previa-rotulo">Na app</p>
            <article className="admin-previa-notificacao">
              <h3>{previa.dados.titulo}</h3>
              {paragrafos(previa.dados.texto).map((p) => (
                <p key={p}>{p}</p>
              ))}
            </article>
            <p className="admin-previa-rotulo">No telemóvel</p>
            <div className="admin-previa-push">
              <strong>{previa.dados.titulo}</strong>
              <span>{previa.dados.texto.replace(/\s+/g, ' ').slice(0, 300)}</span>
            </div>
          </div>
          {previa.resultado.destinatarios === 0 && (
            <p role="alert">Não há destinatários: ninguém neste público aceitou receber comunicações.</p>
          )}
          <div className="admin-acoes">
            <button
              type="button"
              className="button"
              disabled={enviar.isPending || previa.resultado.destinatarios === 0}
              onClick={() => enviar.mutate(previa.dados)}
            >
              {previa.dados.quando === 'agendar'
                ? 'Agendar notificação'
                : `Enviar a ${plural(previa.resultado.destinatarios, 'cliente', 'clientes')}`}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setPrevia(null)}>
              Alterar
            </button>
          </div>
        </section>
      )}
      <section aria-labelledby="enviadas-titulo" className="admin-enviadas">
        <h2 id="enviadas-titulo">Enviadas e agendadas</h2>
        {lista.isPending && <p role="status">A carregar…</p>}
        {lista.isError && <p role="alert">{lista.error.message}</p>}
        {lista.data && lista.data.length === 0 && <p>Ainda não há notificações.</p>}
        {lista.data && lista.data.length > 0 && (
          <table className="admin-tabela">
            <thead>
              <tr>
                <th scope="col">Título</th>
                <th scope="col">Destinatários</th>
                <th scope="col">Estado</th>
                <th scope="col">Entrega</th>
                <th scope="col">
                  <span className="visually-hidden">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lista.data.map((n) => (
                <tr key={n.id}>
                  <td>{n.titulo}</td>
                  <td>{n.publico}</td>
                  <td>{estadoDe(n)}</td>
                  <td>{entregaDe(n)}</td>
                  <td>
                    {n.estado === 'agendada' && (
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={`Cancelar «${n.titulo}»`}
                        disabled={cancelar.isPending}
                        onClick={() => cancelar.mutate(n.id)}
                      >
                        Cancelar
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {submission.feedback}
    </AdminLayout>
  )
}
