/// <reference types="vitest/config" />
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';
import formatjs from '@formatjs/unplugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { chunkOf } from './src/i18n/catalogue-parts';

/**
 * Writes a .br and a .gz beside every built text asset (when smaller than the file), so the server (@fastify/static with
 * `preCompressed`) sends them compressed without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kinship-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) =>
            entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
          );
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|map)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        const gzip = zlib.gzipSync(content, { level: 9 });
        const brotli = zlib.brotliCompressSync(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        // A tiny file can come out bigger; it is then sent as it is.
        if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
        if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
      }
    },
  };
}

const CATALOGUE_DIR = path.resolve(import.meta.dirname, '../../lang');
const CATALOGUE_MODULE = /^virtual:kinship-messages\/([a-z]{2}-[A-Z]{2})\/(site|rest|staff)$/;

/**
 * The translated catalogue (decision 070) as modules the app imports on demand:
 * `virtual:kinship-messages/fr-CA/site` holds that locale's messages of the pages a visitor lands
 * on, `.../rest` the other public screens' and `.../staff` the dashboard's (src/i18n/catalogue-parts.ts),
 * each parsed at build time, so the browser never loads the message parser. The server's own
 * messages (mail, PDFs, errors) are left out.
 */
function catalogueModules(): Plugin {
  return {
    name: 'kinship-catalogue',
    resolveId(id) {
      return CATALOGUE_MODULE.test(id) ? `\0${id}` : null;
    },
    load(id) {
      const match = CATALOGUE_MODULE.exec(id.replace(/^\0/, ''));
      if (!match || !id.startsWith('\0')) return null;
      const [, locale, part] = match;
      const file = path.join(CATALOGUE_DIR, `${locale}.json`);
      this.addWatchFile(file);
      const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages)
          .filter(([key]) => chunkOf(key) === part)
          .map(([key, message]) => [key, parse(message)]),
      );
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}

export default defineConfig({
  // Source messages are parsed at build time (ast) so the browser bundle carries no parser.
  plugins: [formatjs({ ast: true }), react(), catalogueModules(), precompress()],
  resolve: {
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Read by the server to hint a page's lazy chunk in the HTML it serves (platform/route-preloads.ts).
    manifest: true,
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A user-event journey through a form takes 1 to 4 s when a server file runs next to it on two
    // cores (vitest.config.ts runs two files at a time); 5 s, the default, failed under load.
    testTimeout: 20_000,
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            '@mantine/core',
            '@mantine/hooks',
            '@mantine/form',
            '@mantine/dates',
            '@mantine/notifications',
            '@mantine/charts',
            '@mantine/dropzone',
            '@mantine/tiptap',
            'mantine-datatable',
            'react-intl',
          ],
        },
      },
    },
  },
});
