import { Button, type ButtonProps } from 'primereact/button';
import type { ReactNode } from 'react';
import './top-bar-button.css';

export interface TopBarButtonProps extends ButtonProps {
  /** a small red count in the button's corner, shown when set and not empty (hidden from screen readers) */
  count?: ReactNode;
  /** the count's test id */
  countTestId?: string;
}

/**
 * A round, borderless icon button of the top bar (and of the drawer's controls on a phone); its tooltip, when it has
 * one, opens below it. Every other Button prop passes through.
 */
export function TopBarButton({ count, countTestId, className, children, ...props }: TopBarButtonProps) {
  const counted = count !== undefined;
  return (
    <Button
      type="button"
      text
      rounded
      severity="secondary"
      tooltipOptions={{ position: 'bottom' }}
      className={counted ? `${className ?? ''} top-bar-button--counted`.trim() : className}
      {...props}
    >
      {/* no children at all when there is nothing to show: PrimeReact draws an icon-only button only without them */}
      {children || count ? (
        <>
          {children}
          {count ? (
            <span className="top-bar-button__count" aria-hidden="true" data-testid={countTestId}>
              {count}
            </span>
          ) : null}
        </>
      ) : undefined}
    </Button>
  );
}
