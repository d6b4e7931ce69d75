import { StatusPage } from './status-page.tsx';

/** The 404 page, with a way back to the inbox. */
export function NotFoundPage() {
  return <StatusPage status="notFound" />;
}
