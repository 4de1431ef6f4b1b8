import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiPort = process.env.PORT ?? '3000';
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes .gz and .br beside every text asset, once, at build time: the server sends them as they
 * are (@fastify/static preCompressed) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tasklane-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const file of files) {
        const full = path.join(outDir, file);
        if (!COMPRESSIBLE.test(file) || !fs.statSync(full).isFile()) continue;
        const content = fs.readFileSync(full);
        // Small files too: a first visit loads a dozen chunks under 1 KB (issue 17).
        const gzip = zlib.gzipSync(content, { level: 9 });
        if (gzip.length >= content.length) continue;
        fs.writeFileSync(`${full}.gz`, gzip);
        fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(content));
      }
    },
  };
}

/**
 * Lets the bundle drop the parts of React Router's production build the app never renders (issue
 * 48): its components are made with `React.forwardRef(...)` and named with `X.displayName = "X"`,
 * which a bundler must keep as possible side effects, so every component (framework mode's
 * prefetching, forms, scroll restoration) stayed with all it uses. Marking those calls pure and
 * dropping the names (React's developer tools only) takes about 1.4 KB gzip'd off a first visit,
 * and with our own `Link` and `NavLink` (lib/link.tsx) about 4 KB. To turn it off, remove it from
 * `plugins`: the app works the same, a little heavier.
 */
function reactRouterUnusedParts(): Plugin {
  return {
    name: 'tasklane-react-router-unused-parts',
    apply: 'build',
    transform(code, id) {
      if (!/react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/.test(id)) return null;
      return {
        code: code
          .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '')
          .replace(/= (React\d*\.(?:forwardRef|createContext|memo)\()/g, '= /* @__PURE__ */ $1'),
        map: null,
      };
    },
  };
}

/**
 * Leaves zod's JSON Schema output out of the web app (issue 51): every zod schema can write
 * itself as JSON Schema (`toJSONSchema()`, `~standard.jsonSchema`), so its two modules came
 * with zod into every page that reads an answer, though only the server's API description uses
 * them: about 16 KB (5 KB gzip'd) off the task page, the profile and the search. What zod's
 * string schemas read of their own checks (`aggregateChecks`: `.minLength`, `.format`) stays;
 * the rest answers with an error. To turn it off, remove it from `plugins`.
 */
function zodWithoutJsonSchema(): Plugin {
  const unavailable =
    "const unavailable = () => { throw new Error('No JSON Schema in the web app (vite.config.ts)'); };";
  const stubs = (code: string) =>
    [...code.matchAll(/^export (?:const|function) (\w+)/gm)].map(
      ([, name]) => `export const ${name} = unavailable;`,
    );
  return {
    name: 'tasklane-zod-without-json-schema',
    apply: 'build',
    transform(code, id) {
      if (/zod[\\/]v4[\\/]core[\\/]to-json-schema\.js$/.test(id)) {
        return {
          code: [
            unavailable,
            ...stubs(code).map((line) =>
              /create\w+Method/.test(line)
                ? line.replace('unavailable', '() => unavailable')
                : line,
            ),
            'export { processSchema as process };',
          ].join('\n'),
          map: null,
        };
      }
      if (/zod[\\/]v4[\\/]core[\\/]json-schema-processors\.js$/.test(id)) {
        // Everything before the processors: aggregateChecks and what it uses.
        const cut = code.indexOf('\nconst formatMap');
        if (cut < 0 || !code.slice(0, cut).includes('export function aggregateChecks')) {
          throw new Error('zodWithoutJsonSchema: zod changed, look at the module again');
        }
        const rest = stubs(code.slice(cut));
        return { code: [code.slice(0, cut), unavailable, ...rest].join('\n'), map: null };
      }
      return null;
    },
  };
}

/**
 * Writes page-preload.json: the files of the pages' imports (page-imports.ts, and the chunks it
 * imports but the shell does not), which the server asks a first visit to any page but the home
 * page to load beside the shell (src/server/page-preload.ts); and, by route module
 * (`routes/task-details.tsx` → `task-details`), the page's own chunk and the chunks it imports
 * beyond those, which the server adds for the pages it knows (issue 51: the chunk no longer
 * waits for the shell to run and ask for it).
 */
