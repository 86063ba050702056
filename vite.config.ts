import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { bundleReport } from './scripts/bundle-report.ts'

/** The staff sides, each in a folder of its own (assets/painel/, assets/admin/) that the customer's worker skips. */
const STAFF_SIDES = ['painel', 'admin'] as const
const isSideSource = (id: string, side: (typeof STAFF_SIDES)[number]) =>
  id.includes(`/features/${side}/`) || new RegExp(`/src/shared/${side}(-[a-z-]+)?\\.ts$`).test(id)
const staffSideOf = (ids: readonly string[]) =>
  STAFF_SIDES.find(
    (side) =>
      ids.some((id) => id.includes(`/features/${side}/`)) &&
      ids.every((id) => isSideSource(id, side) || id.includes('/node_modules/')),
  )

type ModuleInfoOf = (id: string) => { isEntry: boolean; importers: readonly string[] } | null
const entryGraph = new Map<string, boolean>()

/** Whether the entry (main.tsx) reaches this module by static imports alone, i.e. it is in every first load. */
function inEntryGraph(id: string, getModuleInfo: ModuleInfoOf, seen = new Set<string>()): boolean {
  const known = entryGraph.get(id)
  if (known !== undefined) return known
  if (seen.has(id)) return false
  seen.add(id)
  const info = getModuleInfo(id)
  const result = Boolean(info && (info.isEntry || info.importers.some((i) => inEntryGraph(i, getModuleInfo, seen))))
  // Only a positive answer is final: a negative one may come from a cycle cut short by `seen`.
  if (result) entryGraph.set(id, true)
  return result
}

/**
 * V8's explicit compile hint on the first-load chunk: Chrome then compiles every function of it while the file streams
 * in, on a background thread, rather than each on its first call on the main thread, in the middle of the first
 * render (a third of that render's time on a slow phone; docs/decisions/0010-first-load-budget.md). The comment must
 * open the file, so it goes in once everything else has been written into the chunk.
 */
