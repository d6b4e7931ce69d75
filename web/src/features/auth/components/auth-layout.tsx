import type { ReactNode } from 'react';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { AuthToolbar } from './auth-toolbar.tsx';

/** The frame of the public pages: a centred card with the brand, and language and theme controls. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth-page">
      <AuthToolbar />
      <main className="auth-card">
        <div className="auth-card__brand">
          <BrandMark />
        </div>
        <h1 className="auth-card__title">{title}</h1>
        {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
        {children}
        {footer ? <div className="auth-card__footer">{footer}</div> : null}
      </main>
    </div>
  );
}
