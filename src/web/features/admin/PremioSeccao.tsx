import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { formatDateTime } from '../../../shared/format.ts'
import type { DefinicaoPremio, PremioForm, PremioFormSchema } from '../../../shared/premios.ts'
import { descricaoPremio } from '../../../shared/premios-textos.ts'
import { useApiForm } from '../../ui/form.tsx'
import { adminGet, adminPost } from './api.ts'
import { CamposPremio, formDoPremio, premioDoForm } from './CamposPremio.tsx'
import { adminKeys } from './keys.ts'

const schema = (): Promise<typeof PremioFormSchema> =>
  import('../../../shared/premios.ts').then((m) => m.PremioFormSchema)

const URL = '/definicoes/premio'
const VAZIO: PremioForm = { nome: '', tipo: 'produto', euros: '', cod_produto: '', imagem: null }

/**
 * 'Definições' › 'Prémio' (admins): what every threshold of points gives the customer, a product of the menu or an
 * amount off the bill, with its name and picture. The app and the till name it; the rewards customers already hold are
 * the new one from the moment it is saved.
 */
export function PremioSeccao() {
  const queryClient = useQueryClient()
  const definicao = useQuery({
    queryKey: adminKeys.premio(),
    queryFn: ({ signal }) => adminGet<DefinicaoPremio>(URL, signal),
  })
  const [aviso, setAviso] = useState<string | null>(null)
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: VAZIO,
    submit: (v) => adminPost<DefinicaoPremio>(URL, premioDoForm(v)),
    onSuccess: (d) => {
      queryClient.setQueryData(adminKeys.premio(), d)
      if (d.atual) setAviso(`Prémio guardado: ${descricaoPremio(d.atual)}. Os clientes veem-no já na app.`)
    },
  })
  const atual = definicao.data?.atual
  useEffect(() => {
    if (atual) form.reset(formDoPremio(atual))
  }, [atual, form])
  const tipo = form.watch('tipo')
  const imagem = form.watch('imagem')

  return (
    <section aria-labelledby="premio-titulo">
      <h2 id="premio-titulo">Prémio</h2>
      <p>
        O que o cliente recebe a cada patamar de pontos: um produto oferecido (um café, um pastel de nata) ou um valor
        descontado na conta. A app e a caixa mostram-no pelo nome; os prémios que os clientes já têm passam a ser este.
      </p>
      <p role="status">{aviso}</p>
      {definicao.isPending && <p role="status">A carregar…</p>}
      {definicao.isError && <p role="alert">{definicao.error.message}</p>}
      {definicao.data && (
        <dl className="admin-resumo">
          <dt>Em vigor</dt>
          <dd>{definicao.data.atual ? descricaoPremio(definicao.data.atual) : 'Nenhum definido: só se contam'}</dd>
          <dt>Definido em</dt>
          <dd>{definicao.data.definido_em ? formatDateTime(definicao.data.definido_em) : 'Nunca'}</dd>
        </dl>
      )}
      <form className="form admin-formulario" onSubmit={onSubmit} noValidate>
        <CamposPremio
          registar={(campo) => form.register(campo)}
          erroDe={errorOf}
          tipo={tipo}
          imagem={imagem}
          onImagem={(url) => form.setValue('imagem', url, { shouldDirty: true })}
          exemploNome="Café oferta"
          ajudaCodigo="Opcional: o código do produto nas ementas, para o descontar nas encomendas da app."
        />
        <div className="admin-acoes">
          <button type="submit" className="button" disabled={!definicao.data}>
            Guardar prémio
          </button>
        </div>
      </form>
      {submission.feedback}
    </section>
  )
}
