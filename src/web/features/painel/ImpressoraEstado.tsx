import { impressoraTextos } from '../../../shared/impressora.ts'
import { ReimprimirTalao } from './ReimprimirTalao.tsx'
import { horaNaLoja } from './use-encomendas-loja.ts'
import { useImpressora } from './use-impressora.ts'
import { useLoja } from './use-loja.ts'

/**
 * The kitchen printer on the board (decision 0043), for a store that has one (nothing otherwise): 'Impressora: a
 * funcionar', or 'sem ligação desde HH:mm' on the store's clock, the tickets waiting for it, and each order of the day
 * whose ticket did not print (or may not have), with its 'Reimprimir'.
 */
export function ImpressoraEstado({ onErro }: { onErro: (error: unknown) => void }) {
  const query = useImpressora()
  const loja = useLoja()
  const dados = query.data
  if (!dados?.configurada) return null
  const problema = dados.sem_ligacao_desde !== null || dados.por_imprimir.length > 0
  const estado =
    dados.sem_ligacao_desde === null
      ? impressoraTextos.aFuncionar
      : impressoraTextos.semLigacaoDesde(horaNaLoja(dados.sem_ligacao_desde, loja.data?.fuso))
  return (
    <section
      className={problema ? 'painel-aviso painel-aviso-erro painel-impressora' : 'painel-impressora'}
      aria-labelledby="impressora-titulo"
    >
      <h2 id="impressora-titulo" className="visually-hidden">
        {impressoraTextos.titulo}
      </h2>
      <p>
        <span role="status">{estado}</span>
        {dados.em_espera > 0 && <span> · {impressoraTextos.emEspera(dados.em_espera)}</span>}
      </p>
      {dados.por_imprimir.length > 0 && (
        <ul className="painel-impressora-por-imprimir">
          {dados.por_imprimir.map((t) => (
            <li key={t.encomenda}>
              <span id={`talao-${t.encomenda}`}>
                {t.estado === 'incerto' ? impressoraTextos.incerto(t.codigo) : impressoraTextos.desistido(t.codigo)}
              </span>{' '}
              <ReimprimirTalao
                encomenda={{ id: t.encomenda, codigo: t.codigo }}
                descritoPor={`talao-${t.encomenda}`}
                onErro={onErro}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
