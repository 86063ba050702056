import { type FormEvent, useEffect, useId, useState } from 'react'
import { TIPOS_ENTREGA } from '../../../shared/estado-pedido.ts'
import { Modal } from '../../ui/Modal.tsx'
import { NO_NATIVE_SUBMIT } from '../../ui/no-native-submit.ts'
import { useLojasEncomenda } from './api.ts'
import { useEncomendaLocal } from './carrinho.ts'
import { formatDistancia, ordenarPorDistancia, type Ponto } from './distancia.ts'
import { SecaoCarregando, SecaoErro } from './EstadoSecao.tsx'

/** Spec §9: no high accuracy, 5 s at most, a position up to 15 minutes old is good enough. */
export const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 5000, maximumAge: 900_000 }

/**
 * Where the phone is, if it says. Never holds the list up: it shows by name until a position arrives, and stays so
 * when the person refuses or the phone cannot tell.
 */
function usePosicao(): Ponto | null {
  const [posicao, setPosicao] = useState<Ponto | null>(null)
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return
    let vivo = true
    try {
      navigator.geolocation.getCurrentPosition(
        (p) => {
          if (vivo) setPosicao({ latitude: p.coords.latitude, longitude: p.coords.longitude })
        },
        () => undefined,
        GEO_OPTIONS,
      )
    } catch {
      // A browser that refuses outright (an insecure page): by name.
    }
    return () => {
      vivo = false
    }
  }, [])
  return posicao
}

const TIPOS = [0, 1] as const

/**
 * Spec §2 "store choice 'Loja'": the stores that take orders, nearest first ('N km' when the position is known), closed
 * ones shown as 'Fechada' and not selectable, and the delivery type. Confirmar sets both and empties the cart (§4).
 */
export function LojaModal({ onClose }: { onClose: () => void }) {
  const local = useEncomendaLocal()
  const lojas = useLojasEncomenda()
  const posicao = usePosicao()
  const [idLoja, setIdLoja] = useState<number | null>(local.id_loja)
  const [tipo, setTipo] = useState<0 | 1>(local.id_tipo_entrega)
  const ids = { lojas: useId(), aviso: useId() }
  const ordenadas = ordenarPorDistancia(lojas.data ?? [], posicao)
  const escolhida = ordenadas.find((l) => l.id_loja === idLoja && l.aberta)
  const perdeCarrinho = local.linhas.length > 0

  const confirmar = (event: FormEvent) => {
    event.preventDefault()
    if (!escolhida) return
    local.escolherLoja(escolhida.id_loja, tipo)
    onClose()
  }

  return (
    <Modal title="Loja" onClose={onClose}>
      <form {...NO_NATIVE_SUBMIT} className="form enc-loja-form" onSubmit={confirmar} noValidate>
        <fieldset className="radio-group enc-lojas" aria-busy={lojas.isPending}>
          <legend id={ids.lojas}>Escolha a loja</legend>
          {lojas.isPending ? (
            <SecaoCarregando label="A carregar as lojas…" cartoes={1} />
          ) : lojas.isError ? (
            <SecaoErro error={lojas.error} onRetry={() => void lojas.refetch()} />
          ) : ordenadas.length === 0 ? (
            <p className="muted">De momento nenhuma loja aceita encomendas.</p>
          ) : (
            ordenadas.map((l) => (
              <label key={l.id_loja} className={l.aberta ? 'enc-loja' : 'enc-loja enc-loja-fechada'}>
                <input
                  type="radio"
                  name="loja"
                  value={l.id_loja}
                  checked={idLoja === l.id_loja && l.aberta}
                  disabled={!l.aberta}
                  onChange={() => setIdLoja(l.id_loja)}
                />
                <span className="enc-loja-nome">{l.nome}</span>
                <span className="enc-loja-meta">
                  {l.distancia !== null && <span>{formatDistancia(l.distancia)}</span>}
                  {!l.aberta && <span className="enc-fechada">{l.em_pausa ? 'Em pausa' : 'Fechada'}</span>}
                </span>
              </label>
            ))
          )}
        </fieldset>
        <fieldset className="radio-group">
          <legend>Tipo de entrega</legend>
          {TIPOS.map((t) => (
            <label key={t}>
              <input type="radio" name="tipo" value={t} checked={tipo === t} onChange={() => setTipo(t)} />
              {TIPOS_ENTREGA[t]}
            </label>
          ))}
        </fieldset>
        {perdeCarrinho && (
          <p className="form-note" id={ids.aviso}>
            Ao confirmar, o carrinho fica vazio.
          </p>
        )}
        <div className="form-actions">
          <button
            type="submit"
            className="button"
            disabled={!escolhida}
            aria-describedby={perdeCarrinho ? ids.aviso : undefined}
          >
            Confirmar
          </button>
        </div>
      </form>
    </Modal>
  )
}
