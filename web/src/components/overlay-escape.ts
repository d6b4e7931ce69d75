import { useEffect } from 'react';

/**
 * Escape inside an open dropdown closes the dropdown, not the dialog around it. PrimeReact's dropdown, multi-select,
 * autocomplete and date picker close their panel on Escape where the key is pressed, but let the key go on to the
 * document, where every open Dialog listens for it and closes too, losing what was typed. Whether a panel was open
 * is read before anything handles the key (a panel that closes starts its exit at once); once the control has had
 * the key, the key stops at the page's root element and never reaches the dialog's listener.
 */
const CONTROL = '.p-dropdown, .p-multiselect, .p-autocomplete, .p-calendar';
const PANEL = '.p-dropdown-panel, .p-multiselect-panel, .p-autocomplete-panel, .p-datepicker:not(.p-datepicker-inline)';

/** Whether a key pressed on `target` belongs to a control whose panel is open (the key pressed in the control or its panel). */
export const inOpenOverlay = (target: EventTarget | null): boolean => {
  if (!(target instanceof Element)) return false;
  if (target.closest(PANEL)) return true;
  const control = target.closest(CONTROL);
  return (
    control !== null &&
    (control.getAttribute('aria-expanded') === 'true' || control.querySelector('[aria-expanded="true"]') !== null)
  );
};

let installs = 0;
let uninstall: (() => void) | null = null;

/** Installs the rule on this document (once, however many callers); answers the function that takes it off again. */
export const keepEscapeInOverlays = (doc: Document = document): (() => void) => {
  if (installs++ === 0) {
    const view = doc.defaultView ?? window;
    const caught = new WeakSet<Event>();
    const mark = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && inOpenOverlay(event.target)) caught.add(event);
    };
    const stop = (event: KeyboardEvent) => {
      if (caught.has(event)) event.stopPropagation();
    };
    view.addEventListener('keydown', mark, true);
    doc.documentElement.addEventListener('keydown', stop);
    uninstall = () => {
      view.removeEventListener('keydown', mark, true);
      doc.documentElement.removeEventListener('keydown', stop);
    };
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--installs === 0) {
      uninstall?.();
      uninstall = null;
    }
  };
};

/** Keeps Escape in open dropdowns while the calling component is mounted. */
export const useOverlayEscape = (): void => {
  useEffect(() => keepEscapeInOverlays(), []);
};