function compileHints(): Plugin {
  return {
    name: 'balcao-compile-hints',
    apply: 'build',
    enforce: 'post',
    // Written into the file itself: Vite adds its preload helper at the top of the chunk after every plugin's
    // generateBundle.
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry || !options.dir) continue
        const file = path.join(options.dir, chunk.fileName)
        writeFileSync(file, `//# allFunctionsCalledOnLoad\n${readFileSync(file, 'utf8')}`)
      }
    },
  }
}

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`

/**
 * React Router's production build names its components for React's devtools in top-level statements
 * (`Form.displayName = "Form"`) and builds them with calls the bundler cannot know are pure (`React.forwardRef(…)`):
 * together they keep what the app never uses (its `<Form>`, `<ScrollRestoration>`, their hooks) in every first load.
 * Without the names (the devtools show the function's own) and with the calls marked pure, the bundler leaves them out.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'balcao-react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!/react-router\/dist\/production\/chunk-[A-Z0-9]+\.mjs$/.test(id)) return null
      return code
        .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"]*";$/gm, '')
        .replace(
          /^var ([A-Za-z_$][\w$]*) = (React\d*)\.(forwardRef|createContext)\(/gm,
          'var $1 = /* @__PURE__ */ $2.$3(',
        )
    },
  }
}

/**
 * React Router's package maps every import condition to its development build (warnings, invariants' messages); its
 * production build sits beside it. The app's users get that one, as they get React's.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs'),
}

/**
 * The server's build of the app (web/entry-server.tsx → dist/ssr/): the same components, rendered by the server for a
 * page's first load (server/platform/web.ts). React stays the server's own dependency; the router and the query cache
 * are bundled in, as the browser's build has them.
 */
const serverBuild = defineConfig({
  root: 'src/web',
  publicDir: false,
  // The browser's build has said what there is to say about the same modules.
  logLevel: 'error',
  build: {
    ssr: true,
    rolldownOptions: { input: path.resolve(import.meta.dirname, 'src/web/entry-server.tsx') },
    outDir: '../../dist/ssr',
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
  },
  // Everything but React's own packages (runtime dependencies) bundled in: the router, the query cache and what the
  // screens import are development dependencies a production install leaves out.
  ssr: { noExternal: true, external: ['react', 'react-dom'] },
  resolve: { alias: [reactRouterProduction] },
  plugins: [react(), reactRouterTreeShaking()],
})

const browserBuild = defineConfig({
  root: 'src/web',
  publicDir: 'public',
  resolve: { alias: [reactRouterProduction] },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one file: over HTTP/1.1 a phone opens a handful of connections,
        // each with its own round trips, and ten small chunks would come in two waves.
        manualChunks: (id, { getModuleInfo }) => (inEntryGraph(id, getModuleInfo) ? 'app' : undefined),
        // The counter tablet's and the back-office's code apart (assets/painel/, assets/admin/), so that the
        // customer's worker does not precache it.
        chunkFileNames: (chunk) => {
          const side = staffSideOf(chunk.moduleIds)
          return side ? `assets/${side}/[name]-[hash].js` : 'assets/[name]-[hash].js'
        },
        assetFileNames: (asset) => {
          const side = asset.originalFileNames.length > 0 ? staffSideOf(asset.originalFileNames) : undefined
          return side ? `assets/${side}/[name]-[hash][extname]` : 'assets/[name]-[hash][extname]'
        },
      },
    },
  },
  // The QR encoder's worker (QrCodigo.tsx) is a module worker, as the app's own chunks are.
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/imagens': apiTarget,
      // The counter tablet's API (staff pages).
      '/painel/api': apiTarget,
      // The back-office's API.
      '/admin/api': apiTarget,
      // Forms POST to their own page path (ARCHITECTURE.md); a GET of the same path is the page itself.
      '^/(login|registo|reset|alterar-password|alterar-telemovel|alterar-dados-pessoais|chave-seguranca|opiniao)(/|$)':
        {
          target: apiTarget,
          bypass: (req) => (req.method === 'GET' ? '/index.html' : undefined),
        },
    },
  },
  plugins: [
    react(),
    reactRouterTreeShaking(),
    bundleReport(),
    compileHints(),
    VitePWA({
      registerType: 'autoUpdate',
      // Registered by main.tsx once the first screen is done (its precache would compete with it on a slow link).
      injectRegister: false,
      includeAssets: ['icon.svg', 'icon-maskable.svg'],
      manifest: {
        name: 'Balcão',
        short_name: 'Balcão',
        description: 'Novidades, restaurantes, fidelização e encomendas do grupo.',
        lang: 'pt-PT',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#fbf7f2',
        theme_color: '#9c3d22',
        icons: [
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell (HTML, JS, CSS, icons) comes from the cache, so a repeat visit paints without the network: every
        // screen's chunk, the QR's encoder worker among them, and index.html for any navigation (navigateFallback).
        // Public content comes from the network while it answers within a few seconds, else (offline, a dead 4G cell)
        // the last copy read. The person's own data is never kept by the worker (nothing of /api/refresh-private-data,
        // transactions or orders in Cache Storage): what the loyalty card needs offline (QR, balances, last
        // transactions, when read) is kept by the app in localStorage ('balcao.cartao', src/web/lib/cartao-guardado.tsx)
        // and removed with the session (docs/decisions/0046-cartao-sem-rede.md).
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        // Web Push: the notifications the server sends, shown and opened (src/web/public/push-sw.js).
        importScripts: ['/push-sw.js'],
        globIgnores: ['assets/painel/**', 'assets/admin/**'],
        navigateFallback: '/index.html',
        // The staff pages come from the server: their CSP (WebAssembly for the QR reader) is not the cached page's.
        navigateFallbackDenylist: [/^\/api\//, /^\/imagens\//, /^\/painel(\/|$)/, /^\/admin(\/|$)/],
        runtimeCaching: [
          {
            // The public content (conteudos, restaurantes), the same for everyone. Written inline: Workbox copies this
            // function's source into the worker, without the rest of this file.
            urlPattern: ({ url }) =>
              /^\/api\/(novidades|campanhas|perguntas-frequentes|informacao-legal|informacao-consumidor|restaurantes|lojas|configuracao)(\/|$)/.test(
                url.pathname,
              ),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'conteudos',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/imagens/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'imagens', expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 } },
          },
        ],
      },
    }),
  ],
})

export default defineConfig(({ command, isSsrBuild }) => {
  if (isSsrBuild) return serverBuild
  // The development server keeps React Router's development build: its warnings are for the developers.
  return command === 'build' ? browserBuild : { ...browserBuild, resolve: {} }
})
