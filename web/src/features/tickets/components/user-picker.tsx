import { AutoComplete } from 'primereact/autocomplete';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUsers } from '../api/get-users.ts';
import { isSearchable, SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../utils/ticket-filters.ts';

export interface PickedUser {
  id: number;
  name: string;
  email: string;
  queueIds: number[];
  online: boolean;
}

const none: PickedUser[] = [];

/** An agent chosen by name; the search starts at 3 characters, 500 ms after the last keystroke. */
export function UserPicker({ id, value, onChange }: { id: string; value: PickedUser | undefined; onChange: (user: PickedUser | undefined) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const users = useUsers(query, { enabled: isSearchable(query) });
  const suggestions = useMemo(() => (isSearchable(query) && users.data ? [...users.data.users] : none), [query, users.data]);
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
        } else onChange(e.value as PickedUser);
      }}
      itemTemplate={(u: PickedUser) => (
        <div className="picker-option">
          <span className="picker-option__name">
            <i className={`pi pi-circle-fill picker-option__presence${u.online ? ' picker-option__presence--on' : ''}`} aria-hidden="true" /> {u.name}
          </span>
          <span className="picker-option__meta">{u.email}</span>
        </div>
      )}
      placeholder={t('tickets.pickers.userPlaceholder', { min: SEARCH_MIN_CHARS })}
      emptyMessage={t('tickets.pickers.noUsers')}
      showEmptyMessage
      delay={SEARCH_DEBOUNCE_MS}
      minLength={SEARCH_MIN_CHARS}
      className="w-full"
      inputClassName="w-full"
      appendTo={document.body}
    />
  );
}
