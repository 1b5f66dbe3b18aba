import { en, type Messages } from './en';

// TODO(translate): filled in below.
export const bn: Messages = { ...en };
