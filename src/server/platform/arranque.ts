import { createHash } from 'node:crypto'
import { PINTURA_SELECTOR } from '../../shared/pintura.ts'
import { jsonScript } from './html.ts'
import { PINTADA } from './pintura.ts'

/**
 * The app's scripts after the server's paint (docs/decisions/0010-first-load-budget.md, the catalogue's LCP). On the
 * ordering screens the server paints the top of the screen from the HTML (web.ts, with its picture). On a slow phone
 * that paint needs the HTML, the style sheets and the picture, about 30 kB; the app's scripts are 130 kB more.
 * Fetched all at once, they share the link and the picture waits for its share; asked for in that order, the screen
 * shows its top as soon as its few kilobytes are in, and the scripts follow. So the page names no script: this inline
 * starter asks for them (`modulepreload`s, then the entry) once the painted picture is on the screen: its Largest
 * Contentful Paint entry, or its load and two frames (a browser without that entry type, a tap before the paint,
 * which ends LCP reports), whichever comes first. At once when there is nothing to wait for: a hidden tab, a picture
 * not shown (a computer's width, where the paint is hidden), a picture that failed. Never later than
 * `ARRANQUE_LIMITE_MS` after the starter ran. Should the entry not load (the link dropped), the paint goes and the
 * page says so, rather than leave a screen that looks ready and does nothing. The paint also goes on the first tap or
 * step back: the screen takes it away itself (web/lib/pintura.ts), but a screen that never mounted (its chunk failed,
 * a tab tapped while it loaded) cannot, and styles.css shows it over the app's loading states. The scripts are cached for a year
 * (immutable), so on a return visit the wait costs a frame or two.
 */
export const ARRANQUE_LIMITE_MS = 2500

/** The element whose JSON lists the scripts: the entry first, then what it imports first. */
export const SCRIPTS_ELEMENT_ID = 'app-scripts'

/** What the page says when the app's scripts could not be loaded. */
export const ARRANQUE_FALHOU =
  'Não foi possível abrir a aplicação. Verifique a ligação à internet e recarregue a página.'

export const ARRANQUE_SCRIPT = `(function(){
var d=document.getElementById('${SCRIPTS_ELEMENT_ID}');if(!d)return;
var s=JSON.parse(d.textContent),feito=false;
function tirar(){var p=document.querySelectorAll(${JSON.stringify(PINTURA_SELECTOR)});for(var i=0;i<p.length;i++)p[i].remove()}
document.addEventListener('click',tirar,true);addEventListener('popstate',tirar);
function falhou(){tirar();var m=document.createElement('p');m.setAttribute('role','alert');m.className='page app-falhou';m.textContent=${JSON.stringify(ARRANQUE_FALHOU)};document.body.appendChild(m)}
function go(){if(feito)return;feito=true;for(var i=1;i<s.length;i++){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=s[i];document.head.appendChild(l)}import(s[0]).catch(falhou)}
var img=document.querySelector('img[${PINTADA}]');
if(!img||document.visibilityState==='hidden'||img.getClientRects().length===0||(img.complete&&!img.naturalWidth)){go();return}
setTimeout(go,${ARRANQUE_LIMITE_MS});img.addEventListener('error',go);
var depois=function(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})};
if(img.complete)depois();else img.addEventListener('load',depois);
var tipos=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];
if(tipos.indexOf('largest-contentful-paint')>=0){new PerformanceObserver(function(l){l.getEntries().forEach(function(x){if(x.element===img)go()})}).observe({type:'largest-contentful-paint',buffered:true})}
})()`

/** The CSP source that lets that inline script, and nothing else inline, run. */
export const ARRANQUE_CSP_SOURCE = `'sha256-${createHash('sha256').update(ARRANQUE_SCRIPT).digest('base64')}'`

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/assets\/[\w.-]+\.css">/g

export interface ArranqueDepoisDaPintura {
  /** The app's HTML without its scripts, its style sheets first in the head (what the paint needs, asked for first). */
  html: string
  /** For the end of the body, after whatever the server painted: the scripts' list and the inline starter. */
  body: string
}

/**
 * The app's HTML cut for its scripts after the paint (`ARRANQUE_SCRIPT`): its entry's `<script>` and the build's
 * `modulepreload`s out, listed (the entry first) with `scripts`, the screen's own chunks; its style sheets first.
 * Null for HTML without the built entry (no build).
 */
export function arranqueDepoisDaPintura(indexHtml: string, scripts: string[]): ArranqueDepoisDaPintura | null {
  const entry = ENTRY_SCRIPT.exec(indexHtml)
  if (!entry?.[1]) return null
  const stylesheets = indexHtml.match(STYLESHEET) ?? []
  const preloads = [...indexHtml.matchAll(MODULE_PRELOAD)]
  const html = [entry[0], ...stylesheets, ...preloads.map((p) => p[0])]
    .reduce((out, tag) => out.replace(tag, ''), indexHtml)
    .replace(/<meta name="viewport"|<\/head>/, (tag) => `${stylesheets.join('')}${tag}`)
  const list = [...new Set([entry[1], ...preloads.map((p) => p[1] ?? ''), ...scripts])].filter(Boolean)
  return {
    html,
    body: `${jsonScript(SCRIPTS_ELEMENT_ID, list)}<script>${ARRANQUE_SCRIPT}</script>`,
  }
}
