/**
 * Messages from the widget page to the embedding script (public/widget.js) around it, when it runs in an
 * iframe: close the panel, or light the launcher when the company writes. They carry no data of the visitor,
 * so any parent origin may receive them.
 */
export const HOST_MESSAGE_PREFIX = 'switchboard-widget:';

export type HostMessage = { type: 'close' } | { type: 'message' } | { type: 'ready'; color: string; onColor: string };

export const isEmbedded = (): boolean => {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
};

export const notifyHost = (message: HostMessage): void => {
  if (!isEmbedded()) return;
  const { type, ...rest } = message;
  window.parent.postMessage({ ...rest, type: `${HOST_MESSAGE_PREFIX}${type}` }, '*');
};
