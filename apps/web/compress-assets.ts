import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The built files worth compressing: text. Fonts in woff2 and woff, and images in png and ico,
 * are compressed already; `.br` and `.gz` are this plugin's own output.
 */
export function isCompressible(fileName: string): boolean {
  return /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml)$/.test(fileName);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) next to every text
 * file of the build, the public directory's included, for the API's `@fastify/static`
 * (`preCompressed`) to send to a client that accepts them. Every text file gets both, however
 * small, so the server never has to compress a file on the fly. Runs after the files are written,
 * so the service worker's precache list (sw-precache.ts, made from the bundle) never names them.
 */
export function compressAssets(): Plugin {
  return {
    name: 'wings:compress-assets',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      handler(outputOptions) {
        const outDir = outputOptions.dir;
        if (!outDir) return;
        for (const file of listFiles(outDir)) {
          if (!isCompressible(file)) continue;
          const content = readFileSync(file);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
              },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}
