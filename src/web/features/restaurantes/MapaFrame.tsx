import { useEffect, useState } from 'react'

/** A frame that has not loaded by then is taken as lost (a blocked host, a link that hangs). */
export const MAP_FRAME_TIMEOUT_MS = 8_000

/**
 * The embedded map (spec §2), or in its place a way out when it cannot load: no map link, no network, the frame's host
 * refused by the page's Content-Security-Policy, or no answer in time. A frame whose host answers with an error page
 * still counts as loaded (a page cannot see into another origin's frame): 'Abrir no mapa' beside it covers that.
 */
export function MapaFrame({ link, title, abrir }: { link: string | null; title: string; abrir: string }) {
  // Offline is the browser's to say, after its first render (the server renders the frame, which that render matches).
  const [falhou, setFalhou] = useState(() => !link)
  const [carregou, setCarregou] = useState(false)

  useEffect(() => {
    if (!link || falhou || carregou) return
    if (!navigator.onLine) {
      setFalhou(true)
      return
    }
    const bloqueado = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective === 'frame-src') setFalhou(true)
    }
    const semRede = () => setFalhou(true)
    const prazo = setTimeout(() => setFalhou(true), MAP_FRAME_TIMEOUT_MS)
    document.addEventListener('securitypolicyviolation', bloqueado)
    window.addEventListener('offline', semRede)
    return () => {
      clearTimeout(prazo)
      document.removeEventListener('securitypolicyviolation', bloqueado)
      window.removeEventListener('offline', semRede)
    }
  }, [link, falhou, carregou])

  if (falhou || !link) {
    return (
      <div className="map-frame map-fallback" role="status">
        <p>Não foi possível mostrar o mapa aqui.</p>
        <p>
          <a className="button" href={abrir} target="_blank" rel="noopener noreferrer">
            Abrir no mapa
          </a>
        </p>
      </div>
    )
  }
  return (
    <iframe
      className="map-frame"
      title={title}
      src={link}
      loading="lazy"
      referrerPolicy="no-referrer"
      sandbox="allow-scripts allow-same-origin allow-popups"
      onLoad={() => setCarregou(true)}
    />
  )
}
