/** Reads Server-Sent Events off a fetch response, one named event at a time. */
export function sseReader(res: Response) {
  const body = res.body
  if (!body) throw new Error('no body')
  const stream = body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  return {
    async next(evento: string, timeoutMs = 2000): Promise<unknown> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const blocks = buffer.split('\n\n')
        buffer = ''
        for (let i = 0; i < blocks.length; i++) {
          const block = blocks[i] ?? ''
          if (i === blocks.length - 1) {
            buffer = block
            break
          }
          const name = block.match(/^event: (.*)$/m)?.[1]
          const data = block.match(/^data: (.*)$/m)?.[1]
          if (name === evento && data) {
            buffer = blocks.slice(i + 1).join('\n\n')
            return JSON.parse(data)
          }
        }
        if (Date.now() > deadline) throw new Error(`no ${evento} event within ${timeoutMs} ms`)
        const chunk = await Promise.race([
          stream.read(),
          new Promise<{ done: true; value: undefined }>((resolve) =>
            setTimeout(() => resolve({ done: true, value: undefined }), deadline - Date.now()),
          ),
        ])
        if (chunk.done && chunk.value === undefined && Date.now() > deadline) continue
        if (chunk.value) buffer += chunk.value
      }
    },
    /** Resolves true once the server has ended the stream (within `timeoutMs`), false if it is still open. */
    async ended(timeoutMs = 2000): Promise<boolean> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const left = deadline - Date.now()
        if (left <= 0) return false
        const chunk = await Promise.race([
          stream.read(),
          new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), left)),
        ])
        if (chunk === 'timeout') return false
        if (chunk.done) return true
        buffer += chunk.value
      }
    },
    cancel() {
      void stream.cancel()
    },
  }
}
