import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Plugin } from 'vite';

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

const LOGIN_PAGE = 'src/features/auth/pages/login-page.tsx';
const SPLASH = /<div id="splash"[^>]*>[\s\S]*?<div class="splash-bar"><\/div>\s*<\/div>/;
const ROOT = '<div id="root"></div>';

/** The style sheets a chunk and the chunks it imports statically bring with them. */
function cssOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((next) => cssOf(manifest, next, seen))];
}

const STYLE_SHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/g;

/**
 * index.html with the login page's markup and its style sheets in it, for one language. The style
 * sheets are inlined (10 KB, 3 KB compressed): the page paints from its first response, without a
 * round trip per sheet. The splash is left out: the page it would cover is already painted. The
 * markup is inert (a static picture of the form); the app's own login page replaces it as it mounts.
 */
function loginHtml(
  index: string,
  language: string,
  markup: string,
  styleSheets: Map<string, string>,
): string {
  if (!SPLASH.test(index) || !index.includes(ROOT) || !index.includes('<html lang="pt-BR">')) {
    throw new Error('index.html changed: update prerender-login-plugin.ts');
  }
  const styles = [...styleSheets.values()].map((css) => `<style>${css}</style>`).join('');
  return index
    .replace('<html lang="pt-BR">', `<html lang="${language}">`)
    .replace(SPLASH, '')
    .replace(STYLE_SHEET_LINK, '')
    .replace('</head>', `${styles}</head>`)
    .replace(ROOT, `<div id="prerendered-page" inert>${markup}</div>${ROOT}`);
}

/**
 * Writes `login/<language>.html` beside index.html after the build: the login page rendered at build
 * time (src/app/prerender-login.tsx), which the server sends for /auth/login in the visitor's language.
 */
export function prerenderLoginPlugin(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'scentia-prerender-login',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const server = await createServer({
        root,
        mode: 'production',
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const module = await server.ssrLoadModule('/src/app/prerender-login.tsx');
        const pages = (await module.renderLoginPages()) as Record<string, string>;
        const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        const index = readFileSync(join(outDir, 'index.html'), 'utf8');
        // The entry's sheets (linked by index.html) first, then the login page's, each once.
        const files = [...index.matchAll(STYLE_SHEET_LINK)].map((link) => link[1] ?? '');
        const styleSheets = new Map(
          [...files, ...cssOf(manifest, LOGIN_PAGE)].map((file) => [
            file,
            readFileSync(join(outDir, file), 'utf8'),
          ]),
        );
        mkdirSync(join(outDir, 'login'), { recursive: true });
        for (const [language, markup] of Object.entries(pages)) {
          writeFileSync(
            join(outDir, 'login', `${language}.html`),
            loginHtml(index, language, markup, styleSheets),
          );
        }
      } finally {
        await server.close();
      }
    },
  };
}
