import { useTranslation } from 'react-i18next';
import { isEmbedded, notifyHost } from '../utils/host-messages.ts';

/**
 * The company's name on its colour; inside an iframe a close button folds the panel back into the launcher. A quick
 * answer is promised only while the company is attending: outside its hours the line says so instead.
 */
export function WidgetHeader({ companyName, open, live }: { companyName: string; open: boolean; live?: boolean }) {
  const { t } = useTranslation();
  const initial = companyName.trim().charAt(0).toUpperCase() || '?';
  return (
    <header className="widget-header">
      <span className="widget-header__avatar" aria-hidden="true">
        {initial}
      </span>
      <div className="widget-header__text">
        <h1 className="widget-header__name" data-testid="widget-company">
          {companyName}
        </h1>
        <p className="widget-header__status" data-testid="widget-status">
          {live === false ? (
            <>
              <span className="widget-header__dot widget-header__dot--off" aria-hidden="true" /> {t('widget.reconnecting')}
            </>
          ) : open ? (
            t('widget.subtitle')
          ) : (
            t('widget.closedNow')
          )}
        </p>
      </div>
      {isEmbedded() ? (
        <button
          type="button"
          className="widget-header__close"
          aria-label={t('widget.close')}
          onClick={() => notifyHost({ type: 'close' })}
        >
          <i className="pi pi-times" aria-hidden="true" />
        </button>
      ) : null}
    </header>
  );
}
