/** Vitest's sequencer for `npm test`: the order of `plan.ts`, fed with the last run's durations where known. */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { planOrder } from './plan.ts';

/** The projects whose files share one product and run one at a time. */
export const EXCLUSIVE_PROJECTS = new Set(['browser']);

/** What a file of each project takes when no earlier run on this machine says (a clean clone in CI). */
const ESTIMATE_MS: Record<string, number> = { browser: 20_000, isolated: 12_000, backend: 3_000, infra: 8_000, web: 300 };

export class TestOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const planned = files.map((spec) => {
      const name = spec.project.name;
      const last = this.ctx.cache.getFileTestResults(`${name}:${relative(root, spec.moduleId)}`);
      return { item: spec, duration: last?.duration ?? ESTIMATE_MS[name] ?? 1_000, exclusive: EXCLUSIVE_PROJECTS.has(name) };
    });
    const maxWorkers = Number(this.ctx.config.maxWorkers) || 1;
    return planOrder(planned, maxWorkers);
  }
}
