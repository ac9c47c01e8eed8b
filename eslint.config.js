// One lint configuration for every workspace. Boundaries between workspaces and between client features are
// enforced here (ARCHITECTURE §2), and literal UI strings are rejected in the client.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettierConfig from 'eslint-config-prettier';
import { readdirSync, existsSync } from 'node:fs';

const featuresDir = 'web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// Server layering (ARCHITECTURE §2). Shared layers may be imported by every feature and import no feature. Paths are
// relative to server/src; a file path shares that file only.
const serverSrc = './server/src';
const serverShared = ['config.ts', 'db', 'http', 'forms', 'mail', 'jobs', 'push', 'metrics', 'time', 'rollups', 'i18n', 'security', 'spreadsheets'];
const serverSharedDirs = serverShared.filter((entry) => !entry.endsWith('.ts'));
// The top of the server: they wire or start the features and may import anything; nothing imports them.
const serverTop = ['main.ts', 'app.ts', 'services.ts', 'repositories.ts', 'demo'];
const serverFeatures = existsSync(serverSrc)
  ? readdirSync(serverSrc, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !serverSharedDirs.includes(d.name) && !serverTop.includes(d.name))
      .map((d) => d.name)
  : [];
// The one public module a feature offers another, each named; anything else of another feature is its internals.
const serverFeatureEdges = {
  // Accounts: signing in, impersonating, resetting a password and the support form all read the user records.
  auth: ['users/repository.ts'],
  impersonation: ['auth/service.ts', 'users/repository.ts', 'users/presenter.ts'],
  resetting: ['auth/repository.ts', 'auth/throttle.ts', 'users/repository.ts', 'users/presenter.ts'],
  // Module codes are throttled like passwords, with the same counters.
  telemetry: ['auth/throttle.ts'],
  support: ['users/repository.ts', 'users/presenter.ts'],
  // A wrong current password at a password change counts against the account like a failed sign-in.
  profile: ['auth/throttle.ts'],
  // The module form reads an OPC UA module's mapping in the connector's syntax, checks it against the machine and
  // seals its password with the connector's key; its OPC UA tools browse the machine, fill presets and show certificates.
  sensors: [
    'telemetry/protocols/opcua/mapping.ts',
    'telemetry/protocols/opcua/node-check.ts',
    'telemetry/protocols/opcua/secret-box.ts',
    'telemetry/protocols/opcua/machine-tools.ts',
  ],
  // The device summaries count alerts as the caller sees them.
  summaries: ['alerts/alerts-repository.ts', 'alerts/visibility.ts'],
  // An alert's mail writes its rule's description from the rule as it is now (issue 32 item 3).
  notifications: ['alerts/rule-summary-repository.ts'],
};
// Human text is two words (a letter-word, a space, a word with a lower-case letter: "No data", "3 devices selected")
// or one capitalised word ("Unknown"). Everything else passes as an identifier: query keys, CSS and ECharts values,
// API paths, enum members, 'PascalCaseError' names. The rule matches the exclusion against the whole string.
const notHumanText = /^(?![\s\S]*\p{L}[\p{L}'’]*[,.:;!?]?\s+\p{L}\p{Ll})(?!\p{Lu}\p{Ll}+[.!?]?$)[\s\S]*$/u;
// eslint-plugin-i18next replaces its default callee exclusions when given a list: these are its defaults.
const i18nextDefaultCallees = [
  'i18n(ext)?',
  't',
  'require',
  'addEventListener',
  'removeEventListener',
  'postMessage',
  'getElementById',
  'dispatch',
  'commit',
  'includes',
  'indexOf',
  'endsWith',
  'startsWith',
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/test-results/**', 'e2e/artifacts/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['contracts/tsconfig.json', 'server/tsconfig.json', 'web/tsconfig.json', 'e2e/tsconfig.json'],
        }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './contracts', from: './server', message: 'contracts must not depend on the server' },
            { target: './contracts', from: './web', message: 'contracts must not depend on the client' },
            { target: './server', from: './web', message: 'the server must not import the client' },
            { target: './web', from: './server', message: 'the client must not import the server' },
            ...features.map((name) => ({
              target: `./${featuresDir}/${name}`,
              from: `./${featuresDir}`,
              except: [`./${name}`],
              message: 'a feature must not reach into another feature; share through components/, api/ or contracts',
            })),
            // bulletproof-react's one-way rule: app -> features -> shared folders, never back up.
            {
              target: ['./web/src/components', './web/src/api', './web/src/hooks', './web/src/i18n'],
              from: ['./web/src/features', './web/src/app'],
              message: 'shared client folders (components, api, hooks, i18n) must not import features or app/',
            },
            {
              target: './web/src/features',
              from: './web/src/app',
              message: 'a feature must not import app/ (router, shells, providers): app/ composes the features',
            },
            ...serverFeatures.map((name) => ({
              target: `${serverSrc}/${name}`,
              from: serverSrc,
              except: [`./${name}`, ...serverShared.map((entry) => `./${entry}`), ...(serverFeatureEdges[name] ?? []).map((entry) => `./${entry}`)],
              message:
                'a server feature imports the shared layers (db, http, forms, security, mail, jobs, push, metrics, time, rollups, i18n, spreadsheets, config) and the public modules listed in eslint.config.js, not other features',
            })),
            {
              target: serverShared.map((entry) => (entry.endsWith('.ts') ? `${serverSrc}/${entry}` : `${serverSrc}/${entry}/**/*`)),
              from: serverSrc,
              except: [...serverShared.map((entry) => `./${entry}`)],
              message: 'a shared server layer imports no feature: declare what it needs of one as an interface of its own',
            },
            {
              target: `${serverSrc}/!(demo)/**/*`,
              from: `${serverSrc}/demo`,
              message: 'only the demo imports the demo: production code must not depend on demo data',
            },
          ],
        },
      ],
    },
  },
  {
    // Plain scripts the page loads as they are (web/public/early-requests.js): a classic script in the browser.
    files: ['web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        { mode: 'jsx-only', 'jsx-attributes': { include: ['label', 'title', 'placeholder', 'alt', 'aria-label', 'helperText'] } },
      ],
    },
  },
  {
    // One way to show a date or time: components/dates/format.ts (with zone.ts, its time zone arithmetic) writes every
    // one in the formatting locale and on the company's clock. A direct Intl or toLocale* call shows the browser's
    // zone or locale instead, which is the defect this keeps out.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/components/dates/format.ts', 'web/src/components/dates/zone.ts', 'web/src/**/*.test.{ts,tsx}', 'web/src/**/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Intl'][property.name=/^(DateTimeFormat|RelativeTimeFormat)$/]",
          message: 'Show dates and times with components/dates/format.ts (useDateFormat() gives the language and the company zone).',
        },
        {
          selector: 'CallExpression > MemberExpression.callee[property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Show dates and times with components/dates/format.ts, numbers with Intl.NumberFormat in formattingLocale().',
        },
      ],
    },
  },
  {
    // Modules without JSX (chart options, formats, errors, hooks) put text on screen too: every string literal and
    // template is checked, and what is not human text passes (see humanText).
    files: ['web/src/**/*.ts'],
    ignores: [
      'web/src/**/*.test.ts',
      'web/src/**/test/**',
      // The terms of service are content written once per language (terms.<language>.ts), not UI text.
      'web/src/features/terms/content/**',
    ],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'all',
          'should-validate-template': true,
          words: { exclude: [notHumanText] },
          // Exception messages are for developers and logs; the UI shows a translated key for every error.
          callees: { exclude: [...i18nextDefaultCallees, 'Error', '[A-Z]\\w*Error', 'super'] },
        },
      ],
    },
  },
  // Layout is Prettier's (`npm run format`, checked by `npm run lint`): no lint rule argues with it.
  prettierConfig,
);
