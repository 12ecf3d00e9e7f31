// Lint rules for the whole monorepo: typescript-eslint's recommended set, strict on
// unused code and `any`; formatting is prettier's job, not ESLint's.
import js from '@eslint/js';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'infra/kafka/lib/**', 'frontend/dist/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Screens converted to the catalogues (issue 33 item 5): a literal text in their markup (JSX text)
  // fails the lint; widen the list as more screens are translated (frontend/src/i18n/index.ts).
  {
    files: [
      'frontend/src/components/{AreaShell,Footer,SkipLink,PublicPage,LanguageSwitch,LoginForm,GridForm,Loading}.tsx',
      'frontend/src/components/{ItemCard,ShopButtons,CartBadge,Rating,BuyBox,ItemFilters,ListControls,HeaderSearch}.tsx',
      'frontend/src/components/{DeliveryAddressStep,AddressForm}.tsx',
      'frontend/src/components/home/Showcase.tsx',
      'frontend/src/layouts/*.tsx',
      'frontend/src/pages/public/{Landing,Logins,ForgotPassword,CustomerRegistration}.tsx',
      'frontend/src/pages/customer/{Home,Browse,Cart,Checkout,Reviews}.tsx',
      'frontend/src/components/{ReviewCard,OrderCards,ReportPeriod,ReportButton}.tsx',
      'frontend/src/pages/seller/{ItemForm,Sales}.tsx',
    ],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-text-only',
          // Names that stay as they are in every language (brands, a licence, a repository).
          words: {
            exclude: ['[0-9!-/:-@[-`{-~·×\\s]+', '[A-Z_-]+', 'Facebook', 'Instagram', 'YouTube', 'stf-device-db', 'CC BY-SA 4\\.0'],
          },
        },
      ],
    },
  },
);
