import type { ReactNode } from 'react';

/** A centred icon, title and message for a view with nothing to show yet. */
export function EmptyState({
  icon,
  title,
  message,
  children,
}: {
  icon: string;
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <span className="empty-state__icon" aria-hidden="true">
        <i className={icon} />
      </span>
      <h2 className="empty-state__title">{title}</h2>
      <p className="empty-state__message">{message}</p>
      {children ? <div className="empty-state__actions">{children}</div> : null}
    </div>
  );
}
