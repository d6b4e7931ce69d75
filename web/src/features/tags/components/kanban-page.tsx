import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { can } from '@switchboard/shared/permissions';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useMemo, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ForbiddenPage } from '../../../components/forbidden-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { channelIcon } from '../../../lib/channel-icon.ts';
import { systemClock, type Clock } from '../../../lib/clock.ts';
import { usePlanFlag } from '../../../lib/plan.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useKanbanLanes } from '../api/get-kanban-lanes.ts';
import { useKanbanTickets, type BoardRange } from '../api/get-kanban-tickets.ts';
import { useMoveTicketLane } from '../api/move-ticket-lane.ts';
import { useTagsLiveUpdates } from '../hooks/use-tags-live-updates.ts';
import { buildBoard, localDay, shortText, type BoardLane } from '../utils/kanban-board.ts';
import { readableOn } from './tag-chip.tsx';
import { contactReference } from '../../../lib/contact-display.ts';
import './tags.css';

const DRAG_TYPE = 'application/x-switchboard-ticket';

/** /Kanban (spec document 2 "Tags and kanban lanes"): the plan's useKanban feature. */
export function KanbanPage({ clock = systemClock }: { clock?: Clock }) {
  const useKanban = usePlanFlag('useKanban');
  if (useKanban === undefined) return <PageLoader />;
  if (!useKanban) return <ForbiddenPage />;
  return <KanbanBoard clock={clock} />;
}

