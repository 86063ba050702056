import { useId, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import type { Catalogo, Porcao, ProdutoCatalogo } from '../../../shared/catalogo.ts'
import { OBSERVACOES_MAX, QUANTIDADE_MAX } from '../../../shared/constants.ts'
import { diaEmLisboa, formatMoney } from '../../../shared/format.ts'
import { IMAGE_SIZES } from '../../../shared/imagens.ts'
import { APENAS_MAIORES, maioridade } from '../../../shared/maioridade.ts'
import { paths } from '../../../shared/routes.ts'
import { usePrivateData } from '../../lib/private-data.ts'
import { avisarAdicao, useEncomendaLocal } from './carrinho.ts'
import { limparNota } from './nota.ts'
import { type DeUmaLista, ProdutoImagem } from './ProdutoCartao.tsx'
import { ProdutoAlergenios, ProdutoMarcas } from './ProdutoInfo.tsx'
import {
  alternarComplemento,
  alternarOpcao,
  complementoBloqueado,
  extrasIniciais,
  type GrupoOpcoes,
  gruposDe,
  gruposEmFalta,
  nomesEscolhidos,
  opcaoBloqueada,
  podeAdicionar,
  precoPorcao,
  precoUnitario,
  regraDoGrupo,
  regraExtras,
  regraOpcoes,
  temMeiaDose,
} from './regras.ts'
import { Sugeridos } from './Sugeridos.tsx'
import './encomendas.css'
import './ementa.css'
import { NO_NATIVE_SUBMIT } from '../../ui/no-native-submit.ts'
import { precoDose } from './preco.ts'

/**
 * Spec §2 product: image, name, description, price, and (decision 0026) its dietary marks, allergens ('Contém', 'Pode
 * conter', or that the menu does not say), calories and salt; 'Dose' or 'Meia dose' when it has a half portion; extras
 * and options as checkboxes within the product's rules (a mandatory choice blocks 'Adicionar', saying what is
 * missing); a note for the kitchen; quantity; 'Adicionar - price', which puts the line in the cart and goes back to the list the product was opened
 * from, where the person was in it (back in history restores the scroll), and that list's bar says what was added.
 * Under the form, 'Acompanha bem com'.
 */
export function Produto({ produto, catalogo }: { produto: ProdutoCatalogo; catalogo: Catalogo }) {
  const navigate = useNavigate()
  const deUmaLista = (useLocation().state as DeUmaLista | null)?.deUmaLista === true
  const { adicionar, id_tipo_entrega: tipo } = useEncomendaLocal()
  const [extras, setExtras] = useState<string[]>(() => extrasIniciais(produto))
  const [opcoes, setOpcoes] = useState<string[]>([])
  const [qtd, setQtd] = useState(1)
  const [porcao, setPorcao] = useState<Porcao>('dose')
  const [nota, setNota] = useState('')
  const ids = { extras: useId(), qtd: useId(), falta: useId(), nota: useId(), contador: useId(), idade: useId() }
  const meia = temMeiaDose(produto)
  const unitario = precoUnitario(produto, tipo, extras, porcao)
  // Sold to adults only (DL 50/2013): a signed-in customer under 18, or whose account has no birth date, cannot add it
  // (the server refuses it at calculation too); a visitor is asked at the checkout, once signed in (decision 0037).
  const user = usePrivateData().data?.user
  const idade =
    produto.apenas_maiores && user?.loggedIn ? maioridade(user.data?.dataNascimento, diaEmLisboa(Date.now())) : null
  const vedado = idade === 'menor' || idade === 'sem-data'
  const pode = !produto.esgotado && !vedado && podeAdicionar(produto, extras, opcoes, qtd, porcao)
  const regra = regraExtras(produto)
  const faltam = Math.max(0, produto.min_complementos - extras.length)
  const emFalta = produto.esgotado ? [] : faltaEscolher(faltam, gruposEmFalta(produto, opcoes))

  return (
    <main className="page enc-page enc-produto-page" id="conteudo">
      <ProdutoImagem produto={produto} className="enc-produto-foto" sizes={IMAGE_SIZES.page} priority />
      <h1>{produto.nome}</h1>
      <ProdutoMarcas produto={produto} />
      {produto.descricao && <p className="enc-descricao">{produto.descricao}</p>}
      <p className="enc-preco">
        {meia ? (
          <>
            {produto.rotulo_dose} {formatMoney(precoDose(produto, tipo))}
            <span className="ementa-preco-meia">
              {' · '}
              {produto.rotulo_meia} {formatMoney(precoPorcao(produto, tipo, 'meia'))}
            </span>
          </>
        ) : (
          formatMoney(precoDose(produto, tipo))
        )}
        <span className="enc-preco-iva"> IVA incluído</span>
      </p>
      {produto.esgotado && <p className="enc-aviso enc-aviso-esgotado">Esgotado por hoje nesta loja.</p>}
      <ProdutoAlergenios produto={produto} />
      <form
        {...NO_NATIVE_SUBMIT}
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (!pode) return
          adicionar({
            id: produto.id,
            qtd,
            complementares: extras,
            opcoes,
            nome: produto.nome,
            // Both kinds of sale's prices: the checkout may change the kind (carrinho.ts `unitarioNaLoja`).
            unitario: precoUnitario(produto, 0, extras, porcao),
            unitarioNaLoja: precoUnitario(produto, 1, extras, porcao),
            detalhes: nomesEscolhidos(produto, extras, opcoes),
            ...(porcao === 'meia' ? { porcao, rotuloPorcao: produto.rotulo_meia } : {}),
            ...(limparNota(nota) ? { observacoes: limparNota(nota) } : {}),
          })
          avisarAdicao(`${qtd} × ${produto.nome}${porcao === 'meia' ? ` (${produto.rotulo_meia})` : ''}`)
          // Opened from a link elsewhere (or typed): there is no list to go back to.
          if (deUmaLista) navigate(-1)
          else navigate(paths.catalogo)
        }}
      >
        {meia && (
          <fieldset className="enc-escolhas ementa-porcao">
            <legend>Porção</legend>
            {(['dose', 'meia'] as const).map((p) => (
              <label key={p} className="enc-escolha">
                <input type="radio" name="porcao" value={p} checked={porcao === p} onChange={() => setPorcao(p)} />
                <span className="enc-escolha-nome">{p === 'meia' ? produto.rotulo_meia : produto.rotulo_dose}</span>
                <span className="enc-escolha-preco">{formatMoney(precoPorcao(produto, tipo, p))}</span>
              </label>
            ))}
          </fieldset>
        )}
        {produto.complementares.length > 0 && (
          <fieldset className="enc-escolhas" aria-describedby={regra ? ids.extras : undefined}>
            <legend>Extras</legend>
            {regra && (
              <p className="field-hint" id={ids.extras}>
                {regra}
              </p>
            )}
            {produto.complementares.map((c) => (
              <label key={c.id} className="enc-escolha">
                <input
                  type="checkbox"
                  name="complementares"
                  value={c.id}
                  checked={extras.includes(c.id)}
                  disabled={complementoBloqueado(produto, extras, c.id)}
                  onChange={() => setExtras((e) => alternarComplemento(produto, e, c.id))}
                />
                <span className="enc-escolha-nome">
                  {c.nome}
                  {c.obrigatorio && <span className="muted"> (obrigatório)</span>}
                </span>
                {c.pvp_com_iva > 0 && <span className="enc-escolha-preco">+{formatMoney(c.pvp_com_iva)}</span>}
              </label>
            ))}
          </fieldset>
        )}
        <Opcoes
          produto={produto}
          escolhidas={opcoes}
          alternar={(id) => setOpcoes((o) => alternarOpcao(produto, o, id))}
        />
        <div className="field ementa-nota">
          <label htmlFor={ids.nota}>Observações para a cozinha</label>
          <input
            id={ids.nota}
            name="observacoes"
            type="text"
            autoComplete="off"
            enterKeyHint="done"
            maxLength={OBSERVACOES_MAX}
            placeholder="Sem cebola"
            value={nota}
            aria-describedby={ids.contador}
            onChange={(event) => setNota(event.target.value)}
          />
          <p className="field-hint ementa-contador" id={ids.contador}>
            {nota.length}/{OBSERVACOES_MAX} caracteres
          </p>
        </div>
        <fieldset className="enc-quantidade-campo">
          <legend id={ids.qtd}>Quantidade</legend>
          <div className="enc-stepper">
            <button
              type="button"
              className="enc-stepper-botao"
              aria-label="Menos um"
              disabled={qtd <= 1}
              onClick={() => setQtd((q) => Math.max(1, q - 1))}
            >
              <span aria-hidden="true">−</span>
            </button>
            <output className="enc-stepper-valor" aria-live="polite" aria-labelledby={ids.qtd}>
              {qtd}
            </output>
            <button
              type="button"
              className="enc-stepper-botao"
              aria-label="Mais um"
              disabled={qtd >= QUANTIDADE_MAX}
              onClick={() => setQtd((q) => Math.min(QUANTIDADE_MAX, q + 1))}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
        </fieldset>
        <div className="form-actions enc-adicionar">
          {emFalta.length > 0 && (
            <p className="field-hint ementa-falta" id={ids.falta}>
              {emFalta.join(' ')}
            </p>
          )}
          {idade === 'sem-data' && (
            <p className="field-hint ementa-falta" id={ids.idade}>
              Para o encomendar, <Link to={paths.alterarDadosPessoais}>indique a sua data de nascimento</Link>.
            </p>
          )}
          <button
            type="submit"
            className={produto.esgotado || vedado ? 'button enc-botao-esgotado' : 'button'}
            disabled={!pode}
            aria-describedby={idade === 'sem-data' ? ids.idade : emFalta.length > 0 && !vedado ? ids.falta : undefined}
          >
            {produto.esgotado ? 'Esgotado' : vedado ? APENAS_MAIORES : `Adicionar - ${formatMoney(unitario * qtd)}`}
          </button>
        </div>
      </form>
      <Sugeridos produto={produto} catalogo={catalogo} />
    </main>
  )
}

