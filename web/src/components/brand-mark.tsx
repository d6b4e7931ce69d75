import { useTranslation } from 'react-i18next';
import { useBrandLogo } from '../lib/branding.ts';

/** The white label's logo for the theme in use, or the product's mark, with the name; the name hides when `compact`. */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const logo = useBrandLogo();
  return (
    <span className="brand-mark" data-testid="brand-mark">
      {logo ? (
        // the name beside it (or for screen readers) says what it is
        <img className={compact ? 'brand-mark__image brand-mark__image--compact' : 'brand-mark__image'} src={logo} alt="" />
      ) : (
        <span className="brand-mark__logo" aria-hidden="true">
          <i className="pi pi-comments" />
        </span>
      )}
      {compact ? <span className="sr-only">{t('app.name')}</span> : <span className="brand-mark__name">{t('app.name')}</span>}
    </span>
  );
}
