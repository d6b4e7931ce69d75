import { StatusPage } from './status-page.tsx';

/** The 403 page (spec document 1, section 2), with a way back to the inbox. */
export function ForbiddenPage() {
  return <StatusPage status="forbidden" />;
}
