/*
 * Switchboard website chat: embed on any site with
 *   <script src="https://<switchboard host>/widget.js" data-token="<widget key>" async></script>
 * Optional: data-color="#rrggbb" (launcher colour when the chat's settings cannot be read), data-position="left".
 * Adds a floating launcher button that opens the chat (/widget/<token> on the Switchboard host) in an iframe:
 * 380x560 at the bottom right, full screen on screens under 480 px. The launcher is drawn once the chat's settings
 * have given its colour, so it never shows another one first. Texts follow the page's <html lang>, then the
 * browser's languages. No dependencies; the only global is window.SwitchboardWidget ({ open, close, toggle }).
 */
/* global window, document */
(function () {
  'use strict';

  var NS = 'SwitchboardWidget';
  var PREFIX = 'switchboard-widget:';
  if (window[NS] && window[NS].loaded) return;

  var script = document.currentScript;
  if (!script) {
    var candidates = document.querySelectorAll('script[data-token][src*="widget.js"]');
    script = candidates[candidates.length - 1];
  }
  if (!script) return;
  var token = script.getAttribute('data-token');
  if (!token || !/^[A-Za-z0-9_-]{16,64}$/.test(token)) {
    if (window.console) console.warn('[switchboard] widget.js needs a valid data-token attribute');
    return;
  }
  var origin = new URL(script.src, window.location.href).origin;
  var left = script.getAttribute('data-position') === 'left';
  var color = /^#[0-9a-fA-F]{6}$/.test(script.getAttribute('data-color') || '') ? script.getAttribute('data-color') : '#6366f1';

  var texts = {
    pt: { open: 'Abrir o chat', close: 'Fechar o chat', title: 'Chat' },
    es: { open: 'Abrir el chat', close: 'Cerrar el chat', title: 'Chat' },
    en: { open: 'Open chat', close: 'Close chat', title: 'Chat' },
    tr: { open: 'Sohbeti aç', close: 'Sohbeti kapat', title: 'Sohbet' },
  };
  var pageLang = (document.documentElement.getAttribute('lang') || '').trim();
  var langs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'pt'];
  if (pageLang) langs = [pageLang].concat(Array.prototype.slice.call(langs));
  var text = texts.pt;
  for (var i = 0; i < langs.length; i++) {
    var primary = String(langs[i]).toLowerCase().split(/[-_]/)[0];
    if (texts[primary]) {
      text = texts[primary];
      break;
    }
  }

  var side = left ? 'left' : 'right';
  var css =
    '.sbw-launcher{position:fixed;bottom:20px;' +
    side +
    ':20px;z-index:2147483000;width:56px;height:56px;border:0;border-radius:50%;' +
    'background:var(--sbw-color);color:var(--sbw-on-color,#fff);cursor:pointer;box-shadow:0 6px 20px rgba(15,23,42,.28);display:flex;align-items:center;' +
    'justify-content:center;padding:0;transition:transform .15s ease}' +
    '.sbw-launcher:hover{transform:scale(1.06)}' +
    '.sbw-launcher:focus-visible{outline:3px solid var(--sbw-color);outline-offset:3px}' +
    '.sbw-launcher svg{width:26px;height:26px;fill:currentColor}' +
    '.sbw-launcher .sbw-icon-close{display:none}' +
    '.sbw-open .sbw-launcher .sbw-icon-chat{display:none}' +
    '.sbw-open .sbw-launcher .sbw-icon-close{display:block}' +
    '.sbw-dot{position:absolute;top:2px;right:2px;width:14px;height:14px;border-radius:50%;background:#ef4444;border:2px solid #fff;display:none}' +
    '.sbw-unread .sbw-dot{display:block}' +
    '.sbw-frame{position:fixed;bottom:88px;' +
    side +
    ':20px;z-index:2147483000;width:380px;height:560px;max-height:calc(100vh - 108px);' +
    'border:0;border-radius:16px;background:#fff;box-shadow:0 12px 48px rgba(15,23,42,.28);display:none}' +
    '.sbw-open .sbw-frame{display:block}' +
    '@media (max-width:479.98px){.sbw-frame{top:0;left:0;right:0;bottom:0;width:100%;height:100%;max-height:none;border-radius:0}' +
    '.sbw-open .sbw-launcher{display:none}}';

  var root = document.createElement('div');
  root.className = 'sbw-root';
  root.setAttribute('data-switchboard-widget', '');
  root.style.setProperty('--sbw-color', color);

  var style = document.createElement('style');
  style.textContent = css;

  var launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.className = 'sbw-launcher';
  launcher.setAttribute('aria-label', text.open);
  launcher.setAttribute('aria-expanded', 'false');
  launcher.innerHTML =
    '<svg class="sbw-icon-chat" viewBox="0 0 24 24" aria-hidden="true"><path d="M20 2H4a2 2 0 0 0-2 2v18l4-4h14a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2zM6 9h12v2H6zm0-3h12v2H6zm0 6h8v2H6z"/></svg>' +
    '<svg class="sbw-icon-close" viewBox="0 0 24 24" aria-hidden="true"><path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z"/></svg>' +
    '<span class="sbw-dot" aria-hidden="true"></span>';

  var frame = null;
  var isOpen = false;

  function ensureFrame() {
    if (frame) return frame;
    frame = document.createElement('iframe');
    frame.className = 'sbw-frame';
    frame.title = text.title;
    // the chat speaks the page's language too; it cannot read this page itself
    frame.src = origin + '/widget/' + encodeURIComponent(token) + (pageLang ? '?lang=' + encodeURIComponent(pageLang) : '');
    frame.setAttribute('allow', 'clipboard-write');
    root.appendChild(frame);
    return frame;
  }

  function open() {
    ensureFrame();
    isOpen = true;
    root.classList.add('sbw-open');
    root.classList.remove('sbw-unread');
    launcher.setAttribute('aria-label', text.close);
    launcher.setAttribute('aria-expanded', 'true');
    try {
      frame.focus();
    } catch {
      // focus is a courtesy
    }
  }

  function close() {
    isOpen = false;
    root.classList.remove('sbw-open');
    launcher.setAttribute('aria-label', text.open);
    launcher.setAttribute('aria-expanded', 'false');
  }

  function toggle() {
    if (isOpen) close();
    else open();
  }

  launcher.addEventListener('click', toggle);

  // only the chat page in our own iframe may steer the launcher
  window.addEventListener('message', function (event) {
    if (!frame || event.source !== frame.contentWindow || event.origin !== origin) return;
    var data = event.data;
    if (!data || typeof data.type !== 'string' || data.type.indexOf(PREFIX) !== 0) return;
    var type = data.type.slice(PREFIX.length);
    if (type === 'close') {
      close();
      launcher.focus();
    } else if (type === 'message' && !isOpen) {
      root.classList.add('sbw-unread');
    } else if (type === 'ready' && typeof data.color === 'string') {
      paint(data.color);
    }
  });

  // WCAG contrast: white or near-black on the colour, as the chat's header does
  function onColorOf(hex) {
    function channel(i) {
      var c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
    var l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
    return 1.05 / (l + 0.05) >= (l + 0.05) / (0.0092 + 0.05) ? '#ffffff' : '#111827';
  }

  function paint(value) {
    if (typeof value !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(value)) return false;
    root.style.setProperty('--sbw-color', value);
    root.style.setProperty('--sbw-on-color', onColorOf(value));
    return true;
  }
  paint(color);

  var mounted = false;
  function mount() {
    if (mounted) return;
    mounted = true;
    root.appendChild(style);
    root.appendChild(launcher);
    document.body.appendChild(root);
  }

  function mountWhenReady() {
    if (document.body) mount();
    else document.addEventListener('DOMContentLoaded', mount);
  }

  // the chat's own colour first; a chat that cannot be reached still gets a launcher, in the fallback colour
  var waited = window.setTimeout(mountWhenReady, 4000);
  fetch(origin + '/api/webchat/' + encodeURIComponent(token), { credentials: 'omit', headers: { accept: 'application/json' } })
    .then(function (response) {
      return response.ok ? response.json() : null;
    })
    .then(function (settings) {
      if (settings) paint(settings.color);
    })
    .catch(function () {
      // the fallback colour stays
    })
    .then(function () {
      window.clearTimeout(waited);
      mountWhenReady();
    });

  window[NS] = { loaded: true, open: open, close: close, toggle: toggle };
})();
