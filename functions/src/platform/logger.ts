import { Logger } from '@aws-lambda-powertools/logger';

/** One structured logger per cold start. Locally quiet unless LOG_LEVEL is set. */
export const logger = new Logger({
  serviceName: 'switchboard',
  logLevel:
    (process.env.LOG_LEVEL as 'INFO' | 'WARN' | 'ERROR' | 'DEBUG' | undefined) ??
    (process.env.RUNTIME === 'local' ? 'WARN' : 'INFO'),
});
