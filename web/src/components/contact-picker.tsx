import type { Contact } from '@switchboard/shared/contracts/inbox';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../lib/api-client.ts';
import { contactReference } from '../lib/contact-display.ts';
import { isSearchable, SEARCH_MIN_CHARS } from '../lib/search-rules.ts';
import { SEARCH_DEBOUNCE_MS } from '../lib/use-debounced-value.ts';

/** What the picker shows and answers: enough of a contact to name it (a form may keep no more than this). */
type Picked = Pick<Contact, 'id' | 'name'> & Partial<Contact>;

const none: Picked[] = [];

/** The pickers' search: nothing is asked before 3 characters. */
const useContactSearch = (searchParam: string) =>
  useQuery({
    queryKey: ['contacts', 'search', searchParam.trim().toLowerCase()],
    queryFn: () => callRoute('contacts.list', { query: { searchParam: searchParam.trim(), rowsPerPage: 10 } }),
    enabled: isSearchable(searchParam),
    placeholderData: keepPreviousData,
  });

/**
 * A contact chosen by name or number (new ticket, forward, send contact, schedules); the search starts at 3
 * characters, 500 ms after the last keystroke.
 */
export function ContactPicker({
  id,
  value,
  onChange,
  autoFocus,
  invalid,
}: {
  id: string;
  value: Pick<Contact, 'id' | 'name'> | undefined;
  onChange: (contact: Contact | undefined) => void;
  autoFocus?: boolean;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const found = useContactSearch(query);
  // a new list for each answer: the autocomplete opens its panel when its suggestions change after a search
  const suggestions = useMemo<Picked[]>(() => (isSearchable(query) && found.data ? [...found.data.contacts] : none), [query, found.data]);
  return (
    <AutoComplete<Picked>
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
      itemTemplate={(c: Picked) => (
        <div className="picker-option">
          <span className="picker-option__name">{c.name}</span>
          <span className="picker-option__meta">{contactReference({ channel: c.channel ?? '', number: c.number ?? '', email: c.email, extraInfo: c.extraInfo })}</span>
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
      aria-invalid={invalid ? true : undefined}
    />
  );
}
