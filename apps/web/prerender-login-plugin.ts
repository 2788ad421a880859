import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Plugin } from 'vite';

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

const LOGIN_PAGE = 'src/features/auth/pages/login-page.tsx';
/** The texts the login page renders with before it takes over (main.tsx, `initI18n`). */
const LOGIN_NAMESPACES = ['common', 'auth'];
const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/([^"]+)"><\/script>/;
// Comments are for the repository, not for every visitor's download.
const BOOT_SCRIPT = readFileSync(join(import.meta.dirname, 'login-boot.js'), 'utf8')
  .replace(/^\s*\/\/.*\n/gm, '')
  .trim();
const SPLASH = /<div id="splash"[^>]*>[\s\S]*?<div class="splash-bar"><\/div>\s*<\/div>/;
const ROOT = '<div id="root"></div>';

/** The style sheets a chunk and the chunks it imports statically bring with them. */
function cssOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((next) => cssOf(manifest, next, seen))];
}

/** The chunks a chunk imports statically, itself first, each once (the entry, index.html, left out). */
function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || chunk.isEntry || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((next) => chunksOf(manifest, next, seen))];
}

/**
 * What the login page in `language` runs on: the entry, the login route's chunks and its texts, each
 * fetched by a module preload once the page has painted, and evaluated only when login-boot.js imports
 * the entry.
 */
function modulePreloads(manifest: Manifest, entry: string, language: string): string {
  const texts = LOGIN_NAMESPACES.map((namespace) => `src/locales/${language}/${namespace}.json`);
  const files = [LOGIN_PAGE, ...texts].flatMap((key) => {
    if (!manifest[key]) throw new Error(`${key} is missing from the build: update prerender-login-plugin.ts`);
    return chunksOf(manifest, key);
  });
  // Low priority: nothing on the page waits for them.
  const link = (file: string, attribute = '') =>
    `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}"${attribute}>`;
  // In a template, inert until login-boot.js adds them after the first paint: a fetch started before
  // it counts in Lighthouse's largest paint, which the page never waits for.
  const links = [link(entry, ' data-app-entry'), ...[...new Set(files)].map((file) => link(file))];
  return `<template id="app-preloads">${links.join('')}</template>`;
}

const STYLE_SHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/g;

/**
 * index.html with the login page's markup and its style sheets in it, for one language. The style
 * sheets are inlined (10 KB, 3 KB compressed): the page paints from its first response, without a
 * round trip per sheet. The splash is left out: the page it would cover is already painted. The
 * markup is a working form: the app's modules are preloaded but evaluated at the first sign of use
 * (login-boot.js, inlined: the server allows it by its hash), and the app's own login page replaces
 * the markup as it mounts, keeping what was typed (src/lib/prerendered-page.ts).
 */
function loginHtml(
  index: string,
  language: string,
  markup: string,
  styleSheets: Map<string, string>,
  preloads: string,
): string {
  if (
    !SPLASH.test(index) ||
    !index.includes(ROOT) ||
    !index.includes('<html lang="pt-BR">') ||
    !ENTRY_SCRIPT.test(index)
  ) {
    throw new Error('index.html changed: update prerender-login-plugin.ts');
  }
  const styles = [...styleSheets.values()].map((css) => `<style>${css}</style>`).join('');
  return index
    .replace('<html lang="pt-BR">', `<html lang="${language}">`)
    .replace(SPLASH, '')
    .replace(STYLE_SHEET_LINK, '')
    .replace(ENTRY_SCRIPT, preloads)
    .replace('</head>', `${styles}</head>`)
    .replace(ROOT, `<div id="prerendered-page">${markup}</div>${ROOT}<script>${BOOT_SCRIPT}</script>`);
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
        const entry = index.match(ENTRY_SCRIPT)?.[1] ?? '';
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
            loginHtml(index, language, markup, styleSheets, modulePreloads(manifest, entry, language)),
          );
        }
      } finally {
        await server.close();
      }
    },
  };
}
