/**
 * The flow editor's simulator in a real browser: a flow with a text, a menu and its options, drawn but with one
 * option unlinked, is refused with the problems list; linked on the canvas (not saved), it runs: the admin plays a
 * customer named in the panel, sees the greeting with the name substituted, answers an invalid option (the menu
 * comes again), a valid one, skips an interval, and watches the path light up on the canvas. Screenshots under
 * test-results/flowsimulator-<nn>-<step>.png at 1440 px and 390 px.
 */
import type { FlowConnection, FlowNode } from '@switchboard/shared/flows/graph';
import { FLOW_INVALID_OPTION_TEXT } from '@switchboard/shared/flows/run';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl as productUrl, launchChromium, SHOTS } from './browser.ts';

const baseUrl = productUrl();
const run = Date.now().toString(36);
const PASSWORD = 'simulator-pass-12345';
const ADMIN = { name: 'Sofia Admin', email: `sofia-${run}@example.com` };
const SALES = 'Vendas: um momento, por favor.';
const LATER = 'Ainda está aí, ${firstName}?';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let flowId = 0;
const pageErrors: string[] = [];

const api = async <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> => {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
};

/** Waits for the page to settle (fonts, the canvas' pan and zoom still for a few frames), without a fixed sleep. */
const shot = async (nn: string, step: string) => {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const transform = () => document.querySelector('.react-flow__viewport')?.getAttribute('style') ?? '';
    for (let last = transform(), still = 0; still < 5;) {
      await new Promise((r) => requestAnimationFrame(r));
      const now = transform();
      still = now === last ? still + 1 : 0;
      last = now;
    }
  });
  await page.screenshot({ path: `${SHOTS}flowsimulator-${nn}-${step}.png` });
};

const at = (x: number, y: number) => ({ x, y });
const text = (id: string, label: string, x: number, y: number): FlowNode => ({
  id,
  type: 'message',
  position: at(x, y),
  data: { label },
});
const nodes: FlowNode[] = [
  { id: '1', type: 'start', position: at(0, 40), data: { label: 'Inicio' } },
  text('2', 'Olá ${firstName}! Bem-vindo à loja.', 280, 40),
  {
    id: '3',
    type: 'menu',
    position: at(560, 40),
    data: {
      message: 'Escolha uma opção:',
      arrayOption: [
        { number: 1, value: 'Vendas' },
        { number: 2, value: 'Suporte' },
      ],
    },
  },
  text('4', SALES, 860, -140),
  { id: '5', type: 'interval', position: at(1140, -140), data: { sec: 5 } },
  text('6', LATER, 1420, -140),
  text('7', 'Suporte: descreva o problema.', 860, 240),
];
const link = (source: string, target: string, sourceHandle = 'a'): FlowConnection => ({
  id: `e-${source}-${sourceHandle}-${target}`,
  source,
  target,
  sourceHandle,
});
// option 2 leads nowhere yet: the simulator refuses until it is linked on the canvas
const connections = [link('1', '2'), link('2', '3'), link('3', '4', 'a1'), link('4', '5'), link('5', '6')];

