import { apiDelete, apiGet, apiPost } from './api.ts'

/**
 * Web Push on this device: asked for at a sensible moment (after an order, or from the profile), never on a
 * first visit. The browser's subscription goes to the server, which sends each notification to it.
 */
export type EstadoPush = 'indisponivel' | 'bloqueado' | 'ativo' | 'inativo'

export const pushSuportado = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

/** The VAPID key as PushManager wants it (bytes), from its base64url text. */
export function chaveAplicacao(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/')
  const texto = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(texto.length))
  for (let i = 0; i < texto.length; i++) bytes[i] = texto.charCodeAt(i)
  return bytes
}

async function subscricaoAtual(): Promise<PushSubscription | null> {
  const registo = await navigator.serviceWorker.getRegistration()
  return (await registo?.pushManager.getSubscription()) ?? null
}

/** The subscription was made with this VAPID key (base64url): the server's pushes to it are signed with the same. */
export function mesmaChave(subscricao: ArrayBuffer | null | undefined, publicKey: string): boolean {
  // A browser that does not say which key a subscription was made with: kept (replacing it on every visit would give
  // the device a new push address each time).
  if (!subscricao) return true
  const a = new Uint8Array(subscricao)
  const b = chaveAplicacao(publicKey)
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}

/**
 * The device's subscription for the server's current key: the one it has, or a new one when it has none or one made
 * with another key (the server's keys changed: the push service refuses every push to it, and the server lets it go).
 */
async function subscricaoParaChave(registo: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  const atual = await registo.pushManager.getSubscription()
  if (atual && mesmaChave(atual.options.applicationServerKey, publicKey)) return atual
  await atual?.unsubscribe()
  return registo.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: chaveAplicacao(publicKey) })
}

export async function estadoPush(): Promise<EstadoPush> {
  if (!pushSuportado()) return 'indisponivel'
  const { publicKey } = await apiGet<{ publicKey: string | null }>('/api/push/chave')
  if (!publicKey) return 'indisponivel'
  if (Notification.permission === 'denied') return 'bloqueado'
  return Notification.permission === 'granted' && (await subscricaoAtual()) ? 'ativo' : 'inativo'
}

/** Asks for permission (the browser's own prompt), subscribes, and tells the server. */
export async function ativarPush(): Promise<EstadoPush> {
  const { publicKey } = await apiGet<{ publicKey: string | null }>('/api/push/chave')
  if (!publicKey) return 'indisponivel'
  const permissao = await Notification.requestPermission()
  if (permissao === 'denied') return 'bloqueado'
  if (permissao !== 'granted') return 'inativo'
  const subscricao = await subscricaoParaChave(await navigator.serviceWorker.ready, publicKey)
  await apiPost('/api/push/subscricao', subscricao.toJSON())
  return 'ativo'
}

/** This device stops receiving them (the profile's switch, or signing out on a shared phone). */
export async function desativarPush(): Promise<void> {
  if (!pushSuportado()) return
  const subscricao = await subscricaoAtual()
  if (!subscricao) return
  await apiDelete('/api/push/subscricao', { endpoint: subscricao.endpoint }).catch(() => {})
  await subscricao.unsubscribe()
}

/**
 * On signing in (or a session renewed by a phone change), a device that already has a subscription (notifications
 * allowed before, on this browser) gives it to the new session: subscriptions live as long as the session that made
 * them. One made with a key the server no longer has is replaced first.
 */
export async function sincronizarPush(): Promise<void> {
  if (!pushSuportado() || Notification.permission !== 'granted') return
  const registo = await navigator.serviceWorker.getRegistration()
  if (!(await registo?.pushManager.getSubscription()) || !registo) return
  const { publicKey } = await apiGet<{ publicKey: string | null }>('/api/push/chave')
  if (!publicKey) return
  const subscricao = await subscricaoParaChave(registo, publicKey)
  await apiPost('/api/push/subscricao', subscricao.toJSON())
}
