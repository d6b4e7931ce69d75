/**
 * The tab list of a dialog or page: one button per tab, arrow keys move between them (lib/tabs-keyboard), and each
 * tab names the one panel it controls. Ids and test ids are `<idPrefix>-<tab>`; `extra` adds a mark after a label
 * (a tab holding errors, say).
 */
import type { ReactNode } from 'react';
import { onTabsKeyDown } from '../lib/tabs-keyboard.ts';
import './tab-strip.css';

export interface TabStripProps<T extends string> {
  tabs: readonly T[];
  active: T;
  onChange: (tab: T) => void;
  /** the accessible name of the list */
  label: string;
  labelOf: (tab: T) => string;
  idPrefix: string;
  panelId: string;
  className?: string;
  extra?: (tab: T) => ReactNode;
}

export const tabId = (idPrefix: string, tab: string): string => `${idPrefix}-${tab}`;

export function TabStrip<T extends string>({
  tabs,
  active,
  onChange,
  label,
  labelOf,
  idPrefix,
  panelId,
  className,
  extra,
}: TabStripProps<T>) {
  return (
    <div className={`tab-strip${className ? ` ${className}` : ''}`} role="tablist" aria-label={label} onKeyDown={onTabsKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={tabId(idPrefix, tab)}
          aria-selected={active === tab}
          aria-controls={panelId}
          tabIndex={active === tab ? 0 : -1}
          className={`tab-strip__tab${active === tab ? ' tab-strip__tab--active' : ''}`}
          onClick={() => onChange(tab)}
          data-testid={tabId(idPrefix, tab)}
        >
          {labelOf(tab)}
          {extra?.(tab)}
        </button>
      ))}
    </div>
  );
}
