import { useState } from 'react'
import type {
  CategoriaFaqInputSchema,
  CategoriaFaqStaff,
  PerguntaFaqInputSchema,
  PerguntaFaqStaff,
} from '../../../shared/admin-textos.ts'
import { Field, SelectField } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { adminPost } from './api.ts'
import { ListaPublicavel } from './ListaPublicavel.tsx'
import { papeisDe } from './seccoes.ts'
import { TextoRico } from './TextoRico.tsx'
import { useGestao } from './use-gestao.tsx'

const schemas = () => import('../../../shared/admin-textos.ts')
const categoriaSchema = (): Promise<typeof CategoriaFaqInputSchema> => schemas().then((m) => m.CategoriaFaqInputSchema)
const perguntaSchema = (): Promise<typeof PerguntaFaqInputSchema> => schemas().then((m) => m.PerguntaFaqInputSchema)

const CATEGORIA_VAZIA = { title: '', tag: '', posicao: 0 }
const PERGUNTA_VAZIA = { categoria_id: 0, title: '', title_detail: '', text: '', tag: '', posicao: 0 }

const TAG_DICA = 'Letras minúsculas, algarismos e hífenes: aparece no endereço da página.'
const POSICAO_DICA = 'As de posição menor aparecem primeiro.'

function Categorias({ aviso }: { aviso: (texto: string) => void }) {
  const g = useGestao<CategoriaFaqStaff>('/faq/categorias', {
    apagar: 'A categoria deixa de existir para a equipa e para os clientes.',
  })
  const [aEditar, setAEditar] = useState<CategoriaFaqStaff | null>(null)
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema: categoriaSchema,
    defaultValues: CATEGORIA_VAZIA,
    submit: (v) => adminPost<CategoriaFaqStaff>(aEditar ? `/faq/categorias/${aEditar.id}` : '/faq/categorias', v),
    onSuccess: (c) => {
      aviso(aEditar ? `«${c.title}» foi guardada.` : `«${c.title}» foi criada como rascunho.`)
      setAEditar(null)
      form.reset(CATEGORIA_VAZIA)
      g.recarregar()
    },
  })
  const editar = (c: CategoriaFaqStaff) => {
    setAEditar(c)
    form.reset({ title: c.title, tag: c.tag, posicao: c.posicao })
    document.getElementById('categoria-titulo')?.focus()
  }
  return (
    <section className="admin-seccao" aria-labelledby="faq-categorias">
      <h2 id="faq-categorias">Categorias</h2>
      {g.aviso && <p role="status">{g.aviso}</p>}
      {g.lista.isError && <p role="alert">{g.lista.error.message}</p>}
      {g.lista.data?.length === 0 && <p>Ainda não há categorias.</p>}
      {g.lista.data && g.lista.data.length > 0 && (
        <ListaPublicavel
          legenda="Categorias das perguntas frequentes"
          linhas={g.lista.data}
          ocupado={g.ocupado}
          onEditar={editar}
          onAcao={g.acao}
        />
      )}
      <h3>{aEditar ? `Editar «${aEditar.title}»` : 'Nova categoria'}</h3>
      <form className="form admin-formulario" onSubmit={onSubmit} noValidate>
        <Field id="categoria-titulo" label="Título" required error={errorOf('title')} {...form.register('title')} />
        <Field label="Identificador (URL)" required hint={TAG_DICA} error={errorOf('tag')} {...form.register('tag')} />
        <Field
          label="Posição"
          type="number"
          min={0}
          step={1}
          hint={POSICAO_DICA}
          error={errorOf('posicao')}
          {...form.register('posicao', { valueAsNumber: true })}
        />
        <div className="admin-acoes">
          <button type="submit" className="button">
            {aEditar ? 'Guardar categoria' : 'Criar categoria'}
          </button>
          {aEditar && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setAEditar(null)
                form.reset(CATEGORIA_VAZIA)
              }}
            >
              Cancelar
            </button>
          )}
        </div>
      </form>
      {g.dialogo}
      {submission.feedback}
    </section>
  )
}

