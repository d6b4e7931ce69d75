import { useLayoutEffect, useState, type RefObject } from 'react';

/** The width of an element, followed as it resizes (measured before the first paint). */
export const useElementWidth = (ref: RefObject<HTMLElement | null>, initial: number): number => {
  const [width, setWidth] = useState(initial);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
};
