import { renderSVG } from 'uqr';

/** The Pix code as a QR image address, drawn in the browser: dark modules on white, whatever the theme. */
export const pixQrSrc = (code: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(code, { border: 2, whiteColor: '#ffffff', blackColor: '#000000' }))}`;
