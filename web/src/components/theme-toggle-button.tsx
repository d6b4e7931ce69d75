import { useTranslation } from 'react-i18next';
import { useTheme } from '../lib/theme.ts';
import { TopBarButton } from './top-bar-button.tsx';

/** Switches between the light and the dark theme; the choice is remembered in local storage. */
export function ThemeToggleButton() {
  const { t } = useTranslation();
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? t('shell.theme.toLight') : t('shell.theme.toDark');
  return (
    <TopBarButton
      icon={theme === 'dark' ? 'pi pi-sun' : 'pi pi-moon'}
      aria-label={label}
      aria-pressed={theme === 'dark'}
      tooltip={label}
      data-testid="theme-toggle"
      onClick={toggleTheme}
    />
  );
}