function KanbanBoard({ clock }: { clock: Clock }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const user = useCurrentUser();
  useDocumentTitle(t('tags.board.title'));
  useTagsLiveUpdates(user.companyId);
  const today = localDay(clock.now());
  const [draft, setDraft] = useState<BoardRange>({ startDate: today, endDate: today });
  const [range, setRange] = useState<BoardRange>(draft);
  const lanes = useKanbanLanes();
  const tickets = useKanbanTickets(range, clock.now().getTimezoneOffset());
  const move = useMoveTicketLane();
  const [dropTarget, setDropTarget] = useState<number | null | undefined>(undefined);

  const all = useMemo(() => tickets.data?.pages.flatMap((p) => p.tickets) ?? [], [tickets.data]);
  const board = useMemo(() => buildBoard(lanes.data?.lista ?? [], all, t('tags.board.defaultLane')), [lanes.data, all, t]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (draft.startDate && draft.endDate && draft.startDate <= draft.endDate) setRange({ ...draft });
  };

  const moveTo = (ticket: Ticket, from: number | null, to: number | null) => {
    if (from === to || move.isPending) return;
    move.mutate(
      { ticketId: ticket.id, laneId: to },
      {
        onSuccess: () => toast.success(to === null ? t('tags.board.removed') : t('tags.board.moved')),
        onError: (error) => toast.error(error),
      },
    );
  };

  const onDrop = (lane: BoardLane) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDropTarget(undefined);
    const [id, from] = (event.dataTransfer.getData(DRAG_TYPE) || '').split(':');
    const ticket = all.find((x) => String(x.id) === id);
    if (ticket) moveTo(ticket, from === 'null' ? null : Number(from), lane.id);
  };

  const mayAddColumns = can(buildViewer(user), 'dashboard:view');

  return (
    <section className="page kanban-page" data-testid="kanban-page">
      <PageHeader
        title={t('tags.board.title')}
        actions={
          mayAddColumns ? (
            <Button
              type="button"
              icon="pi pi-plus"
              label={t('tags.board.addColumns')}
              onClick={() => navigate('/TagsKanban')}
              data-testid="kanban-add-columns"
            />
          ) : undefined
        }
      />
      <form className="surface-panel kanban-filters" onSubmit={search}>
        <RangeDay
          bound="start"
          label={t('tags.board.startDate')}
          value={draft.startDate}
          max={draft.endDate}
          onChange={(startDate) => setDraft({ ...draft, startDate })}
        />
        <RangeDay
          bound="end"
          label={t('tags.board.endDate')}
          value={draft.endDate}
          min={draft.startDate}
          onChange={(endDate) => setDraft({ ...draft, endDate })}
        />
        <Button type="submit" icon="pi pi-search" label={t('tags.board.search')} data-testid="kanban-search" />
      </form>
      {lanes.isPending ? (
        <PageLoader />
      ) : (
        <div className="kanban-board" data-testid="kanban-board">
          {board.map((lane) => (
            <section
              key={lane.id ?? 'default'}
              className={`kanban-lane${dropTarget === lane.id ? ' kanban-lane--target' : ''}`}
              aria-labelledby={`kanban-lane-${lane.id ?? 'default'}-title`}
              onDragOver={(e) => {
                if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
                e.preventDefault();
                setDropTarget(lane.id);
              }}
              onDragLeave={() => setDropTarget(undefined)}
              onDrop={onDrop(lane)}
              data-testid={`kanban-lane-${lane.id ?? 'default'}`}
            >
              <header
                className="kanban-lane__header"
                style={lane.color ? { backgroundColor: lane.color, color: readableOn(lane.color) } : undefined}
              >
                <h2 id={`kanban-lane-${lane.id ?? 'default'}-title`} className="kanban-lane__title">
                  {lane.name}
                </h2>
                <span className="kanban-lane__count">{lane.tickets.length}</span>
              </header>
              <ul className="kanban-lane__cards">
                {lane.tickets.length === 0 ? <li className="kanban-lane__empty">{t('tags.board.empty')}</li> : null}
                {lane.tickets.map((ticket) => (
                  <KanbanCard key={ticket.id} ticket={ticket} lane={lane} lanes={board} onMove={moveTo} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      {tickets.hasNextPage ? (
        <div className="kanban-more">
          <Button
            type="button"
            text
            label={t('tags.board.loadMore')}
            loading={tickets.isFetchingNextPage}
            onClick={() => void tickets.fetchNextPage()}
            data-testid="kanban-load-more"
          />
        </div>
      ) : null}
    </section>
  );
}

/** One end of the board's date range: a labelled date input that the other end bounds. */
function RangeDay({
  bound,
  label,
  value,
  min,
  max,
  onChange,
}: {
  bound: 'start' | 'end';
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  const id = `kanban-${bound}`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <InputText
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
        data-testid={id}
      />
    </div>
  );
}

/** A ticket's card: number, contact, last message, channel, agent, 'Ver Ticket', and a Move menu for keyboard users. */
function KanbanCard({
  ticket,
  lane,
  lanes,
  onMove,
}: {
  ticket: Ticket;
  lane: BoardLane;
  lanes: BoardLane[];
  onMove: (t: Ticket, from: number | null, to: number | null) => void;
}) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  const menuId = `kanban-move-${ticket.id}`;
  const items: MenuItem[] = lanes
    .filter((l) => l.id !== lane.id)
    .map((l) => ({ label: t('tags.board.moveTo', { lane: l.name }), command: () => onMove(ticket, lane.id, l.id) }));
  return (
    <li
      className="kanban-card"
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, `${ticket.id}:${lane.id}`);
        e.dataTransfer.effectAllowed = 'move';
      }}
      data-testid={`kanban-card-${ticket.id}`}
    >
      <div className="kanban-card__top">
        <strong className="kanban-card__number">{t('tags.board.ticketNumber', { id: ticket.id })}</strong>
        <i
          className={`${channelIcon(ticket.channel)} kanban-card__channel`}
          role="img"
          aria-label={ticket.whatsapp.name}
          title={ticket.whatsapp.name}
        />
      </div>
      <div className="kanban-card__contact">
        <span className="kanban-card__name">{ticket.contact.name}</span>
        <span className="kanban-card__phone">{contactReference(ticket.contact)}</span>
      </div>
      {ticket.lastMessage ? <p className="kanban-card__message">{shortText(ticket.lastMessage)}</p> : null}
      <div className="kanban-card__bottom">
        <span className="kanban-card__user">
          <i className="pi pi-user" aria-hidden="true" /> {ticket.user?.name ?? t('tags.board.unassigned')}
        </span>
        <Menu model={items} popup ref={menu} id={menuId} />
        <Button
          type="button"
          text
          size="small"
          icon="pi pi-arrows-h"
          aria-label={t('tags.board.move', { id: ticket.id })}
          tooltip={t('tags.board.move', { id: ticket.id })}
          tooltipOptions={{ position: 'top' }}
          aria-haspopup="menu"
          aria-controls={menuId}
          onClick={(e) => menu.current?.toggle(e)}
          data-testid={`kanban-move-${ticket.id}`}
        />
        <Link
          to={`/tickets/${ticket.uuid}`}
          className="p-button p-button-sm p-button-outlined kanban-card__view"
          data-testid={`kanban-view-${ticket.id}`}
        >
          {t('tags.board.viewTicket')}
        </Link>
      </div>
    </li>
  );
}
