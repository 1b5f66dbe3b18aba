import { fileURLToPath } from 'node:url';

/**
 * `react-i18next` resolved to the site's own, lighter binding of i18next (src/lib/i18n-react.ts says
 * why), in the build, the dev server and the unit tests alike. Types still come from react-i18next.
 */
export const i18nAlias = {
  find: /^react-i18next$/,
  replacement: fileURLToPath(new URL('../src/lib/i18n-react.ts', import.meta.url)),
};
