import { errorStatus } from '@switchboard/shared/errors';
import { menu, type MenuItem } from '@switchboard/shared/permissions';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { es } from './es.ts';
import { lazySectionLoaders, lazySections } from './lazy-sections.ts';
import { pt as eagerPt } from './pt.ts';
import { tr } from './tr.ts';

type Tree = { [key: string]: string | Tree };

const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));

const valueAt = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Tree)[k] : undefined), tree);

// the Portuguese dictionary whole: what ships with the app and the sections the administration pages load
const pt = {
  ...eagerPt,
  ...Object.fromEntries(await Promise.all(lazySections.map(async (s) => [s, await lazySectionLoaders[s]()]))),
};
const dictionaries = { pt, es, en, tr } as unknown as Record<string, Tree>;
const reference = keysOf(pt as Tree).sort();

describe('the four dictionaries', () => {
  it.each(Object.keys(dictionaries))('%s has exactly the keys of pt, recursively', (lng) => {
    expect(keysOf(dictionaries[lng]!).sort()).toEqual(reference);
  });

  it.each(Object.keys(dictionaries))('%s has no empty text', (lng) => {
    for (const key of keysOf(dictionaries[lng]!)) expect(String(valueAt(dictionaries[lng]!, key)).trim(), key).not.toBe('');
  });

  it("translate every code of the spec's error catalogue (document 1, section 8)", () => {
    const specCodes = [
      'ERR_NO_OTHER_WHATSAPP',
      'ERR_NO_DEF_WAPP_FOUND',
      'ERR_WAPP_NOT_INITIALIZED',
      'ERR_WAPP_CHECK_CONTACT',
      'ERR_WAPP_INVALID_CONTACT',
      'ERR_WAPP_DOWNLOAD_MEDIA',
      'ERR_INVALID_CREDENTIALS',
      'ERR_SENDING_WAPP_MSG',
      'ERR_DELETE_WAPP_MSG',
      'ERR_OTHER_OPEN_TICKET',
      'ERR_SESSION_EXPIRED',
      'ERR_USER_CREATION_DISABLED',
      'ERR_NO_PERMISSION',
      'ERR_DUPLICATED_CONTACT',
      'ERR_NO_SETTING_FOUND',
      'ERR_NO_CONTACT_FOUND',
      'ERR_NO_TICKET_FOUND',
      'ERR_NO_USER_FOUND',
      'ERR_NO_WAPP_FOUND',
      'ERR_CREATING_MESSAGE',
      'ERR_CREATING_TICKET',
      'ERR_FETCH_WAPP_MSG',
      'ERR_QUEUE_COLOR_ALREADY_EXISTS',
      'ERR_WAPP_GREETING_REQUIRED',
      'ERR_OUT_OF_HOURS',
    ];
    for (const code of specCodes) {
      expect(Object.keys(errorStatus)).toContain(code);
      expect(reference).toContain(`errors.${code}`);
    }
  });

  it('translate every code the server answers with, so no toast shows a raw code', () => {
    expect(Object.keys(errorStatus).filter((code) => !reference.includes(`errors.${code}`))).toEqual([]);
  });

  it("translate only codes that exist (the catalogue or the client's own)", () => {
    const known = new Set([...Object.keys(errorStatus), 'ERR_NETWORK', 'ERR_TIMEOUT', 'ERR_CANCELED']);
    const translated = reference.filter((k) => k.startsWith('errors.ERR_')).map((k) => k.slice('errors.'.length));
    expect(translated.filter((code) => !known.has(code))).toEqual([]);
  });

  it('name every entry of the product menu', () => {
    const labels = (items: readonly MenuItem[]): string[] => items.flatMap((i) => [i.label, ...labels(i.children ?? [])]);
    for (const label of labels(menu)) expect(reference).toContain(label);
  });

  it("keep the specification's quoted texts verbatim in every language", () => {
    const literal: Record<string, string> = {
      'forbidden.message': 'Oops! Accesso denegado!',
      'auth.sessionReplaced': 'Se ha accedido a tu cuenta desde otro ordenador.',
      'auth.forgot.notFound': 'Email não encontrado',
      'auth.forgot.sent': 'Correo electrónico enviado correctamente',
      'auth.reset.done': 'Se ha restablecido la contraseña',
      'validation.required': 'Obrigatório',
      'validation.tooShort': 'Too Short!',
      'validation.tooLong': 'Too Long!',
      'validation.emailInvalid': 'Email inválido',
      'validation.invalidEmail': 'Invalid email',
      'validation.requiredEn': 'Required',
      'validation.fieldRequired': 'Campo obligatorio',
      'validation.passwordsMismatch': 'Las contraseñas no coinciden',
      'errors.generic': 'An error occurred!',
      'errors.ERR_INVALID_TOKEN': 'Token invalid, contact the platform administrator',
      'dashboard.filter.toggle': 'Parametrizar el filtro',
      'dashboard.charts.loadFailed': 'Error al obtener la información del billete',
    };
    for (const [lng, dictionary] of Object.entries(dictionaries)) {
      for (const [key, text] of Object.entries(literal)) expect(valueAt(dictionary, key), `${lng} ${key}`).toBe(text);
    }
  });
});

/** The web app's sources, whether the tests run from the repository or from web/. */
const webSrc = (exists: (path: string) => boolean): string =>
  [`${process.cwd()}/web/src`, `${process.cwd()}/src`].find((dir) => exists(`${dir}/i18n/pt.ts`)) ?? `${process.cwd()}/src`;

describe('the administration texts loaded with their pages', () => {
  it('are not in the first download', async () => {
    // (the loaded sections are merged into the same object at run time: the module's own imports tell)
    const { existsSync, readFileSync } = await import('node:fs');
    const source = readFileSync(webSrc(existsSync) + '/i18n/pt.ts', 'utf8');
    expect(source).not.toMatch(/from '\.\/(connections|queues|tags|files|users|settings|weekly-hours)\//);
  });

  it('are used only by the pages that load them', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join, relative } = await import('node:path');
    const root = webSrc((await import('node:fs')).existsSync);
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
      });
    // the features whose routes load the sections, and the editor only their pages use
    const loading =
      /^(features\/(connections|queues|tags|files|users|settings|reports|audit-log|announcements|helps|dashboard|subscription|contact-lists|messages-api|campaigns|flows|flow-campaigns|prompts|queue-integrations)\/|components\/weekly-hours-editor\.tsx$|i18n\/)/;
    const key = new RegExp(`\\bt\\(\\s*['"\`](${lazySections.join('|')})\\.`);
    const offenders = files(root)
      .map((f) => relative(root, f))
      .filter((f) => !loading.test(f) && key.test(readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
