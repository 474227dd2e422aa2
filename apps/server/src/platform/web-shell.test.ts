import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_SOURCES } from './web-shell.ts';

const webRoot = path.resolve(import.meta.dirname, '../../../web');

describe('the page hints', () => {
  it("name source files the web app has (Vite's manifest is keyed by them), so a moved page keeps its hint", () => {
    for (const { source } of ROUTE_SOURCES)
      expect(fs.existsSync(path.join(webRoot, source)), source).toBe(true);
  });
});
