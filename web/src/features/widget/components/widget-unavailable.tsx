import { useTranslation } from 'react-i18next';

/** An unknown or disabled chat token: a friendly dead end instead of an error. */
export function WidgetUnavailable() {
  const { t } = useTranslation();
  return (
    <div className="widget widget--status" data-testid="widget-unavailable">
      <div className="widget-status">
        <span className="widget-status__icon" aria-hidden="true">
          <i className="pi pi-comments" />
        </span>
        <h1 className="widget-status__title">{t('widget.unavailable.title')}</h1>
        <p className="widget-status__text">{t('widget.unavailable.message')}</p>
      </div>
    </div>
  );
}
