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

/**
 * index.html with the login page's markup and style sheets in it, for one language. The splash is
 * left out: the page it would cover is already painted. The markup is inert (a static picture of
 * the form); the app's own login page replaces it when it mounts.
 */
function loginHtml(index: string, language: string, markup: string, styleSheets: string[]): string {
  if (!SPLASH.test(index) || !index.includes(ROOT) || !index.includes('<html lang="pt-BR">')) {
    throw new Error('index.html changed: update prerender-login-plugin.ts');
  }
  const links = styleSheets
    .filter((file) => !index.includes(`/${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
    .join('');
  return index
    .replace('<html lang="pt-BR">', `<html lang="${language}">`)
    .replace(SPLASH, '')
    .replace('</head>', `${links}</head>`)
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
        const styleSheets = [...new Set(cssOf(manifest, LOGIN_PAGE))];
        const index = readFileSync(join(outDir, 'index.html'), 'utf8');
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
