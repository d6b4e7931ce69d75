import type { PrimeReactPTOptions } from 'primereact/api';
import { primeTexts } from '../i18n/prime-texts.ts';
import { currentLanguage, i18n } from './i18n.ts';

interface Named {
  props: { ariaLabel?: string; placeholder?: string };
}

const rowsPerPage = () => primeTexts[currentLanguage()].aria.rowsPerPageLabel;

const nameOf = ({ props }: Named) => props.ariaLabel || props.placeholder || i18n.t('a11y.showOptions');

// a getter, not a function: PrimeReact evaluates a nested section's functions with the table's options, not the
// dropdown's, and drops them; a getter is read when the props are spread, at each render, in the language of then
const named = () => ({
  get 'aria-label'() {
    return rowsPerPage();
  },
});
const paginatorPt = { RPPDropdown: { input: named(), select: named(), trigger: named() } };

/**
 * Markup fixes for every PrimeReact component of the app, in one place:
 * - an InputSwitch is one control: PrimeReact marks its wrapper a checkbox around the real switch input, which
 *   screen readers announce twice (nested interactive);
 * - a Dropdown's hidden native select and its trigger get the dropdown's name, so neither is an unnamed control;
 * - a focused Dropdown's wrapper (a plain div) carries an `aria-activedescendant` naming no element; the combobox
 *   inside it carries the real one, so the wrapper's is dropped;
 * - the paginator's rows-per-page dropdown reads its name from a copy of PrimeReact's English texts bundled inside
 *   the paginator, which the app's locale does not reach: it is named here in the interface language.
 */
export const primePassThrough = {
  inputswitch: { root: { role: undefined, 'aria-checked': undefined } },
  dropdown: {
    root: { 'aria-activedescendant': undefined },
    select: (options: Named) => ({ 'aria-label': nameOf(options) }),
    trigger: (options: Named) => ({ 'aria-label': nameOf(options) }),
  },
  // a paginator alone, and the one a DataTable draws (which hands it the table's `paginator` section)
  paginator: paginatorPt,
  datatable: { paginator: paginatorPt },
} as unknown as PrimeReactPTOptions;
