import { useState } from 'react'
import type { LegalInputSchema, LegalStaff } from '../../../shared/admin-textos.ts'
import { formatDateTime } from '../../../shared/format.ts'
import { Field } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { adminPost } from './api.ts'
import { ListaPublicavel } from './ListaPublicavel.tsx'
import { papeisDe } from './seccoes.ts'
import { TextoRico } from './TextoRico.tsx'
import { useGestao } from './use-gestao.tsx'

const schema = (): Promise<typeof LegalInputSchema> =>
  import('../../../shared/admin-textos.ts').then((m) => m.LegalInputSchema)

const VAZIO = { title: '', title_detail: '', text: '', tag: '', posicao: 0, relevante: false, o_que_mudou: '' }

/**
 * `/admin/conteudos-legais` (admins and gestores): the legal contents (terms, privacy policy, the programme's rules…),
 * published or not; create, edit with a preview, order, publish, delete. The terms and the privacy policy, accepted at
 * sign-up, are edited only (each change is a new version of what customers accept).
 */
export function LegaisPage() {
  const g = useGestao<LegalStaff>('/legais', {
    apagar: 'O conteúdo deixa de existir para a equipa e para os clientes.',
  })
  const [aEditar, setAEditar] = useState<LegalStaff | null>(null)
  const [aviso, setAviso] = useState<string | null>(null)
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: VAZIO,
    submit: (v) => adminPost<LegalStaff>(aEditar ? `/legais/${aEditar.id}` : '/legais', v),
    onSuccess: (l) => {
      setAviso(aEditar ? `«${l.title}» foi guardado.` : `«${l.title}» foi criado como rascunho.`)
      setAEditar(null)
      form.reset(VAZIO)
      g.recarregar()
    },
  })
  const relevante = form.watch('relevante')
  const editar = (l: LegalStaff) => {
    setAEditar(l)
    setAviso(null)
    form.reset({
      title: l.title,
      title_detail: l.title_detail === l.title ? '' : l.title_detail,
      text: l.text,
      tag: l.tag,
      posicao: l.posicao,
      // Each save decides anew whether it is a relevant change: never carried over from the last one.
      relevante: false,
      o_que_mudou: '',
    })
    document.getElementById('legal-form')?.scrollIntoView()
    document.getElementById('legal-titulo')?.focus()
  }
  const cancelar = () => {
    setAEditar(null)
    form.reset(VAZIO)
  }

  return (
    <AdminLayout titulo="Conteúdos legais" papeis={papeisDe('conteudos-legais')}>
      <h1>Conteúdos legais</h1>
      <p>
        Os Termos e Condições e a Política de Privacidade são aceites no registo: podem ser editados (cada alteração é
        uma nova versão), mas não despublicados nem apagados. Uma alteração marcada como relevante é aceite de novo por
        cada cliente antes de continuar.
      </p>
      <p role="status">{aviso ?? g.aviso}</p>
      <section className="admin-seccao" aria-labelledby="legais-lista">
        <h2 id="legais-lista">Todos os conteúdos</h2>
        {g.lista.isPending && <p role="status">A carregar…</p>}
        {g.lista.isError && <p role="alert">{g.lista.error.message}</p>}
        {g.lista.data?.length === 0 && <p>Ainda não há conteúdos legais.</p>}
        {g.lista.data && g.lista.data.length > 0 && (
          <ListaPublicavel
            legenda="Conteúdos legais"
            linhas={g.lista.data}
            extra={[{ titulo: 'Aceite no registo', celula: (l) => (l.obrigatorio ? 'Sim' : 'Não') }]}
            ocupado={g.ocupado}
            onEditar={editar}
            onAcao={g.acao}
            podeRetirar={(l) => !l.obrigatorio}
          />
        )}
      </section>
      <section className="admin-seccao" aria-labelledby="legal-form-titulo" id="legal-form">
        <h2 id="legal-form-titulo">{aEditar ? `Editar «${aEditar.title}»` : 'Novo conteúdo legal'}</h2>
        <form className="form admin-formulario" onSubmit={onSubmit} noValidate>
          <Field id="legal-titulo" label="Título" required error={errorOf('title')} {...form.register('title')} />
          <Field
            label="Título na página"
            hint="Se ficar vazio, é o título."
            error={errorOf('title_detail')}
            {...form.register('title_detail')}
          />
          <TextoRico
            id="legal-texto"
            label="Texto"
            linhas={16}
            error={errorOf('text')}
            registo={form.register('text')}
            valor={form.watch('text')}
          />
          <Field
            label="Identificador (URL)"
            required
            hint={
              aEditar?.obrigatorio
                ? 'Este identificador não pode mudar.'
                : 'Letras minúsculas, algarismos e hífenes: aparece no endereço da página.'
            }
            readOnly={aEditar?.obrigatorio}
            error={errorOf('tag')}
            {...form.register('tag')}
          />
          <Field
            label="Posição"
            type="number"
            min={0}
            step={1}
            hint="Os de posição menor aparecem primeiro."
            error={errorOf('posicao')}
            {...form.register('posicao', { valueAsNumber: true })}
          />
          {aEditar?.obrigatorio && (
            <fieldset className="admin-relevante">
              <legend>Nova versão</legend>
              {aEditar.alteracao_relevante && (
                <p>
                  Última alteração relevante: {formatDateTime(aEditar.alteracao_relevante.em)} —{' '}
                  {aEditar.alteracao_relevante.o_que_mudou}
                </p>
              )}
              <label className="checkbox">
                <input type="checkbox" {...form.register('relevante')} />
                Alteração relevante: os clientes aceitam esta versão antes de continuar
              </label>
              {relevante && (
                <Field
                  label="O que mudou"
                  required
                  hint="Em poucas frases: é o que os clientes leem antes de aceitar, com a ligação para o texto."
                  error={errorOf('o_que_mudou')}
                  {...form.register('o_que_mudou')}
                />
              )}
            </fieldset>
          )}
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
      </section>
      {g.dialogo}
      {submission.feedback}
    </AdminLayout>
  )
}
