import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { useCurrentUser, useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUpdateTicketsWidth } from '../api/update-tickets-width.ts';
import { useInboxViewer } from '../hooks/use-inbox-viewer.ts';
import { usePendingAnnouncer } from '../hooks/use-pending-announcer.ts';
import { useReplyOutbox } from '../hooks/use-reply-outbox.ts';
import { useTicketListSync } from '../hooks/use-ticket-list-sync.ts';
import { onTabsKeyDown } from '../../../lib/tabs-keyboard.ts';
import { useElementWidth } from '../hooks/use-element-width.ts';
import { clampPaneWidth, inboxLayout, MAX_PANE_WIDTH, MIN_PANE_WIDTH } from '../utils/pane-width.ts';
import { Conversation } from './conversation.tsx';
import { InboxProvider, useInbox } from './inbox-context.tsx';
import { NoTicketSelected } from './no-ticket-selected.tsx';
import { TicketsManager } from './tickets-manager.tsx';
// in this order: each sheet may override the ones above it, the narrow screens' last
import './inbox.css';
import './inbox-list.css';
import './inbox-conversation.css';
import './inbox-composer.css';
import './inbox-dialogs.css';
import './contact-drawer.css';
import './inbox-narrow.css';

/**
 * /tickets and /tickets/{uuid} (spec document 1, section 2): the ticket list and the open conversation side by
 * side, or one at a time on narrow screens. /tickets/undefined (a link built from a missing uuid) goes back.
 * `welcome` shows in the conversation pane while no ticket is chosen.
 */
export function TicketsPage({ welcome }: { welcome?: ReactNode } = {}) {
  const { t } = useTranslation();
  const { ticketUuid } = useParams();
  useDocumentTitle(t('tickets.title'));
  if (ticketUuid === 'undefined') return <Navigate to="/tickets" replace />;
  return (
    <InboxProvider initialPane={ticketUuid ? 'ticket' : 'list'}>
      <Inbox uuid={ticketUuid} welcome={welcome} />
    </InboxProvider>
  );
}

function Inbox({ uuid, welcome }: { uuid: string | undefined; welcome?: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const viewer = useInboxViewer();
  const inbox = useInbox();
  // the replies kept from an earlier visit are sent while the inbox is open, whichever conversation is
  useReplyOutbox();
  const container = useRef<HTMLElement>(null);
  const available = useElementWidth(container, window.innerWidth);
  // the width the user chose for the list; the layout narrows it when the screen is short of room
  const [preferred, setPreferred] = useState(() => clampPaneWidth(user.defaultTicketsManagerWidth));
  const { narrow, listWidth } = inboxLayout(available, preferred);
  const { setMobilePane } = inbox;
  useTicketListSync(viewer);
  const announcement = usePendingAnnouncer(viewer);
  // the page's heading (the list and the conversation have their own) and its live region
  const announcer = (
    <>
      <h1 className="sr-only">{t('tickets.title')}</h1>
      <div className="sr-only" role="status" aria-live="polite" data-testid="inbox-announcer">
        {announcement}
      </div>
    </>
  );

  // choosing a ticket shows it; leaving it shows the list again
  useEffect(() => {
    setMobilePane(uuid ? 'ticket' : 'list');
  }, [uuid, setMobilePane]);

  const conversation = uuid ? (
    <Conversation key={uuid} uuid={uuid} />
  ) : (
    <NoTicketSelected narrow={narrow} onSelect={() => setMobilePane('list')} welcome={welcome} />
  );

  if (narrow) {
    return (
      <section className="inbox inbox--narrow" data-testid="tickets-page" ref={container}>
        <div className="inbox__switch" role="tablist" aria-label={t('tickets.title')} onKeyDown={onTabsKeyDown}>
          {(['ticket', 'list'] as const).map((pane) => (
            <button
              key={pane}
              type="button"
              role="tab"
              aria-selected={inbox.mobilePane === pane}
              aria-controls="inbox-pane"
              id={`inbox-pane-${pane}`}
              tabIndex={inbox.mobilePane === pane ? 0 : -1}
              className={`inbox__switch-tab${inbox.mobilePane === pane ? ' inbox__switch-tab--active' : ''}`}
              onClick={() => setMobilePane(pane)}
              data-testid={`mobile-tab-${pane}`}
            >
              <i className={pane === 'ticket' ? 'pi pi-comments' : 'pi pi-list'} aria-hidden="true" />
              {pane === 'ticket' ? t('tickets.mobile.ticket') : t('tickets.mobile.list')}
            </button>
          ))}
        </div>
        {announcer}
        <div
          className="inbox__pane inbox__pane--single"
          id="inbox-pane"
          role="tabpanel"
          aria-labelledby={`inbox-pane-${inbox.mobilePane}`}
        >
          {inbox.mobilePane === 'list' ? <TicketsManager selectedUuid={uuid} /> : conversation}
        </div>
      </section>
    );
  }

  return (
    <section className="inbox" data-testid="tickets-page" ref={container}>
      {announcer}
      <ResizableListPane selectedUuid={uuid} width={listWidth} onResize={setPreferred} />
      <div className="inbox__pane inbox__pane--chat">{conversation}</div>
    </section>
  );
}

const KEY_STEP = 16;

/** The list pane, its width dragged between 404 and 700 px and saved for the user when the drag ends. */
function ResizableListPane({
  selectedUuid,
  width,
  onResize,
}: {
  selectedUuid: string | undefined;
  width: number;
  onResize: (width: number) => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { setUser } = useSession();
  const saveWidth = useUpdateTicketsWidth();
  const setWidth = onResize;
  const drag = useRef<{ startX: number; startWidth: number } | undefined>(undefined);
  const current = useRef(width);
  current.current = width;

  const save = useCallback(
    (next: number) => {
      if (next === user.defaultTicketsManagerWidth) return;
      saveWidth.mutate(
        { userId: user.id, width: next },
        { onSuccess: () => setUser({ ...user, defaultTicketsManagerWidth: next }) },
      );
    },
    [saveWidth, setUser, user],
  );

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { startX: e.clientX, startWidth: current.current };
    e.currentTarget.setPointerCapture(e.pointerId);
    document.body.classList.add('inbox-resizing');
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setWidth(clampPaneWidth(drag.current.startWidth + e.clientX - drag.current.startX));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = undefined;
    e.currentTarget.releasePointerCapture(e.pointerId);
    document.body.classList.remove('inbox-resizing');
    save(current.current);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const delta = e.key === 'ArrowLeft' ? -KEY_STEP : e.key === 'ArrowRight' ? KEY_STEP : 0;
    if (!delta) return;
    e.preventDefault();
    const next = clampPaneWidth(current.current + delta);
    setWidth(next);
    save(next);
  };

  return (
    <>
      <div className="inbox__pane inbox__pane--list" style={{ width }} data-testid="ticket-list-pane">
        <TicketsManager selectedUuid={selectedUuid} />
      </div>
      <div
        className="inbox__resizer"
        role="separator"
        aria-orientation="vertical"
        aria-label={t('tickets.resize')}
        aria-valuemin={MIN_PANE_WIDTH}
        aria-valuemax={MAX_PANE_WIDTH}
        aria-valuenow={width}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        data-testid="pane-resizer"
      />
    </>
  );
}
