import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useTheme } from './use-theme';

export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? t('preferences.switchToLight') : t('preferences.switchToDark');
  return (
    <Button variant="ghost" className={className} onClick={toggleTheme} aria-label={label} title={label}>
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
    </Button>
  );
}
