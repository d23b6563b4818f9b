// One lint setup for every package: typescript-eslint's recommended rules, React hook rules for
// the frontend. Formatting is Prettier's job (`npm run format`), so no style rules here.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FRONTEND = 'frontend/src';
const features = readdirSync(`${FRONTEND}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The frontend's layers, one way only: shared code (components, lib, config, hooks, theme) →
 * features → app. A feature never imports another: what two features need moves down into the
 * shared code. Every folder under features/ is a feature, so a new one is covered by itself.
 */
const frontendLayers = [
  ...features.map((feature) => ({
    target: `${FRONTEND}/features/${feature}`,
    from: `${FRONTEND}/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need into shared code.',
  })),
  {
    target: `${FRONTEND}/features`,
    from: `${FRONTEND}/app`,
    message: 'Features do not import the app: the app composes them.',
  },
  {
    target: ['components', 'lib', 'config', 'hooks', 'theme'].map((shared) => `${FRONTEND}/${shared}`),
    from: [`${FRONTEND}/features`, `${FRONTEND}/app`],
    message: 'Shared code imports neither features nor the app.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: [`${FRONTEND}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: frontendLayers }],
    },
  },
);