/** Links a node's output handle to another node's way in, by dragging. */
const drag = async (from: string, handle: string, to: string) => {
  const a = (await page.getByTestId(`flow-handle-${from}-${handle}`).boundingBox())!;
  const b = (await page.getByTestId(`flow-node-${to}`).locator('.react-flow__handle-left').boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
  await page.mouse.up();
};

const panel = () => page.getByTestId('flow-simulator');
const bot = (has: string) => panel().getByTestId('flow-simulator-bot').filter({ hasText: has });
const say = async (words: string) => {
  await page.getByTestId('flow-simulator-input').fill(words);
  await page.keyboard.press('Enter');
  await panel().getByTestId('flow-simulator-customer').filter({ hasText: words }).last().waitFor();
};
// the canvas follows the panel a render later: these poll
const simulationOf = (nodeId: string) =>
  expect.poll(() => page.getByTestId(`flow-node-${nodeId}`).getAttribute('data-simulation'));
const taken = () => expect.poll(() => page.locator('.react-flow__edge.flow-edge--taken').count());

beforeAll(async () => {
  const plans = await api<{ id: number }[]>('GET', '/plans/list');
  await api('POST', '/auth/signup', {
    name: ADMIN.name,
    companyName: `Loja Simulada ${run}`,
    email: ADMIN.email,
    password: PASSWORD,
    phone: '5511999990001',
    planId: plans[0]!.id,
  });
  const session = await api<{ token: string }>('POST', '/auth/login', { email: ADMIN.email, password: PASSWORD });
  const flow = await api<{ id: number }>('POST', '/flowbuilder', { name: `Simulação ${run}` }, session.token);
  flowId = flow.id;
  await api('POST', '/flowbuilder/flow', { idFlow: flowId, nodes, connections }, session.token);
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${baseUrl}/flowbuilder/${flowId}`);
  await page.waitForURL('**/login');
  await page.fill('#login-email', ADMIN.email);
  await page.fill('#login-password', PASSWORD);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('flow simulator', () => {
  it('refuses a flow that cannot run, with the problems list', async () => {
    if (!page.url().includes(`/flowbuilder/${flowId}`)) await page.goto(`${baseUrl}/flowbuilder/${flowId}`);
    await page.getByTestId('flow-node-7').waitFor();
    await page.getByTestId('flow-editor-simulate').click();
    const problems = page.getByTestId('flow-problems');
    await problems.waitFor();
    await expect(problems.getByText('O fluxo não pode ser testado assim').isVisible()).resolves.toBe(true);
    await expect(problems.getByText('A opção 2 não leva a nenhuma etapa').isVisible()).resolves.toBe(true);
    await expect(problems.getByText('Nenhuma ligação chega a esta etapa').isVisible()).resolves.toBe(true);
    // nothing to go ahead with: only Review
    await expect(page.getByTestId('flow-problems-save').count()).resolves.toBe(0);
    await shot('01', 'refused');
    await page.getByTestId('flow-problems-review').click();
    await problems.waitFor({ state: 'hidden' });
    await expect(panel().count()).resolves.toBe(0);
  });

  it('simulates the drawing as it is, unsaved link included: greeting, invalid option, valid option, the path lit up', async () => {
    await page.locator('.react-flow__controls-fitview').click();
    await drag('3', 'a2', '7');
    await expect(page.locator('.react-flow__edge').count()).resolves.toBe(6);
    await page.getByTestId('flow-editor-simulate').click();
    await panel().waitFor();
    await page.getByTestId('flow-simulator-name').fill('Rita Souza');
    await shot('02', 'ready');

    await say('Oi');
    await bot('Olá Rita! Bem-vindo à loja.').waitFor();
    await bot('[1] Vendas').waitFor();
    await simulationOf('3').toBe('current');
    await simulationOf('2').toBe('visited');
    await simulationOf('4').toBeNull();
    await taken().toBe(2);

    await say('9');
    await bot(FLOW_INVALID_OPTION_TEXT).waitFor();
    await expect(bot('[1] Vendas').count()).resolves.toBe(2);
    await simulationOf('3').toBe('current');

    await say('1');
    await bot(SALES).waitFor();
    await page
      .getByTestId('flow-simulator-wait')
      .getByText(/Aguardando \d s/)
      .waitFor();
    await simulationOf('5').toBe('current');
    await simulationOf('4').toBe('visited');
    await taken().toBe(4);
    await shot('03', 'waiting');

    await page.getByTestId('flow-simulator-skip').click();
    await bot('Ainda está aí, Rita?').waitFor();
    await panel().getByText('Espera de 5 s pulada').waitFor();
    await panel().getByText('Fim do fluxo: nenhuma ligação leva adiante.').waitFor();
    await simulationOf('6').toBe('current');
    await simulationOf('7').toBeNull();
    await taken().toBe(5);
    await expect(page.getByTestId('flow-simulator-input').count()).resolves.toBe(0);
    await shot('04', 'path-1440');
  });

  it('fits a phone: a full-width overlay that folds away to show the path', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    const box = (await panel().boundingBox())!;
    expect(box.width).toBeGreaterThan(340);
    await shot('05', 'panel-390');
    await page.getByTestId('flow-simulator-collapse').click();
    await expect(page.getByTestId('flow-simulator-log').isVisible()).resolves.toBe(false);
    await page.locator('.react-flow__controls-fitview').click();
    await shot('06', 'folded-390');
    await page.getByTestId('flow-simulator-collapse').click();
    await page.getByTestId('flow-simulator-log').waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('starts over on restart, and takes the path off the canvas when closed', async () => {
    await page.getByTestId('flow-simulator-restart').click();
    await expect(panel().getByTestId('flow-simulator-bot').count()).resolves.toBe(0);
    await expect.poll(() => page.locator('[data-simulation]').count()).toBe(0);
    await say('Olá');
    await bot('[2] Suporte').waitFor();
    await say('2');
    await bot('Suporte: descreva o problema.').waitFor();
    await simulationOf('7').toBe('current');
    await page.getByTestId('flow-simulator-close').click();
    await panel().waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-simulation]').count()).toBe(0);
    await taken().toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
