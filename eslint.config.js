import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import formatjs from 'eslint-plugin-formatjs';
import globals from 'globals';

/*
 * Import boundaries (docs/ARCHITECTURE.md, "Boundaries"; decision 032), held by ESLint's own
 * `no-restricted-imports`. Its patterns see the import as written, so each rule is repeated for
 * every folder depth: from a file N folders below `features/<x>/`, exactly N+1 `../` followed by a
 * name leaves the feature for a sibling one. On the server the same counting finds another area.
 */
const DEPTHS = [0, 1, 2, 3, 4, 5];
const up = (n) => `(?:\\.\\./){${n}}`;
const below = (root, depth, ext) => `${root}/*/${'*/'.repeat(depth)}*.${ext}`;

export const FEATURE_MESSAGE =
  'A web feature imports no other feature: move the shared piece to src/shared/<area> (or src/lib, src/components, src/hooks).';
export const STAFF_SECTION_MESSAGE =
  'A dashboard section (features/staff/<section>) imports no other section or feature: move the shared piece to features/staff/shell (or src/components/staff, src/shared).';
export const SHARED_MESSAGE = 'Shared web code (shared, lib, components, hooks, test) imports no feature.';
export const AREA_MESSAGE =
  "A server area reaches another area through its door only (areas/<area>/index.ts): export what you need from the owner's door, or move it to platform/.";
export const PLATFORM_MESSAGE =
  'platform/ and db/ import no area: take what an area provides as a parameter, or move the shared type to platform/ or db/types.ts.';

const restrict = (regex, message) => ({
  rules: { 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] },
});

const boundaries = [
  ...DEPTHS.map((depth) => ({
    files: [below('apps/web/src/features', depth, '{ts,tsx}')],
    ...restrict(`^${up(depth + 1)}[^./]|(?:^|/)features/`, FEATURE_MESSAGE),
  })),
  // Each dashboard section, features/staff/<section>, is a feature of its own; features/staff/shell
  // is the dashboard's shared part (shell, navigation, the section type): a section may import it,
  // it imports no section. These entries come after the general one, so they replace its rule there.
  ...DEPTHS.map((depth) => ({
    files: [below('apps/web/src/features/staff', depth, '{ts,tsx}')],
    ...restrict(
      `^${up(depth + 1)}(?!shell/)[^./]|^${up(depth + 2)}[^./]|(?:^|/)features/`,
      STAFF_SECTION_MESSAGE,
    ),
  })),
  {
    files: ['apps/web/src/{shared,lib,components,hooks,test}/**/*.{ts,tsx}'],
    ...restrict('(?:^|/)features/', SHARED_MESSAGE),
  },
  // From a file N folders below areas/<area>/, N+1 `../` reach areas/: the next name is an area,
  // and only its door may follow. (A file's own area is reached with fewer `../`.)
  ...DEPTHS.map((depth) => ({
    files: [below('apps/server/src/areas', depth, 'ts')],
    ignores: ['**/*.test.ts'],
    ...restrict(
      `^${up(depth + 1)}[^./][^/]*/(?!index(?:\\.[jt]s)?$)|(?:^|/)areas/[^/]+/(?!index(?:\\.[jt]s)?$)|(?:^|/)modules/`,
      AREA_MESSAGE,
    ),
  })),
  {
    files: ['apps/server/src/{platform,db}/**/*.ts'],
    ...restrict('(?:^|/)areas(?:/|$)', PLATFORM_MESSAGE),
  },
];

/**
 * Folders whose screens go through the catalogue (decision 070): no JSX there renders a literal a
 * person reads, as a child or as a label, description, placeholder, title, error or aria text. The
 * list grows as screens move onto the catalogue, until it is the whole web app.
 */
export const TRANSLATED_SCREENS = [
  'apps/web/src/app/layout/**/*.tsx',
  'apps/web/src/i18n/**/*.tsx',
  'apps/web/src/features/landing/**/*.tsx',
  'apps/web/src/features/listing/**/*.tsx',
  'apps/web/src/app/routes/landing.tsx',
  'apps/web/src/app/routes/about.tsx',
  'apps/web/src/app/routes/about-partner.tsx',
  'apps/web/src/app/routes/contact.tsx',
  'apps/web/src/app/routes/privacy.tsx',
  'apps/web/src/app/routes/not-found.tsx',
  'apps/web/src/app/routes/redirect.tsx',
  'apps/web/src/components/*.tsx',
  'apps/web/src/components/map/**/*.tsx',
  'apps/web/src/features/profile/**/*.tsx',
  'apps/web/src/features/sponsored-update/**/*.tsx',
  'apps/web/src/features/cart/**/*.tsx',
  'apps/web/src/features/donations/**/*.tsx',
  'apps/web/src/features/payments/**/*.tsx',
  'apps/web/src/shared/payments/**/*.tsx',
  'apps/web/src/shared/cart/**/*.tsx',
  'apps/web/src/features/account/**/*.tsx',
  'apps/web/src/features/auth/**/*.tsx',
  'apps/web/src/shared/auth/**/*.tsx',
  'apps/web/src/shared/letters/**/*.tsx',
  'apps/web/src/features/gifts/**/*.tsx',
  'apps/web/src/features/receipts/**/*.tsx',
  'apps/web/src/features/link/**/*.tsx',
  'apps/web/src/features/invitation/**/*.tsx',
  'apps/web/src/features/onboarding/**/*.tsx',
  'apps/web/src/app/routes/login.tsx',
  'apps/web/src/app/routes/sign-up.tsx',
  'apps/web/src/app/routes/reset-password.tsx',
  'apps/web/src/app/routes/user-area.tsx',
  'apps/web/src/app/routes/onboard.tsx',
  'apps/web/src/features/staff/records/**/*.tsx',
  'apps/web/src/features/staff/types/**/*.tsx',
  'apps/web/src/features/staff/programs/**/*.tsx',
  'apps/web/src/features/staff/pictures/**/*.tsx',
  'apps/web/src/features/staff/donations/**/*.tsx',
  'apps/web/src/features/staff/sponsors/**/*.tsx',
  'apps/web/src/features/staff/shell/**/*.tsx',
  'apps/web/src/features/staff/settings/**/*.tsx',
  'apps/web/src/components/staff/**/*.tsx',
  'apps/web/src/features/staff/updates/**/*.tsx',
  'apps/web/src/features/staff/gifts/**/*.tsx',
  'apps/web/src/features/staff/team/**/*.tsx',
  'apps/web/src/features/staff/audit/**/*.tsx',
  'apps/web/src/features/staff/reports/**/*.tsx',
  'apps/web/src/features/staff/platform/**/*.tsx',
];

/** What a person reads in JSX: children and these props of any element. */
export const LITERAL_TEXT_RULE = [
  'error',
  {
    props: {
      include: [['*', '{label,description,placeholder,title,error,alt,aria-label,aria-description,message}']],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      'coverage/**',
      '.tmp/**',
      '**/*.js',
      '!eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...boundaries,
  {
    // Every message has a literal English default that names its placeholders (decision 070).
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'],
    plugins: { formatjs },
    rules: {
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/no-multiple-whitespaces': 'error',
      'formatjs/no-invalid-icu': 'error',
    },
  },
  {
    files: TRANSLATED_SCREENS,
    ignores: ['**/*.test.tsx'],
    plugins: { formatjs },
    rules: { 'formatjs/no-literal-string-in-jsx': LITERAL_TEXT_RULE },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', '@kinship/server*', '@kinship/web*'] },
      ],
    },
  },
);
