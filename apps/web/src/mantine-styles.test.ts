import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineStylesModule, requiredMantineStyles } from '../mantine-styles';

const webRoot = path.resolve(import.meta.dirname, '..');

describe("Mantine's per-component styles", () => {
  it('src/mantine-styles.ts loads the sheet of every component the app renders, in the full sheet order', () => {
    const committed = fs.readFileSync(path.join(webRoot, 'src', 'mantine-styles.ts'), 'utf8');
    // When this fails after a new component is used: npm run mantine-styles -w apps/web
    expect(committed).toBe(mantineStylesModule(requiredMantineStyles(webRoot)));
  });

  it("follows the package's own imports: a Select needs Input, Combobox, Popover and ScrollArea", () => {
    const sheets = requiredMantineStyles(webRoot);
    for (const sheet of ['Input.css', 'Combobox.css', 'Popover.css', 'ScrollArea.css', 'ModalBase.css'])
      expect(sheets).toContain(sheet);
    expect(sheets.slice(0, 3)).toEqual(['baseline.css', 'default-css-variables.css', 'global.css']);
    expect(sheets.indexOf('UnstyledButton.css')).toBeLessThan(sheets.indexOf('Button.css'));
  });

  it('follows the core components of the Mantine packages the app uses: the data table needs Table and Pagination', () => {
    const sheets = requiredMantineStyles(webRoot);
    for (const sheet of ['Table.css', 'Pagination.css', 'LoadingOverlay.css', 'Progress.css', 'AppShell.css'])
      expect(sheets).toContain(sheet);
  });
});
