/**
 * Placeholder entry of the connector container until the session manager lands: it stays up so the
 * Fargate service is stable, and exits cleanly when ECS stops the task.
 */
const keepAlive = setInterval(() => undefined, 60_000);

const stop = (signal: string) => {
  console.log(JSON.stringify({ level: 'info', message: 'connector stopping', signal }));
  clearInterval(keepAlive);
  process.exit(0);
};

process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
console.log(JSON.stringify({ level: 'info', message: 'connector started (placeholder)' }));
