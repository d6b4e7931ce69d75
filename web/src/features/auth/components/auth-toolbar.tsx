import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LeanButton } from '../../../components/lean-controls.tsx';
import { currentLanguage, languages, setLanguage, type Language } from '../../../lib/i18n.ts';
import { useTheme } from '../../../lib/theme.ts';
import './auth-toolbar.css';

/**
 * The public pages' language and theme controls: the shell's LanguageSelector and ThemeToggleButton without
 * PrimeReact, which the sign-in page does not load. The menu has PrimeReact Menu's markup, so the theme styles it.
 */
function LanguageMenu() {
  const { t } = useTranslation();
  const active = currentLanguage();
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(0);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    list.current?.focus();
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const choose = (lng: Language) => {
    close();
    void setLanguage(lng);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const last = languages.length - 1;
    if (event.key === 'ArrowDown') setFocused((i) => (i === last ? 0 : i + 1));
    else if (event.key === 'ArrowUp') setFocused((i) => (i === 0 ? last : i - 1));
    else if (event.key === 'Home') setFocused(0);
    else if (event.key === 'End') setFocused(last);
    else if (event.key === 'Enter' || event.key === ' ') choose(languages[focused]!);
    else if (event.key === 'Escape') close();
    else {
      if (event.key === 'Tab') setOpen(false);
      return;
    }
    event.preventDefault();
  };

  return (
    <div className="auth-language" ref={wrapper}>
      <LeanButton
        ref={button}
        text
        severity="secondary"
        icon="pi pi-language"
        label={t(`languages.${active}`)}
        // the name holds the visible text, so a person who says what they see reaches the button (WCAG 2.5.3)
        aria-label={`${t('shell.language')}: ${t(`languages.${active}`)}`}
        aria-haspopup="menu"
        aria-controls="language-menu"
        aria-expanded={open}
        data-testid="language-button"
        onClick={() => {
          setFocused(languages.indexOf(active));
          setOpen((o) => !o);
        }}
      />
      {open ? (
        <div id="language-menu" className="p-menu p-component p-menu-overlay auth-language__menu">
          <ul
            ref={list}
            className="p-menu-list p-reset"
            role="menu"
            tabIndex={0}
            aria-label={t('shell.language')}
            aria-activedescendant={`language-menu_${focused}`}
            onKeyDown={onKeyDown}
          >
            {languages.map((lng, i) => (
              <li
                key={lng}
                id={`language-menu_${i}`}
                role="menuitem"
                aria-label={t(`languages.${lng}`)}
                className={['p-menuitem', lng === active && 'menu-item--active', i === focused && 'p-focus']
                  .filter(Boolean)
                  .join(' ')}
                onClick={() => choose(lng)}
              >
                <div className="p-menuitem-content">
                  <span className="p-menuitem-link">
                    <span className={`p-menuitem-icon pi ${lng === active ? 'pi-check' : 'pi-fw'}`} aria-hidden="true" />
                    <span className="p-menuitem-text">{t(`languages.${lng}`)}</span>
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? t('shell.theme.toLight') : t('shell.theme.toDark');
  return (
    <LeanButton
      text
      rounded
      severity="secondary"
      icon={theme === 'dark' ? 'pi pi-sun' : 'pi pi-moon'}
      aria-label={label}
      aria-pressed={theme === 'dark'}
      title={label}
      data-testid="theme-toggle"
      onClick={toggleTheme}
    />
  );
}

export function AuthToolbar() {
  return (
    <div className="auth-page__toolbar">
      <LanguageMenu />
      <ThemeToggle />
    </div>
  );
}