function pagePreloadList(): Plugin {
  return {
    name: 'tasklane-page-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const shell = chunks.find((chunk) => chunk.isEntry);
      const pages = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/page-imports.ts'));
      if (!shell || !pages) throw new Error('page-preload.json: no entry or page-imports chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** A chunk and every chunk it imports, at any depth (a browser finds those only as it reads). */
      const withImports = (fileName: string): string[] => {
        const files = [fileName];
        for (const file of files) {
          for (const imported of byName.get(file)?.imports ?? []) {
            if (!files.includes(imported)) files.push(imported);
          }
        }
        return files;
      };
      const inShell = new Set(withImports(shell.fileName));
      const files = withImports(pages.fileName).filter((file) => !inShell.has(file));
      const listed = new Set([...inShell, ...files]);
      const routes: Record<string, string[]> = {};
      for (const chunk of chunks) {
        const route = /[\\/]routes[\\/]([\w-]+)\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
        if (!route || chunk.isEntry) continue;
        const own = withImports(chunk.fileName).filter((file) => !listed.has(file));
        routes[route] = own.map((file) => `/${file}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'page-preload.json',
        source: JSON.stringify({ files: files.map((file) => `/${file}`), routes }),
      });
    },
  };
}

/**
 * The modules the shell (main.tsx) and the pages' imports (page-imports.ts) import statically,
 * found once the build has read them all: the pages' shared chunks (below) take none of them, or
 * the home page would load them, and the first reads page-imports.ts starts would wait for them.
 * Beside them, the modules the first-visit pages import statically at any depth: Browse Tasks,
 * Freelancers, a profile and what the shell loads on every page for a signed-in reader
 * (LIGHT_STARTS), and the task page.
 */
const shellModules = new Set<string>();
const lightPageModules = new Set<string>();
const taskPageModules = new Set<string>();
/**
 * The first-visit pages (src/server/page-preload.ts) whose shared chunk leaves the task page's out,
 * and the signed-in reader's navbar and live notifications, which every page loads for them.
 */
const LIGHT_STARTS = [
  /[\\/]routes[\\/](browse-tasks|freelancers|user-profile)\.tsx$/,
  /[\\/]components[\\/]navbar-member\.tsx$/,
  /[\\/]notifications[\\/]live-notifications\.tsx$/,
];
function findShellModules(): Plugin {
  return {
    name: 'tasklane-shell-modules',
    apply: 'build',
    buildEnd() {
      // A build again in the same process (--watch) finds them anew.
      for (const modules of [shellModules, lightPageModules, taskPageModules]) modules.clear();
      const ids = [...this.getModuleIds()];
      /** Adds `starts` and every module they import statically, at any depth, to `into`. */
      const addWithImports = (starts: string[], into: Set<string>) => {
        const queue = [...starts];
        for (const id of queue) {
          if (into.has(id)) continue;
          into.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      addWithImports(
        ids.filter((id) => this.getModuleInfo(id)?.isEntry || id.endsWith('/page-imports.ts')),
        shellModules,
      );
      const lightStarts = ids.filter((id) => LIGHT_STARTS.some((start) => start.test(id)));
      if (LIGHT_STARTS.some((start) => !lightStarts.some((id) => start.test(id)))) {
        throw new Error('tasklane-shell-modules: a module of LIGHT_STARTS is missing');
      }
      addWithImports(lightStarts, lightPageModules);
      addWithImports(
        ids.filter((id) => /[\\/]routes[\\/]task-details\.tsx$/.test(id)),
        taskPageModules,
      );
    },
  };
}

export default defineConfig(({ command }) => ({
  root: 'src/client',
  resolve: {
    // react-router's package sends bundlers its development build (warnings, invariant texts):
    // about 2 KB gzip'd more of a first visit than its production build (issue 48).
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ]
        : [],
  },
  plugins: [
    findShellModules(),
    zodWithoutJsonSchema(),
    reactRouterUnusedParts(),
    react(),
    tailwindcss(),
    pagePreloadList(),
    precompress(),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // The polyfill of <link rel="modulepreload"> is about 220 bytes gzip'd of the home page's
    // 100 KB budget, for browsers before Safari 17 and Firefox 115 only: there the lazily loaded
    // pages' imports are fetched when imported instead of beside them (issue 21 needed the room).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React, react-dom and react-router in one chunk of their own (issue 48): a first visit
        // loads them as one file rather than parts spread over the entry and small shared
        // chunks, about 1 KB less gzip'd, and a deploy that changes only our code leaves it cached.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|preload-helper/,
            },
            // Every module two or more pages share, beyond the shell and page-imports.ts, in three
            // chunks (issue 51): a first visit to the task page loaded 50 files, the profile 41,
            // the search 32, and over HTTP/1.1 (6 connections) Lighthouse's slow 4G counts a
            // round trip a request; with one shared chunk 14, 14 and 11, and the largest paint
            // came 0.8–1.0 s sooner on the three (bench:pages, docs/performance.md). `pages` has
            // the modules Browse Tasks, Freelancers, a profile or a signed-in reader's navbar and
            // live notifications import; `pages-task` those of the task page's that they do not
            // (payments, offers, conversations, with a third of the zod schemas the chunk built
            // as it ran); `pages-more` the rest (forms, dashboards, admin). The lighter pages
            // load 41 KB (brotli) of shared code rather than 54 and run less of it; the task
            // page 46 KB in two files. A page's modules import only modules it imports too, so
            // `pages` never imports the other two. Their modules' dependencies stay where they
            // are (the shell's must not join them). To turn it off, remove the groups: the pages
            // load their modules in small shared chunks again.
            ...(
              [
                ['pages', (id: string) => lightPageModules.has(id)],
                ['pages-task', (id: string) => taskPageModules.has(id)],
                ['pages-more', () => true],
              ] as const
            ).map(([name, test]) => ({
              name,
              test: (id: string) => !shellModules.has(id) && test(id),
              includeDependenciesRecursively: false,
              minShareCount: 2,
            })),
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev`: the page from Vite, /api from the Node server.
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
}));
