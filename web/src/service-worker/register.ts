/**
 * Registers the installable app's service worker (/sw.js, made by the production build) once the page has
 * loaded, so it never competes with the first page's own downloads. Not in development (there is no /sw.js) and
 * not in the chat widget, which customers' sites frame.
 */
export const registerServiceWorker = (options: { production: boolean; path: string }): boolean => {
  if (!options.production || !('serviceWorker' in navigator) || options.path.startsWith('/widget')) return false;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  return true;
};
