import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far ahead of the window's edge a part starts loading: about a phone screen of scrolling. */
const aheadOfView = '800px';

/**
 * Renders `children` once its place comes within a screen of the window (or when the page is
 * printed), and `placeholder` until then. For heavy parts below the fold (charts): a phone does
 * not fetch, evaluate and draw what the person may never scroll to, while the first screen is
 * still becoming usable. Without IntersectionObserver (old browsers, jsdom) it renders at once.
 */
export function WhenNear({
  children,
  placeholder,
}: {
  children: ReactNode;
  placeholder: ReactNode;
}) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !anchor.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${aheadOfView} 0px` },
    );
    observer.observe(anchor.current);
    // A printout should not hold a placeholder: start loading when printing begins (the
    // print stylesheet hides the placeholder if the part is not there in time).
    const onPrint = () => setNear(true);
    window.addEventListener('beforeprint', onPrint);
    return () => {
      observer.disconnect();
      window.removeEventListener('beforeprint', onPrint);
    };
  }, [near]);
  return near ? children : <div ref={anchor}>{placeholder}</div>;
}
