// Web Push for Balcão (imported by the service worker Workbox generates: vite.config.ts). Shows the notification the
// server sent (features/notificacoes/push.ts: {id, titulo, texto, ligacao}) and, on a tap, opens its screen in the
// app's window if one is open, or in a new one.
self.addEventListener('push', (event) => {
  let data = {}
  try {
    data = event.data ? event.data.json() : {}
  } catch {
    data = { texto: event.data ? event.data.text() : '' }
  }
  event.waitUntil(
    self.registration.showNotification(data.titulo || 'Balcão', {
      body: data.texto || '',
      icon: '/icon.svg',
      badge: '/icon.svg',
      lang: 'pt-PT',
      tag: data.id ? `notificacao-${data.id}` : undefined,
      data: { ligacao: data.ligacao || '/notificacoes' },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const ligacao = event.notification.data?.ligacao
  // Only a page of this app: a push can never send the customer elsewhere (not `//host`, not `/\host`).
  let url = new URL('/notificacoes', self.location.origin).href
  if (typeof ligacao === 'string' && ligacao.startsWith('/')) {
    const destino = new URL(ligacao, self.location.origin)
    if (destino.origin === self.location.origin) url = destino.href
  }
  event.waitUntil(
    (async () => {
      // A window this worker controls can be sent to the screen; one it does not (opened before the worker took over)
      // refuses navigate(), and the tap then opens the screen in a new window rather than doing nothing.
      const janelas = await self.clients.matchAll({ type: 'window' })
      const aberta = janelas.find((c) => new URL(c.url).origin === self.location.origin)
      if (aberta) {
        try {
          const focada = await aberta.focus()
          await (focada ?? aberta).navigate(url)
          return
        } catch {
          // Not this one: a new window below.
        }
      }
      await self.clients.openWindow(url)
    })(),
  )
})
