/**
 * Jobs of the schedules module, run by the jobs queue consumer.
 * - `schedules.send`: a scheduled message's run came due (armed through the Scheduler).
 */
import { z } from 'zod';
import { registerJob } from '../jobs/jobs.service.ts';
import { runScheduledMessage, SEND_JOB } from './schedules.service.ts';

export const registerScheduleJobs = (): void => {
  registerJob(
    SEND_JOB,
    z.object({
      companyId: z.number().int().positive(),
      scheduleId: z.number().int().positive(),
      runAt: z.string().min(1).max(40),
    }),
    async (job) => {
      await runScheduledMessage({ companyId: job.companyId, scheduleId: job.scheduleId, runAt: job.runAt });
    },
  );
};
