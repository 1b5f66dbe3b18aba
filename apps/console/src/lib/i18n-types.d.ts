import 'i18next';
import type { en } from '../locales/en';

// t() accepts only keys of the English catalog (a typo fails the typecheck).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
