import type { Channel } from '@switchboard/shared/contracts/connections';
import type { Contact } from '@switchboard/shared/contracts/contacts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../lib/api-client.ts';
import { channelIcon } from '../lib/channel-icon.ts';
import { contactReference } from '../lib/contact-display.ts';
import {
  connectionListKey,
  getConnectionList,
  getQueueList,
  getTagList,
  getUserList,
  getUserPicks,
  queueListKey,
  tagListKey,
  userListKey,
  userPicksKey,
} from '../lib/lookups.ts';
import { isSearchable, SEARCH_MIN_CHARS } from '../lib/search-rules.ts';
import { SEARCH_DEBOUNCE_MS } from '../lib/use-debounced-value.ts';
import './picker.css';

/** The lists a picker chooses from, each read through its one lookup (lib/lookups.ts). */
export type PickerSource = 'queues' | 'tags' | 'lanes' | 'plainTags' | 'connections' | 'users';

/** One choice: what every lookup's items have, plus what some show (a colour dot, a channel icon). */
export interface PickerItem {
  id: number;
  name: string;
  color?: string;
  channel?: Channel;
  /** tags: how many contacts carry it (GET /tags/list) */
  contactCount?: number;
}

const FIVE_MINUTES = 5 * 60_000;

/** The query of a source: the lookup's own key and fetcher, so every picker and page share one cache entry. */
const lookupQuery = (source: PickerSource): { queryKey: readonly unknown[]; queryFn: () => Promise<readonly PickerItem[]> } => {
  switch (source) {
    case 'queues':
      return { queryKey: queueListKey, queryFn: getQueueList };
    case 'tags':
      return { queryKey: tagListKey(), queryFn: () => getTagList() };
    case 'lanes':
      return { queryKey: tagListKey(1), queryFn: () => getTagList(1) };
    case 'plainTags':
      return { queryKey: tagListKey(0), queryFn: () => getTagList(0) };
    case 'connections':
      return { queryKey: connectionListKey, queryFn: getConnectionList };
    case 'users':
      return { queryKey: userListKey, queryFn: getUserList };
  }
};

const usePickerItems = (source: PickerSource, arrange?: (items: PickerItem[]) => PickerItem[]) => {
  const query = useQuery({
    ...lookupQuery(source),
    staleTime: source === 'queues' || source === 'connections' ? FIVE_MINUTES : 60_000,
  });
  const items = useMemo(() => {
    const all = (query.data ?? []).map(({ id, name, color, channel, contactCount }) => ({
      id,
      name,
      color,
      channel,
      contactCount,
    }));
    return arrange ? arrange(all) : all;
  }, [query.data, arrange]);
  return { items, loading: query.isLoading };
};

/** A choice as a list shows it: a colour dot (queues, tags) or a channel icon (connections), then the name. */
export function PickerChoice({ item }: { item: PickerItem }) {
  return (
    <span className="picker-choice">
      {item.color ? <span className="picker-choice__dot" style={{ background: item.color }} aria-hidden="true" /> : null}
      {item.channel ? <i className={channelIcon(item.channel)} aria-hidden="true" /> : null}
      <span>{item.name}</span>
    </span>
  );
}

interface PickerCommon {
  source: PickerSource;
  /** the id of the focusable input, for a `<label htmlFor>` */
  inputId?: string;
  /** the accessible name when no label points at the picker */
  ariaLabel?: string;
  ariaLabelledBy?: string;
  ariaDescribedBy?: string;
  placeholder?: string;
  /** what an empty list says (default: no results) */
  emptyMessage?: string;
  /** keeps some of the lookup's items, in the order given (the viewer's queues, the other lanes, an agent's queues first) */
  arrange?: (items: PickerItem[]) => PickerItem[];
  /** choices listed before the lookup's (a "none" choice, whose id may be null) */
  leading?: (Omit<PickerItem, 'id'> & { id: number | null })[];
  /** a search box above the list (default: on) */
  searchable?: boolean;
  showClear?: boolean;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
  panelClassName?: string;
  appendTo?: 'self' | HTMLElement | null;
  itemTemplate?: (item: PickerItem) => ReactNode;
  testId?: string;
}

export interface SinglePickerProps extends PickerCommon {
  multiple?: false;
  value: number | null;
  onChange: (id: number | null) => void;
}

export interface MultiPickerProps extends PickerCommon {
  multiple: true;
  value: number[];
  onChange: (ids: number[]) => void;
  /** chips (default) or a comma list */
  display?: 'chip' | 'comma';
  maxSelectedLabels?: number;
  /** how a chosen id shows in the closed control (a summary instead of one chip each) */
  selectedItemTemplate?: (id: number | undefined) => ReactNode;
}

/**
 * The one control that picks one or many of the company's queues, tags, kanban lanes, connections or users: options from
 * the shared lookups, a search box, chips for a multiple choice, a loading and an empty state, and an accessible name.
 */
