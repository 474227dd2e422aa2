import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
// prettier-ignore
// @ts-expect-error the config is plain JavaScript without types
import { AREA_MESSAGE, FEATURE_MESSAGE, PLATFORM_MESSAGE, SHARED_MESSAGE, STAFF_SECTION_MESSAGE } from '../../../eslint.config.js';

/*
 * The import boundaries of docs/ARCHITECTURE.md are held by the lint config: `npm run lint` runs
 * this same config over the tree, so each refusal shown here fails it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

/** The boundary messages ESLint gives for `code` placed at `file` (a path from the repository root). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, {
    filePath: path.join(root, file),
  });
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message.replace(/^.* import is restricted from being used by a pattern\. /, ''));
}

describe('import boundaries', () => {
  it('refuses a web feature importing another feature, at any depth', async () => {
    expect(
      await boundaryErrors('apps/web/src/features/cart/x.ts', "import { x } from '../listing/y';"),
    ).toEqual([FEATURE_MESSAGE]);
    expect(
      await boundaryErrors(
        'apps/web/src/features/cart/components/x.tsx',
        "import { x } from '../../profile/components/y';",
      ),
    ).toEqual([FEATURE_MESSAGE]);
    expect(
      await boundaryErrors(
        'apps/web/src/features/cart/a/b/x.tsx',
        "import { x } from '../../../../features/listing/y';",
      ),
    ).toEqual([FEATURE_MESSAGE]);
  });

  it('lets a feature import its own files and the shared layers', async () => {
    const file = 'apps/web/src/features/cart/components/x.tsx';
    expect(await boundaryErrors(file, "import { x } from '../utils/price-cart';")).toEqual([]);
    expect(await boundaryErrors(file, "import { x } from './cart-summary';")).toEqual([]);
    expect(
      await boundaryErrors(file, "import { x } from '../../../shared/partner/partner-context';"),
    ).toEqual([]);
    expect(await boundaryErrors(file, "import { x } from '../../../lib/api-client';")).toEqual([]);
  });

  it('refuses shared web code importing a feature, and lets app/ import features', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/shared/cart/x.ts',
        "import { x } from '../../features/cart/components/y';",
      ),
    ).toEqual([SHARED_MESSAGE]);
    expect(await boundaryErrors('apps/web/src/lib/x.ts', "import { x } from '../features/auth/y';")).toEqual([
      SHARED_MESSAGE,
    ]);
    expect(
      await boundaryErrors('apps/web/src/app/routes/x.tsx', "import { x } from '../../features/cart/y';"),
    ).toEqual([]);
  });

  it('refuses a dashboard section importing another section or a feature, at any depth', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/features/staff/team/section.ts',
        "import { x } from '../audit/section';",
      ),
    ).toEqual([STAFF_SECTION_MESSAGE]);
    expect(
      await boundaryErrors(
        'apps/web/src/features/staff/team/components/x.tsx',
        "import { x } from '../../records/api/records-api';",
      ),
    ).toEqual([STAFF_SECTION_MESSAGE]);
    expect(
      await boundaryErrors(
        'apps/web/src/features/staff/team/components/a/x.tsx',
        "import { x } from '../../../../listing/components/y';",
      ),
    ).toEqual([STAFF_SECTION_MESSAGE]);
    expect(
      await boundaryErrors(
        'apps/web/src/features/staff/team/api/x.ts',
        "import { x } from '../../../../features/staff/audit/api/y';",
      ),
    ).toEqual([STAFF_SECTION_MESSAGE]);
  });

  it('lets a dashboard section import the staff shell, its own files and the shared layers', async () => {
    const file = 'apps/web/src/features/staff/team/components/x.tsx';
    expect(await boundaryErrors(file, "import { x } from '../../shell/sections';")).toEqual([]);
    expect(await boundaryErrors(file, "import { x } from '../api/team-api';")).toEqual([]);
    expect(await boundaryErrors(file, "import { x } from './team-table';")).toEqual([]);
    expect(
      await boundaryErrors(file, "import { x } from '../../../../components/staff/server-data-table';"),
    ).toEqual([]);
    expect(await boundaryErrors(file, "import { x } from '../../../../lib/api-client';")).toEqual([]);
  });

  it('refuses the staff shell importing a section, and lets app/ import sections', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/features/staff/shell/components/x.tsx',
        "import { x } from '../../team/section';",
      ),
    ).toEqual([STAFF_SECTION_MESSAGE]);
    expect(
      await boundaryErrors(
        'apps/web/src/features/staff/shell/x.ts',
        "import { x } from '../records/section';",
      ),
    ).toEqual([STAFF_SECTION_MESSAGE]);
    expect(
      await boundaryErrors(
        'apps/web/src/app/routes/x.ts',
        "import { x } from '../../features/staff/team/section';",
      ),
    ).toEqual([]);
  });

  it('refuses a server area importing anything of another area but its door, at any depth', async () => {
    const file = 'apps/server/src/areas/giving/checkout/x.ts';
    expect(
      await boundaryErrors(file, "import { x } from '../../partners/site/partners.repository.ts';"),
    ).toEqual([AREA_MESSAGE]);
    expect(
      await boundaryErrors(file, "import { x } from '../../partners/site/partners.service.ts';"),
    ).toEqual([AREA_MESSAGE]);
    expect(
      await boundaryErrors(
        'apps/server/src/areas/giving/checkout/sub/x.ts',
        "import { x } from '../../../people/users/y.ts';",
      ),
    ).toEqual([AREA_MESSAGE]);
    expect(
      await boundaryErrors(
        'apps/server/src/areas/giving/index.ts',
        "import { x } from '../records/editor/records.service.ts';",
      ),
    ).toEqual([AREA_MESSAGE]);
  });

  it("lets a server area import another area's door, its own files and platform/", async () => {
    const file = 'apps/server/src/areas/giving/checkout/x.ts';
    expect(await boundaryErrors(file, "import { x } from '../../partners/index.ts';")).toEqual([]);
    expect(await boundaryErrors(file, "import { x } from './checkout.repository.ts';")).toEqual([]);
    expect(await boundaryErrors(file, "import { x } from '../orders/orders.repository.ts';")).toEqual([]);
    expect(await boundaryErrors(file, "import { x } from '../../../platform/site-context.ts';")).toEqual([]);
    expect(await boundaryErrors(file, "import { x } from '../../../db/schema/index.ts';")).toEqual([]);
  });

  it('refuses platform and db code importing any area', async () => {
    expect(
      await boundaryErrors(
        'apps/server/src/platform/x.ts',
        "import { x } from '../areas/partners/index.ts';",
      ),
    ).toEqual([PLATFORM_MESSAGE]);
    expect(
      await boundaryErrors(
        'apps/server/src/platform/payments/x.ts',
        "import { x } from '../../areas/partners/site/partners.repository.ts';",
      ),
    ).toEqual([PLATFORM_MESSAGE]);
    expect(
      await boundaryErrors(
        'apps/server/src/db/schema/x.ts',
        "import { x } from '../../areas/giving/index.ts';",
      ),
    ).toEqual([PLATFORM_MESSAGE]);
    expect(
      await boundaryErrors('apps/server/src/platform/x.ts', "import { x } from '../db/types.ts';"),
    ).toEqual([]);
  });
});
