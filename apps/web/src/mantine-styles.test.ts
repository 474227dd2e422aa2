import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineStylesModule, requiredMantineStyles, STYLES_MODULE } from '../mantine-styles';

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

  it('keeps the shared pieces under utils/ too: a Switch needs InlineInput for its label beside it', () => {
    const sheets = [...requiredMantineStyles(webRoot), ...requiredMantineStyles(webRoot, 'staff')];
    expect(sheets).toContain('Switch.css');
    expect(sheets).toContain('InlineInput.css');
  });

  it('keeps what only the staff screens use out of every page’s sheet, in the dashboard’s lazy chunk', () => {
    const committed = fs.readFileSync(path.join(webRoot, STYLES_MODULE.staff), 'utf8');
    expect(committed).toBe(mantineStylesModule(requiredMantineStyles(webRoot, 'staff'), 'staff'));
    const site = requiredMantineStyles(webRoot);
    const staff = requiredMantineStyles(webRoot, 'staff');
    // The data table (mantine-datatable) needs Table; the dashboard's shell AppShell and NavLink.
    for (const sheet of ['Table.css', 'AppShell.css', 'NavLink.css']) {
      expect(staff).toContain(sheet);
      expect(site).not.toContain(sheet);
    }
    expect(staff.filter((sheet) => site.includes(sheet))).toEqual([]);
  });
});
