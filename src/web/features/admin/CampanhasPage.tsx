import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { flushSync } from 'react-dom'
import type { CampanhaInputSchema, CampanhaStaff } from '../../../shared/campanhas-gestao.ts'
import { formatDateTime } from '../../../shared/format.ts'
import type { Promocao } from '../../../shared/promocoes.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import { CheckboxField, Field, FieldError, RequiredMark, SelectField, useFieldIds } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { Picture } from '../../ui/Picture.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { adminGet, adminPost } from './api.ts'
import { ImagemCampo } from './ImagemCampo.tsx'
import { adminKeys } from './keys.ts'
import { PreVisualizacao } from './PreVisualizacao.tsx'
import { papeisDe } from './seccoes.ts'

export const campanhasQuery = () => ({
  queryKey: adminKeys.campanhas(),
  queryFn: ({ signal }: { signal: AbortSignal }) => adminGet<CampanhaStaff[]>('/campanhas', signal),
})

const schema = (): Promise<typeof CampanhaInputSchema> =>
  import('../../../shared/campanhas-gestao.ts').then((m) => m.CampanhaInputSchema)

/** An ISO instant as a `datetime-local` value, in the browser's time zone (the staff's, Lisbon). */
const paraLocal = (iso: string | null | undefined) => {
  if (!iso) return ''
  const d = new Date(iso)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
}

const VAZIA = {
  title: '',
  title_detail: '',
  subtitle: '',
  text: '',
  destaque: false,
  tag: '',
  posicao: 0,
  imagem: null,
  termina_em: null,
  promocao_id: null,
}

/**
 * `/admin/campanhas` (admins and gestores): every campaign, published, ended or not; create, edit (order, end, image),
 * publish, delete. The customer sees a published campaign until its end.
 */
