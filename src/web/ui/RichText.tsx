/**
 * Content text as the server sends it: HTML already sanitised by the server (src/server/platform/html.ts), whose line
 * breaks are kept on screen (`white-space: pre-line`).
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is sent
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
