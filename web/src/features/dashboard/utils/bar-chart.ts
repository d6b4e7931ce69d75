/** The bars of a chart: each value as a share of the largest, with its label (pure, so the scaling is tested). */
export interface Bar {
  label: string;
  value: number;
  /** 0..100: the bar's length as a percentage of the longest */
  percent: number;
}

export const barsOf = (points: readonly { label: string; value: number }[]): Bar[] => {
  const max = Math.max(0, ...points.map((p) => p.value));
  return points.map((p) => ({ ...p, percent: max > 0 ? Math.round((p.value / max) * 1000) / 10 : 0 }));
};
