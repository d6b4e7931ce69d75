import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { useInboxViewer } from '../hooks/use-inbox-viewer.ts';
import type { TicketHolder } from '../utils/ticket-holder.ts';
import type { TicketTab } from '../utils/ticket-filters.ts';
import { AcceptTicketDialog } from './accept-ticket-dialog.tsx';
import { AlreadyOpenDialog } from './already-open-dialog.tsx';
import { NewTicketDialog } from './new-ticket-dialog.tsx';
import { TransferTicketDialog } from './transfer-ticket-dialog.tsx';

/** The narrow-screen tabs: the open conversation ('Ticket') and the ticket list ('Servicios'). */
export type MobilePane = 'ticket' | 'list';

/** Where keyboard focus goes next: the conversation's heading once a ticket opens, the message box after Accept. */
export type FocusTarget = 'heading' | 'composer';
interface FocusRequest {
  target: FocusTarget;
  seq: number;
}

interface InboxUi {
  tab: TicketTab;
  setTab(tab: TicketTab): void;
  showClosed: boolean;
  setShowClosed(show: boolean): void;
  mobilePane: MobilePane;
  setMobilePane(pane: MobilePane): void;
  openNewTicket(): void;
  openAccept(ticket: Ticket): void;
  openTransfer(ticket: Ticket): void;
  /** The already-open answer: the holder's ticket opens when it is the user's own, otherwise a dialog names them. */
  showHolder(holder: TicketHolder): void;
  focusRequest: FocusRequest | null;
  /** Asks for focus on a target that may not be on screen yet; the latest request wins. */
  requestFocus(target: FocusTarget): void;
  focusDone(seq: number): void;
}

const InboxContext = createContext<InboxUi | null>(null);

/** The inbox's shared state (tabs, narrow-screen pane) and the dialogs any part of it can open. */
export function InboxProvider({ children, initialPane }: { children: ReactNode; initialPane: MobilePane }) {
  const viewer = useInboxViewer();
  const navigate = useNavigate();
  const [tab, setTabState] = useState<TicketTab>('open');
  const [showClosed, setShowClosed] = useState(false);
  const [mobilePane, setMobilePane] = useState<MobilePane>(initialPane);
  const [newTicket, setNewTicket] = useState(false);
  const [accepting, setAccepting] = useState<Ticket | undefined>(undefined);
  const [transferring, setTransferring] = useState<Ticket | undefined>(undefined);
  const [holder, setHolder] = useState<TicketHolder | undefined>(undefined);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const requestFocus = useCallback((target: FocusTarget) => setFocusRequest((r) => ({ target, seq: (r?.seq ?? 0) + 1 })), []);
  const focusDone = useCallback((seq: number) => setFocusRequest((r) => (r?.seq === seq ? null : r)), []);

  const setTab = useCallback((next: TicketTab) => {
    setTabState(next);
    setShowClosed(false);
  }, []);

  const showHolder = useCallback(
    (h: TicketHolder) => {
      if (h.userId === viewer.id) {
        setTab(h.status === 'group' ? 'group' : h.status === 'pending' ? 'pending' : 'open');
        navigate(`/tickets/${h.uuid}`);
        return;
      }
      setHolder(h);
    },
    [viewer.id, navigate, setTab],
  );

  const value = useMemo<InboxUi>(
    () => ({
      tab,
      setTab,
      showClosed,
      setShowClosed,
      mobilePane,
      setMobilePane,
      openNewTicket: () => setNewTicket(true),
      openAccept: setAccepting,
      openTransfer: setTransferring,
      showHolder,
      focusRequest,
      requestFocus,
      focusDone,
    }),
    [tab, setTab, showClosed, mobilePane, showHolder, focusRequest, requestFocus, focusDone],
  );

  return (
    <InboxContext.Provider value={value}>
      {children}
      <ConfirmDialog />
      <NewTicketDialog visible={newTicket} onHide={() => setNewTicket(false)} />
      {accepting ? <AcceptTicketDialog ticket={accepting} onHide={() => setAccepting(undefined)} /> : null}
      {transferring ? <TransferTicketDialog ticket={transferring} onHide={() => setTransferring(undefined)} /> : null}
      <AlreadyOpenDialog holder={holder} onHide={() => setHolder(undefined)} />
    </InboxContext.Provider>
  );
}

export const useInbox = (): InboxUi => {
  const value = useContext(InboxContext);
  if (!value) throw new Error('useInbox must be used inside InboxProvider');
  return value;
};

/** Focuses `ref` when the latest focus request names `target` and the element is on screen (outside an inbox, never). */
export const useFocusRequest = (target: FocusTarget, ref: RefObject<HTMLElement | null>, ready = true): void => {
  const inbox = useContext(InboxContext);
  const request = inbox?.focusRequest;
  const done = inbox?.focusDone;
  useEffect(() => {
    if (!ready || !request || request.target !== target || !ref.current) return;
    ref.current.focus();
    done?.(request.seq);
  }, [request, target, ref, ready, done]);
};
