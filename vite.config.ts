import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/imagens': apiTarget,
      // The counter tablet's API (staff pages).
      '/painel/api': apiTarget,
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
    VitePWA({
      registerType: 'autoUpdate',
      // An external registerSW.js keeps the strict CSP free of inline scripts.
      injectRegister: 'script',
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
        // The shell (HTML, JS, CSS, icons) loads offline; data and images always come from the network first.
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        navigateFallback: '/index.html',
        // The staff pages come from the server: their CSP (WebAssembly for the QR reader) is not the cached page's.
        navigateFallbackDenylist: [/^\/api\//, /^\/imagens\//, /^\/painel(\/|$)/],
        runtimeCaching: [
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
