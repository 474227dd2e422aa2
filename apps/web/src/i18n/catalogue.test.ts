import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as Parser from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LABELS, LOCALES, SOURCE_LOCALE } from '@kinship/domain';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { labelMessages } from './labels';

/*
 * The catalogue check (decision 070): lang/en-US.json is exactly what the code's messages say,
 * every shipped locale has every message (French on its own, Canadian English through the
 * source), each translation parses and uses the same placeholders, and a screen moved onto the
 * catalogue cannot render an English literal again.
 */
// The browser bundle (and so this test's module graph) has no parser; Node's own resolution finds it.
const { TYPE, parse } = createRequire(import.meta.url)('@formatjs/icu-messageformat-parser') as typeof Parser;

const root = path.resolve(import.meta.dirname, '../../../..');
const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(root, 'lang', `${locale}.json`), 'utf8')) as Record<string, string>;

/** The argument names a message uses (plural, select and tag contents included). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`);
      argumentsOf(element.children, into);
      continue;
    }
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

describe('the message catalogue', () => {
  const source = catalogue(SOURCE_LOCALE);

  it('holds exactly the messages the code defines (run `npm run i18n:extract` after changing one)', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-')), 'en-US.json');
    execFileSync(
      path.join(root, 'node_modules/.bin/formatjs'),
      [
        'extract',
        'apps/web/src/**/*.{ts,tsx}',
        'apps/server/src/**/*.ts',
        '--ignore',
        '**/*.test.*',
        '--ignore',
        '**/*.d.ts',
        '--out-file',
        out,
        '--format',
        'simple',
        '--preserve-whitespace',
        '--throws',
      ],
      { cwd: root, stdio: 'pipe' },
    );
    expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toEqual(source);
  });

  it('names every message with a dotted id', () => {
    for (const id of Object.keys(source)) expect(id).toMatch(/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/);
  });

  it('keeps the spec’s labels word for word in the source locale', () => {
    for (const [key, message] of Object.entries(labelMessages)) {
      expect(source[message.id]).toBe(LABELS[key as keyof typeof LABELS]);
    }
  });

  for (const locale of LOCALES.filter((l) => l !== SOURCE_LOCALE)) {
    describe(locale, () => {
      const translated = catalogue(locale);

      it(
        locale === 'fr-CA'
          ? 'translates every message, and nothing the code no longer says'
          : 'overrides only messages the code says (the rest is the source English)',
        () => {
          const stale = Object.keys(translated).filter((id) => !(id in source));
          expect(stale).toEqual([]);
          if (locale === 'fr-CA') {
            const missing = Object.keys(source).filter((id) => !(id in translated));
            expect(missing).toEqual([]);
          }
        },
      );

      it('parses every translation, with the placeholders of its English', () => {
        for (const [id, message] of Object.entries(translated)) {
          const own = [...argumentsOf(parse(message))].sort();
          const english = [...argumentsOf(parse(source[id] ?? ''))].sort();
          expect({ id, placeholders: own }).toEqual({ id, placeholders: english });
        }
      });
    });
  }
});

describe('screens on the catalogue', () => {
  const eslint = new ESLint({ cwd: root });
  const literalErrors = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages.filter((m) => m.ruleId === 'formatjs/no-literal-string-in-jsx').length;
  };

  it('refuse an English literal as text or as a label, and take a message instead', async () => {
    const file = 'apps/web/src/app/layout/probe.tsx';
    expect(await literalErrors(file, 'export const P = () => <p>Your cart is empty</p>;\n')).toBe(1);
    expect(await literalErrors(file, 'export const P = () => <input placeholder="Search" />;\n')).toBe(1);
    expect(await literalErrors(file, 'export const P = () => <button aria-label="Close menu" />;\n')).toBe(1);
    expect(
      await literalErrors(
        file,
        'import { FormattedMessage } from \'react-intl\';\nexport const P = () => <p><FormattedMessage id="cart.empty" defaultMessage="Your cart is empty" /></p>;\n',
      ),
    ).toBe(0);
  });
});