export function CampanhasPage() {
  const queryClient = useQueryClient()
  const lista = useQuery(campanhasQuery())
  const promocoes = useQuery({
    queryKey: adminKeys.promocoes(),
    queryFn: ({ signal }) => adminGet<Promocao[]>('/promocoes', signal),
  })
  const [aEditar, setAEditar] = useState<CampanhaStaff | null>(null)
  const [aApagar, setAApagar] = useState<CampanhaStaff | null>(null)
  const [aviso, setAviso] = useState<string | null>(null)
  const recarregar = () => void queryClient.invalidateQueries({ queryKey: adminKeys.campanhas() })

  const acao = useMutation({
    mutationFn: ({ id, qual }: { id: number; qual: 'publicar' | 'despublicar' | 'apagar' }) =>
      adminPost<CampanhaStaff | null>(`/campanhas/${id}/${qual}`),
    onSuccess: (_r, { qual }) => {
      setAviso(
        qual === 'publicar'
          ? 'Campanha publicada.'
          : qual === 'despublicar'
            ? 'Campanha despublicada.'
            : 'Campanha apagada.',
      )
      recarregar()
    },
    onError: (error) => setAviso(error.message),
  })

  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: VAZIA,
    submit: (values) => adminPost<CampanhaStaff>(aEditar ? `/campanhas/${aEditar.id}` : '/campanhas', values),
    onSuccess: (n) => {
      setAviso(aEditar ? `«${n.title}» foi guardada.` : `«${n.title}» foi criada como rascunho.`)
      setAEditar(null)
      form.reset(VAZIA)
      recarregar()
    },
  })

  const editar = (n: CampanhaStaff) => {
    setAEditar(n)
    form.reset({
      title: n.title,
      title_detail: n.title_detail === n.title ? '' : n.title_detail,
      subtitle: n.subtitle ?? '',
      text: n.text,
      destaque: n.destaque,
      tag: n.tag,
      posicao: n.posicao,
      imagem: n.imagem,
      termina_em: n.termina_em,
      promocao_id: n.promocao_id,
    })
    setAviso(null)
    document.getElementById('campanha-form')?.scrollIntoView()
    document.getElementById('campanha-titulo')?.focus()
  }
  const cancelar = () => {
    setAEditar(null)
    form.reset(VAZIA)
  }

  const textoErro = errorOf('text')
  const texto = useFieldIds('campanha-texto', textoErro, 'Pode usar parágrafos, negrito, itálico, listas e ligações.')

  return (
    <AdminLayout titulo="Campanhas" papeis={papeisDe('campanhas')}>
      <h1>Campanhas</h1>
      <p role="status">{aviso}</p>
      <section aria-labelledby="campanhas-lista">
        <h2 id="campanhas-lista">Todas as campanhas</h2>
        {lista.isPending && <p role="status">A carregar…</p>}
        {lista.isError && <p role="alert">{lista.error.message}</p>}
        {lista.data && lista.data.length === 0 && <p>Ainda não há campanhas.</p>}
        {lista.data && lista.data.length > 0 && (
          <table className="admin-tabela">
            <thead>
              <tr>
                <th scope="col">Título</th>
                <th scope="col">Identificador</th>
                <th scope="col">Posição</th>
                <th scope="col">Termina</th>
                <th scope="col">Estado</th>
                <th scope="col">
                  <span className="visually-hidden">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lista.data.map((n) => (
                <tr key={n.id}>
                  <td>
                    <div className="admin-titulo-imagem">
                      {n.imagem && (
                        <Picture
                          src={n.imagem}
                          alt=""
                          sizes="4rem"
                          className="admin-miniatura"
                          width={64}
                          height={36}
                        />
                      )}
                      <span>
                        {n.title}
                        {n.destaque && <small> (destaque)</small>}
                      </span>
                    </div>
                  </td>
                  <td>{n.tag}</td>
                  <td>{n.posicao}</td>
                  <td>{n.termina_em ? formatDateTime(n.termina_em) : 'Sem fim'}</td>
                  <td>{n.terminada ? 'Terminada' : n.publicada ? 'Publicada' : 'Rascunho'}</td>
                  <td className="admin-acoes">
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`Editar «${n.title}»`}
                      onClick={() => editar(n)}
                    >
                      Editar
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`${n.publicada ? 'Despublicar' : 'Publicar'} «${n.title}»`}
                      disabled={acao.isPending}
                      onClick={() => acao.mutate({ id: n.id, qual: n.publicada ? 'despublicar' : 'publicar' })}
                    >
                      {n.publicada ? 'Despublicar' : 'Publicar'}
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`Apagar «${n.title}»`}
                      onClick={() => setAApagar(n)}
                    >
                      Apagar
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="campanha-form-titulo" id="campanha-form">
        <h2 id="campanha-form-titulo">{aEditar ? `Editar «${aEditar.title}»` : 'Nova campanha'}</h2>
        <form className="form admin-formulario" onSubmit={onSubmit} noValidate>
          <Field id="campanha-titulo" label="Título" required error={errorOf('title')} {...form.register('title')} />
          <Field
            label="Título na página"
            hint="Se ficar vazio, é o título."
            error={errorOf('title_detail')}
            {...form.register('title_detail')}
          />
          <Field label="Subtítulo" error={errorOf('subtitle')} {...form.register('subtitle')} />
          <div className={textoErro ? 'field field-invalid' : 'field'}>
            <label htmlFor={texto.controlId}>
              Texto
              <RequiredMark />
            </label>
            <p id={texto.hintId} className="field-hint">
              Pode usar parágrafos, negrito, itálico, listas e ligações.
            </p>
            <textarea id={texto.controlId} rows={8} required {...texto.aria} {...form.register('text')} />
            <FieldError id={texto.errorId} error={textoErro} />
          </div>
          <Field
            label="Identificador (URL)"
            required
            hint="Letras minúsculas, algarismos e hífenes: aparece no endereço da campanha."
            error={errorOf('tag')}
            {...form.register('tag')}
          />
          <Field
            label="Posição"
            type="number"
            min={0}
            step={1}
            hint="As de posição menor aparecem primeiro."
            error={errorOf('posicao')}
            {...form.register('posicao', { valueAsNumber: true })}
          />
          <Field
            name="termina_em"
            label="Termina em"
            type="datetime-local"
            hint="Deixe vazio para uma campanha sem fim. Depois desta data o cliente deixa de a ver."
            error={errorOf('termina_em')}
            value={paraLocal(form.watch('termina_em'))}
            onChange={(event) =>
              form.setValue('termina_em', event.target.value ? new Date(event.target.value).toISOString() : null, {
                shouldDirty: true,
              })
            }
          />
          <SelectField
            name="promocao_id"
            label="Promoção anunciada"
            hint="Opcional: a app mostra o que a promoção dá, quando e onde, enquanto estiver em curso."
            error={errorOf('promocao_id')}
            value={form.watch('promocao_id') ?? ''}
            onChange={(event) =>
              form.setValue('promocao_id', event.target.value ? Number(event.target.value) : null, {
                shouldDirty: true,
              })
            }
          >
            <option value="">Nenhuma</option>
            {promocoes.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.estado === 'terminada' ? `${p.nome} (terminada)` : p.nome}
              </option>
            ))}
          </SelectField>
          <CheckboxField error={errorOf('destaque')} {...form.register('destaque')}>
            Destaque
          </CheckboxField>
          <ImagemCampo
            label="Imagem"
            valor={form.watch('imagem') ?? null}
            onChange={(url) => form.setValue('imagem', url, { shouldDirty: true })}
            erro={errorOf('imagem')}
          />
          <div className="admin-acoes">
            <button type="submit" className="button">
              {aEditar ? 'Guardar alterações' : 'Criar rascunho'}
            </button>
            {aEditar && (
              <button type="button" className="button button-secondary" onClick={cancelar}>
                Cancelar
              </button>
            )}
          </div>
        </form>
        <PreVisualizacao
          title={form.watch('title')}
          subtitle={form.watch('subtitle')}
          text={form.watch('text')}
          imagem={form.watch('imagem')}
        />
      </section>
      {aApagar && (
        <Dialog
          title={`Apagar «${aApagar.title}»?`}
          message="A campanha deixa de existir para a equipa e para os clientes. Não é possível desfazer."
          buttons={[
            { label: 'Cancelar', secondary: true, isDefault: true },
            { label: 'Apagar', action: () => acao.mutate({ id: aApagar.id, qual: 'apagar' }) },
          ]}
          onClose={() => flushSync(() => setAApagar(null))}
        />
      )}
      {submission.feedback}
    </AdminLayout>
  )
}
