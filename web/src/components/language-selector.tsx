import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, languages, setLanguage } from '../lib/i18n.ts';

/** Interface language picker; the choice is remembered in local storage. */
export function LanguageSelector({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  const active = currentLanguage();
  const items: MenuItem[] = languages.map((lng) => ({
    label: t(`languages.${lng}`),
    icon: lng === active ? 'pi pi-check' : 'pi pi-fw',
    className: lng === active ? 'menu-item--active' : undefined,
    command: () => void setLanguage(lng),
  }));
  return (
    <>
      <Menu model={items} popup ref={menu} id="language-menu" popupAlignment="right" />
      <Button
        type="button"
        text
        rounded={!showLabel}
        severity="secondary"
        icon="pi pi-language"
        label={showLabel ? t(`languages.${active}`) : undefined}
        aria-label={showLabel ? `${t('shell.language')}: ${t(`languages.${active}`)}` : t('shell.language')}
        aria-haspopup="menu"
        aria-controls="language-menu"
        tooltip={showLabel ? undefined : t('shell.language')}
        tooltipOptions={{ position: 'bottom' }}
        data-testid="language-button"
        onClick={(e) => menu.current?.toggle(e)}
      />
    </>
  );
}
