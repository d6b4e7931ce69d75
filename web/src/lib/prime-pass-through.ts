import type { PrimeReactPTOptions } from 'primereact/api';
import { i18n } from './i18n.ts';

interface Named {
  props: { ariaLabel?: string; placeholder?: string };
}

const nameOf = ({ props }: Named) => props.ariaLabel || props.placeholder || i18n.t('a11y.showOptions');

/**
 * Markup fixes for every PrimeReact component of the app, in one place:
 * - an InputSwitch is one control: PrimeReact marks its wrapper a checkbox around the real switch input, which
 *   screen readers announce twice (nested interactive);
 * - a Dropdown's hidden native select and its trigger get the dropdown's name, so neither is an unnamed control;
 * - a focused Dropdown's wrapper (a plain div) carries an `aria-activedescendant` naming no element; the combobox
 *   inside it carries the real one, so the wrapper's is dropped.
 */
export const primePassThrough = {
  inputswitch: { root: { role: undefined, 'aria-checked': undefined } },
  dropdown: {
    root: { 'aria-activedescendant': undefined },
    select: (options: Named) => ({ 'aria-label': nameOf(options) }),
    trigger: (options: Named) => ({ 'aria-label': nameOf(options) }),
  },
} as unknown as PrimeReactPTOptions;
