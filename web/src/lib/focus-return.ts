/**
 * Focus goes back to the control that opened a dialog, a drawer or a popup menu when it closes. PrimeReact removes
 * the overlay and leaves focus on the page body, so a keyboard user would start again from the top: this watches
 * for that and puts focus back on the last control focused outside any overlay, if it is still on the page.
 */
const OVERLAYS =
  '.p-dialog-mask, .p-dialog, .p-sidebar-mask, .p-sidebar, .p-menu-overlay, .p-tieredmenu-overlay, .p-overlaypanel, .p-confirm-popup, .p-dropdown-panel, .p-multiselect-panel';

export const installFocusReturn = (doc: Document = document): (() => void) => {
  let opener: HTMLElement | null = null;

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (target instanceof HTMLElement && target !== doc.body && !target.closest(OVERLAYS)) opener = target;
  };

  const restore = () => {
    const active = doc.activeElement;
    const lost = !active || active === doc.body || !active.isConnected;
    if (!lost || !opener || !opener.isConnected) return;
    // nothing else claimed focus: another overlay still open keeps it
    if (doc.querySelector('.p-dialog-mask, .p-sidebar-mask')) return;
    opener.focus({ preventScroll: true });
  };

  const observer = new MutationObserver((records) => {
    if (
      records.some((r) =>
        [...r.removedNodes].some((n) => n instanceof HTMLElement && (n.matches(OVERLAYS) || n.querySelector(OVERLAYS))),
      )
    ) {
      // after the overlay's own close handlers have run
      queueMicrotask(restore);
    }
  });

  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
};
