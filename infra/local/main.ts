/**
 * `npm start`: the whole product on this machine. Environment: PORT (3000), HOST (127.0.0.1), DATA_DIR (.data),
 * ADMIN_EMAIL and ADMIN_PASSWORD (the seeded super admin; a random password is printed otherwise), PUBLIC_URL (the
 * address others reach this install at; the gateway's own otherwise), TENANT_URLS_PRIVATE (allow on loopback, deny
 * when HOST opens the gateway to a network or PUBLIC_URL is not this machine, unless set).
 */
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { javaProblem } from './dynamodb-local.ts';
import { describeTenantUrlPolicy } from './exposure.ts';
import { repoRoot, startRuntime } from './runtime.ts';

/** The runtime is Node 20 here and Node 22 in Lambda; the SDK's notice about that is noise for a local user. */
const quietSdkVersionNotice = () => {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    if (!warning.message.includes('NodeVersionSupportWarning') && !warning.name.includes('NodeVersionSupportWarning')) {
      console.warn(`${warning.name}: ${warning.message}`);
    }
  });
};

const main = async () => {
  quietSdkVersionNotice();
  const problem = javaProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number, got "${process.env.PORT}"`);
    process.exit(1);
  }
  const dataDir = resolve(process.env.DATA_DIR ?? resolve(repoRoot, '.data'));
  const host = process.env.HOST?.trim() || undefined;
  const runtime = await startRuntime({
    port,
    host,
    dataDir,
    adminEmail: process.env.ADMIN_EMAIL || undefined,
    adminPassword: process.env.ADMIN_PASSWORD || undefined,
    publicUrl: process.env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined,
  });

  console.log(`Switchboard is running at ${runtime.url}  (data in ${dataDir})`);
  console.log(describeTenantUrlPolicy(runtime.tenantUrls));
  if (runtime.seed.created) {
    if (runtime.seed.generatedPassword) {
      console.log(`First start: sign in as ${runtime.seed.adminEmail} with password ${runtime.seed.adminPassword}`);
      console.log('This password is shown only once; keep it.');
    } else {
      // the operator chose this password: it does not belong in a terminal's scrollback or a log file
      console.log(`First start: sign in as ${runtime.seed.adminEmail} with the password given in ADMIN_PASSWORD`);
    }
  }
  if (runtime.seed.webchatToken) {
    console.log(`Website chat widget (play the customer here): ${runtime.url}/widget/${runtime.seed.webchatToken}`);
  }
  if (runtime.pix) {
    const pix = runtime.pix;
    console.log(`Pix payments go to a fake provider (${pix.url}): type "pay" to pay the latest charge, or "pay <txid>".`);
    const lines = createInterface({ input: process.stdin, terminal: false });
    lines.on('line', (line) => {
      const [command, txid] = line.trim().split(/\s+/);
      if (command !== 'pay') return;
      const target = txid ?? pix.pending()[0]?.txid;
      if (!target) {
        console.log('No Pix charge is waiting for a payment.');
        return;
      }
      pix
        .pay(target)
        .then((cob) => console.log(`Paid Pix charge ${cob.txid} (R$ ${cob.valor.original}).`))
        .catch((error: unknown) => console.log(error instanceof Error ? error.message : String(error)));
    });
  }
  console.log('Press Ctrl-C to stop.');

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping: new requests are answered 503 while the ones in progress finish...`);
    // above the runtime's own bounds, so they run out first: requests 10 s, queue batches 10 s, the emulator's
    // SIGTERM 5 s (the gateway's close does not drain again after the runtime's drain)
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    runtime
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
