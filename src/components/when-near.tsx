import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * Marks a part that waits for the person to come near it (`data-waits-until-near`): browser tests
 * that check a whole page bring each such part into view until none is left (`scrollThrough`).
 */
export const waitsUntilNear = { 'data-waits-until-near': '' } as const;

/** How far ahead of the window's edge a part starts loading, by default: about a phone screen. */
const aScreenAhead = '800px';

/**
 * Whether the element `ref` points at has come within a screen of the window (or the page is
 * being printed): true from then on. For heavy parts below the fold (charts, a history): a phone
 * does not fetch, evaluate and draw what the person may never scroll to, while the first screen is
 * still becoming usable. Without IntersectionObserver (old browsers, jsdom) it is true at once.
 */
export function useNear<Element extends HTMLElement = HTMLDivElement>(
  /** A CSS length: how far beyond the window's top and bottom edges counts as near. */
  ahead = aScreenAhead,
): {
  ref: RefObject<Element | null>;
  near: boolean;
} {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useRef<Element>(null);
  useEffect(() => {
    if (near || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${ahead} 0px` },
    );
    observer.observe(ref.current);
    // A printout should not hold a placeholder: start loading when printing begins (the
    // print stylesheet hides the placeholder if the part is not there in time).
    const onPrint = () => setNear(true);
    window.addEventListener('beforeprint', onPrint);
    return () => {
      observer.disconnect();
      window.removeEventListener('beforeprint', onPrint);
    };
  }, [near, ahead]);
  return { ref, near };
}

/**
 * Renders `children` once its place comes within a screen of the window (see useNear), and
 * `placeholder` until then: give the placeholder the part's height, so nothing moves when it comes.
 */
export function WhenNear({
  children,
  placeholder,
}: {
  children: ReactNode;
  placeholder: ReactNode;
}) {
  const { ref, near } = useNear();
  return near ? (
    children
  ) : (
    <div ref={ref} {...waitsUntilNear}>
      {placeholder}
    </div>
  );
}
