import { useEffect, useRef, useState } from 'react'

/** How often a frame of the camera is read (ms): quick enough to feel instant, light on a tablet's CPU. */
const READ_EVERY_MS = 200
/** Frames are read at most this wide (a QR held up to the tablet fills much of the frame). */
const MAX_FRAME_WIDTH = 960

type Estado = { nome: 'a-iniciar' } | { nome: 'a-ler' } | { nome: 'erro'; mensagem: string }

/** Why the camera could not start, in pt-PT, with the way out (the phone). */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Sem autorização para usar a câmara. Permita o acesso à câmara nas definições do navegador e tente novamente, ou identifique o cliente pelo telemóvel.'
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return 'Não foi encontrada nenhuma câmara neste dispositivo. Identifique o cliente pelo telemóvel.'
  }
  if (name === 'NotReadableError' || name === 'AbortError') {
    return 'A câmara está ocupada por outra aplicação. Feche-a e tente novamente, ou identifique o cliente pelo telemóvel.'
  }
  if (name === 'SemCamera') {
    return 'Este navegador não dá acesso à câmara (é precisa uma ligação segura, https). Identifique o cliente pelo telemóvel.'
  }
  return 'Não foi possível iniciar o leitor de QR. Verifique a ligação e tente novamente, ou identifique o cliente pelo telemóvel.'
}

interface LeitorQrProps {
  /** The text of the QR read (the camera is already off). */
  onRead: (text: string) => void
  /** 'Parar câmara'. */
  onStop: () => void
}

/**
 * The customer's loyalty QR, read with the tablet's rear camera: a live preview, a frame decoded every 200 ms by ZXing
 * (WebAssembly, loaded with the reader), the camera off as soon as a code is read, on 'Parar câmara' and when the
 * screen goes away. A refusal or a missing camera is said plainly, with the phone as the way out.
 */
export function LeitorQr({ onRead, onStop }: LeitorQrProps) {
  const video = useRef<HTMLVideoElement>(null)
  const [estado, setEstado] = useState<Estado>({ nome: 'a-iniciar' })
  const [tentativa, setTentativa] = useState(0)
  const read = useRef(onRead)
  useEffect(() => {
    read.current = onRead
  })

  useEffect(() => {
    void tentativa
    let stopped = false
    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    const canvas = document.createElement('canvas')
    const context = canvas.getContext('2d', { willReadFrequently: true })

    const stop = () => {
      stopped = true
      clearTimeout(timer)
      for (const track of stream?.getTracks() ?? []) track.stop()
      stream = null
      if (video.current) video.current.srcObject = null
    }

    async function start() {
      setEstado({ nome: 'a-iniciar' })
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera API', 'SemCamera')
        // The decoder loads while the person answers the permission prompt.
        const loading = import('./qr-decoder.ts').then(async (m) => {
          await m.prepareDecoder()
          return m
        })
        loading.catch(() => undefined)
        const media = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        })
        if (stopped) {
          for (const track of media.getTracks()) track.stop()
          return
        }
        stream = media
        const decoder = await loading
        if (stopped) return
        const element = video.current
        if (!element || !context) throw new Error('no video element')
        element.srcObject = media
        await element.play().catch(() => undefined)
        setEstado({ nome: 'a-ler' })

        const tick = async () => {
          if (stopped) return
          const width = element.videoWidth
          const height = element.videoHeight
          if (width > 0 && height > 0) {
            const scale = Math.min(1, MAX_FRAME_WIDTH / width)
            canvas.width = Math.round(width * scale)
            canvas.height = Math.round(height * scale)
            context.drawImage(element, 0, 0, canvas.width, canvas.height)
            const text = await decoder.readQr(context.getImageData(0, 0, canvas.width, canvas.height)).catch(() => null)
            if (stopped) return
            if (text) {
              stop()
              read.current(text)
              return
            }
          }
          timer = setTimeout(() => void tick(), READ_EVERY_MS)
        }
        void tick()
      } catch (error) {
        // Whatever started (a camera granted while the decoder failed to load) is turned off.
        const wasStopped = stopped
        stop()
        if (!wasStopped) setEstado({ nome: 'erro', mensagem: cameraErrorMessage(error) })
      }
    }

    void start()
    return stop
  }, [tentativa])

  return (
    <div className="leitor-qr">
      <div className="leitor-qr-visor" hidden={estado.nome === 'erro'}>
        <video ref={video} className="leitor-qr-video" muted playsInline aria-label="Imagem da câmara" />
        <span className="leitor-qr-mira" aria-hidden="true" />
      </div>
      {estado.nome === 'a-iniciar' && (
        <p className="leitor-qr-estado" role="status">
          A ligar a câmara…
        </p>
      )}
      {estado.nome === 'a-ler' && (
        <p className="leitor-qr-estado" role="status">
          Aponte a câmara ao QR que o cliente mostra na app.
        </p>
      )}
      {estado.nome === 'erro' && (
        <div className="painel-aviso painel-aviso-erro" role="alert">
          <p>{estado.mensagem}</p>
        </div>
      )}
      <div className="painel-acoes">
        {estado.nome === 'erro' && (
          <button type="button" className="button painel-botao" onClick={() => setTentativa((n) => n + 1)}>
            Tentar novamente
          </button>
        )}
        <button type="button" className="button button-secondary painel-botao" onClick={onStop}>
          Parar câmara
        </button>
      </div>
    </div>
  )
}