function Perguntas({ aviso }: { aviso: (texto: string) => void }) {
  const categorias = useGestao<CategoriaFaqStaff>('/faq/categorias', { apagar: '' })
  const g = useGestao<PerguntaFaqStaff>('/faq/perguntas', {
    apagar: 'A pergunta deixa de existir para a equipa e para os clientes.',
  })
  const [aEditar, setAEditar] = useState<PerguntaFaqStaff | null>(null)
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema: perguntaSchema,
    defaultValues: PERGUNTA_VAZIA,
    submit: (v) => adminPost<PerguntaFaqStaff>(aEditar ? `/faq/perguntas/${aEditar.id}` : '/faq/perguntas', v),
    onSuccess: (p) => {
      aviso(aEditar ? `«${p.title}» foi guardada.` : `«${p.title}» foi criada como rascunho.`)
      setAEditar(null)
      form.reset(PERGUNTA_VAZIA)
      g.recarregar()
    },
  })
  const editar = (p: PerguntaFaqStaff) => {
    setAEditar(p)
    form.reset({
      categoria_id: p.categoria_id,
      title: p.title,
      title_detail: p.title_detail === p.title ? '' : p.title_detail,
      text: p.text,
      tag: p.tag,
      posicao: p.posicao,
    })
    document.getElementById('pergunta-titulo')?.focus()
  }
  const [filtro, setFiltro] = useState('')
  const nomeCategoria = (id: number) => categorias.lista.data?.find((c) => c.id === id)?.title ?? '—'
  // As the customer sees them: by their category's order, then their own.
  const ordem = (id: number) => categorias.lista.data?.findIndex((c) => c.id === id) ?? 0
  const ordenadas = (g.lista.data ?? [])
    .filter((p) => filtro === '' || p.categoria_id === Number(filtro))
    .sort((a, b) => ordem(a.categoria_id) - ordem(b.categoria_id) || a.posicao - b.posicao || a.id - b.id)
  return (
    <section className="admin-seccao" aria-labelledby="faq-perguntas">
      <h2 id="faq-perguntas">Perguntas</h2>
      {g.aviso && <p role="status">{g.aviso}</p>}
      {g.lista.isError && <p role="alert">{g.lista.error.message}</p>}
      <div className="admin-filtros">
        <SelectField name="filtro-categoria" label="Mostrar" value={filtro} onChange={(e) => setFiltro(e.target.value)}>
          <option value="">Todas as categorias</option>
          {categorias.lista.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
      </div>
      {g.lista.data?.length === 0 && <p>Ainda não há perguntas.</p>}
      {g.lista.data && g.lista.data.length > 0 && (
        <ListaPublicavel
          legenda="Perguntas frequentes"
          linhas={ordenadas}
          extra={[{ titulo: 'Categoria', celula: (p) => nomeCategoria(p.categoria_id) }]}
          ocupado={g.ocupado}
          onEditar={editar}
          onAcao={g.acao}
        />
      )}
      <h3>{aEditar ? `Editar «${aEditar.title}»` : 'Nova pergunta'}</h3>
      <form className="form admin-formulario" onSubmit={onSubmit} noValidate>
        <SelectField
          label="Categoria"
          required
          error={errorOf('categoria_id')}
          {...form.register('categoria_id', { valueAsNumber: true })}
        >
          <option value={0}>Escolha uma categoria</option>
          {categorias.lista.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
        <Field id="pergunta-titulo" label="Pergunta" required error={errorOf('title')} {...form.register('title')} />
        <Field
          label="Título na página da pergunta"
          hint="Se ficar vazio, é a pergunta."
          error={errorOf('title_detail')}
          {...form.register('title_detail')}
        />
        <TextoRico
          id="pergunta-texto"
          label="Resposta"
          error={errorOf('text')}
          registo={form.register('text')}
          valor={form.watch('text')}
        />
        <Field label="Identificador (URL)" required hint={TAG_DICA} error={errorOf('tag')} {...form.register('tag')} />
        <Field
          label="Posição"
          type="number"
          min={0}
          step={1}
          hint={POSICAO_DICA}
          error={errorOf('posicao')}
          {...form.register('posicao', { valueAsNumber: true })}
        />
        <div className="admin-acoes">
          <button type="submit" className="button">
            {aEditar ? 'Guardar pergunta' : 'Criar pergunta'}
          </button>
          {aEditar && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setAEditar(null)
                form.reset(PERGUNTA_VAZIA)
              }}
            >
              Cancelar
            </button>
          )}
        </div>
      </form>
      {g.dialogo}
      {submission.feedback}
    </section>
  )
}

/**
 * `/admin/faq` (admins and gestores): the FAQ's categories and questions, published or not; create (as a draft), edit,
 * order, publish, delete. The customer's 'Perguntas frequentes' shows a change on its next read.
 */
export function FaqPage() {
  const [aviso, setAviso] = useState<string | null>(null)
  return (
    <AdminLayout titulo="FAQ" papeis={papeisDe('faq')}>
      <h1>Perguntas frequentes</h1>
      <p>Uma categoria ou pergunta nova fica em rascunho até ser publicada.</p>
      <p role="status">{aviso}</p>
      <Categorias aviso={setAviso} />
      <Perguntas aviso={setAviso} />
    </AdminLayout>
  )
}
