import { useCallback, useEffect, useState } from 'react'

/**
 * The new-order chime of the orders board (STORE-API.md "Staff pages": new ones announce themselves with a sound),
 * made with the Web Audio API: no file to download or cache. Browsers let a page play sound only after a person has
 * used it (a tap, a key), so the board offers 'Ativar som' until then; any tap on the page unlocks it too.
 */

/** One note of the chime: its pitch (Hz), when it starts (s after the first) and how long it rings (s). */
export interface Nota {
  freq: number
  inicio: number
  duracao: number
}

/** Three rising notes (C6, E6, G6), short and bright: heard over a busy counter without startling anyone. */
export const AVISO: readonly Nota[] = [
  { freq: 1046.5, inicio: 0, duracao: 0.5 },
  { freq: 1318.5, inicio: 0.14, duracao: 0.5 },
  { freq: 1568, inicio: 0.28, duracao: 0.9 },
]

/** A bell's partials: the note and, softer, the overtones that make it a chime rather than a beep. */
const PARCIAIS = [
  { mult: 1, ganho: 1 },
  { mult: 2.76, ganho: 0.18 },
  { mult: 5.4, ganho: 0.06 },
]

const VOLUME = 0.35

type AudioContextCtor = typeof AudioContext

function ctor(): AudioContextCtor | undefined {
  if (typeof window === 'undefined') return undefined
  return window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext
}

let contexto: AudioContext | null = null
/** The boards listening for the context's state (suspended when the tablet sleeps, running again after a tap). */
const ouvintes = new Set<() => void>()

/** The page's audio context, made on first need (a context made before any gesture starts suspended, and warns). */
function obterContexto(): AudioContext | null {
  if (contexto) return contexto
  const Ctor = ctor()
  if (!Ctor) return null
  try {
    contexto = new Ctor()
  } catch {
    return null
  }
  contexto.onstatechange = () => {
    for (const ouvir of ouvintes) ouvir()
  }
  return contexto
}

/** Whether the page may already play sound (a person has used it), so that making a context will not be refused. */
const jaUsada = () =>
  typeof navigator !== 'undefined' &&
  (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive === true

/** Plays `notas` on `ctx` now. */
export function tocar(ctx: BaseAudioContext, notas: readonly Nota[] = AVISO): void {
  const agora = ctx.currentTime + 0.02
  const saida = ctx.createGain()
  saida.gain.value = VOLUME
  saida.connect(ctx.destination)
  for (const nota of notas) {
    const inicio = agora + nota.inicio
    const fim = inicio + nota.duracao
    for (const parcial of PARCIAIS) {
      const osc = ctx.createOscillator()
      const env = ctx.createGain()
      osc.type = 'sine'
      osc.frequency.value = nota.freq * parcial.mult
      // A quick attack and an exponential decay, like a struck bell.
      env.gain.setValueAtTime(0.0001, inicio)
      env.gain.exponentialRampToValueAtTime(parcial.ganho / notas.length, inicio + 0.01)
      env.gain.exponentialRampToValueAtTime(0.0001, fim)
      osc.connect(env).connect(saida)
      osc.start(inicio)
      osc.stop(fim + 0.05)
    }
  }
}

export type EstadoSom = 'ativo' | 'bloqueado' | 'indisponivel'

/** Where the tablet keeps whether staff want the chime: a choice of the counter's, kept across reloads. */
export const SOM_CHAVE = 'balcao.painel.som'

/** Whether the chime is wanted on this tablet: yes unless staff turned it off. */
export function somLigado(storage: Pick<Storage, 'getItem'> | undefined = guardado()): boolean {
  try {
    return storage?.getItem(SOM_CHAVE) !== 'desligado'
  } catch {
    return true
  }
}

function guardado(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}

function guardarSom(ligado: boolean) {
  try {
    guardado()?.setItem(SOM_CHAVE, ligado ? 'ligado' : 'desligado')
  } catch {
    // A tablet that keeps nothing (private mode): the choice holds until the page is reloaded.
  }
}

function estadoAtual(): EstadoSom {
  if (!ctor()) return 'indisponivel'
  return contexto?.state === 'running' ? 'ativo' : 'bloqueado'
}

/**
 * The board's sound: `estado` says whether it can play ('bloqueado' until a person has used the page), `ativar` unlocks
 * it (call it from a tap; it plays the chime once, so staff hear what to listen for) and `avisar` plays the chime when it
 * can and staff want it. Any tap or key on the page unlocks it as well. `ligado` is the staff's choice, kept on the
 * tablet across reloads; `ligar(false)` silences the board, `ligar(true)` turns it back on (and unlocks it, with the
 * chime once).
 */
export function useSom() {
  const [estado, setEstado] = useState<EstadoSom>(estadoAtual)
  const [ligado, setLigado] = useState(() => somLigado())

  const desbloquear = useCallback(async (tocarTeste: boolean) => {
    const ctx = obterContexto()
    if (!ctx) {
      setEstado('indisponivel')
      return
    }
    try {
      if (ctx.state !== 'running') await ctx.resume()
    } catch {
      // Still locked: the button stays.
    }
    setEstado(estadoAtual())
    if (tocarTeste && ctx.state === 'running') tocar(ctx)
  }, [])

  useEffect(() => {
    const ouvir = () => setEstado(estadoAtual())
    ouvintes.add(ouvir)
    return () => void ouvintes.delete(ouvir)
  }, [])

  useEffect(() => {
    if (estado !== 'bloqueado') return
    // Arriving from another staff page by a tap: the page was used already, and the context starts unlocked.
    if (jaUsada()) void desbloquear(false)
    const gesto = () => void desbloquear(false)
    // `click` (after the tap's pointerup, which is what lets a page play sound) reaches this listener before the
    // button's own: 'Ativar som' still plays its chime.
    const eventos = ['click', 'keydown'] as const
    for (const e of eventos) document.addEventListener(e, gesto, { capture: true, passive: true })
    return () => {
      for (const e of eventos) document.removeEventListener(e, gesto, { capture: true })
    }
  }, [estado, desbloquear])

  const ativar = useCallback(() => void desbloquear(true), [desbloquear])
  const ligar = useCallback(
    (sim: boolean) => {
      guardarSom(sim)
      setLigado(sim)
      if (sim) void desbloquear(true)
    },
    [desbloquear],
  )
  const avisar = useCallback(() => {
    if (ligado && contexto?.state === 'running') tocar(contexto)
  }, [ligado])

  return { estado, ativar, avisar, ligado, ligar }
}
