import { renderSVG } from 'uqr';

/**
 * The QR code of a WhatsApp pairing as an image address, drawn in the browser (the code never leaves it).
 * Black on white with a quiet zone, whatever the theme: phone cameras read dark modules on a light ground.
 */
export const qrImageSrc = (text: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(text, { border: 2, whiteColor: '#ffffff', blackColor: '#000000' }))}`;
