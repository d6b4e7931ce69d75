import type { Contact } from '@switchboard/shared/contracts/inbox';
import { AutoComplete } from 'primereact/autocomplete';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactSearch } from '../api/get-contacts.ts';
import { isSearchable, SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../utils/ticket-filters.ts';
import { contactReference } from '../../../lib/contact-display.ts';

const none: Contact[] = [];

/** A contact chosen by name or number; the search starts at 3 characters, 500 ms after the last keystroke. */
export function ContactPicker({
  id,
  value,
  onChange,
  autoFocus,
}: {
  id: string;
  value: Contact | undefined;
  onChange: (contact: Contact | undefined) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const found = useContactSearch(query);
  // a new list for each answer: the autocomplete opens its panel when its suggestions change after a search
  const suggestions = useMemo(() => (isSearchable(query) && found.data ? [...found.data.contacts] : none), [query, found.data]);
  return (
    <AutoComplete
      inputId={id}
      value={value ?? text}
      suggestions={suggestions}
      field="name"
      completeMethod={(e) => setQuery(e.query)}
      onChange={(e) => {
        if (typeof e.value === 'string') {
          setText(e.value);
          if (value) onChange(undefined);
        } else onChange(e.value as Contact);
      }}
      itemTemplate={(c: Contact) => (
        <div className="picker-option">
          <span className="picker-option__name">{c.name}</span>
          <span className="picker-option__meta">{contactReference(c)}</span>
        </div>
      )}
      placeholder={t('tickets.pickers.contactPlaceholder', { min: SEARCH_MIN_CHARS })}
      emptyMessage={t('tickets.pickers.noContacts')}
      showEmptyMessage
      delay={SEARCH_DEBOUNCE_MS}
      minLength={SEARCH_MIN_CHARS}
      autoFocus={autoFocus}
      className="w-full"
      inputClassName="w-full"
      appendTo={document.body}
    />
  );
}