/** What is still to choose before 'Adicionar', one sentence each: extras short of the minimum, mandatory groups. */
export function faltaEscolher(extras: number, grupos: { nome: string; faltam: number }[]): string[] {
  const frases: string[] = []
  if (extras > 0) frases.push(extras === 1 ? 'Falta escolher 1 extra.' : `Faltam escolher ${extras} extras.`)
  for (const g of grupos) {
    frases.push(g.faltam === 1 ? `Falta escolher: ${g.nome}.` : `Faltam escolher ${g.faltam} opções de ${g.nome}.`)
  }
  return frases
}

/** The option groups, one fieldset each, within its own minimum and maximum, and at most `maxopcoes` in all. */
function Opcoes({
  produto,
  escolhidas,
  alternar,
}: {
  produto: ProdutoCatalogo
  escolhidas: string[]
  alternar: (id: string) => void
}) {
  const grupos = gruposDe(produto)
  const regra = regraOpcoes(produto)
  const regraId = useId()
  if (grupos.length === 0) return null
  return (
    <>
      {regra && (
        <p className="field-hint enc-regra-opcoes" id={regraId}>
          {regra}
        </p>
      )}
      {grupos.map((g) => (
        <GrupoFieldset
          key={g.grupo}
          grupo={g}
          produto={produto}
          escolhidas={escolhidas}
          alternar={alternar}
          describedBy={regra ? regraId : undefined}
        />
      ))}
    </>
  )
}

function GrupoFieldset({
  grupo,
  produto,
  escolhidas,
  alternar,
  describedBy,
}: {
  grupo: GrupoOpcoes
  produto: ProdutoCatalogo
  escolhidas: string[]
  alternar: (id: string) => void
  describedBy: string | undefined
}) {
  const hintId = useId()
  const regra = regraDoGrupo(produto, grupo)
  const descricao = [regra ? hintId : null, describedBy].filter(Boolean).join(' ') || undefined
  return (
    <fieldset className="enc-escolhas" aria-describedby={descricao}>
      <legend>{grupo.nome}</legend>
      {regra && (
        <p className="field-hint" id={hintId}>
          {regra}
        </p>
      )}
      {grupo.opcoes.map((o) => (
        <label key={o.id} className="enc-escolha">
          <input
            type="checkbox"
            name={`opcoes-${grupo.grupo}`}
            value={o.id}
            checked={escolhidas.includes(o.id)}
            disabled={opcaoBloqueada(produto, escolhidas, o.id)}
            onChange={() => alternar(o.id)}
          />
          <span className="enc-escolha-nome">{o.nome}</span>
        </label>
      ))}
    </fieldset>
  )
}
