import {
  createTheme,
  Drawer,
  localStorageColorSchemeManager,
  type MantineColorsTuple,
  Modal,
  Notification,
  PasswordInput,
} from '@mantine/core';

/** The brand's gold (#f5b82e at 5) with darker shades for text and buttons on the light theme. */
const gold: MantineColorsTuple = [
  '#fff8e6',
  '#ffefc2',
  '#fde39a',
  '#fbd66f',
  '#f8c94a',
  '#f5b82e',
  '#d99a12',
  '#b07a0a',
  '#8a5d05',
  '#664300',
];

const font = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';

/**
 * The console's theme. Its labels for Mantine's own icon buttons (close, show password) come from
 * the console's texts, so the theme is made per language.
 */
export function consoleTheme(labels: { close: string; togglePassword: string }) {
  return createTheme({
    colors: { gold },
    primaryColor: 'gold',
    // Gold buttons with dark text on the dark theme; deep gold with white text on the light one (AA contrast).
    primaryShade: { light: 8, dark: 5 },
    autoContrast: true,
    defaultRadius: 'md',
    focusRing: 'auto',
    fontFamily: font,
    headings: { fontFamily: font },
    components: {
      Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': labels.close } } }),
      Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': labels.close } } }),
      Notification: Notification.extend({
        defaultProps: { closeButtonProps: { 'aria-label': labels.close } },
      }),
      PasswordInput: PasswordInput.extend({
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': labels.togglePassword } },
      }),
    },
  });
}

export const colorSchemeManager = localStorageColorSchemeManager({ key: 'sorte-console.color-scheme' });