export function Picker(props: SinglePickerProps | MultiPickerProps) {
  const { t } = useTranslation();
  const { items, loading } = usePickerItems(props.source, props.arrange);
  const options = props.leading ? [...props.leading, ...items] : items;
  const template = props.itemTemplate ?? ((item: PickerItem) => <PickerChoice item={item} />);
  const common = {
    inputId: props.inputId,
    options,
    optionLabel: 'name',
    optionValue: 'id',
    filter: props.searchable ?? true,
    showClear: props.showClear,
    placeholder: props.placeholder,
    emptyMessage: loading ? t('common.loading') : (props.emptyMessage ?? t('a11y.noResults')),
    emptyFilterMessage: t('a11y.noResults'),
    itemTemplate: template,
    invalid: props.invalid,
    disabled: props.disabled,
    className: props.className,
    panelClassName: props.panelClassName,
    appendTo: props.appendTo,
    'aria-label': props.ariaLabelledBy ? undefined : props.ariaLabel,
    'aria-labelledby': props.ariaLabelledBy,
    'aria-describedby': props.ariaDescribedBy,
    'aria-invalid': props.invalid ? true : undefined,
    'aria-busy': loading ? true : undefined,
    'data-testid': props.testId,
  } as const;
  if (props.multiple) {
    return (
      <MultiSelect
        {...common}
        value={props.value}
        display={props.display ?? 'chip'}
        maxSelectedLabels={props.maxSelectedLabels}
        selectedItemTemplate={props.selectedItemTemplate}
        onChange={(e) => props.onChange((e.value as number[] | null) ?? [])}
      />
    );
  }
  return (
    <Dropdown
      {...common}
      value={props.value}
      valueTemplate={(item: PickerItem | null) => (item ? template(item) : (props.placeholder ?? '\u00a0'))}
      onChange={(e) => props.onChange((e.value as number | null | undefined) ?? null)}
    />
  );
}

// ----- searched on the server: contacts and users, by name, from 3 characters -----

/** What a searched picker answers: enough of a record to name it (a form may keep no more than this). */
export type PickedContact = Pick<Contact, 'id' | 'name'> & Partial<Contact>;
export interface PickedUser {
  id: number;
  name: string;
  email: string;
  queueIds: number[];
  online: boolean;
}

type SearchedSource =
  | { source: 'contacts'; value: PickedContact | undefined; onChange: (contact: Contact | undefined) => void }
  | { source: 'users'; value: PickedUser | undefined; onChange: (user: PickedUser | undefined) => void };

type Searched = PickedContact | PickedUser;

const searchQuery = (
  source: SearchedSource['source'],
  text: string,
): { queryKey: readonly unknown[]; queryFn: () => Promise<readonly Searched[]> } =>
  source === 'contacts'
    ? {
        queryKey: ['contacts', 'search', text.trim().toLowerCase()] as const,
        queryFn: async () =>
          (await callRoute('contacts.list', { query: { searchParam: text.trim(), rowsPerPage: 10 } })).contacts,
      }
    : { queryKey: userPicksKey(text), queryFn: async () => (await getUserPicks(text)).users };

const none: Searched[] = [];

/**
 * One contact or agent chosen by name (new ticket, transfer, forward, schedules, the report): the server is asked from
 * 3 characters on, 500 ms after the last keystroke; each choice shows its number or e-mail under the name.
 */
export function SearchPicker({
  id,
  autoFocus,
  invalid,
  ariaLabel,
  ...picked
}: { id: string; autoFocus?: boolean; invalid?: boolean; ariaLabel?: string } & SearchedSource) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const found = useQuery<readonly Searched[]>({
    ...searchQuery(picked.source, query),
    enabled: isSearchable(query),
    placeholderData: keepPreviousData,
  });
  // a new list for each answer: the autocomplete opens its panel when its suggestions change after a search
  const suggestions = useMemo(() => (isSearchable(query) && found.data ? [...found.data] : none), [query, found.data]);
  const contacts = picked.source === 'contacts';
  return (
    <AutoComplete
      inputId={id}
      value={picked.value ?? text}
      suggestions={suggestions}
      field="name"
      completeMethod={(e) => setQuery(e.query)}
      onChange={(e) => {
        if (typeof e.value === 'string') {
          setText(e.value);
          if (picked.value) picked.onChange(undefined);
        } else (picked.onChange as (v: unknown) => void)(e.value);
      }}
      itemTemplate={(item: Searched) => (
        <div className="picker-option">
          <span className="picker-option__name">
            {'online' in item ? (
              <i
                className={`pi pi-circle-fill picker-option__presence${item.online ? ' picker-option__presence--on' : ''}`}
                aria-hidden="true"
              />
            ) : null}{' '}
            {item.name}
          </span>
          <span className="picker-option__meta">
            {'online' in item
              ? item.email
              : contactReference({
                  channel: item.channel ?? '',
                  number: item.number ?? '',
                  email: item.email,
                  extraInfo: item.extraInfo,
                })}
          </span>
        </div>
      )}
      placeholder={t(contacts ? 'tickets.pickers.contactPlaceholder' : 'tickets.pickers.userPlaceholder', {
        min: SEARCH_MIN_CHARS,
      })}
      emptyMessage={
        found.isFetching ? t('common.loading') : t(contacts ? 'tickets.pickers.noContacts' : 'tickets.pickers.noUsers')
      }
      showEmptyMessage
      delay={SEARCH_DEBOUNCE_MS}
      minLength={SEARCH_MIN_CHARS}
      autoFocus={autoFocus}
      className="w-full"
      inputClassName="w-full"
      appendTo={document.body}
      aria-label={ariaLabel}
      aria-invalid={invalid ? true : undefined}
    />
  );
}
