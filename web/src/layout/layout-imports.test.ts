import { describe, expect, it } from 'vitest';

/**
 * The shell around every page stays apart from the inbox: it reaches shared lookups, and of the inbox only the
 * component it places in the top bar (the notification bell), never its api, hooks or utils.
 */
describe('the layout', () => {
  it("imports none of the inbox feature's internals", async () => {
    const { existsSync, readdirSync, readFileSync } = await import('node:fs');
    const dir = [`${process.cwd()}/web/src/layout`, `${process.cwd()}/src/layout`].find((d) => existsSync(d))!;
    const offenders = readdirSync(dir)
      .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))
      .filter((f) => /from '\.\.\/features\/tickets\/(api|hooks|utils)\//.test(readFileSync(`${dir}/${f}`, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
