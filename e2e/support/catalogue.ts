import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { siteUrl } from './browser.ts';

/**
 * The dashboard catalogue's steps as a partner's staff take them (Types and plans, Programs, a
 * record's pictures), shared by the journeys of issue 12, and a same-origin API call with the
 * page's session for what the screens do not show (ids, the order of pictures).
 */

/** A JSON call from the page, with its session (same origin): status, body and X-Total-Count. */
export async function pageApi<T>(
  page: Page,
  path: string,
): Promise<{ status: number; body: T; total: number }> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { headers: { accept: 'application/json' }, cache: 'no-store' });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // plain text error
    }
    return { status: res.status, body: body as never, total: Number(res.headers.get('x-total-count')) };
  }, path);
}

/** A 1x1 PNG (the server re-encodes every upload into its variants). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** True when the page does not scroll sideways (what "fits a phone" means for the page itself). */
export async function pageFitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Waits until every open Mantine modal has ended its opening transition (no fixed sleep). */
export async function modalSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.mantine-Modal-content')).every(
      (el) =>
        getComputedStyle(el).opacity === '1' && el.getAnimations().every((a) => a.playState !== 'running'),
    ),
  );
}

export interface NewType {
  identifier: string;
  singular: string;
  plural: string;
  /** The plan's monthly amount in whole units, as typed. */
  monthly: string;
  customColumn?: string;
}

/**
 * Dashboard › Types and plans › New type: a student-kind type with its plan (every payment
 * interval offered); waits for its row in the table. Leaves the dialog open for a screenshot when
 * `beforeCreate` is given (called with the filled dialog).
 */
export async function createTypeWithPlan(
  page: Page,
  type: NewType,
  beforeCreate?: () => Promise<unknown>,
): Promise<void> {
  if (new URL(page.url()).pathname !== '/dashboard/types')
    await page.goto(siteUrl('demo', '/dashboard/types'));
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Types and plans', level: 1 }).waitFor();
  await main.getByRole('button', { name: 'New type' }).click();
  const dialog = page.getByRole('dialog', { name: 'New sponsored type' });
  await dialog.getByLabel('Address on the site').fill(type.identifier);
  await dialog.getByLabel('Label (one)').fill(type.singular);
  await dialog.getByLabel('Label (many)').fill(type.plural);
  await dialog.getByLabel('Monthly amount').fill(type.monthly);
  if (type.customColumn) {
    await dialog.getByRole('button', { name: 'Add a custom column' }).click();
    await dialog.getByLabel('Column name').fill(type.customColumn);
  }
  await beforeCreate?.();
  await dialog.getByRole('button', { name: 'Create the type' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const row = main.getByRole('row').filter({ hasText: type.plural });
  await row.waitFor();
  expect(await row.textContent()).toContain(Number(type.monthly).toFixed(2));
}

/**
 * Dashboard › Programs › New program, placed by clicking the offline map at a longitude and
 * latitude of the whole-world view (0..360 degrees across, centred on 0); waits for its row.
 */
export async function createProgramOnMap(
  page: Page,
  program: { name: string; city: string; longitude: number; latitude: number },
  beforeCreate?: () => Promise<unknown>,
): Promise<void> {
  if (new URL(page.url()).pathname !== '/dashboard/programs')
    await page.goto(siteUrl('demo', '/dashboard/programs'));
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Programs', level: 1 }).waitFor();
  await main.getByRole('button', { name: 'New program' }).click();
  const dialog = page.getByRole('dialog', { name: 'New program' });
  await dialog.getByLabel('Name').fill(program.name);
  await dialog.getByLabel('City').fill(program.city);
  const map = dialog.getByRole('img', { name: /click to place/ });
  const box = (await map.boundingBox())!;
  await page.mouse.click(
    box.x + box.width * (0.5 + program.longitude / 360),
    box.y + box.height * (0.5 - program.latitude / 180),
  );
  await dialog.getByText(/^Placed at /).waitFor();
  await dialog.getByTestId('map-marker').waitFor();
  await beforeCreate?.();
  await dialog.getByRole('button', { name: 'Create the program' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const row = main.getByRole('row').filter({ hasText: program.name });
  await row.waitFor();
  expect(await row.textContent()).toContain('Placed');
}

/** A picture as the staff pictures API answers it. */
export interface ManagedPicture {
  id: number;
  imagePath: string;
  isProfile: boolean;
}

export const managedPictures = async (page: Page, recordId: number): Promise<ManagedPicture[]> =>
  (await pageApi<ManagedPicture[]>(page, `/api/sponsoreds/${recordId}/pictures?partnersId=2`)).body;

/**
 * The record's pictures page: drops `count` pictures at once and waits until the list shows them
 * all (and the API holds them); answers the record's pictures in their order.
 */
export async function uploadPictures(page: Page, recordId: number, count: number): Promise<ManagedPicture[]> {
  await page.goto(siteUrl('demo', `/dashboard/records/${recordId}/pictures`));
  await page.getByRole('heading', { name: 'Pictures', level: 2 }).waitFor();
  const list = page.getByRole('list', { name: 'Pictures, in the order shown' });
  const before = (await managedPictures(page, recordId)).length;
  // The list is there once the pictures are loaded (or the empty state when there are none).
  await (before ? list : page.getByText('No pictures yet.')).waitFor();
  await page.locator('input[type="file"]').setInputFiles(
    Array.from({ length: count }, (_, i) => ({
      name: `picture-${i + 1}.png`,
      mimeType: 'image/png',
      buffer: TINY_PNG,
    })),
  );
  await expect.poll(() => list.locator(':scope > li').count(), { timeout: 30_000 }).toBe(before + count);
  const pictures = await managedPictures(page, recordId);
  expect(pictures).toHaveLength(before + count);
  return pictures;
}
