import { describe, expect, it } from 'vitest';
import { flowNameProblem } from './flow-form.ts';
import { acceptOf, mediaProblemOf, mediaRuleOf } from './flow-media.ts';

describe('flow upload rules', () => {
  it('accepts png/jpg images up to 2 MB', () => {
    const rule = mediaRuleOf('img', false);
    expect(acceptOf(rule)).toBe('.png,.jpg,.jpeg');
    expect(mediaProblemOf(rule, { name: 'a.JPG', size: 2 * 1024 * 1024 })).toBeUndefined();
    expect(mediaProblemOf(rule, { name: 'a.gif', size: 10 })).toEqual({ key: 'flows.rules.fileType', accept: 'png, jpg, jpeg' });
    expect(mediaProblemOf(rule, { name: 'a.png', size: 2 * 1024 * 1024 + 1 })).toEqual({ key: 'flows.rules.fileSize', max: 2 });
  });

  it('accepts opus audio only inside content, and mp4 video up to 20 MB', () => {
    expect(mediaProblemOf(mediaRuleOf('audio', false), { name: 'v.opus', size: 1 })).toBeDefined();
    expect(mediaProblemOf(mediaRuleOf('audio', true), { name: 'v.opus', size: 1 })).toBeUndefined();
    expect(mediaProblemOf(mediaRuleOf('audio', true), { name: 'v.mp3', size: 5 * 1024 * 1024 + 1 })).toEqual({
      key: 'flows.rules.fileSize',
      max: 5,
    });
    expect(mediaProblemOf(mediaRuleOf('video', false), { name: 'v.mov', size: 1 })).toBeDefined();
    expect(mediaProblemOf(mediaRuleOf('video', false), { name: 'v.mp4', size: 20 * 1024 * 1024 })).toBeUndefined();
  });

  it('checks flow names with the spec texts', () => {
    expect(flowNameProblem(' ')).toBe('Introduzca un nombre');
    expect(flowNameProblem('a')).toBe('¡Muy corto!');
    expect(flowNameProblem('x'.repeat(51))).toBe('¡Demasiado tiempo!');
    expect(flowNameProblem('Boas-vindas')).toBeUndefined();
  });
});
